# make grade: the learner's code scored on every built stage.
.PHONY: grade

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
