# The reproducer exercise: make repro, make repro-on, make bisect.
.PHONY: repro repro-check repro-cc repro-on bisect

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
REPRORUN   = $(TARGET)-$(or $(REPROKIND),repro)-$(STAGE)-$(shell \
	     printf %s '$(abspath $(REPRO_SRC))' | sha1sum | \
	     cut -c1-8)
REPRODIR   = $(WORK)/runs/$(REPRORUN)
REPROBELOW = $(call below,$(STAGE))
reproexit  = $(WORK)/runs/$(REPRORUN)-$(1)/exit
# repro_boot K,SIDE: boot kernel K with the compiled reproducer as the command; prints K:STATUS.
# An oops ends the guest (oops=panic): its status is 125 however the kernel goes on, and a
# kernel the bug has damaged may run on to the timeout instead (6.12's 08 and 09).
repro_boot = rm -f $(call reproexit,$(2)); $(if $(NOBUILD),test -s $(OUT)/$(1)/stamp && )\
	$(MAKE) -s boot K=$(1) T=$(STAGE) CODE=exercises CMD=./repro FILES=$(REPRODIR)/files \
	KARGS=oops=panic \
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
	@mkdir -p $(WORK)/runs && if $(MAKE) -s repro-cc 2> $(WORK)/runs/$(REPRORUN).cc; then \
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
# reproducer on that stage's kernel (make repro-on, in run dirs of its own: REPROKIND, as make
# repro may run beside it); it names the first stage where it fails.
BISECT_OF = $(call manifest,$(STAGE),BISECT)
GOOD     ?= $(word 1,$(BISECT_OF))
BAD      ?= $(word 2,$(BISECT_OF))
bisect: repro-check
	@test -n "$(GOOD)" -a -n "$(BAD)" || { echo "lab: make bisect needs GOOD= and BAD= stages" \
	  "($(STAGE) has no BISECT)" >&2; exit 2; }
	@STAGES="$(STAGES)" STEP='$(MAKE) -s --no-print-directory -C $(LAB) repro-on \
	  STAGE=$(STAGE) TARGET=$(TARGET) REPRO_SRC=$(abspath $(REPRO_SRC)) REPROKIND=bisect \
	  $(if $(NOBUILD),NOBUILD=1)' \
	  tools/bisect.sh $(WORK)/bisect $(GOOD) $(BAD)
