# make test's checks on the host: its tools, the exercises, the manifests, the reviews, the
# patches, a kernel that must fail to build, and the engine's own behaviour.
.PHONY: check-host exercises check-exercises check-manifests check-reviews check-patches \
	check-checkpatch check-broken check-ccache-remote check-switch check-badinput

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
	  { echo "exercises/ drifted from solutions/: run 'make exercises' and commit" >&2; \
	    exit 1; }

# Every manifest as the loader reads it, and the loader's keys, a manifest's and a target's,
# equal to docs/engine.md's tables.
DOCKEYS = sed -n '/^\#\# A stage is data/,/^\#\# gdb/{s/^\([A-Z_][A-Z_]*\) *:=.*/\1/p; \
	  s/^| `\([A-Z_][A-Z_]*\)[ @`].*/\1/p}' docs/engine.md | grep -vx KEY | sort -u
TARGETKEYS = sed -n '/^\#\# A target is data/,/^\#\# /s/^| `\([A-Z_]*\)`.*/\1/p' \
	     docs/engine.md | sort
check-manifests: host
	@[ "$(sort $(STAGES))" = \
	  "$(sort $(patsubst labs/%/stage.mk,%,$(wildcard labs/*/stage.mk)))" ] || \
	  { echo "labs/order and the stages in labs/ differ" >&2; exit 1; }
	@for s in $(STAGES); do $(GRADE) --check labs/$$s/stage.mk || exit 1; done
	@[ "$$($(DOCKEYS))" = "$$($(GRADE) --keys | sort)" ] || { echo "docs/engine.md's key" \
	  "tables and the manifest loader's keys differ: $$($(DOCKEYS) | tr '\n' ' ') /" \
	  "$$($(GRADE) --keys | tr '\n' ' ')" >&2; exit 1; }; \
	  echo "the manifest keys: $$($(GRADE) --keys | wc -l), as docs/engine.md lists them"
	@[ "$$($(TARGETKEYS))" = "$$($(GRADE) --target-keys | sort)" ] || { echo \
	  "docs/engine.md's target keys and the loader's differ: $$($(TARGETKEYS) | tr '\n' ' ')/" \
	  "$$($(GRADE) --target-keys | sort | tr '\n' ' ')" >&2; exit 1; }; \
	  echo "the target keys: $$($(GRADE) --target-keys | wc -l), as docs/engine.md lists them"

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
	  echo "the kernel of $(K) built for $(TARGET), but $(S) says it must not" >&2; \
	  exit 1; fi; \
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
