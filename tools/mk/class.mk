# The instructor's goals: a class graded (grade-all, grade-merge, gradescope, the grading
# image), a learner's release, a class's ccache server.
.PHONY: grade-all grade-merge gradescope grade-stages grading-image release ccache-server

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
	@$(foreach p,$(filter-out $(ON_MACHINE),$(ASKED_AT)),echo "grade-all:" \
	  "$(call at_stage,$(p)) left out: its tests run on this computer, not in a guest" >&2;) \
	  $(foreach p,$(filter-out $(GRADABLE),$(ON_MACHINE)),echo "grade-all:" \
	  "$(call at_stage,$(p)) left out: not built (make run STAGE=$(call at_stage,$(p)))" \
	  >&2;) true
	@$(if $(strip $(GRADABLE)),,echo "lab: no stage to grade on: build one first" \
	  "(make run)" >&2; exit 2)
	@MAKE="$(MAKE)" GRADE=$(GRADE) CODE_ROOT=$(WORK)/class-code TIMEOUT=$(TIMEOUT) \
	  JOBS=$(JOBS) SHARD=$(SHARD) tools/gradeall.sh "$(SUBMISSIONS)" "$(CLASS)" $(GRADABLE)
	@tools/graders/class.sh "$(CLASS)" $(FORMATS)
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

# make release [RELEASE=dir]: a learner's copy of the lab, with no solutions/ and no reference
# answers (tools/release.sh); the instructor's checkout keeps everything.
release:
	@tools/release.sh $(or $(RELEASE),$(WORK)/release)

# A ccache remote storage for a class (tools/ccache-server.sh): prints the CCACHE_REMOTE_STORAGE
# line to give the learners, then serves until stopped. CCACHE_HOST: an address of this machine
# that they reach; CCACHE_PORT: a port of your choice (default: a free one).
CCACHE_HOST ?= 127.0.0.1
ccache-server: deps
	@tools/ccache-server.sh $(WORK)/ccache-server $(CCACHE_HOST) $(CCACHE_PORT)
