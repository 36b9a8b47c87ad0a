# A guest to debug: make debug, make replay, make walk, and gdb attached to it.
.PHONY: debug replay walk gdb gdb-port

# With a terminal and tmux, the console and gdb side by side (tools/split.sh); NOSPLIT=1, or
# no tmux: the console alone, and 'make gdb' in a second terminal.
SPLIT   = $(and $(INTERACTIVE),$(if $(NOSPLIT),,$(shell command -v tmux)))
DEBUGGUEST = $(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=wait RUN=$(TARGET)-$@ \
	$(if $(filter replay,$@),REPLAY=1)
debug: check-stage kernels-from
	@$(MAKE) -s kernel K=$(STAGE)
	@$(STUB) && $(if $(SPLIT),tools/split.sh '$(DEBUGGUEST)' '$(MAKE) -s gdb',$(DEBUGGUEST))

# make replay: make run's boot, recorded by QEMU (tools/boot.sh), then replayed as make debug
# boots: gdb can go backwards in it (reverse-continue, reverse-stepi). Record/replay of a disk
# needs QEMU's blkreplay driver, which the lab does not set up: those stages are refused.
replay: check-stage kernels-from
	@$(if $(call manifest,$(STAGE),DISK),echo "lab: make replay: $(STAGE) has a disk:" \
	  "not recorded" >&2 && exit 2)
	@$(MAKE) -s kernel K=$(STAGE)
	@# A boot that fails its checks is still worth replaying, once QEMU has recorded it.
	@$(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=record RUN=$(TARGET)-replay || \
	  test -s $(WORK)/runs/$(TARGET)-replay/rr/replay.bin
	@$(STUB) && $(if $(SPLIT),tools/split.sh '$(DEBUGGUEST)' '$(MAKE) -s gdb',$(DEBUGGUEST))

# The stage's walkthrough (labs/<id>/walk.py, tools/gdb/walk.py): make debug's guest, but it
# runs its tests (with CODE) as make run does, and gdb stops it at each checkpoint. Without
# tmux the console goes to the run's serial.log and gdb has the terminal (tools/split.sh -b).
WALKRUN   = $(TARGET)-walk
WALKGUEST = $(MAKE) -s boot K=$(STAGE) T=$(STAGE) MODE=walk RUN=$(WALKRUN)
walk: check-stage kernels-from
	@test -f labs/$(STAGE)/walk.py || { echo "lab: $(STAGE) has no walkthrough (nothing in" \
	  "guest memory to look at): its page says what to look at instead" >&2; exit 2; }
	@$(MAKE) -s kernel K=$(STAGE)
	@$(STUB) && tools/split.sh $(if $(SPLIT),,-b $(WORK)/runs/$(WALKRUN).log) '$(WALKGUEST)' \
	  '$(MAKE) -s gdb WALK=$(STAGE) RUN=$(WALKRUN)'

# A guest with a gdb stub (make run with a terminal, make debug): its port (GDB_PORT, the
# container's; else a free one of this work dir's), and the init files for gdb and an IDE
# that attach to it (tools/gdbinit.sh).
RUNSHELL = $(and $(INTERACTIVE),$(if $(CMD),,y))
STUB     = export GDB_PORT=$${GDB_PORT:-$$(tools/gdbport.sh '$(WORK)')} && \
	   CACHE=$(CACHE) LABEL="$(STAGE) on $(TARGET)" tools/gdbinit.sh $$GDB_PORT $(OUT)/$(STAGE)
NOSTUB   = { echo "lab: no guest with a gdb stub: start one with 'make run' or 'make debug'" >&2; \
	   exit 2; }
gdb:
	@test -f $(WORK)/gdbinit || $(NOSTUB)
	@$(if $(WALK),GUEST=$(GUEST) LABINIT=$(LABINIT)) gdb-multiarch -q \
	  -iex "set auto-load local-gdbinit off" -x $(WORK)/gdbinit \
	  $(if $(WALK),-x tools/gdb/walk.py -x labs/$(WALK)/walk.py -ex 'lab walk')
gdb-port:
	@cat $(WORK)/gdb-port 2>/dev/null || $(NOSTUB)
