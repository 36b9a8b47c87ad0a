# One boot of a kernel for several observations: a session (make test's, tools/suite.mk).
.PHONY: session

# session K=kernel-stage T=test-stage TARGET= [EXPECT=flip]: one boot of K with T's tests (the
# solution's; on T's own kernel the skeleton's after them in the same guest, tools/mk/boot.mk),
# gdb attached for T's gdb tests, its walkthrough there (tools/mk/walks.mk) and, on T's own
# kernel, its picture (tools/mk/pictures.mk), each a part of one gdb session, side by side
# (tools/gdb/parts.py). Then each is checked: the verdicts, the gdb tests' (the session's), the
# walk as its page shows it, the picture as the docs draw it.
SESSRUN   = $(TARGET)-session-$(K)-$(T)
SESSDIR   = $(WORK)/runs/$(SESSRUN)
sess_own  = $(filter $(T),$(K))
SESS_WALK = $(strip $(if $(call walked,$(T)),$(if $(sess_own),$(call walkown,$(T),$(TARGET)),\
	    $(call walkbelow,$(T),$(TARGET)))))
SESS_PIC  = $(if $(sess_own),$(call manifest_for,$(T),PICTURE,$(TARGET)))
# gdbscript NAME: labs/<T>/gdb_<NAME>.py, or another stage's for OTHER-STAGE/NAME.
gdbscript = labs/$(if $(findstring /,$(1)),$(dir $(1)),$(T)/)gdb_$(notdir $(1)).py
SESS_PICF = $(SESSDIR)/$(T)-$(TARGET).txt
# session_parts STAGE,TARGET,KERNEL: what a session of KERNEL adds to STAGE's checks there, for
# the plan (gdb, walk, picture); empty where the checks alone boot it.
session_parts = $(strip $(if $(call gdbnames,$(1),$(2)),gdb) \
	$(if $(and $(call walked,$(1)),$(if $(filter $(1),$(3)),\
	$(call walkown,$(1),$(2)),$(call walkbelow,$(1),$(2)))),walk) $(if $(filter $(1),$(3)),\
	$(if $(call manifest_for,$(1),PICTURE,$(2)),picture)))
session: T ?= $(K)
session: host
	@rm -rf $(SESSDIR) $(SESSDIR)-then && mkdir -p $(SESSDIR)
	@{ $(if $(SESS_WALK),$(call walkgdb,$(SESSDIR)/walk.txt);) \
	  $(if $(SESS_PIC),echo 'python load("tools/gdb/picture.py")';) \
	  $(foreach g,$(call gdbnames,$(T),$(TARGET)),\
	    echo 'python load("$(call gdbscript,$(g))")';) \
	  echo 'python session_end()'; } > $(WORK)/runs/$(SESSRUN).gdb
	@rc=0; LAB_SESSION=1 PICTURE=$(SESS_PICF) $(MAKE) -s boot MODE=gdbtest RUN=$(SESSRUN) \
	  GDBSCRIPT=$(WORK)/runs/$(SESSRUN).gdb $(if $(sess_own),THEN=exercises THEN_EXPECT=zero) \
	  || rc=1; \
	  test -s $(SESSDIR)/gdb.rc || exit 1; [ "$$(cat $(SESSDIR)/gdb.rc)" = 0 ] || { rc=1; \
	    echo "session: gdb's parts failed: $(SESSDIR)/serial.log" >&2; }; \
	  $(if $(SESS_WALK),f=$(call walkfile,$(T),$(TARGET),$(filter-out $(T),$(K))); \
	    if diff -u $(WALKED)/$$f $(SESSDIR)/walk.txt; then \
	      echo "walk: $(WALKED)/$$f matches the guest"; \
	    else rc=1; echo "$(WALKED)/$$f differs from what the guest shows: run 'make walks" \
	      "STAGE=$(T)' and commit" >&2; fi;) \
	  $(if $(SESS_PIC),$(call picdiff,$(SESS_PICF)) || rc=1;) exit $$rc
