# make test: the whole suite, as a plan of named steps run by tools/suite.sh. The steps' own
# goals are in tools/mk/ (checks.mk, guest-checks.mk, roots.mk, pictures.mk, walks.mk, docs.mk).
.PHONY: test test-plan test-plan-stages test-plan-rest

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
# UNSTABLE STAGE,TARGET: why its own boot gives no stable verdict. own_boot STAGE,TARGET,COMMAND
# and own_lane: a step on that boot is then a "skip" step, whose command says why.
unstable = $(subst $(comma), -,$(subst |,/,$(call manifest_for,$(1),UNSTABLE,$(2))))
own_boot = $(or $(call unstable,$(1),$(2)),$(3))
own_lane = $(if $(call unstable,$(1),$(2)),skip,guest)
# unbroken STAGE,TARGET,TEXT: TEXT, unless the kernel below fails to build (BROKEN_BELOW). ($(call)
# expands every argument: a plan step, which prints, goes in an $(if) instead.)
unbroken = $(if $(call broken,$(1),$(2)),,$(3))
# stage_steps STAGE,TARGET: step_<name> STAGE,TARGET,BELOW (the stage below) plans each step the
# stage has: the kernel below failing to build, the stage's kernel (after its MODULES or the
# kernel below), the solution's checks and the skeleton's, the flip boot on the kernel below,
# its gdb tests, its gdb tests on a recorded boot, its reproducer, make bisect with it, its
# picture where no session draws it. A kernel's walkthrough and picture share the boot of its
# checks (a session: tools/mk/session.mk), the skeleton too (tools/mk/boot.mk). An UNSTABLE
# stage's own boot checks the skeleton alone.
STEPS = below build checks flip gdb replay repro bisect picture
stage_steps = $(foreach n,$(STEPS),$(call step_$(n),$(1),$(2),$(call below,$(1))))
step_below = $(if $(call broken,$(1),$(2)),$(call plan,$(1) [$(2)]: the kernel below ($(3)) \
	fails to build as it must,$(SUBMAKE) check-broken K=$(3) S=$(1) TARGET=$(2)))
step_build = $(call plan,$(1) [$(2)]: $(call buildstep,$(1),$(2)),$(call unbroken,$(1),$(2),\
	$(call below_first,$(1),$(2),$(3))) $(SUBMAKE) kernel K=$(1) TARGET=$(2) $(EXACT))
below_first = $(SUBMAKE) $(if $(call manifest_for,$(1),MODULES,$(2)),modules,kernel) T=$(1) \
	K=$(3) TARGET=$(2) $(EXACT) &&
# own_parts / below_parts STAGE,TARGET,BELOW: what the session of that kernel adds (walk,
# picture); the words that name them in a step.
own_parts   = $(if $(call unstable,$(1),$(2)),,$(call session_parts,$(1),$(2),$(1)))
below_parts = $(call session_parts,$(1),$(2),$(3))
partnames   = $(if $(filter walk,$(1)),$(comma) walkthrough as its page shows it)$(if \
	      $(filter picture,$(1)),$(comma) picture as the docs draw it)
session_at  = $(SUBMAKE) session K=$(1) T=$(2) TARGET=$(3) EXPECT=$(4) $(EXACT)
step_checks = $(if $(call unstable,$(1),$(2)),$(call plan,$(1) [$(2)]: solution passes every \
	check,$(call unstable,$(1),$(2)),skip)$(call plan,$(1) [$(2)]: skeleton scores 0,\
	$(call boot_at,$(1),$(1),$(2),exercises,zero),guest),$(if $(call own_parts,$(1),$(2)),\
	$(call plan,$(1) [$(2)]: one boot: solution passes every check$(comma) skeleton scores \
	0$(call partnames,$(call own_parts,$(1),$(2))),$(call session_at,$(1),$(1),$(2),all),\
	guest),$(call plan,$(1) [$(2)]: solution passes every check$(comma) skeleton scores 0,\
	$(call boot_at,$(1),$(1),$(2),solutions,all) THEN=exercises THEN_EXPECT=zero,guest)))
step_flip = $(if $(call broken,$(1),$(2)),,$(if $(call below_parts,$(1),$(2),$(3)),\
	$(call plan,$(1) [$(2)]: one boot of the kernel below ($(3)): checks flip$(call \
	partnames,$(call below_parts,$(1),$(2),$(3))),$(call session_at,$(3),$(1),$(2),flip),\
	guest),$(call plan,$(1) [$(2)]: checks flip against $(3),\
	$(call boot_at,$(3),$(1),$(2),solutions,flip),guest)))
