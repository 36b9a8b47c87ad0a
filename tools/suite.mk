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
	@# The runs keep their logs and reports; what each boot makes again goes (initramfs, disk,
	@# guest programs), but for a recording's (a replay boots the very one it recorded).
	@$(SUBMAKE) test-plan | tools/suite.sh $(WORK)/test-logs; rc=$$?; \
	  for r in $(WORK)/runs/*/; do [ -d $$r/rr ] || \
	    rm -rf $$r/initrd.gz $$r/disk.img $$r/labinit $$r/guest; done; exit $$rc

# The plan: one line per step, "name|command" or "name|command|lane", the lane telling
# tools/suite.sh what may run beside it (guest: a boot or a gdb session). Kernels are built in
# stage order, each reused once built. A stage with MODULES gets them built against the kernel
# below while the build dir still holds that kernel: the flip boot needs them, and would
# otherwise switch the dir back.
plan     = $(info $(strip $(1))|$(strip $(2))$(if $(strip $(3)),|$(strip $(3))))
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
# grade-all and the kernels' export, the longest checks here, boot guests in dirs of their own:
# in the guest lane, they run beside the steps below them.
test-plan-rest: test-plan-stages
	$(call plan,grade-all: bad submissions score 0 with their reason$(comma) the solution \
	  full marks; JOBS=2 and two parts (JOBS=1) merged give the same reports,\
	  $(SUBMAKE) check-grade-all,guest)
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
	$(call plan,kernels exported$(comma) imported into an empty work dir and booted there \
	  with no build,$(SUBMAKE) check-share,guest)
	$(call plan,grade-all: the reproducer and bisect exercises in the CSV$(comma) JUnit and \
	  Gradescope reports,$(SUBMAKE) check-grade-all-repro)
	$(call plan,grade-all: the written reviews in results.json$(comma) summary.csv$(comma) \
	  junit.xml and the table,$(SUBMAKE) check-grade-all-reviews)
	$(call plan,grade-all FORMATS: PrairieLearn$(comma) Autolab$(comma) Classroom 50 and JUnit \
	  files valid against their graders' schemas$(comma) broken copies refused,\
	  OUT=$(WORK)/graders tests/graders.sh)
	$(docs_plan)
	@:
