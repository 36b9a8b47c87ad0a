# make test: the whole suite, as a plan of named steps run by tools/suite.sh.
.PHONY: check-container check-exit-status check-gdb-attach check-fresh-root check-fresh-root-13 \
	check-series-13 test-plan-stages test-plan-rest check-fresh-release check-grade-all-repro \
	check-fresh-gradescope check-docs-browser pictures-svg check-pictures-svg check-claim pictures \
	check-pictures check-broken test test-plan check-host check-exercises exercises check-manifests \
	check-reviews check-grade-all-reviews \
	check-patches gdbtest check-switch check-badinput check-checkpatch check-hang check-grade-all \
	check-share check-ccache-remote replaytest walktest walks check-walk check-walks \
	check-grading-image

targets = $(call manifest_for,$(1),TARGETS)
# buildstep STAGE,TARGET: the build step's name, and the stage's KERNELS if it has any (that
# step builds them for the stage and the one below).
buildstep = $(or $(BUILDSTEP_$(2)),kernel builds)$(if $(call manifest_for,$(1),KERNELS,$(2)), \
	and the kernels for $(call manifest_for,$(1),KERNELS,$(2)))
SUBMAKE := $(MAKE) -s --no-print-directory
comma := ,

test: deps host
	@$(if $(REFERENCE),,echo "lab: make test needs the instructor's copy of the lab" \
	  "(solutions/); this is a learner's release" >&2; exit 2)
	@$(SUBMAKE) test-plan | tools/suite.sh $(WORK)/test-logs

# The plan: one line per step, "name|command" or "name|command|lane", the lane telling
# tools/suite.sh what may run beside it (guest: a boot or a gdb session). Kernels are built in
# stage order, each reused once built. A stage with MODULES gets them built against the kernel
# below while the build dir still holds that kernel: the flip boot needs them, and would
# otherwise switch the dir back.
plan     = $(info $(strip $(1))|$(strip $(2))$(if $(strip $(3)),|$(strip $(3))))
EXACT   := KMODE=exact
boot_at  = $(SUBMAKE) boot K=$(1) T=$(2) TARGET=$(3) CODE=$(4) EXPECT=$(5) $(EXACT)
broken   = $(call manifest_for,$(1),BROKEN_BELOW,$(2))
gdbnames = $(call manifest_for,$(1),GDB_TESTS,$(2))
replaynames = $(call manifest_for,$(1),REPLAY_TESTS,$(2))
# UNSTABLE STAGE,TARGET: why its own boot gives no stable verdict (a "skip" step says it).
unstable = $(subst $(comma), -,$(subst |,/,$(call manifest_for,$(1),UNSTABLE,$(2))))
# stage_steps STAGE,TARGET: its kernel (after the one below, which may have to fail to build),
# the solution's boot, the skeleton's, the flip boot on the kernel below, its gdb tests, its gdb
# tests on a recorded boot.
stage_steps = \
  $(if $(call broken,$(1),$(2)),\
    $(call plan,$(1) [$(2)]: the kernel below ($(call below,$(1))) fails to build as it must,\
      $(SUBMAKE) check-broken K=$(call below,$(1)) S=$(1) TARGET=$(2))\
    $(call plan,$(1) [$(2)]: $(call buildstep,$(1),$(2)),\
      $(SUBMAKE) kernel K=$(1) TARGET=$(2) $(EXACT)),\
    $(call plan,$(1) [$(2)]: $(call buildstep,$(1),$(2)),\
      $(SUBMAKE) $(if $(call manifest_for,$(1),MODULES,$(2)),modules,kernel) \
      T=$(1) K=$(call below,$(1)) \
      TARGET=$(2) $(EXACT) && $(SUBMAKE) kernel K=$(1) TARGET=$(2) $(EXACT)))\
  $(call plan,$(1) [$(2)]: solution passes every check,$(or $(call unstable,$(1),$(2)),\
    $(call boot_at,$(1),$(1),$(2),solutions,all)),$(if $(call unstable,$(1),$(2)),skip,guest))\
  $(call plan,$(1) [$(2)]: skeleton scores 0,$(call boot_at,$(1),$(1),$(2),exercises,zero),guest)\
  $(if $(call broken,$(1),$(2)),,$(call plan,$(1) [$(2)]: checks flip against $(call below,$(1)),\
    $(call boot_at,$(call below,$(1)),$(1),$(2),solutions,flip),guest))\
  $(if $(call gdbnames,$(1),$(2)),$(call plan,$(1) [$(2)]: gdb $(call gdbnames,$(1),$(2)) \
    on the live guest (this kernel$(if $(call broken,$(1),$(2)),, and the one below)),\
    $(SUBMAKE) gdbtest K=$(1) TARGET=$(2) $(EXACT)$(if $(call broken,$(1),$(2)),,\
    && $(SUBMAKE) gdbtest K=$(call below,$(1)) T=$(1) TARGET=$(2) $(EXACT)),guest))\
  $(if $(call replaynames,$(1),$(2)),$(call plan,$(1) [$(2)]: gdb $(call replaynames,$(1),$(2)) \
    on a recorded boot$(comma) replayed backwards,$(or $(call unstable,$(1),$(2)),\
    $(SUBMAKE) replaytest K=$(1) TARGET=$(2) $(EXACT)),\
    $(if $(call unstable,$(1),$(2)),skip,guest)))\
  $(if $(call repro_step,$(1),$(2)),$(call plan,$(1) [$(2)]: reproducer: the reference scores \
    full$(comma) the skeleton 0$(comma) the planted wrong ones below half,\
    WORK=$(WORK) LABMAKE="$(SUBMAKE) $(EXACT)" tests/repro.sh $(1) $(2),guest))\
  $(if $(and $(call repro_step,$(1),$(2)),$(call manifest_for,$(1),BISECT,$(2))),$(call plan,\
    $(1) [$(2)]: make bisect finds the first bad stage with the reference reproducer$(comma) \
    none with a wrong one,LABMAKE="$(SUBMAKE) $(EXACT)" tests/bisect.sh $(1) $(2),guest))\
  $(if $(call walked,$(1)),$(call plan,$(1) [$(2)]: walkthrough on the live guest \
    ($(call walkwhich,$(1),$(2))) as its page shows it,\
    $(SUBMAKE) check-walk T=$(1) TARGET=$(2) $(EXACT),guest))
# repro_step STAGE,TARGET: the stage has a reproducer exercise, graded on this target (its
# first), on the first series (on 6.12 the kernel below 10 dies later, in another task).
repro_step = $(and $(call repro_file,$(1)),$(filter $(2),$(firstword $(call targets,$(1)))),\
	     $(filter $(FIRST_SERIES),$(SERIES)))
claimname = $(shell sed -n '2s/^\# //p' $(call claimfile,$(1)))
# The fresh roots and the container, planned after the first stage's steps (they import its
# kernel): tools/suite.sh runs them one at a time, beside the steps below them.
roots_plan = \
  $(if $(filter-out trixie,$(HOST_RELEASE)),$(call plan,a Debian 13 root: make test PART=stages \
    on linux 6.12 for $(SERIES_TARGET),$(SUBMAKE) check-series-13,root))\
  $(call plan,a fresh Debian 13 root: make run gives its verdict on linux 6.12 on the first \
    try$(comma) learner's packages only,$(SUBMAKE) check-fresh-root-13,root)\
  $(call plan,a fresh Debian 12 root: make run gives its verdict on the first try$(comma) \
    learner's packages only,$(SUBMAKE) check-fresh-root,root)\
  $(call plan,a learner's release (no solutions/) in a fresh Debian 12 root: make run and \
    make grade give their verdicts,$(SUBMAKE) check-fresh-release,root)\
  $(call plan,Gradescope's setup.sh and run_autograder in a fresh $(HOST_DEBIAN) root,\
    $(SUBMAKE) check-fresh-gradescope,root)\
  $(call plan,the container: make run's verdict$(comma) and this host's gdb attached to it,\
    $(SUBMAKE) check-container,root)\
  $(call plan,the grading image: built with the first stage's kernel$(comma) it grades its \
    solution and skeleton in each grader's format with no network$(comma) as uid 1000$(comma) \
    on half a CPU and 768 MB,$(SUBMAKE) check-grading-image,root)
# make test PART=stages [TEST_TARGETS=...]: the steps that depend on the kernel series alone
# (the patches, the stages on those of their targets), which another series' root runs.
$(if $(filter-out stages,$(PART)),$(error lab: PART=$(PART): the only part is 'stages'))
test_targets = $(if $(TEST_TARGETS),$(filter $(TEST_TARGETS),$(call targets,$(1))),\
	       $(call targets,$(1)))
test-plan: test-plan-stages $(if $(PART),,test-plan-rest)
test-plan-stages:
	$(call plan,host tools: unit tests,$(SUBMAKE) check-host)
	$(call plan,the suite runs steps side by side and keeps their lanes,\
	  tests/suite-lanes.sh $(WORK)/suite-lanes)
	$(call plan,exercises/ generated from solutions/,$(SUBMAKE) check-exercises)
	$(call plan,stage manifests,$(SUBMAKE) check-manifests)
	$(call plan,the reference reviews quote their patches and bug hunks (every series),\
	  $(SUBMAKE) check-reviews)
	$(call plan,every stage's patches apply with git am (linux $(SERIES)),$(SUBMAKE) check-patches)
	$(call plan,every stage's patches pass checkpatch.pl (linux $(SERIES)),$(SUBMAKE) check-checkpatch)
	$(foreach s,$(STAGES),$(foreach t,$(call test_targets,$(s)),$(call stage_steps,$(s),$(t)))\
	  $(if $(PART),,$(if $(filter $(FIRST),$(s)),$(roots_plan))))
	$(if $(PICTURED),$(call plan,docs: the pictures of the high pages match the kernels \
	  (linux $(SERIES)),$(SUBMAKE) check-pictures TEST_TARGETS="$(TEST_TARGETS)",guest))
	@:
test-plan-rest: test-plan-stages
	$(call plan,ccache: a second work dir gets its objects from a class's remote storage,\
	  $(SUBMAKE) check-ccache-remote)
	$(call plan,bad input gets one clear line and a non-zero exit,$(SUBMAKE) check-badinput)
	$(call plan,an option Kconfig drops stops the build with one line,tests/kconfig-check.sh)
	$(call plan,a full disk: make run stops before the tree with one line and leaves nothing,\
	  SCRATCH=$(WORK) LABMAKE="$(SUBMAKE)" tests/disk-full.sh)
	$(call plan,each machine's QEMU command equals its golden copy (make run DRYRUN=1$(comma) \
	  nothing built),LABMAKE="$(SUBMAKE)" tests/qemu-golden.sh)
	$(call plan,stage switches keep a learner's uncommitted edits,$(SUBMAKE) check-switch)
	$(call plan,a hung guest gets a verdict within its timeout,$(SUBMAKE) check-hang)
	$(call plan,make run CMD= exits with the command's status,$(SUBMAKE) check-exit-status)
	$(call plan,make run shows the learner's own score and next command$(comma) and the \
	  reference's verdict; a solution copied into the learner's code scores full,\
	  LABMAKE="$(SUBMAKE) STAGE=$(FIRST)" STAGE=$(FIRST) NEXT=$(word 2,$(STAGES)) \
	  tests/own-score.sh)
	$(call plan,gdb attaches with the .gdbinit and the launch.json that make debug writes,\
	  $(SUBMAKE) check-gdb-attach)
	$(call plan,grade-all: bad submissions score 0 with their reason$(comma) the solution \
	  full marks; JOBS=2 and two parts merged give the same reports,$(SUBMAKE) check-grade-all)
	$(call plan,grade-all: the reproducer and bisect exercises in the CSV$(comma) JUnit and \
	  Gradescope reports,$(SUBMAKE) check-grade-all-repro)
	$(call plan,grade-all: the written reviews in results.json$(comma) summary.csv$(comma) \
	  junit.xml and the table,$(SUBMAKE) check-grade-all-reviews)
	$(call plan,grade-all FORMATS: PrairieLearn$(comma) Autolab$(comma) Classroom 50 and JUnit \
	  files valid against their graders' schemas$(comma) broken copies refused,\
	  OUT=$(WORK)/graders tests/graders.sh)
	$(call plan,kernels exported$(comma) imported into an empty work dir and booted there \
	  with no build,\
	  $(SUBMAKE) check-share)
	$(foreach s,$(WALKED_SERIES),$(call plan,docs: every walkthrough's captured output on linux \
	  $(s) is committed and on its stage page,$(SUBMAKE) check-walks SERIES=$(s)))
	$(call plan,docs: every commit hash named has a source,tools/sources.sh)
	$(foreach c,$(CLAIMS),$(call plan,docs: $(call claimname,$(c)),$(SUBMAKE) check-claim CLAIM=$(c)))
	$(call plan,docs: the pictures' SVG diagrams are drawn from their text,\
	  $(SUBMAKE) check-pictures-svg)
	$(call plan,docs: mkdocs build --strict,$(SUBMAKE) docs)
	$(call plan,docs: the build fails when a stage page and its patches disagree,\
	  tests/docs-drift.sh $(WORK)/docs-drift)
	$(call plan,docs: the site in headless chromium (pages$(comma) links$(comma) pictures$(comma) \
	  search$(comma) wide blocks$(comma) from file://$(comma) redirects),\
	  $(SUBMAKE) check-docs-browser,alone)
	@:

HOSTTEST := $(WORK)/host/test_host
check-host: host
	@gcc -O2 -Wall -Wno-format-truncation -I$(KSRC)/tools/testing/selftests -Itools/host \
	  -o $(HOSTTEST) \
	  tests/host/test_host.c tools/host/ktap.c tools/host/manifest.c tools/host/answers.c \
	  tools/host/stagecheck.c tools/host/review.c
	@cd tests/host && env -u SERIES GRADE=$(GRADE) MKEXERCISE=$(HOSTBIN)/mkexercise \
	  PICSVG=$(PICSVG) $(HOSTTEST)

# exercises/<id>/ is generated from solutions/<id>/: C files by tools/host/mkexercise, a
# written review (review.txt) cut to its header, the lines that begin with '#' at its top (the
# reference review below them stays in solutions/), every other file copied.
EXDIR ?= exercises
exercises: host
	@for d in solutions/*/; do s=$$(basename $$d); mkdir -p $(EXDIR)/$$s; \
	  for f in $$d*; do case $$f in \
	    *.c) $(HOSTBIN)/mkexercise $$f > $(EXDIR)/$$s/$${f##*/} || exit 1;; \
	    *.txt) sed -n '/^#/!q;p' $$f > $(EXDIR)/$$s/$${f##*/};; \
	    *) cp $$f $(EXDIR)/$$s/ ;; esac; done; done
check-exercises: host
	@rm -rf $(WORK)/exercises-check && $(SUBMAKE) exercises EXDIR=$(WORK)/exercises-check && \
	  diff -r exercises $(WORK)/exercises-check && echo "exercises/ matches solutions/" || \
	  { echo "exercises/ drifted from solutions/: run 'make exercises' and commit" >&2; exit 1; }

# Every manifest as the loader reads it, and the loader's keys equal to docs/engine.md's tables.
DOCKEYS = sed -n '/^\#\# A stage is data/,/^\#\# gdb/{s/^\([A-Z_][A-Z_]*\) *:=.*/\1/p; \
	  s/^| `\([A-Z_][A-Z_]*\)[ @`].*/\1/p}' docs/engine.md | grep -vx KEY | sort -u
check-manifests: host
	@[ "$(sort $(STAGES))" = "$(sort $(patsubst labs/%/stage.mk,%,$(wildcard labs/*/stage.mk)))" ] || \
	  { echo "labs/order and the stages in labs/ differ" >&2; exit 1; }
	@for s in $(STAGES); do $(GRADE) --check labs/$$s/stage.mk || exit 1; done
	@[ "$$($(DOCKEYS))" = "$$($(GRADE) --keys | sort)" ] || { echo "docs/engine.md's key tables and \
	  the manifest loader's keys differ: $$($(DOCKEYS) | tr '\n' ' ') /" \
	  "$$($(GRADE) --keys | tr '\n' ' ')" >&2; exit 1; }; \
	  echo "the manifest keys: $$($(GRADE) --keys | wc -l), as docs/engine.md lists them"

# The written reviews: each reference (solutions/<id>/review.txt), on every kernel series, quotes
# only lines of the stage's patches for that series and a line of the hunk BUG_HUNK names; each
# skeleton in exercises/ quotes nothing; a stage names BUG_HUNK exactly when it has a review
# (the grader refuses a review without one). tools/series.sh picks the patch folder; the grader
# (--review without a log) checks.
REVIEWED := $(patsubst solutions/%/review.txt,%,$(wildcard solutions/*/review.txt))
REVIEWOUT = $(WORK)/check-reviews.out
check-reviews: host
	@for s in $(STAGES); do ! grep -q '^BUG_HUNK' labs/$$s/stage.mk || \
	  [ -f solutions/$$s/review.txt ] || { echo "labs/$$s/stage.mk names a BUG_HUNK, yet" \
	  "solutions/$$s/review.txt is missing" >&2; exit 1; }; done
	@for se in $(ALL_SERIES); do for s in $(REVIEWED); do \
	  d=$$(SERIES=$$se tools/series.sh patches $$s) && \
	  SERIES=$$se $(GRADE) --manifest labs/$$s/stage.mk --review solutions/$$s/review.txt \
	    --patches $$d >$(REVIEWOUT) 2>&1 || { cat $(REVIEWOUT) >&2; \
	    echo "solutions/$$s/review.txt fails its patches of linux $$se ($$d)" >&2; exit 1; }; \
	  SERIES=$$se $(GRADE) --manifest labs/$$s/stage.mk --review exercises/$$s/review.txt \
	    --patches $$d >$(REVIEWOUT) 2>&1; rc=$$?; \
	  [ $$rc = 1 ] && grep -q 'review: FAIL: quotes nothing' $(REVIEWOUT) || \
	    { cat $(REVIEWOUT) >&2; echo "exercises/$$s/review.txt must quote nothing" \
	      "(linux $$se)" >&2; exit 1; }; \
	  echo "$$s: the reference review passes on linux $$se, its skeleton quotes nothing"; \
	  done; done

check-patches: prepare
	@tests/patches-apply.sh

check-checkpatch: prepare
	@tests/checkpatch.sh

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
# which may run it backwards. Reverse execution replays from the start each time: more time.
replaytest: host
	@for g in $(call manifest,$(K),REPLAY_TESTS); do r=$(TARGET)-replay-$(K)-$$g; \
	  $(MAKE) -s boot K=$(K) T=$(K) MODE=record RUN=$$r && \
	  $(MAKE) -s boot K=$(K) T=$(K) MODE=gdbtest REPLAY=1 GDBSCRIPT=labs/$(K)/gdb_$$g.py \
	    RUN=$$r TIMEOUT=$(REPLAY_TIMEOUT) || exit 1; done
REPLAY_TIMEOUT ?= 600

# BROKEN_BELOW of stage S: the kernel K below it must fail to build, with a line of its
# build log that matches this regular expression (05: the link error the commit fixed).
# The matching lines are kept under that kernel's identity, as a built kernel is: the same
# patches and config fail the same way, so a later run reads them instead of building again.
BROKEN = $(OUT)/$(K)/broken
MUSTFAIL = $(call manifest,$(S),BROKEN_BELOW)
check-broken: prepare
	@id=$$($(call kbuild,$(K),$(TARGET)) id); \
	if [ "$$(head -1 $(BROKEN) 2>/dev/null)" = "$$id" ]; then \
	  sed '1d; s/^/build of $(K): /' $(BROKEN); \
	  echo "(kept from the failed build of this identity: $(BROKEN))"; exit 0; fi; \
	if $(SUBMAKE) kernel K=$(K) KMODE=exact >$(WORK)/broken.log 2>&1; then \
	  echo "the kernel of $(K) built for $(TARGET), but $(S) says it must not" >&2; exit 1; fi; \
	lines=$$(grep -E '$(MUSTFAIL)' $(WORK)/broken.log) || { tail -5 $(WORK)/broken.log >&2; \
	  echo "$(K) failed to build for $(TARGET), but not with '$(MUSTFAIL)'" >&2; exit 1; }; \
	mkdir -p $(OUT)/$(K) && printf '%s\n' "$$id" "$$lines" > $(BROKEN) && \
	  echo "$$lines" | sed 's/^/build of $(K): /'

check-ccache-remote: deps
	@tests/ccache-remote.sh

check-switch: prepare
	@tools/tree.sh tags $(lastword $(STAGES)) && tests/stage-switch.sh

check-badinput:
	@LABMAKE="$(SUBMAKE)" tests/bad-input.sh

# A guest that never finishes gets a verdict within its boot timeout, not a hung suite. On a
# stage of its own: the tree may be left on any stage, and a host stage has no guest.
HANG := $(WORK)/hang.log
check-hang:
	@s=$$(date +%s); \
	  $(SUBMAKE) run STAGE=$(FIRST) CMD='echo hanging; sleep 100000' TIMEOUT=15 >$(HANG) 2>&1; \
	  rc=$$? t=$$(( $$(date +%s) - s )); \
	  [ $$rc = 124 ] && grep -q "did not report the command's status" $(HANG) && [ $$t -lt 60 ] || \
	    { cat $(HANG) >&2; echo "no verdict 124 within the timeout (exit $$rc after $$t s)" >&2; \
	      exit 1; }; \
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
# the first stage, the cheapest to boot: its kernel is built by its own step before this one.
# Then the same class with JOBS=2, and in two parts graded apart and merged with the make
# commands of .github/workflows/grade-class.yml, on that kernel exported (tests/grade-class.sh).
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

# The README's first command in fresh Debian roots (tests/fresh-root.sh), and the container.
# The roots (debootstrap) and the packages they download are kept in ROOTS, shared by
# checkouts. A root (or the container) of the Debian release whose series this machine runs
# imports the first stage's kernel for its first target, exported from this work dir; one of
# another release builds its own, with that release's compiler cache kept in ROOTS.
ROOTS  := $(CACHE)/roots
FRESH  := $(WORK)/fresh
FRESHK := $(FRESH)/kernels.tar.zst
export ROOTS
HOST_RELEASE := $(shell LABS=labs tools/series.sh codename $(SERIES))
HOST_DEBIAN  := Debian $(shell LABS=labs tools/series.sh release $(SERIES))
own_kernels = $(if $(filter $(1),$(HOST_RELEASE)),$(FRESHK))
FIRST_AT := $(firstword $(call manifest_for,$(FIRST),TARGETS))/$(FIRST)
$(FRESHK): $(wildcard $(WORK)/out/$(FIRST_AT)/stamp)
	@mkdir -p $(@D) && $(SUBMAKE) kernel-ids PAIRS=$(FIRST_AT) | tools/kernels.sh export $@ >/dev/null
check-fresh-root: $(FRESHK)
	@tests/fresh-root.sh learner bookworm $(call own_kernels,bookworm)
# A learner's release (make release), cloned in a fresh Debian 12 root: make run and make
# grade give their verdicts with no solutions/ there.
check-fresh-release: $(FRESHK)
	@rm -rf $(WORK)/release && tools/release.sh $(WORK)/release && \
	  LAB=$(WORK)/release tests/fresh-root.sh release bookworm $(FRESHK)
check-fresh-root-13: $(FRESHK)
	@tests/fresh-root.sh learner trixie $(call own_kernels,trixie)
# Debian 13's kernel series in its own root, on a machine that runs another: every stage on
# the first stage's first target.
SERIES_TARGET := $(firstword $(call manifest_for,$(FIRST),TARGETS))
check-series-13:
	@tests/fresh-root.sh suite trixie TEST_TARGETS=$(SERIES_TARGET)
check-container: $(FRESHK)
	@tests/container.sh $(call own_kernels,bookworm)
# The grading image (make grading-image) with the first stage's kernel, run as graders run it.
check-grading-image: $(FRESHK)
	@LABMAKE="$(SUBMAKE)" tests/grading-image.sh $(FRESHK) $(FIRST)
check-fresh-gradescope: $(FRESHK)
	@$(SUBMAKE) gradescope STAGE=$(FIRST) >/dev/null && \
	  tests/fresh-root.sh gradescope $(HOST_RELEASE) $(FRESHK) $(WORK)/gradescope.zip

# Pictures of the high pages and the signal page, drawn by tools/gdb/picture.py from each
# stage's own guest (solution code) just before it powers off; the docs pages include them.
# The first kernel series' are in PICTURES; another series keeps in a folder of it named after
# the series those of its pictures that differ (none do on 6.12: its pages look the same), and
# is checked against the first series' for the rest. A suite run with TEST_TARGETS draws and
# checks those targets' pictures only (the list of those drawn is read once they are: make
# expands a recipe's lines before it runs the first).
PICTURES := docs/labs/pictures
PICDIR   ?= $(PICTURES)$(if $(filter-out $(FIRST_SERIES),$(SERIES)),/$(SERIES))
PICTURED  = $(foreach s,$(STAGES),$(foreach t,$(call test_targets,$(s)),\
	    $(if $(call manifest_for,$(s),PICTURE,$(t)),$(s):$(t))))
PICLOG    = $(WORK)/picture.log
# picture STAGE,TARGET: draw it into PICDIR, or say why not.
picture   = f=$(abspath $(PICDIR))/$(1)-$(2).txt; rm -f $$f; PICTURE=$$f $(MAKE) -s boot K=$(1) \
	    T=$(1) TARGET=$(2) KMODE=$(KMODE) MODE=gdbtest GDBSCRIPT=tools/gdb/picture.py \
	    RUN=$(2)-picture-$(1) >$(PICLOG) 2>&1 && test -s $$f || { tail -20 $(PICLOG) >&2; \
	    echo "pictures: $(1) on $(2) failed (is its kernel built?)" >&2; exit 1; }; \
	    echo "pictures: $(PICDIR)/$(1)-$(2).txt";
pictures: host
	@mkdir -p $(PICDIR) && \
	  $(foreach p,$(PICTURED),$(call picture,$(call field1,$(p)),$(call field2,$(p)))) \
	  $(SUBMAKE) pictures-svg PICDIR=$(PICDIR)
check-pictures:
	@rm -rf $(WORK)/pictures && $(SUBMAKE) pictures PICDIR=$(WORK)/pictures KMODE=exact >/dev/null
	@for f in $$(cd $(WORK)/pictures && ls *.txt); do \
	  p=$(PICDIR)/$$f; [ -f $$p ] || p=$(PICTURES)/$$f; diff -u $$p $(WORK)/pictures/$$f || \
	  { echo "$$p differs from what the kernel of linux $(SERIES) shows: run 'make pictures'" \
	    "and commit" >&2; exit 1; }; done
	@$(if $(TEST_TARGETS),,cd $(WORK)/pictures && for f in $(notdir $(wildcard $(PICDIR)/*.txt)); do \
	  test -f $$f || { echo "$(PICDIR)/$$f belongs to no stage: remove it" >&2; exit 1; }; done)
	@echo "pictures: $(words $(PICTURED)) of linux $(SERIES) match their kernels"

# Each picture also as an SVG diagram beside its text, drawn by tools/host/picsvg from the .txt
# alone (an SVG whose text is gone goes too); the check redraws them all from the committed text.
PICSVG := $(HOSTBIN)/picsvg
PICTXT  = $(wildcard $(PICDIR)/*.txt)
pictures-svg: $(PICSVG)
	@for t in $(PICTXT); do $(PICSVG) $$t > $${t%.txt}.svg.new && \
	  mv $${t%.txt}.svg.new $${t%.txt}.svg || { rm -f $${t%.txt}.svg.new; exit 1; }; done; \
	for v in $(wildcard $(PICDIR)/*.svg); do [ -f $${v%.svg}.txt ] || rm $$v; done; \
	echo "pictures: $(words $(PICTXT)) SVG diagrams in $(PICDIR)"
SVGCHECK = $(WORK)/pictures-svg
check-pictures-svg: $(PICSVG)
	@rm -rf $(SVGCHECK) && cp -r $(PICTURES) $(SVGCHECK) && find $(SVGCHECK) -name '*.svg' -delete
	@for d in $(SVGCHECK) $(wildcard $(SVGCHECK)/*/); do \
	  $(SUBMAKE) pictures-svg PICDIR=$${d%/} >/dev/null || exit 1; done
	@diff -r $(PICTURES) $(SVGCHECK) && echo "pictures: $(words $(wildcard $(PICTURES)/*.svg \
	  $(PICTURES)/*/*.svg)) SVG diagrams match their text" || { echo "$(PICTURES): the SVG" \
	  "diagrams differ from what picsvg draws from the .txt: run 'make pictures-svg'" >&2; exit 1; }

# Walkthroughs (tools/gdb/walk.py): labs/<id>/walk.py in batch, with the stage's tests and the
# solutions, on the stage's kernel (unless UNSTABLE there) and, where the kernel below boots and
# differs (no BROKEN_BELOW, no SAME_BELOW), on that one. Each run's output, normalised, goes to
# WALKED/<id>-<target>.txt (-below.txt on the kernel below), which the stage's page includes:
# the first series' in docs/labs/walks, another's in a folder of it named after the series
# (the docs hook puts each series' capture in a tab of its own).
WALKED   := docs/labs/walks$(if $(filter-out $(FIRST_SERIES),$(SERIES)),/$(SERIES))
# The series whose captures this machine checks: those whose source it has (Debian 13 has no
# linux-source-6.1; its own stage steps check 6.12's captures).
WALKED_SERIES = $(foreach s,$(ALL_SERIES),$(if $(wildcard $(call source_of,$(s))),$(s)))
WALKS    ?= $(WALKED)
walked    = $(if $(wildcard labs/$(1)/walk.py),$(1))
walkown   = $(if $(call unstable,$(1),$(2)),,$(1))
walkbelow = $(strip $(if $(or $(call broken,$(1),$(2)),$(call manifest_for,$(1),SAME_BELOW,$(2))),,\
	    $(call below,$(1))))
walkfile  = $(1)-$(2)$(if $(3),-below).txt
WALKRUNS  = $(foreach s,$(STAGES),$(if $(call walked,$(s)),$(foreach t,$(call targets,$(s)),\
	    $(addprefix $(s):$(t):,$(call walkown,$(s),$(t)) $(call walkbelow,$(s),$(t))))))
# "this kernel", "this kernel and the one below" or "the kernel below"
walkwhich = $(if $(call walkown,$(1),$(2)),this kernel$(if $(call walkbelow,$(1),$(2)), and the \
	    one below),the kernel below)
# fieldN A:B:C: the Nth of a word's colon-separated fields (stage:target:kernel)
field1 = $(word 1,$(subst :, ,$(1)))
field2 = $(word 2,$(subst :, ,$(1)))
field3 = $(word 3,$(subst :, ,$(1)))
# walktest K=kernel T=stage: one run (the kernel must be built).
WALKDIR = $(WORK)/runs/$(TARGET)-walk-$(K)-$(T)
WALKOUT = $(abspath $(WALKS))/$(call walkfile,$(T),$(TARGET),$(filter-out $(T),$(K)))
walktest: T ?= $(K)
walktest: host
	@mkdir -p $(WALKDIR) $(WALKS) && \
	  printf '%s\n' 'source tools/gdb/walk.py' 'source labs/$(T)/walk.py' \
	  'python walk_batch("$(WALKOUT)", \
	  "$(T) on $(TARGET), $(if $(filter $(T),$(K)),its own kernel,the kernel below: $(K))", \
	  $(if $(filter $(T),$(K)),False,True))' > $(WALKDIR)/walk.gdb
	@$(MAKE) -s boot K=$(K) T=$(T) MODE=gdbtest GDBSCRIPT=$(WALKDIR)/walk.gdb \
	  RUN=$(TARGET)-walk-$(K)-$(T)
# make walks [STAGE=<id>]: regenerate docs/labs/walks from the kernels built (KMODE=exact: from
# the stages' tags only).
walks: host
	@$(foreach r,$(filter $(addsuffix :%,$(ASKED)),$(WALKRUNS)),\
	  $(SUBMAKE) walktest T=$(call field1,$(r)) \
	  TARGET=$(call field2,$(r)) K=$(call field3,$(r)) KMODE=$(KMODE) >$(WORK)/walk.log 2>&1 || \
	  { tail -30 $(WORK)/walk.log >&2; echo "walks: $(r) failed (is its kernel built?)" >&2; \
	    exit 1; } && \
	  echo "walks: $(WALKS)/$(call runfile,$(r))" &&) true
# check-walk T=<id> TARGET=<t>: that stage's runs, each as its page shows it.
CHECKWALKS = $(filter $(T):$(TARGET):%,$(WALKRUNS))
check-walk:
	@$(foreach r,$(CHECKWALKS),f=$(call runfile,$(r)) && rm -f $(WORK)/walks/$$f && \
	  $(SUBMAKE) walktest T=$(T) K=$(call field3,$(r)) WALKS=$(WORK)/walks && \
	  if diff -u $(WALKED)/$$f $(WORK)/walks/$$f; then echo "walk: $(WALKED)/$$f matches the guest"; \
	  else echo "$(WALKED)/$$f differs from what the guest shows: run 'make walks STAGE=$(T)'" \
	    "and commit" >&2; exit 1; fi &&) true
# Every run's file committed, no other file there, and each on its stage's page.
runfile = $(call walkfile,$(call field1,$(1)),$(call field2,$(1)),$(strip \
	  $(filter-out $(call field1,$(1)),$(call field3,$(1)))))
check-walks:
	@$(foreach r,$(WALKRUNS),f=$(call runfile,$(r)) && { test -f $(WALKED)/$$f || \
	  { echo "$(WALKED)/$$f is missing: run 'make walks STAGE=$(call field1,$(r))'" >&2; \
	    exit 1; }; } && \
	  { grep -qsF -- "--8<-- \"docs/labs/walks/$$f\"" docs/labs/$(call field1,$(r)).md \
	    docs/labs/$(call field1,$(r))-patches.md || \
	  { echo "docs/labs/walks/$$f is not on docs/labs/$(call field1,$(r))(-patches).md" >&2; \
	    exit 1; }; } &&) true
	@for f in $(notdir $(wildcard $(WALKED)/*.txt)); do \
	  case " $(foreach r,$(WALKRUNS),$(call runfile,$(r))) " in *" $$f "*) ;; \
	  *) echo "$(WALKED)/$$f belongs to no walkthrough: remove it" >&2; exit 1;; esac; done
	@echo "walks: $(words $(WALKRUNS)) captured runs of $(words $(sort $(foreach r,$(WALKRUNS),\
	  $(call field1,$(r))))) stages on linux $(SERIES), each committed and on its stage's page"

# What a stage's page claims and a host-side check proves: labs/<id>/claim_<name>.sh, run from
# the checkout with a scratch dir of its own (make check-claim CLAIM=<id>/<name>); its second
# line says what it proves.
CLAIMS := $(patsubst labs/%.sh,%,$(subst /claim_,/,$(wildcard labs/*/claim_*.sh)))
claimfile = labs/$(dir $(1))claim_$(notdir $(1)).sh
export CROSS $(filter QEMU_%,$(.VARIABLES))
check-claim: prepare
	@test -x "$(call claimfile,$(CLAIM))" || \
	  { echo "lab: CLAIM=$(CLAIM): one of $(CLAIMS)" >&2; exit 2; }
	@rm -rf $(WORK)/claims/$(CLAIM) && mkdir -p $(WORK)/claims/$(CLAIM) && \
	  SCRATCH=$(WORK)/claims/$(CLAIM) $(call claimfile,$(CLAIM))

# The built site as a learner sees it: tools/browser/check.js serves it on 127.0.0.1, opens it
# from disk too, and drives Debian's chromium with playwright-core, installed by npm ci from the
# committed lock file into the work dir (again only when that file changes). The server's first
# port is derived from the work dir, as the gdb stub's is (make docs-serve starts from it too).
# Screenshots of DOCSHOTS and of the search from file:// go to test-artefacts/.
BROWSER   := $(WORK)/browser
DOCSQUERY ?= sigpage
DOCSHOTS  ?= / $(foreach s,$(wordlist 1,2,$(foreach s,$(STAGES),\
	     $(if $(call manifest_for,$(s),PICTURE),$(s)))),labs/$(s).html)
$(BROWSER)/node_modules/.installed: tools/browser/package.json tools/browser/package-lock.json
	@mkdir -p $(BROWSER) && cp $^ $(BROWSER)/ && cd $(BROWSER) && \
	  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >npm.log 2>&1 || \
	  { cat npm.log >&2; echo "lab: npm ci of tools/browser failed" >&2; exit 1; }
	@touch $@
check-docs-browser: deps docs $(BROWSER)/node_modules/.installed
	@PORT=$$(( 20000 + $$(printf %s '$(WORK)/site' | cksum | cut -d' ' -f1) % 20000 )) \
	  NODE_PATH=$(BROWSER)/node_modules node tools/browser/check.js $(WORK)/site \
	  $(WORK)/test-artefacts $(DOCSQUERY) $(DOCSHOTS)
