# The lab engine: one set of rules for every stage; a stage is the data in labs/<id>/stage.mk.
# This is its core (settings, bad input, manifests, host tools, boot, run); tools/mk/ holds the
# rest, a file per theme, included after it by the Makefile.
LAB      := $(CURDIR)
CROSS    := arm-linux-gnueabi-
# Each computed once (a ?= would run its shell at every use).
ifeq ($(origin JOBS),undefined)
JOBS     := $(shell tools/cores.sh)
endif
CACHE    := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/lab311
# The kernel series (labs/series): this Debian release's, or SERIES=; its tarball.
override SERIES := $(shell LABS=$(LAB)/labs SERIES=$(SERIES) tools/series.sh pick 2>&1)
$(if $(filter lab:,$(firstword $(SERIES))),$(error $(SERIES)))
ALL_SERIES   := $(shell LABS=$(LAB)/labs tools/series.sh list)
FIRST_SERIES := $(firstword $(ALL_SERIES))
# Where Debian puts a series' source tarball.
source_of = /usr/src/linux-source-$(1).tar.xz
TARBALL  ?= $(call source_of,$(SERIES))
# One work dir per checkout and series: two clones never share a tree, a build or a gdb port.
# The first series keeps the plain name.
ifeq ($(origin WORK),undefined)
WORK     := $(CACHE)/$(notdir $(LAB))-$(shell printf %s '$(LAB)' | sha1sum | cut -c1-8)$(if \
	    $(filter-out $(FIRST_SERIES),$(SERIES)),-$(SERIES))
endif
TREE     := $(WORK)/linux
TIMEOUT  ?= 120
export CCACHE_DIR ?= $(CACHE)/ccache
# gdb's index of each vmlinux's symbols, by build id: gdb starts in 0.5 s instead of 5 s once a
# kernel has been loaded (tools/run.sh, tools/gdbinit.sh).
export GDB_INDEX := $(CACHE)/gdb-index
# Targets and work dirs share compiler output: the build dir (the cwd) stays out of the hash.
# The objects' debug info names their sources under DEBUG_PREFIX, the same in every work dir
# (tools/kflags.sh); gdb and decode_stacktrace.sh are told where that is in this one.
# CCACHE_REMOTE_STORAGE, when set (make ccache-server prints one), reaches ccache as it is.
export CCACHE_NOHASHDIR ?= 1
export DEBUG_PREFIX := /lab311
export TREE TARBALL SERIES WORK LAB CROSS JOBS
export PATCHES := $(LAB)/patches

export LABS := $(LAB)/labs
# The stages in order, the stage below one, the id a renamed one has now: tools/stages.sh.
STAGES   := $(shell LABS=$(LABS) tools/stages.sh list)
below     = $(shell LABS=$(LABS) tools/stages.sh below $(1))
renamed   = $(shell LABS=$(LABS) tools/stages.sh now $(1))
SAVED    := $(shell cat $(TREE)/.git/lab-stage $(WORK)/kernels/stage 2>/dev/null | head -1)
FIRST    := $(firstword $(STAGES))
STAGE    ?= $(or $(filter $(STAGES),$(SAVED)),$(call renamed,$(SAVED)),$(FIRST))
# The manifests, read by one loader, the grader's (grade --dump, tools/host/manifest.c), into
# M/<stage>/<KEY> and M/<stage>/<KEY>/<target> (KEY@target applied). manifest_for STAGE,KEY,
# TARGET: one value as that target sees it; manifest STAGE,KEY: as TARGET sees it.
manifest_for = $(strip $(if $(filter undefined,$(origin M/$(1)/$(2)/$(3))),$(M/$(1)/$(2)),\
	       $(M/$(1)/$(2)/$(3))))
