# The walkthroughs' captured runs on the docs' pages: made (make walks) and checked.
.PHONY: walktest walks check-walk check-walks

# Walkthroughs (tools/gdb/walk.py): labs/<id>/walk.py in batch, with the stage's tests and the
# solutions, on the stage's kernel (unless UNSTABLE there) and, where the kernel below boots and
# differs (no BROKEN_BELOW, no SAME_BELOW), on that one. Each run's output, normalised, goes to
# WALKED/<id>-<target>.txt (-below.txt on the kernel below), which the stage's page includes:
# the first series' in docs/labs/walks, another's in a folder of it named after the series
# (the docs hook puts each series' capture in a tab of its own).
WALKED   := docs/labs/walks$(if $(filter-out $(FIRST_SERIES),$(SERIES)),/$(SERIES))
# The series whose captures this machine checks: those whose source it has (Debian 13 has no
# linux-source-6.1; its own stage steps check 6.12's captures).
WALKED_SERIES = $(foreach s,$(ALL_SERIES),$(if $(wildcard $(call source_of,$(s))),$(s)))
WALKS    ?= $(WALKED)
walked    = $(if $(wildcard labs/$(1)/walk.py),$(1))
walkown   = $(if $(call unstable,$(1),$(2)),,$(1))
walkbelow = $(strip $(if $(or $(call broken,$(1),$(2)),$(call manifest_for,$(1),SAME_BELOW,$(2))),,\
	    $(call below,$(1))))
walkfile  = $(1)-$(2)$(if $(3),-below).txt
WALKRUNS  = $(foreach s,$(STAGES),$(if $(call walked,$(s)),$(foreach t,$(call targets,$(s)),\
	    $(addprefix $(s):$(t):,$(call walkown,$(s),$(t)) $(call walkbelow,$(s),$(t))))))
# "this kernel", "this kernel and the one below" or "the kernel below"
walkwhich = $(if $(call walkown,$(1),$(2)),this kernel$(if $(call walkbelow,$(1),$(2)), and the \
	    one below),the kernel below)
# fieldN A:B:C: the Nth of a word's colon-separated fields (stage:target:kernel)
field1 = $(word 1,$(subst :, ,$(1)))
field2 = $(word 2,$(subst :, ,$(1)))
field3 = $(word 3,$(subst :, ,$(1)))
# walktest K=kernel T=stage: one run (the kernel must be built).
WALKDIR = $(WORK)/runs/$(TARGET)-walk-$(K)-$(T)
WALKOUT = $(abspath $(WALKS))/$(call walkfile,$(T),$(TARGET),$(filter-out $(T),$(K)))
# walkgdb FILE: the gdb commands that run the walk of T on kernel K in batch, its capture to FILE.
walkgdb = printf '%s\n' 'source tools/gdb/walk.py' 'source labs/$(T)/walk.py' \
	  'python walk_batch("$(1)", \
	  "$(T) on $(TARGET), $(if $(filter $(T),$(K)),its own kernel,the kernel below: $(K))", \
	  $(if $(filter $(T),$(K)),False,True))'
walktest: T ?= $(K)
walktest: host
	@mkdir -p $(WALKDIR) $(WALKS) && $(call walkgdb,$(WALKOUT)) > $(WALKDIR)/walk.gdb
	@$(MAKE) -s boot K=$(K) T=$(T) MODE=gdbtest GDBSCRIPT=$(WALKDIR)/walk.gdb \
	  RUN=$(TARGET)-walk-$(K)-$(T)
# make walks [STAGE=<id>]: regenerate docs/labs/walks from the kernels built (KMODE=exact: from
# the stages' tags only).
walks: host
	@$(foreach r,$(filter $(addsuffix :%,$(ASKED)),$(WALKRUNS)),\
	  $(SUBMAKE) walktest T=$(call field1,$(r)) TARGET=$(call field2,$(r)) \
	  K=$(call field3,$(r)) KMODE=$(KMODE) >$(WORK)/walk.log 2>&1 || \
	  { tail -30 $(WORK)/walk.log >&2; echo "walks: $(r) failed (is its kernel built?)" >&2; \
	    exit 1; } && \
	  echo "walks: $(WALKS)/$(call runfile,$(r))" &&) true
# check-walk T=<id> TARGET=<t>: that stage's runs, each as its page shows it.
CHECKWALKS = $(filter $(T):$(TARGET):%,$(WALKRUNS))
check-walk:
	@$(foreach r,$(CHECKWALKS),f=$(call runfile,$(r)) && rm -f $(WORK)/walks/$$f && \
	  $(SUBMAKE) walktest T=$(T) K=$(call field3,$(r)) WALKS=$(WORK)/walks && \
	  if diff -u $(WALKED)/$$f $(WORK)/walks/$$f; then \
	    echo "walk: $(WALKED)/$$f matches the guest"; \
	  else echo "$(WALKED)/$$f differs from what the guest shows: run 'make walks STAGE=$(T)'" \
	    "and commit" >&2; exit 1; fi &&) true
# Every run's file committed, no other file there, and each on its stage's page.
runfile = $(call walkfile,$(call field1,$(1)),$(call field2,$(1)),$(strip \
	  $(filter-out $(call field1,$(1)),$(call field3,$(1)))))
check-walks:
	@$(foreach r,$(WALKRUNS),f=$(call runfile,$(r)) && { test -f $(WALKED)/$$f || \
	  { echo "$(WALKED)/$$f is missing: run 'make walks STAGE=$(call field1,$(r))'" >&2; \
	    exit 1; }; } && \
	  { grep -qsF -- "--8<-- \"docs/labs/walks/$$f\"" docs/labs/$(call field1,$(r)).md \
	    docs/labs/$(call field1,$(r))-patches.md || \
	  { echo "docs/labs/walks/$$f is not on docs/labs/$(call field1,$(r))(-patches).md" >&2; \
	    exit 1; }; } &&) true
	@for f in $(notdir $(wildcard $(WALKED)/*.txt)); do \
	  case " $(foreach r,$(WALKRUNS),$(call runfile,$(r))) " in *" $$f "*) ;; \
	  *) echo "$(WALKED)/$$f belongs to no walkthrough: remove it" >&2; exit 1;; esac; done
	@echo "walks: $(words $(WALKRUNS)) captured runs of $(words $(sort $(foreach r,$(WALKRUNS),\
	  $(call field1,$(r))))) stages on linux $(SERIES), each committed and on its stage's page"
