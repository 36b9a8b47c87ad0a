# make test's checks that boot a guest: gdb on a live and on a recorded boot, a hung
# guest, exit statuses, gdb attached, grade-all, kernels shared.
.PHONY: gdbtest replaytest check-hang check-exit-status check-gdb-attach check-grade-all \
	check-grade-all-repro check-grade-all-reviews check-share

# gdb-multiarch in batch mode against a guest stopped at its first instruction:
# labs/<T>/gdb_<name>.py for each name in GDB_TESTS of the test stage T (OTHER-STAGE/name:
# that stage's test).
gdbtest: T ?= $(K)
gdbtest: host
	@for g in $(call manifest,$(T),GDB_TESTS); do case $$g in */*) ;; *) g=$(T)/$$g ;; esac; \
	  $(MAKE) -s boot K=$(K) T=$(T) MODE=gdbtest GDBSCRIPT=labs/$${g%/*}/gdb_$${g#*/}.py \
	    RUN=$(TARGET)-gdb-$(K)-$(T)-$${g#*/} || exit 1; done

# labs/<K>/gdb_<name>.py for each name in REPLAY_TESTS of stage K: make replay's boot of K's
# kernel, recorded once (it must pass its checks), then replayed under gdb-multiarch -batch,
# which may run it backwards (from the last snapshot: a test saves one where it starts).
replaytest: host
	@for g in $(call manifest,$(K),REPLAY_TESTS); do r=$(TARGET)-replay-$(K)-$$g; \
	  $(MAKE) -s boot K=$(K) T=$(K) MODE=record RUN=$$r && \
	  $(MAKE) -s boot K=$(K) T=$(K) MODE=gdbtest REPLAY=1 GDBSCRIPT=labs/$(K)/gdb_$$g.py \
	    RUN=$$r TIMEOUT=$(REPLAY_TIMEOUT) || exit 1; done
REPLAY_TIMEOUT ?= 600

# A guest that never finishes gets a verdict within its boot timeout, not a hung suite. On a
# stage of its own: the tree may be left on any stage, and a host stage has no guest.
HANG := $(WORK)/hang.log
check-hang:
	@s=$$(date +%s); \
	  $(SUBMAKE) run STAGE=$(FIRST) CMD='echo hanging; sleep 100000' TIMEOUT=15 >$(HANG) 2>&1; \
	  rc=$$? t=$$(( $$(date +%s) - s )); \
	  [ $$rc = 124 ] && grep -q "did not report the command's status" $(HANG) && \
	    [ $$t -lt 60 ] || { cat $(HANG) >&2; \
	    echo "no verdict 124 within the timeout (exit $$rc after $$t s)" >&2; exit 1; }; \
	  echo "hung guest: exit 124 after $$t s: $$(grep 'did not report' $(HANG))"

# make run CMD= exits with the guest command's status (tools/cmdout.sh).
check-exit-status:
	@for st in 0 3 42; do \
	  $(SUBMAKE) run STAGE=$(FIRST) CMD="exit $$st" >$(WORK)/exit.log 2>&1; rc=$$?; \
	  [ $$rc = $$st ] || { tail -3 $(WORK)/exit.log >&2; \
	    echo "CMD='exit $$st': make exited $$rc" >&2; exit 1; }; \
	  echo "make run CMD='exit $$st': exit status $$rc"; done

check-gdb-attach:
	@LABMAKE="$(SUBMAKE) STAGE=$(FIRST)" KDIR=$(WORK)/out/$(FIRST_AT) tests/gdb-attach.sh

# make grade-all on tests/submissions (and unsafe tarballs and links made on the spot), on
# the first stage, the cheapest to boot, two boots at a time: its kernel is built by its own step
# before this one. Then the same class in two parts graded apart, one boot at a time, and merged
# with the make commands of .github/workflows/grade-class.yml, on that kernel exported
# (tests/grade-class.sh): the same reports.
check-grade-all: host
	@MAKE="$(SUBMAKE)" tests/grade-all.sh $(FIRST)
	@$(SUBMAKE) $(FRESHK) && LABMAKE="$(SUBMAKE)" tests/grade-class.sh $(FIRST) $(FRESHK)
# The reproducer and bisect in a class's reports, on the first stage with REPRO.
check-grade-all-repro: host
	@MAKE="$(SUBMAKE)" tests/grade-all-repro.sh $(firstword $(foreach s,$(STAGES),\
	  $(if $(call repro_file,$(s)),$(s))))

# make grade-all's reports carry the written reviews, on the first stage that asks for one: no
# boot (tests/grade-all-reviews.sh), the review is read whatever happens to the code.
check-grade-all-reviews: host
	@GRADE=$(GRADE) tests/grade-all-reviews.sh $(firstword $(REVIEWED)) \
	  $(call first_target,$(firstword $(REVIEWED)))

check-share:
	@LABMAKE="$(SUBMAKE)" tests/share.sh $(FIRST)