manifest = $(call manifest_for,$(1),$(2),$(TARGET))
TARGET   ?= $(firstword $(call manifest_for,$(or $(K),$(STAGE)),TARGETS) virt)
# A learner's release (make release) has no solutions/: code is then the learner's, and each
# stage's questions are in labs/<id>/questions.md (solutions/<id>/answers.md asks, never answers).
REFERENCE := $(wildcard $(LAB)/solutions/.)
CODE     ?= $(if $(REFERENCE),solutions,exercises)
questions_of = $(if $(REFERENCE),solutions/$(1)/answers.md,labs/$(1)/questions.md)
include $(wildcard $(LAB)/labs/targets/*.mk)

# Bad input stops here with one line, before anything is built or booted.
$(if $(filter $(STAGES),$(STAGE)),,$(if $(call renamed,$(STAGE)),\
  $(error lab: stage '$(STAGE)' is now called '$(call renamed,$(STAGE))' (labs/renamed)),\
  $(error lab: unknown stage '$(STAGE)' (stages: $(STAGES)))))
# A target is a file of labs/targets; what it must hold, the loader checks (MANIFESTS below).
ALLTARGETS := $(patsubst labs/targets/%.mk,%,$(wildcard labs/targets/*.mk))
$(if $(filter-out $(ALLTARGETS),$(TARGET))$(filter-out 1,$(words $(TARGET))),$(error lab: \
  unknown target '$(TARGET)' (targets: $(ALLTARGETS))))
$(if $(FILES),$(if $(wildcard $(FILES)/.),,$(error lab: FILES=$(FILES) is not a directory)))
$(if $(shell printf %s '$(subst ','',$(TIMEOUT))' | grep -Ex '[0-9]+[smhd]?'),,$(error lab: \
  TIMEOUT=$(TIMEOUT) is no time: seconds such as 120, or 5m))
$(if $(filter solutions exercises,$(CODE))$(wildcard $(CODE)/.),,$(error lab: CODE must be \
  solutions, exercises or a directory of <stage-id>/ folders, not '$(CODE)'))
$(if $(shell printf %s '$(subst ', ,$(CODE))' | tr -d 'A-Za-z0-9_./+-'),$(error lab: \
  CODE=$(CODE): only letters, digits and _ . / + - in its path, please))

HOSTBIN  := $(WORK)/host
# One dump per series (KEY@<series> is applied in it): a make of another SERIES may share WORK.
MANIFESTS := $(WORK)/manifests-$(SERIES).mk
# $(lab-exit N) (tools/host/makeexit.c): make exits with status N. Built on first use; a host
# without a C compiler yet goes on without it (make then exits 2 where it would exit N).
-load $(HOSTBIN)/makeexit.so
$(HOSTBIN)/makeexit.so: tools/host/makeexit.c
	@mkdir -p $(@D) && gcc -shared -fPIC -O2 -Wall -Wextra -o $@ $< 2>/dev/null || true
GRADE    := $(HOSTBIN)/grade
OUT       = $(WORK)/out/$(TARGET)

.PHONY: help container deps manifests-read run-boot prepare ksrc tree boot-dry clean-cache where \
	run bench builds host check-stage

help:
	@sed -n 's/^#   //p' Makefile
	@echo "stages: $(STAGES)"

# The packages a goal needs (tools/packages): the maintainer's for the suite, the instructor's
# for the class tools, the docs' for the docs, the learner's for everything else.
ROLE_GOALS_maintainer := test bench check-% pictures%
ROLE_GOALS_instructor := ccache-server grade-all grade-merge gradescope
ROLE_GOALS_docs       := docs docs-serve
ROLE ?= $(firstword $(foreach r,maintainer instructor docs,\
	$(if $(filter $(ROLE_GOALS_$(r)),$(MAKECMDGOALS)),$(r))) learner)
export ROLE
deps:
	@CACHE=$(CACHE) sh tools/deps.sh

prepare: deps
	@tools/tree.sh prepare

# The few files of the kernel tree that the lab itself reads (the tests' harness, gen_init_cpio,
# the stack-trace decoder): from the work tree, or, when kernels were imported and no tree was
# unpacked, from the import, which is all a run on imported kernels needs.
KSRC_FILES := tools/testing/selftests/kselftest_harness.h tools/testing/selftests/kselftest.h \
	usr/gen_init_cpio.c scripts/decode_stacktrace.sh scripts/decodecode
KSRC = $(strip $(if $(wildcard $(TREE)/.git),$(TREE),\
	 $(if $(wildcard $(WORK)/kernels/src),$(WORK)/kernels/src,$(TREE))))
ksrc: deps
	@$(if $(filter $(TREE),$(KSRC)),tools/tree.sh prepare,:)

# The whole tree at STAGE, for a learner who wants to edit it (a run on imported kernels has none).
tree: check-stage deps
	@tools/tree.sh checkout $(STAGE) && \
	  echo "tree: $(TREE) is at $(STAGE): edit it, then 'make run' builds your kernel"

check-stage:
	@case " $(call manifest,$(STAGE),TARGETS) " in *" $(TARGET) "*) ;; \
	  *) echo "lab: stage $(STAGE) has no target '$(TARGET)'" \
	       "(targets: $(call manifest,$(STAGE),TARGETS))" >&2; exit 2;; esac

# Host tools: grader, skeleton generator, the pictures' SVG drawer, the kernel's gen_init_cpio.
host: $(GRADE) $(HOSTBIN)/mkexercise $(HOSTBIN)/picsvg $(HOSTBIN)/gen_init_cpio
$(GRADE): $(addprefix tools/host/,grade.c ktap.c ktap.h manifest.c manifest.h answers.c answers.h \
	  stagecheck.c stagecheck.h review.c review.h) \
	  | deps
	@mkdir -p $(@D) && gcc -O2 -Wall -Wextra -Wno-format-truncation -o $@ $(filter %.c,$^)
# Generated, and read again, whenever a manifest, a target or the loader changes; the loader
# checks the targets first (docs/engine.md, "A target is data"): make includes them as they are.
# Only a host with the lab's packages can build the loader: make container and help do without it.
$(MANIFESTS): $(sort $(wildcard labs/targets/*.mk)) $(sort $(wildcard labs/*/stage.mk)) $(GRADE)
	@$(GRADE) --dump $(filter %.mk,$^) > $@.tmp && mv $@.tmp $@