step_gdb = $(if $(call gdbnames,$(1),$(2)),$(call plan,$(1) [$(2)]: gdb \
	$(call gdbnames,$(1),$(2)) on the live guest (this kernel$(call unbroken,$(1),$(2),\
	 and the one below)),$(SUBMAKE) gdbtest K=$(1) TARGET=$(2) $(EXACT) \
	$(call unbroken,$(1),$(2),&& $(SUBMAKE) gdbtest K=$(3) T=$(1) TARGET=$(2) $(EXACT)),guest))
step_replay = $(if $(call replaynames,$(1),$(2)),$(call plan,$(1) [$(2)]: gdb \
	$(call replaynames,$(1),$(2)) on a recorded boot$(comma) replayed backwards,\
	$(call own_boot,$(1),$(2),$(SUBMAKE) replaytest K=$(1) TARGET=$(2) $(EXACT)),\
	$(call own_lane,$(1),$(2))))
step_repro = $(if $(call repro_step,$(1),$(2)),$(call plan,$(1) [$(2)]: reproducer: the \
	reference scores full$(comma) the skeleton 0$(comma) the planted wrong ones below half,\
	WORK=$(WORK) LABMAKE="$(SUBMAKE) $(EXACT)" tests/repro.sh $(1) $(2),guest))
step_bisect = $(if $(and $(call repro_step,$(1),$(2)),$(call manifest_for,$(1),BISECT,$(2))),\
	$(call plan,$(1) [$(2)]: make bisect finds the first bad stage with the reference \
	reproducer$(comma) none with a wrong one,LABMAKE="$(SUBMAKE) $(EXACT)" \
	tests/bisect.sh $(1) $(2),guest))
step_picture = $(if $(and $(call manifest_for,$(1),PICTURE,$(2)),$(call unstable,$(1),$(2))),\
	$(call plan,$(1) [$(2)]: docs: its picture matches the kernel,\
	$(SUBMAKE) check-picture S=$(1) TARGET=$(2) $(EXACT),guest))
# repro_step STAGE,TARGET: the stage has a reproducer exercise, graded on this target (its
# first), on every series.
repro_step = $(and $(call repro_file,$(1)),$(filter $(2),$(firstword $(call targets,$(1)))))
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
	$(call plan,every stage's patches apply with git am (linux $(SERIES)),\
	  $(SUBMAKE) check-patches)
	$(call plan,every stage's patches pass checkpatch.pl (linux $(SERIES)),\
	  $(SUBMAKE) check-checkpatch)
	$(foreach s,$(STAGES),$(foreach t,$(call test_targets,$(s)),$(call stage_steps,$(s),$(t)))\
	  $(if $(PART),,$(if $(filter $(FIRST),$(s)),$(roots_plan))))
	$(if $(PICTURED),$(call plan,docs: each committed picture of the high pages is a \
	  stage's (linux $(SERIES)),$(SUBMAKE) check-pictures-set TEST_TARGETS="$(TEST_TARGETS)"))
	@:
test-plan-rest: test-plan-stages
	$(call plan,no line of the lab's own files is over 100 columns (tabs as 8),\
	  tests/line-length.sh)
	$(call plan,ccache: a second work dir gets its objects from a class's remote storage,\
	  $(SUBMAKE) check-ccache-remote)
	$(call plan,bad input gets one clear line and a non-zero exit,$(SUBMAKE) check-badinput)
	$(call plan,an option Kconfig drops stops the build with one line,tests/kconfig-check.sh)
	$(call plan,a full disk: make run stops before the tree with one line and leaves nothing,\
	  SCRATCH=$(WORK) LABMAKE="$(SUBMAKE)" tests/disk-full.sh)
	$(call plan,each machine's QEMU command equals its golden copy (make run DRYRUN=1$(comma) \
	  nothing built),LABMAKE="$(SUBMAKE)" tests/qemu-golden.sh)
	$(call plan,a stage added as docs/engine.md says passes the checks that build no kernel; \
	  each step left out is caught,tests/add-stage.sh $(WORK)/add-stage)
	$(call plan,a target added as docs/engine.md says passes the checks that build no kernel \
	  and boots as virt does; each step left out is caught,\
	  tests/add-target.sh $(WORK)/add-target)
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
	  with no build,$(SUBMAKE) check-share)
	$(docs_plan)
	@:
