# The lab engine: one set of rules for every stage; a stage is the data in labs/<id>/stage.mk.
LAB      := $(CURDIR)
CROSS    := arm-linux-gnueabi-
JOBS     ?= $(shell tools/cores.sh)
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
WORK     ?= $(CACHE)/$(notdir $(LAB))-$(shell printf %s '$(LAB)' | sha1sum | cut -c1-8)$(if \
	    $(filter-out $(FIRST_SERIES),$(SERIES)),-$(SERIES))
TREE     := $(WORK)/linux
TIMEOUT  ?= 120
export CCACHE_DIR ?= $(CACHE)/ccache
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
ALLTARGETS := $(patsubst labs/targets/%.mk,%,$(wildcard labs/targets/*.mk))
$(if $(QEMU_$(TARGET)),,$(error lab: unknown target '$(TARGET)' (targets: $(ALLTARGETS))))
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
# Guest userlands: Debian's cross compilers and its static busybox (armhf's is unpacked into
# the cache by tools/deps.sh: it cannot be installed beside armel's), with the lab's helpers
# for the tests (GUESTLIB).
UCC_armel     := arm-linux-gnueabi-gcc -static
UCC_armhf     := arm-linux-gnueabihf-gcc -static
UCC_host      := gcc -static
# ARMv7-M without an MMU: Thumb only, no C library, position-independent with nothing to
# relocate (the nommu ELF loader runs such a program wherever it puts it).
UCC_v7m       := arm-linux-gnueabi-gcc -mthumb -mcpu=cortex-m3 -ffreestanding -nostdlib -fPIE -pie \
	-fomit-frame-pointer -fno-asynchronous-unwind-tables -ffunction-sections -fdata-sections \
	-Wl,--gc-sections -Wl,--no-dynamic-linker -Wl,-z,norelro -Wl,-z,noexecstack -Wl,--build-id=none
BUSYBOX_armel := /bin/busybox
BUSYBOX_armhf := $(CACHE)/busybox-armhf/bin/busybox
GUESTLIB_v7m  := tools/guest/v7m/sys.c
USERLAND  = $(USERLAND_$(TARGET))
GUESTLIB  = $(or $(GUESTLIB_$(USERLAND)),tools/guest/lab.c)
# The test runner: the guest's /init, unless the target names its own (INIT_<target>).
INIT      = $(or $(INIT_$(TARGET)),tools/guest/labinit.c tools/guest/runtests.c)
UCC       = $(UCC_$(USERLAND)) -O2 -Wall
OUT       = $(WORK)/out/$(TARGET)

.PHONY: help container deps manifests-read run-boot gdb-port prepare ksrc tree kernel kernel-ids \
	repro repro-check repro-cc repro-on bisect boot-dry clean-cache where release \
	kernels-export kernels-import kernels-from guest modules run grade grade-all gradescope debug \
	replay gdb bench builds docs docs-serve host check-stage ccache-server walk grade-stages \
	grading-image

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
# Generated, and read again, whenever a manifest or the loader changes. Only a host with the
# lab's packages can build the loader: make container and help do without it.
$(MANIFESTS): $(sort $(wildcard $(LAB)/labs/*/stage.mk)) $(GRADE)
	@$(GRADE) --dump $(filter %/stage.mk,$^) > $@.tmp && mv $@.tmp $@
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

# kernel K=stage [KMODE=exact|learner]: build (or reuse) that stage's kernel for TARGET.
# kbuild STAGE,TARGET: tools/kbuild.sh with that kernel's data; a stage with MODULES keeps a
# module kit beside its kernel.
KMODE ?= learner
kbuild  = STAGE_CONFIG="$(addprefix $(LAB)/labs/$(1)/,$(call manifest_for,$(1),CONFIG,$(2)))" \
	  MODKIT=$(if $(call manifest_for,$(1),MODULES,$(2)),yes) \
	  OBJECTS="$(call manifest_for,$(1),OBJECTS,$(2))" TARGET_CONFIGS="$(CONFIGS_$(2))" \
	  SOURCES="$(SOURCES_$(2))" IMAGE=$(IMAGE_$(2)) DTB=$(DTB_$(2)) tools/kbuild.sh $(1) $(2)