# A first make finds an empty file dated 1970, out of date, which it makes again: where that
# fails (a system tools/deps.sh refuses, an unknown key), make stops after the line that says why.
# make goes on with that empty file, so every goal first wants MANIFESTS_READ, the dump's last line.
ifneq ($(filter-out container help,$(or $(MAKECMDGOALS),help)),)
$(shell [ -e $(MANIFESTS) ] || { mkdir -p $(WORK) && touch -d @0 $(MANIFESTS); })
include $(MANIFESTS)
$(filter-out container help deps,$(MAKECMDGOALS)): manifests-read
endif
manifests-read:
	@$(if $(MANIFESTS_READ),:,exit 2)
$(HOSTBIN)/mkexercise: tools/host/mkexercise.c
	@mkdir -p $(@D) && gcc -O2 -Wall -o $@ $<
$(HOSTBIN)/picsvg: tools/host/picsvg.c
	@mkdir -p $(@D) && gcc -O2 -Wall -Wextra -o $@ $<
$(HOSTBIN)/gen_init_cpio: | ksrc
	@mkdir -p $(@D) && gcc -O2 -o $@ $(KSRC)/usr/gen_init_cpio.c

# The main job: build the stage as the learner's tree has it, boot it, check it.
INTERACTIVE := $(shell [ -t 0 ] && [ -t 2 ] && [ -z "$$CI" ] && echo yes)
# With CMD, make exits with the command's status (tools/cmdout.sh: 124 a hang, 125 an oops).
RUNEXIT  = $(WORK)/runs/$(TARGET)-run/exit
# Without CODE or CMD, make run checks the learner's own code (YOURS, exercises/ unless a test
# says otherwise), after the reference solution's tests in the same boot, whose verdict it
# shows labelled as the reference's and exits with: it says whether the kernel does what the
# stage says. The learner's score is reported, not turned into an exit status (make grade does).
YOURS   ?= exercises
OWN      = $(if $(filter command line,$(origin CODE))$(CMD),,yes)
# Without solutions/ (a learner's release) there is no reference to boot first.
REFBOOT  = $(and $(OWN),$(REFERENCE))
# The boot's run dir is the reference's then, the learner's code's verdict in OWNRUN's.
REFRUN   = $(TARGET)-run
OWNRUN   = $(TARGET)-run$(if $(REFBOOT),-yours)
NEXT     = $(shell LABS=$(LABS) tools/stages.sh above $(STAGE))
ifneq ($(DRYRUN),)
# make run DRYRUN=1: make run's QEMU command, printed; no package, kernel or guest is made.
run: check-stage
	@$(MAKE) -s boot-dry K=$(STAGE) T=$(STAGE) RUN=$(TARGET)-run
boot-dry:
	@$(RUNENV) tools/run.sh batch
else
run: run-boot
	@$(if $(CMD),$(if $(filter-out 0,$(file <$(RUNEXIT))),\
	  $(if $(LAB_EXIT),$(lab-exit $(file <$(RUNEXIT))),exit 1)))
endif
run-boot: check-stage kernels-from
	@$(MAKE) -s kernel K=$(STAGE)
	@rm -f $(RUNEXIT) $(WORK)/runs/$(OWNRUN)/results.json $(WORK)/runs/$(REFRUN).* && \
	  mkdir -p $(WORK)/runs && $(if $(RUNSHELL),$(STUB) &&) $(MAKE) -s boot K=$(STAGE) \
	  T=$(STAGE) RUN=$(TARGET)-run MODE=$(if $(RUNSHELL),interactive,batch) $(if $(REFBOOT),\
	  CODE=solutions GRADE_OUT=$(WORK)/runs/$(REFRUN).out FIRST_RC=$(WORK)/runs/$(REFRUN).rc \
	  THEN=$(YOURS) THENRUN=$(OWNRUN) THEN_REPORT_ONLY=y || true,\
	  $(if $(OWN),CODE=$(YOURS) REPORT_ONLY=y || true)) $(if $(CMD),|| test -s $(RUNEXIT))
	@$(if $(OWN),REPRO=$(call repro_file,$(STAGE)) NOREF=$(if $(REFERENCE),,yes) \
	  tools/yourscore.sh $(STAGE) $(WORK)/runs/$(REFRUN) $(WORK)/runs/$(OWNRUN) \
	  $(YOURS)/$(call code_stage,$(STAGE)) '$(call manifest,$(call code_stage,$(STAGE)),CODE)' \
	  $(YOURS)/$(STAGE)/answers.md $(NEXT))

# The lab in its container, for any host with podman or docker (docs/hosts.md):
#   make container [GOAL='run STAGE=<id>']   GOAL: run, debug, gdb, grade, tree... (default: run)
container:
	@tools/container/run.sh $(or $(GOAL),run)

# make clean-cache: frees what a later run makes again (tools/cleancache.sh), and says how much.
clean-cache:
	@tools/cleancache.sh $(WORK) $(GDB_INDEX)

where:
	@echo "series:   linux $(SERIES) ($(TARBALL))"; echo "work dir: $(WORK)"
	@echo "tree:     $(TREE)"; echo "stage:    $(STAGE) (target $(TARGET))"

# make builds [SINCE=2026-12-06T10:00:00]: the kernel builds of this work dir, full or
# incremental and why (tools/kbuild.sh logs them in builds.tsv).
builds:
	@tools/builds.sh $(WORK)/builds.tsv $(SINCE)

# make bench switches from the first stage to the last one built for the same target.
bench: deps
	@FIRST=$(FIRST) LAST=$(lastword $(foreach s,$(STAGES),$(if $(filter $(firstword \
	  $(call manifest_for,$(FIRST),TARGETS)),$(call manifest_for,$(s),TARGETS)),$(s)))) \
	  tools/bench.sh
