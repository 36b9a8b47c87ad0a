# make test's plan for one stage on one target: a step per thing the stage has (tools/suite.mk
# prints the plan; the steps' goals are in the files beside this one).
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
partnames   = $(if $(filter gdb,$(1)),$(comma) gdb $(call gdbnames,$(2),$(3)))$(if \
	      $(filter walk,$(1)),$(comma) walkthrough as its page shows it)$(if \
	      $(filter picture,$(1)),$(comma) picture as the docs draw it)
session_at  = $(SUBMAKE) session K=$(1) T=$(2) TARGET=$(3) EXPECT=$(4) $(EXACT)
step_checks = $(if $(call unstable,$(1),$(2)),$(call plan,$(1) [$(2)]: solution passes every \
	check,$(call unstable,$(1),$(2)),skip)$(call plan,$(1) [$(2)]: skeleton scores 0,\
	$(call boot_at,$(1),$(1),$(2),exercises,zero),guest),$(if $(call own_parts,$(1),$(2)),\
	$(call plan,$(1) [$(2)]: one boot: solution passes every check$(comma) skeleton scores \
	0$(call partnames,$(call own_parts,$(1),$(2)),$(1),$(2)),\
	$(call session_at,$(1),$(1),$(2),all),\
	guest),$(call plan,$(1) [$(2)]: solution passes every check$(comma) skeleton scores 0,\
	$(call boot_at,$(1),$(1),$(2),solutions,all) THEN=exercises THEN_EXPECT=zero,guest)))
step_flip = $(if $(call broken,$(1),$(2)),,$(if $(call below_parts,$(1),$(2),$(3)),\
	$(call plan,$(1) [$(2)]: one boot of the kernel below ($(3)): checks flip$(call \
	partnames,$(call below_parts,$(1),$(2),$(3)),$(1),$(2)),\
	$(call session_at,$(3),$(1),$(2),flip),\
	guest),$(call plan,$(1) [$(2)]: checks flip against $(3),\
	$(call boot_at,$(3),$(1),$(2),solutions,flip),guest)))
# step_gdb: the gdb tests on a stage's own kernel where no session runs them (UNSTABLE there).
step_gdb = $(if $(and $(call gdbnames,$(1),$(2)),$(call unstable,$(1),$(2))),$(call plan,$(1) \
	[$(2)]: gdb $(call gdbnames,$(1),$(2)) on the live guest (this kernel),\
	$(SUBMAKE) gdbtest K=$(1) TARGET=$(2) $(EXACT),guest))
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