KBUILD  = $(call kbuild,$(K),$(TARGET)) $(KMODE)
# KERNELS of the test stage T: other targets the stage's kernel is built for as well, for
# tests that boot it themselves (01's host tests boot its DEBUG_LL zImage).
KERNELS ?= $(call manifest,$(or $(T),$(K)),KERNELS)
kernel: deps
	@$(KBUILD)
	@$(foreach t,$(KERNELS),$(MAKE) -s kernel K=$(K) TARGET=$(t) KERNELS= &&) true

# Kernels built once, shared (tools/kernels.sh). kernel-ids PAIRS="target/stage ...": one
# "target stage id" line each (id "unknown" for a stage or target this checkout lacks).
pair_target = $(firstword $(subst /, ,$(1)))
pair_stage  = $(lastword $(subst /, ,$(1)))
# kernel_id TARGET,STAGE: the shell command that prints that kernel's id, or "echo unknown".
kernel_id   = $(if $(and $(filter $(STAGES) pristine,$(2)),$(QEMU_$(1))),\
	      $(call kbuild,$(2),$(1)) id,echo unknown)
kernel-ids:
	@$(foreach p,$(PAIRS),echo "$(call pair_target,$(p)) $(call pair_stage,$(p)) \
	  $$($(call kernel_id,$(call pair_target,$(p)),$(call pair_stage,$(p))))" &&) true
# make kernels-export [ARCHIVE=file.tar.zst|.tar.xz]: every kernel built here from a stage's tag.
BUILT = $(filter $(addprefix %/,$(STAGES) pristine),\
	$(patsubst $(WORK)/out/%/stamp,%,$(wildcard $(WORK)/out/*/*/stamp)))
export KSRC_FILES
kernels-export:
	@$(MAKE) -s --no-print-directory kernel-ids PAIRS="$(BUILT)" | \
	  tools/kernels.sh export $(or $(ARCHIVE),$(WORK)/lab311-kernels.tar.zst)
# make kernels-import ARCHIVE=file (or KERNELS_FROM=file-or-URL); run, grade and debug take
# KERNELS_FROM= too, and import from it once.
kernels-import: deps
	@tools/kernels.sh import '$(or $(ARCHIVE),$(KERNELS_FROM))'
kernels-from: deps
	@$(if $(KERNELS_FROM),tools/kernels.sh import '$(KERNELS_FROM)' once)

# guest T=stage CODE=solutions|exercises|DIR: the stage's test programs linked with that code
# (DIR: any directory of <stage-id>/ folders laid out as exercises/, e.g. a learner's)
# (CODE_STAGE: a stage that grades another stage's exercise again). A test named
# OTHER-STAGE/test_x.c is that stage's test, linked with that stage's code (and that stage's
# LDFLAGS: 03 links its test with the learner's entry point).
# CODEID names the code in run names: its own name, or a hash of a directory's path.
CODEID   = $(strip $(if $(filter solutions exercises,$(CODE)),$(CODE),\
	   dir-$(shell printf %s '$(abspath $(CODE))' | sha1sum | cut -c1-8)))
# Each run builds its own guest programs in its run dir: runs may go on side by side.
GUEST    = $(WORK)/runs/$(RUN)/guest
LABINIT  = $(WORK)/runs/$(RUN)/labinit
CODEDIR  = $(CODE)/$(or $(call manifest,$(T),CODE_STAGE),$(T))
# testcmd TEST: the command that compiles one test of T with its code dir, CODE and LDFLAGS.
owner    = $(if $(findstring /,$(1)),$(firstword $(subst /, ,$(1))),$(T))
testdir  = $(if $(findstring /,$(1)),$(CODE)/$(call owner,$(1)),$(CODEDIR))
testcmd  = $(UCC) -Wno-sign-compare -I$(KSRC)/tools/testing/selftests -Itools/guest \
	-DLAB_CODEDIR='"$(call testdir,$(1))"' -I$(call testdir,$(1)) \
	-o $(GUEST)/$(basename $(notdir $(1))) labs/$(if $(findstring /,$(1)),$(1),$(T)/$(1)) $(GUESTLIB) \
	$(addprefix $(call testdir,$(1))/,$(call manifest,$(call owner,$(1)),CODE)) \
	$(call manifest,$(call owner,$(1)),LDFLAGS)
# Exercise code may run only when a test calls it: code of its own before main() or after exit
# (a constructor or destructor) could print the harness's report itself, so such an object is
# refused, as code that does not compile is (docs/engine.md, "Reports the grader does not
# believe").
OBJDUMP  = $(if $(filter host,$(USERLAND)),objdump,$(CROSS)objdump)
CTORS    = \.(preinit_array|init_array|fini_array|ctors|dtors)
nocode_before_main = for f in $(addprefix $(1)/,$(call manifest,$(2),CODE)); do \
	$(UCC) -Wno-sign-compare -I$(KSRC)/tools/testing/selftests -Itools/guest -I$(1) -c \
	  -o $(GUEST)/ctor.o $$f 2>/dev/null || continue; \
	s=$$($(OBJDUMP) -h $(GUEST)/ctor.o | grep -Eo '$(CTORS)[^ ]*' | head -1); \
	[ -z "$$s" ] || { echo "$$f: error: code that runs before main() or after exit ($$s):" \
	  "exercise code may run only when a test calls it" >&2; exit 1; }; done
guest: ksrc
	@test -d $(CODEDIR) || { echo "lab: no $(CODEDIR)" >&2; exit 2; }
	@rm -rf $(GUEST) && mkdir -p $(GUEST)
	@$(UCC) -Itools/guest -o $(LABINIT) $(INIT)
	@$(if $(CMD),: a command runs instead of the tests,\
	  $(call nocode_before_main,$(CODEDIR),$(or $(call manifest,$(T),CODE_STAGE),$(T))))
	@$(if $(CMD),:,$(foreach t,$(call manifest,$(T),TESTS),$(call testcmd,$(t)) && ) true)

# modules K=kernel-stage T=test-stage: the test stage's MODULES (C files in its code dir),
# built out of tree against kernel K's build dir; the guest finds them in /lab/modules.
MODDIR   = $(WORK)/modules/$(TARGET)-$(K)-$(T)-$(CODEID)
MODULES  = $(call manifest,$(T),MODULES)
modules: deps
	@$(if $(MODULES),MODULES="$(MODULES)" MODSRC=$(CODEDIR) MODOUT=$(MODDIR) $(KBUILD),\
	  rm -rf $(MODDIR))

# boot K=kernel-stage T=test-stage CODE=... MODE=batch|interactive|wait|walk|gdbtest
#   EXPECT=all|zero|flip [REPORT_ONLY=y: a failing verdict is no failure, once reported]
# RUN names the run's directory (log, results.json, junit.xml).
MODE   ?= batch
EXPECT ?= all
RUN    ?= $(TARGET)-$(K)-$(T)-$(CODEID)
LABMODE = $(if $(CMD),cmd,$(if $(filter batch gdbtest record walk,$(MODE)),test,shell))
QCMD    = '$(subst ','\'',$(CMD))'
RUNENV  = RUNDIR=$(WORK)/runs/$(RUN) KDIR=$(OUT)/$(K) GUEST=$(GUEST) QEMU="$(QEMU_$(TARGET))" \
	  IMAGE=$(IMAGE_$(TARGET)) CONSOLE=$(CONSOLE_$(TARGET)) DISK=$(call manifest,$(T),DISK) \
	  LABMODE=$(LABMODE) FILES="$(FILES)" CMD=$(QCMD) TIMEOUT=$(TIMEOUT) GRADE=$(GRADE) \
	  MANIFEST=labs/$(T)/stage.mk EXPECT=$(EXPECT) \
	  LABEL="$(T) on $(TARGET): kernel $(K) (linux $(SERIES)), $(CODE)" \
	  TARGET=$(TARGET) MODDIR=$(if $(MODULES),$(MODDIR)) \
	  DECODE="CROSS_COMPILE=$(CROSS) $(KSRC)/scripts/decode_stacktrace.sh $(OUT)/$(K)/vmlinux \
	    $(DEBUG_PREFIX)/linux" \
	  GEN_INIT_CPIO=$(HOSTBIN)/gen_init_cpio LABINIT=$(LABINIT) BUSYBOX=$(BUSYBOX_$(USERLAND)) \
	  LOADER=$(LOADER_$(TARGET)) DTB=$(DTB_$(TARGET)) CMDLINE="$(CMDLINE_$(TARGET))" \
	  KERNELS="$(foreach t,$(KERNELS),$(t)=$(WORK)/out/$(t)/$(K))" DRYRUN=$(DRYRUN) \
	  REPLAY=$(REPLAY) $(REVIEW)
# The review answers of the code graded, against the stage's questions (solutions/ holds the
# questions alone: the reference solution answers none); and, where the stage asks for one
# (solutions/ holds the reference), its written review, against the stage's patches for this
# series (tools/series.sh: patches/<id>/<series>/ or patches/<id>/).
REVIEW  = $(if $(filter solutions,$(CODE)),,\
	  QUESTIONS=$(call questions_of,$(T)) ANSWERS=$(CODE)/$(T)/answers.md \
	  $(if $(call manifest,$(T),BUG_HUNK),WRITTEN_REVIEW=$(CODE)/$(T)/review.txt \
	  REVIEW_PATCHES=$(shell LABS=$(LABS) PATCHES=$(PATCHES) SERIES=$(SERIES) \
	  tools/series.sh patches $(T))))
boot: host guest modules
	@echo "boot: kernel $(K) on $(TARGET), tests of $(T) with $(CODEDIR)"$(if $(CMD), \
	  ' running:' $(QCMD))
	@$(RUNENV) tools/run.sh $(MODE) $(GDBSCRIPT)$(if $(REPORT_ONLY), || \
	  test -s $(WORK)/runs/$(RUN)/results.json)

# The main job: build the stage as the learner's tree has it, boot it, check it.
INTERACTIVE := $(shell [ -t 0 ] && [ -t 2 ] && [ -z "$$CI" ] && echo yes)
# With CMD, make exits with the command's status (tools/cmdout.sh: 124 a hang, 125 an oops).
RUNEXIT  = $(WORK)/runs/$(TARGET)-run/exit
# Without CODE or CMD, make run checks the learner's own code (YOURS, exercises/ unless a test
# says otherwise), after the reference solution's boot of the same kernel, whose verdict it
# shows labelled as the reference's and exits with: it says whether the kernel does what the
# stage says. The learner's score is reported, not turned into an exit status (make grade does).
YOURS   ?= exercises
OWN      = $(if $(filter command line,$(origin CODE))$(CMD),,yes)
# Without solutions/ (a learner's release) there is no reference to boot first.
REFBOOT  = $(and $(OWN),$(REFERENCE))
REFRUN   = $(TARGET)-run-reference
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
	@$(if $(REFBOOT),echo "run: the reference solution first on the same kernel" \
	  && mkdir -p $(WORK)/runs && { $(MAKE) -s boot K=$(STAGE) T=$(STAGE) RUN=$(REFRUN) \
	  CODE=solutions > $(WORK)/runs/$(REFRUN).out 2>&1; echo $$? > $(WORK)/runs/$(REFRUN).rc; })
	@rm -f $(RUNEXIT) $(WORK)/runs/$(TARGET)-run/results.json && \
	  $(if $(RUNSHELL),$(STUB) &&) $(MAKE) -s boot K=$(STAGE) T=$(STAGE) RUN=$(TARGET)-run \
	  MODE=$(if $(RUNSHELL),interactive,batch) \
	  $(if $(OWN),CODE=$(YOURS) REPORT_ONLY=y || true) \
	  $(if $(CMD),|| test -s $(RUNEXIT))
	@$(if $(OWN),REPRO=$(call repro_file,$(STAGE)) NOREF=$(if $(REFERENCE),,yes) \
	  tools/yourscore.sh $(STAGE) $(WORK)/runs/$(REFRUN) $(WORK)/runs/$(TARGET)-run \
	  $(YOURS)/$(call code_stage,$(STAGE)) '$(call manifest,$(call code_stage,$(STAGE)),CODE)' \
	  $(YOURS)/$(STAGE)/answers.md $(NEXT))

