# A stage's kernel, built or reused (tools/kbuild.sh), and kernels built once and shared
# (tools/kernels.sh).
.PHONY: kernel kernel-ids kernels-export kernels-import kernels-from

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
