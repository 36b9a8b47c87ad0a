# One boot of a guest (tools/run.sh): make run's, make test's, a grade's.
.PHONY: boot grade-log
# boot K=kernel-stage T=test-stage CODE=... MODE=batch|interactive|wait|walk|gdbtest
#   EXPECT=all|zero|flip [REPORT_ONLY=y: a failing verdict is no failure, once reported]
# RUN names the run's directory (log, results.json, junit.xml); KARGS: more for the kernel's
# command line (make repro's oops=panic).
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
	  LOADER=$(LOADER_$(TARGET)) DTB=$(DTB_$(TARGET)) \
	  CMDLINE="$(strip $(CMDLINE_$(TARGET)) $(KARGS))" \
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
# One boot, two code sets: THEN=code runs that code's tests after CODE's in the same guest
# (make run: yours after the reference's; make test: the skeleton after the solution), each
# graded apart, THEN's in its run dir THENRUN with THEN_EXPECT (THEN_REPORT_ONLY). A stage
# with a disk (the second set would find the first's files) or modules (the guest holds one
# set of .ko files), or a target with no machine, boots once for each instead. GRADE_OUT: a file
# for CODE's verdict; FIRST_RC: one for its status.
SHAREBOOT = $(if $(strip $(call manifest,$(T),DISK) $(call manifest,$(T),MODULES) \
	    $(filter none,$(firstword $(QEMU_$(TARGET))))),,yes)
THENRUN  ?= $(RUN)-then
THENGUEST = $(WORK)/runs/$(THENRUN)/guest
THENENV   = $(if $(and $(THEN),$(SHAREBOOT)),THEN_GUEST=$(THENGUEST) \
	    THEN_LOG=$(WORK)/runs/$(THENRUN)/serial.log)
then_make = $(MAKE) -s $(1) RUN=$(THENRUN) CODE=$(THEN) EXPECT=$(THEN_EXPECT) \
	    REPORT_ONLY=$(THEN_REPORT_ONLY) THEN= GRADE_OUT= FIRST_RC=
# A first code set that boots on its own (no SHAREBOOT) does so in batch: the console is THEN's.
# Under gdb (a session: tools/mk/session.mk), the first keeps gdb and THEN boots in batch.
FIRSTMODE = $(if $(and $(THEN),$(if $(SHAREBOOT),,y),$(filter-out gdbtest,$(MODE))),batch,$(MODE))
THENMODE  = $(if $(filter gdbtest,$(MODE)),batch,$(MODE))
THEN_EXPECT ?= all
boot: host guest modules
	@echo "boot: kernel $(K) on $(TARGET), tests of $(T) with $(CODEDIR)"$(if $(CMD), \
	  ' running:' $(QCMD))$(if $(THENENV), "then with $(THEN) in the same guest")
	@$(if $(THENENV),$(call then_make,guest) || rm -rf $(THENGUEST))
	@rc=0; GRADE_OUT=$(GRADE_OUT) $(RUNENV) $(THENENV) tools/run.sh $(FIRSTMODE) \
	  $(GDBSCRIPT) || \
	  { $(if $(REPORT_ONLY),test -s $(WORK)/runs/$(RUN)/results.json ||) rc=1; }; \
	  $(if $(FIRST_RC),echo $$rc > $(FIRST_RC);) \
	  $(if $(THEN),{ $(if $(THENENV),test -d $(THENGUEST) && $(call then_make,grade-log),\
	  $(call then_make,boot MODE=$(THENMODE))); } || rc=1;) exit $$rc
# The verdict on a log another boot wrote (THEN's, above).
grade-log: host
	@$(RUNENV) tools/run.sh grade$(if $(REPORT_ONLY), || \
	  test -s $(WORK)/runs/$(RUN)/results.json)