# With a terminal and tmux, the console and gdb side by side (tools/split.sh); NOSPLIT=1, or
# no tmux: the console alone, and 'make gdb' in a second terminal.
SPLIT   = $(and $(INTERACTIVE),$(if $(NOSPLIT),,$(shell command -v tmux)))
DEBUGGUEST = $(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=wait RUN=$(TARGET)-$@ \
	$(if $(filter replay,$@),REPLAY=1)
debug: check-stage kernels-from
	@$(MAKE) -s kernel K=$(STAGE)
	@$(STUB) && $(if $(SPLIT),tools/split.sh '$(DEBUGGUEST)' '$(MAKE) -s gdb',$(DEBUGGUEST))

# make replay: make run's boot, recorded by QEMU (tools/boot.sh), then replayed as make debug
# boots: gdb can go backwards in it (reverse-continue, reverse-stepi). Record/replay of a disk
# needs QEMU's blkreplay driver, which the lab does not set up: those stages are refused.
replay: check-stage kernels-from
	@$(if $(call manifest,$(STAGE),DISK),echo "lab: make replay: $(STAGE) has a disk:" \
	  "not recorded" >&2 && exit 2)
	@$(MAKE) -s kernel K=$(STAGE)
	@# A boot that fails its checks is still worth replaying, once QEMU has recorded it.
	@$(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=record RUN=$(TARGET)-replay || \
	  test -s $(WORK)/runs/$(TARGET)-replay/rr/replay.bin
	@$(STUB) && $(if $(SPLIT),tools/split.sh '$(DEBUGGUEST)' '$(MAKE) -s gdb',$(DEBUGGUEST))

# The stage's walkthrough (labs/<id>/walk.py, tools/gdb/walk.py): make debug's guest, but it
# runs its tests (with CODE) as make run does, and gdb stops it at each checkpoint. Without
# tmux the console goes to the run's serial.log and gdb has the terminal (tools/split.sh -b).
WALKRUN   = $(TARGET)-walk
WALKGUEST = $(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=walk RUN=$(WALKRUN)
walk: check-stage kernels-from
	@test -f labs/$(STAGE)/walk.py || { echo "lab: $(STAGE) has no walkthrough (nothing in guest" \
	  "memory to look at): its page says what to look at instead" >&2; exit 2; }
	@$(MAKE) -s kernel K=$(STAGE)
	@$(STUB) && tools/split.sh $(if $(SPLIT),,-b $(WORK)/runs/$(WALKRUN).log) '$(WALKGUEST)' \
	  '$(MAKE) -s gdb WALK=$(STAGE) RUN=$(WALKRUN)'

# A guest with a gdb stub (make run with a terminal, make debug): its port (GDB_PORT, the
# container's; else a free one of this work dir's), and the init files for gdb and an IDE
# that attach to it (tools/gdbinit.sh).
RUNSHELL = $(and $(INTERACTIVE),$(if $(CMD),,y))
STUB     = export GDB_PORT=$${GDB_PORT:-$$(tools/gdbport.sh '$(WORK)')} && \
	   CACHE=$(CACHE) LABEL="$(STAGE) on $(TARGET)" tools/gdbinit.sh $$GDB_PORT $(OUT)/$(STAGE)
NOSTUB   = { echo "lab: no guest with a gdb stub: start one with 'make run' or 'make debug'" >&2; \
	   exit 2; }
gdb:
	@test -f $(WORK)/gdbinit || $(NOSTUB)
	@$(if $(WALK),GUEST=$(GUEST) LABINIT=$(LABINIT)) gdb-multiarch -q \
	  -iex "set auto-load local-gdbinit off" -x $(WORK)/gdbinit \
	  $(if $(WALK),-x tools/gdb/walk.py -x labs/$(WALK)/walk.py -ex 'lab walk')
gdb-port:
	@cat $(WORK)/gdb-port 2>/dev/null || $(NOSTUB)

# Grade the learner's exercises/ (or CODE=dir) on every stage whose kernel is built (or just
# STAGE=). The asked stages as stage:target:code-stage words: the first target each names,
# the one it is graded on, and the stage whose exercise it grades (CODE_STAGE, or itself).
GRADED   = $(if $(filter command line,$(origin CODE)),$(CODE),exercises)
ASKED    = $(if $(filter command line,$(origin STAGE)),$(STAGE),$(STAGES))
first_target = $(firstword $(call manifest_for,$(1),TARGETS) virt)
code_stage   = $(or $(call manifest_for,$(1),CODE_STAGE),$(1))
ASKED_AT = $(foreach s,$(ASKED),$(s):$(call first_target,$(s)):$(call code_stage,$(s)))
at_stage  = $(word 1,$(subst :, ,$(1)))
at_target = $(word 2,$(subst :, ,$(1)))
built_at  = $(wildcard $(WORK)/out/$(call at_target,$(1))/$(call at_stage,$(1))/stamp)
grade_at  = $(MAKE) -s boot K=$(call at_stage,$(1)) T=$(call at_stage,$(1)) CODE=$(GRADED) \
	    TARGET=$(call at_target,$(1)) RUN=$(call at_target,$(1))-grade-$(call at_stage,$(1))
# A stage with a reproducer exercise (REPRO) grades it too, on kernels already built.
repro_at  = $(if $(call repro_file,$(call at_stage,$(1))),&& { $(MAKE) -s repro NOBUILD=1 \
	    STAGE=$(call at_stage,$(1)) TARGET=$(call at_target,$(1)) CODE=$(GRADED) || rc=1; })
grade: check-stage kernels-from host
	@rc=0; $(foreach p,$(ASKED_AT),$(if $(call built_at,$(p)),\
	  { $(call grade_at,$(p)) || rc=1; } $(call repro_at,$(p));,\
	  echo "grade: $(call at_stage,$(p)) not built yet" \
	    "(make run STAGE=$(call at_stage,$(p)))";)) \
	  exit $$rc

# make repro [STAGE=id] [CODE=dir] [REPRO_SRC=file.c]: the stage's reproducer exercise (REPRO:
# file:points), compiled for the guest and run as a command, as make run CMD= runs one, on the
# kernel below (where the bug is), then on the stage's own (where it is fixed); the grader
# scores the two exit statuses (--repro). The guest's tests are neither built nor run.
# NOBUILD=1 (make grade): kernels not built yet are not built, and the reproducer not run.
# REPRO_OUT=file: a copy of its results.json (tools/gradeall.sh adds it to the stage's).
# make repro-on K=stage: the reproducer on that one kernel; it prints "repro: on K: exit S", S
# "-" when the kernel is not there to judge (make bisect's step reads it: make's own exit
# status cannot carry git bisect run's 125).
REPRO_TIMEOUT ?= 60
repro_file = $(firstword $(subst :, ,$(call manifest_for,$(1),REPRO)))
REPRO_SRC ?= $(GRADED)/$(STAGE)/$(call repro_file,$(STAGE))
REPRORUN   = $(TARGET)-repro-$(STAGE)-$(shell printf %s '$(abspath $(REPRO_SRC))' | sha1sum | \
	     cut -c1-8)
REPRODIR   = $(WORK)/runs/$(REPRORUN)
REPROBELOW = $(call below,$(STAGE))
reproexit  = $(WORK)/runs/$(REPRORUN)-$(1)/exit
# repro_boot K,SIDE: boot kernel K with the compiled reproducer as the command; prints K:STATUS.
repro_boot = rm -f $(call reproexit,$(2)); $(if $(NOBUILD),test -s $(OUT)/$(1)/stamp && )\
	$(MAKE) -s boot K=$(1) T=$(STAGE) CODE=exercises CMD=./repro FILES=$(REPRODIR)/files \
	RUN=$(REPRORUN)-$(2) TIMEOUT=$(REPRO_TIMEOUT) > $(REPRODIR)/$(2).log 2>&1; \
	echo "$(1):$$(cat $(call reproexit,$(2)) 2>/dev/null || echo -)"
REPROGRADE = $(GRADE) --manifest labs/$(STAGE)/stage.mk --target $(TARGET) \
	$(if $(call manifest,$(STAGE),BISECT),--bisect $(GRADED)/$(STAGE)/bisect.txt) \
	--json $(REPRODIR)/results.json --junit $(REPRODIR)/junit.xml \
	--label "$(STAGE) on $(TARGET), its reproducer: $(REPRO_SRC)"
repro-check: check-stage
	@test -n "$(call repro_file,$(STAGE))" || \
	  { echo "lab: $(STAGE) has no reproducer exercise (REPRO)" >&2; exit 2; }
	@test -f $(REPRO_SRC) || { echo "lab: no $(REPRO_SRC)" >&2; exit 2; }
repro-cc: repro-check deps
	@rm -rf $(REPRODIR) && mkdir -p $(REPRODIR)/files && \
	  $(UCC) -o $(REPRODIR)/files/repro $(REPRO_SRC) 2> $(REPRODIR)/cc.log || \
	  { cat $(REPRODIR)/cc.log >&2; exit 1; }
repro: repro-check kernels-from host
	@$(if $(NOBUILD),,$(MAKE) -s kernel K=$(REPROBELOW) && $(MAKE) -s kernel K=$(STAGE))
	@if $(MAKE) -s repro-cc 2> $(WORK)/runs/$(REPRORUN).cc; then \
	  st="$$($(call repro_boot,$(REPROBELOW),below)) $$($(call repro_boot,$(STAGE),stage))"; \
	  $(REPROGRADE) --repro "$$st"; \
	else $(REPROGRADE) --repro "$(REPROBELOW):- $(STAGE):-" --fail "does not compile: \
	  $$(grep -m1 -o 'error: .*' $(WORK)/runs/$(REPRORUN).cc | tr -d '"\\')"; fi; \
	  rc=$$?; $(if $(REPRO_OUT),cp $(REPRODIR)/results.json $(REPRO_OUT);) exit $$rc
repro-on: repro-cc
	@if $(if $(NOBUILD),:,$(MAKE) -s kernel K=$(K) > $(REPRODIR)/kernel.log 2>&1); then \
	  st=$$($(call repro_boot,$(K),on)); echo "repro: on $(K): exit $${st#*:}"; \
	else echo "repro: on $(K): exit - (its kernel does not build)"; fi

# make bisect [STAGE=id] [GOOD=id BAD=id] [REPRO_SRC=file.c]: git bisect run over the stages
# from GOOD to BAD (a repository of one commit per stage, tools/bisect.sh), each step the
# reproducer on that stage's kernel (make repro-on); it names the first stage where it fails.
BISECT_OF = $(call manifest,$(STAGE),BISECT)
GOOD     ?= $(word 1,$(BISECT_OF))
BAD      ?= $(word 2,$(BISECT_OF))
bisect: repro-check
	@test -n "$(GOOD)" -a -n "$(BAD)" || { echo "lab: make bisect needs GOOD= and BAD= stages" \
	  "($(STAGE) has no BISECT)" >&2; exit 2; }
	@STAGES="$(STAGES)" STEP='$(MAKE) -s --no-print-directory -C $(LAB) repro-on \
	  STAGE=$(STAGE) TARGET=$(TARGET) REPRO_SRC=$(abspath $(REPRO_SRC)) \
	  $(if $(NOBUILD),NOBUILD=1)' \
	  tools/bisect.sh $(WORK)/bisect $(GOOD) $(BAD)

# Grade a class: every learner in SUBMISSIONS (a folder or a .tar/.tar.gz/.tgz each, holding
# exercises/<stage-id>/) on every built stage with a machine (or just STAGE=), each in its own
# boot, JOBS boots at a time; reports in CLASS. A target without a machine (QEMU none: host,
# armv6-nokuser) would run the learner's code on this computer: those stages are left out.
# FORMATS: the graders' formats written beside each learner's results.json
# (tools/graders/class.sh). SHARD=i/n: part i of n of the class only (tools/gradeall.sh says
# which learners); make grade-merge CLASS_PARTS="dir..." joins the n parts' CLASS dirs into CLASS.
CLASS    ?= $(WORK)/class
FORMATS  ?= gradescope
NOMACHINE := $(patsubst QEMU_%,%,$(foreach v,$(filter QEMU_%,$(.VARIABLES)),\
	     $(if $(filter-out none,$($(v))),,$(v))))
ON_MACHINE = $(foreach p,$(ASKED_AT),$(if $(filter $(call at_target,$(p)),$(NOMACHINE)),,$(p)))
GRADABLE   = $(foreach p,$(ON_MACHINE),$(if $(call built_at,$(p)),$(p)))
grade-all: host check-stage
	@test -d "$(SUBMISSIONS)" || \
	  { echo "lab: SUBMISSIONS=$(SUBMISSIONS) is not a directory of submissions" >&2; exit 2; }
	@tools/graders/class.sh --check $(FORMATS)
	@$(foreach p,$(filter-out $(ON_MACHINE),$(ASKED_AT)),echo "grade-all: $(call at_stage,$(p)) \
	  left out: its tests run on this computer, not in a guest" >&2;) \
	  $(foreach p,$(filter-out $(GRADABLE),$(ON_MACHINE)),echo "grade-all: $(call at_stage,$(p)) \
	  left out: not built (make run STAGE=$(call at_stage,$(p)))" >&2;) true
	@$(if $(strip $(GRADABLE)),,echo "lab: no stage to grade on: build one first (make run)" >&2; \
	  exit 2)
	@MAKE="$(MAKE)" GRADE=$(GRADE) CODE_ROOT=$(WORK)/class-code TIMEOUT=$(TIMEOUT) \
	  JOBS=$(JOBS) SHARD=$(SHARD) tools/gradeall.sh "$(SUBMISSIONS)" "$(CLASS)" $(GRADABLE)
	@tools/graders/class.sh "$(CLASS)" $(FORMATS)
.PHONY: grade-merge
grade-merge:
	@tools/grademerge.sh "$(CLASS)" $(CLASS_PARTS)
	@tools/graders/class.sh "$(CLASS)" $(FORMATS)

# Gradescope's autograder zip: setup.sh, run_autograder and "stages" (the stages it builds
# and grades: STAGE=, or every stage with a machine) at its top, the lab's HEAD under lab/.
GSTAGES = $(foreach p,$(ON_MACHINE),$(call at_stage,$(p)))
gradescope:
	@mkdir -p $(WORK)/gradescope && printf '%s\n' $(GSTAGES) > $(WORK)/gradescope/stages
	@git archive --format=zip -o $(WORK)/gradescope.zip --add-file=tools/gradescope/setup.sh \
	  --add-file=tools/gradescope/run_autograder --add-file=$(WORK)/gradescope/stages \
	  --prefix=lab/ HEAD
	@echo "gradescope: $(WORK)/gradescope.zip (lab at $$(git rev-parse --short HEAD);" \
	  "stages: $(GSTAGES))"

# The stages grade-all grades here (STAGE=, or every stage), on one line: those with a machine
# whose kernel is built or imported.
grade-stages:
	@echo $(foreach p,$(GRADABLE),$(call at_stage,$(p)))

# make grading-image [ARCHIVE=f.tar.zst] [STAGE="<id>..."]: the grading image, an OCI image that
# grades a hand-in with no network, no root and no kernel build (tools/container/grading-image.sh,
# docs/teaching.md), tagged GRADING_TAG: the kernels of ARCHIVE, or else those built here from
# the stages' tags (STAGE's only); it grades STAGE's stages, or every one it holds a kernel of.
GRADING_TAG ?= lab311-grade:$(shell git rev-parse --short HEAD 2>/dev/null)
GRADING_KERNELS = $(WORK)/grading-kernels.tar.zst
ASKED_STAGES = $(if $(filter command line,$(origin STAGE)),$(STAGE))
grading-image:
	@$(if $(ARCHIVE),,$(MAKE) -s --no-print-directory kernel-ids PAIRS="$(if $(ASKED_STAGES),\
	  $(filter $(addprefix %/,$(ASKED_STAGES)),$(BUILT)),$(BUILT))" | \
	  tools/kernels.sh export $(GRADING_KERNELS) &&) \
	  tools/container/grading-image.sh $(or $(ARCHIVE),$(GRADING_KERNELS)) $(GRADING_TAG) \
	  $(ASKED_STAGES)

docs: deps
	@mkdocs build --strict -q -d $(WORK)/site && tools/anchors.sh $(WORK)/site && \
	  echo "docs: built in $(WORK)/site (open $(WORK)/site/index.html)"
# A live preview: mkdocs serve on 127.0.0.1, rebuilt when a page, a patch it shows, the theme
# override, labs/renamed or labs/series changes (the hook: restart it). Its port is derived from
# the work dir as check-docs-browser's is (the same first port, the next free one), so that two
# checkouts do not pick the same one.
docs-serve: deps
	@mkdocs serve -a 127.0.0.1:$$(tools/gdbport.sh '$(WORK)/site') -w patches -w labs/renamed \
	  -w labs/series -w tools/docs_theme

# The lab in its container, for any host with podman or docker (docs/hosts.md):
#   make container [GOAL='run STAGE=<id>']   GOAL: run, debug, gdb, grade, tree... (default: run)
container:
	@tools/container/run.sh $(or $(GOAL),run)

# make release [RELEASE=dir]: a learner's copy of the lab, with no solutions/ and no reference
# answers (tools/release.sh); the instructor's checkout keeps everything.
release:
	@tools/release.sh $(or $(RELEASE),$(WORK)/release)

# make clean-cache: frees what a later run makes again (tools/cleancache.sh), and says how much.
clean-cache:
	@tools/cleancache.sh $(WORK)

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

# A ccache remote storage for a class (tools/ccache-server.sh): prints the CCACHE_REMOTE_STORAGE
# line to give the learners, then serves until stopped. CCACHE_HOST: an address of this machine
# that they reach; CCACHE_PORT: a port of your choice (default: a free one).
CCACHE_HOST ?= 127.0.0.1
ccache-server: deps
	@tools/ccache-server.sh $(WORK)/ccache-server $(CCACHE_HOST) $(CCACHE_PORT)
