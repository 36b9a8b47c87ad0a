# make test: the whole suite, as a plan of named steps run by tools/suite.sh.
.PHONY: check-fresh-root check-fresh-root-13 check-fresh-gradescope check-docs-browser pictures-svg check-pictures-svg check-swi-slot check-vivt-alias check-nokuser-kconfig pictures check-pictures check-broken test test-plan check-host check-exercises exercises check-manifests check-patches gdbtest check-switch check-badinput check-checkpatch check-hang check-grade-all check-share check-ccache-remote

# prev STAGE: the stage below it (the stages before it, last one), or pristine.
below = $(if $(filter $(1),$(firstword $(2))),,$(firstword $(2)) $(call below,$(1),$(wordlist 2,$(words $(2)),$(2))))
prev = $(or $(lastword $(call below,$(1),$(STAGES))),pristine)
targets = $(call manifest,$(1),TARGETS)
# buildstep STAGE,TARGET: the build step's name, and the stage's KERNELS if it has any (that
# step builds them for the stage and the one below).
buildstep = $(or $(BUILDSTEP_$(2)),kernel builds)$(if $(call manifest,$(1),KERNELS), and the kernels for $(call manifest,$(1),KERNELS))
M := $(MAKE) -s --no-print-directory

test: deps host
	@$(M) test-plan | tools/suite.sh $(WORK)/test-logs

# One line per step: name|command. Kernels are built in stage order, each reused once built.
# A stage with MODULES gets them built against the kernel below while the build dir still
# holds that kernel: the flip boot needs them, and would otherwise switch the dir back.
test-plan:
	@echo "host tools: unit tests|$(M) check-host"
	@echo "exercises/ generated from solutions/|$(M) check-exercises"
	@echo "stage manifests|$(M) check-manifests"
	@echo "every stage's patches apply with git am|$(M) check-patches"
	@echo "every stage's patches pass checkpatch.pl|$(M) check-checkpatch"
	@$(foreach s,$(STAGES),$(foreach t,$(call targets,$(s)),$(if $(call manifest,$(s),BROKEN_BELOW),\
	  echo "$(s) [$(t)]: the kernel below ($(call prev,$(s))) fails to build as it must|$(M) check-broken K=$(call prev,$(s)) S=$(s) TARGET=$(t)"; \
	  echo "$(s) [$(t)]: $(call buildstep,$(s),$(t))|$(M) kernel K=$(s) TARGET=$(t) KMODE=exact";,\
	  echo "$(s) [$(t)]: $(call buildstep,$(s),$(t))|$(M) $(if $(call manifest,$(s),MODULES),modules,kernel) T=$(s) K=$(call prev,$(s)) TARGET=$(t) KMODE=exact && $(M) kernel K=$(s) TARGET=$(t) KMODE=exact";) \
	  echo "$(s) [$(t)]: solution passes every check|$(M) boot K=$(s) T=$(s) CODE=solutions TARGET=$(t) KMODE=exact EXPECT=all"; \
	  echo "$(s) [$(t)]: skeleton scores 0|$(M) boot K=$(s) T=$(s) CODE=exercises TARGET=$(t) KMODE=exact EXPECT=zero"; \
	  $(if $(call manifest,$(s),BROKEN_BELOW),,echo "$(s) [$(t)]: checks flip against $(call prev,$(s))|$(M) boot K=$(call prev,$(s)) T=$(s) CODE=solutions TARGET=$(t) KMODE=exact EXPECT=flip";) \
	  $(if $(call manifest,$(s),GDB_TESTS),echo "$(s) [$(t)]: gdb $(call manifest,$(s),GDB_TESTS) on the live guest (this kernel$(if $(call manifest,$(s),BROKEN_BELOW),, and the one below))|$(M) gdbtest K=$(s) TARGET=$(t) KMODE=exact$(if $(call manifest,$(s),BROKEN_BELOW),, && $(M) gdbtest K=$(call prev,$(s)) T=$(s) TARGET=$(t) KMODE=exact)";)))
	@echo "ccache: a second work dir gets its objects from a class's remote storage|$(M) check-ccache-remote"
	@echo "bad input gets one clear line and a non-zero exit|$(M) check-badinput"
	@echo "stage switches keep a learner's uncommitted edits|$(M) check-switch"
	@echo "a hung guest gets a verdict within its timeout|$(M) check-hang"
	@echo "grade-all: bad submissions score 0 with their reason, the solution full marks|$(M) check-grade-all"
	@echo "kernels exported, imported into an empty work dir and booted there with no build|$(M) check-share"
	@echo "a fresh Debian 12 root: make run gives its verdict on the first try, learner's packages only|$(M) check-fresh-root"
	@echo "a fresh Debian 13 root: make run says in one line what to do, and installs nothing|$(M) check-fresh-root-13"
	@echo "Gradescope's setup.sh and run_autograder in a fresh Debian 12 root|$(M) check-fresh-gradescope"
	@echo "docs: the pictures of the high pages match the kernels|$(M) check-pictures"
	@echo "docs: every commit hash named has a source|tools/sources.sh"
	@echo "docs: 19accfd3's SWI slot does not assemble without its label|$(M) check-swi-slot"
	@echo "docs: QEMU's versatilepb keeps no VIVT alias stale (07's FIQ cache note)|$(M) check-vivt-alias"
	@echo "docs: stock 6.1's Kconfig cannot build the 2013 !kuser break (why 11 needs a lab patch)|$(M) check-nokuser-kconfig"
	@echo "docs: the pictures' SVG diagrams are drawn from their text|$(M) check-pictures-svg"
	@echo "docs: mkdocs build --strict|$(M) docs"
	@echo "docs: the build fails when a stage page and its patches disagree|tests/docs-drift.sh $(WORK)/docs-drift"
	@echo "docs: the site in headless chromium (pages, links, pictures, search, wide blocks)|$(M) check-docs-browser"

HOSTTEST := $(WORK)/host/test_host
check-host: host
	@gcc -O2 -Wall -Wno-format-truncation -I$(KSRC)/tools/testing/selftests -Itools/host -o $(HOSTTEST) \
	  tests/host/test_host.c tools/host/ktap.c tools/host/manifest.c
	@cd tests/host && GRADE=$(GRADE) MKEXERCISE=$(HOSTBIN)/mkexercise PICSVG=$(PICSVG) $(HOSTTEST)

# exercises/<id>/ is generated from solutions/<id>/ by tools/host/mkexercise.
EXDIR ?= exercises
exercises: host
	@for d in solutions/*/; do s=$$(basename $$d); mkdir -p $(EXDIR)/$$s; \
	  for f in $$d*; do case $$f in *.c) $(HOSTBIN)/mkexercise $$f > $(EXDIR)/$$s/$${f##*/} || exit 1;; \
	  *) cp $$f $(EXDIR)/$$s/ ;; esac; done; done
check-exercises: host
	@rm -rf $(WORK)/exercises-check && $(M) exercises EXDIR=$(WORK)/exercises-check && \
	  diff -r exercises $(WORK)/exercises-check && echo "exercises/ matches solutions/" || \
	  { echo "exercises/ drifted from solutions/: run 'make exercises' and commit" >&2; exit 1; }

check-manifests: host
	@for s in $(STAGES); do $(GRADE) --check labs/$$s/stage.mk || exit 1; done

# git am of every stage, in order, on a scratch clone of the pristine tree (sparse: only the
# files the patches touch are checked out).
check-patches: prepare
	@rm -rf $(WORK)/am-check && git clone -q --no-checkout --shared $(TREE) $(WORK)/am-check && \
	  git -C $(WORK)/am-check fetch -q --tags $(TREE) && \
	  git -C $(WORK)/am-check sparse-checkout set --no-cone \
	    $$(sed -n 's|^diff --git a/\([^ ]*\) .*|/\1|p' $(PATCHES)/*/*.patch | sort -u) && \
	  git -C $(WORK)/am-check checkout -q --detach pristine && \
	  for s in $(STAGES); do n=$$(git -C $(WORK)/am-check rev-list --count HEAD); \
	    git -C $(WORK)/am-check -c user.name=lab -c user.email=lab@localhost am -q $(PATCHES)/$$s/*.patch || \
	      { echo "patches/$$s do not apply" >&2; exit 1; }; \
	    [ $$(git -C $(WORK)/am-check rev-list --count HEAD) = $$((n + $$(ls $(PATCHES)/$$s/*.patch | wc -l))) ] || \
	      { echo "patches/$$s: git am made fewer commits than patches (already applied?)" >&2; exit 1; }; \
	    echo "$$s applies: $$(ls $(PATCHES)/$$s/*.patch | wc -l) commits"; done; \
	  rm -rf $(WORK)/am-check

# The lab's own patches must be checkpatch-clean. A forward-port keeps the upstream code as it
# was merged: no errors, and its warnings are listed, not fixed.
CHECKPATCH = perl $(TREE)/scripts/checkpatch.pl --no-tree --terse -q
check-checkpatch: prepare
	@for p in $(PATCHES)/*/*.patch; do \
	  if grep -qE '^From: "?The 3.11 review lab' $$p; then $(CHECKPATCH) $$p || exit 1; continue; fi; \
	  out=$$($(CHECKPATCH) $$p); if printf '%s\n' "$$out" | grep -q ': ERROR:'; then printf '%s\n' "$$out"; exit 1; fi; \
	  w=$$(printf '%s\n' "$$out" | grep -c ': WARNING:'); \
	  [ $$w = 0 ] || echo "$${p#$(PATCHES)/}: $$w warnings in the upstream code, kept as merged"; done; \
	  echo "checkpatch.pl: $$(ls $(PATCHES)/*/*.patch | wc -l) patches, no errors; the lab's own are clean"

# gdb-multiarch in batch mode against a guest stopped at its first instruction:
# tools/gdb/test_<name>.py for each name in GDB_TESTS of the test stage T.
gdbtest: T ?= $(K)
gdbtest: host
	@for g in $(call manifest,$(T),GDB_TESTS); do \
	  $(MAKE) -s boot K=$(K) T=$(T) MODE=gdbtest GDBSCRIPT=tools/gdb/test_$$g.py RUN=$(TARGET)-gdb-$(K)-$(T)-$$g || exit 1; done

# BROKEN_BELOW of stage S: the kernel K below it must fail to build, with a line of its
# build log that matches this regular expression (05: the link error the commit fixed).
# The matching lines are kept under that kernel's identity, as a built kernel is: the same
# patches and config fail the same way, so a later run reads them instead of building again.
BROKEN = $(OUT)/$(K)/broken
check-broken: prepare
	@id=$$($(call kbuild,$(K),$(TARGET)) id); \
	if [ "$$(head -1 $(BROKEN) 2>/dev/null)" = "$$id" ]; then \
	  sed '1d; s/^/build of $(K): /' $(BROKEN); echo "(kept from the failed build of this identity: $(BROKEN))"; exit 0; fi; \
	if $(M) kernel K=$(K) KMODE=exact >$(WORK)/broken.log 2>&1; then \
	  echo "the kernel of $(K) built for $(TARGET), but $(S) says it must not" >&2; exit 1; fi; \
	lines=$$(grep -E '$(call manifest,$(S),BROKEN_BELOW)' $(WORK)/broken.log) || \
	  { tail -5 $(WORK)/broken.log >&2; echo "$(K) failed to build for $(TARGET), but not with '$(call manifest,$(S),BROKEN_BELOW)'" >&2; exit 1; }; \
	mkdir -p $(OUT)/$(K) && printf '%s\n' "$$id" "$$lines" > $(BROKEN) && echo "$$lines" | sed 's/^/build of $(K): /'

check-ccache-remote: deps
	@tests/ccache-remote.sh

check-switch: prepare
	@tools/tree.sh tags $(lastword $(STAGES)) && tests/stage-switch.sh

# Bad input: one clear line on stderr (besides make's own "***" trailer) and a non-zero exit,
# nothing started. Includes a missing tarball and a tarball of the wrong kernel version.
BAD := $(WORK)/badinput
check-badinput:
	@rm -rf $(BAD) && mkdir -p $(BAD)/linux-5.10 && printf 'kernelversion:\n\t@echo 5.10.0\n' > $(BAD)/linux-5.10/Makefile && \
	  tar -C $(BAD) -cJf $(BAD)/old.tar.xz linux-5.10 && \
	for a in "run STAGE=99-nope" "run STAGE=10-fix-is-gate-vma" "run TARGET=nope" "grade STAGE=nope" "run FILES=/nonexistent CMD=true" "run CODE=mine" "grade-all SUBMISSIONS=/nonexistent" "grade CODE=/no/such/dir" "kernels-import ARCHIVE=/nonexistent.tar.zst" "kernels-import" \
	  "prepare WORK=$(BAD)/w TARBALL=/nonexistent.tar.xz" "prepare WORK=$(BAD)/w TARBALL=$(BAD)/old.tar.xz"; do \
	  out=$$($(M) $$a 2>&1 >/dev/null | grep -Ev '^make(\[[0-9]+\])?: \*\*\*'); rc=$$?; \
	  [ $$(printf '%s\n' "$$out" | grep -c .) = 1 ] && printf '%s\n' "$$out" | grep -Eq "lab:|tree:" && \
	    ! $(M) $$a >/dev/null 2>&1 || { echo "make $$a: said: $$out" >&2; exit 1; }; echo "make $$a -> $$out"; done; \
	  rm -rf $(BAD)

# A guest that never finishes gets a verdict within its boot timeout, not a hung suite. On a
# stage of its own: the tree may be left on any stage, and a host stage has no guest.
check-hang:
	@s=$$(date +%s); if $(M) run STAGE=$(FIRST) CMD='echo hanging; sleep 100000' TIMEOUT=15 >$(WORK)/hang.log 2>&1; \
	  then echo "a hung guest was reported as a success" >&2; exit 1; fi; t=$$(( $$(date +%s) - s )); \
	  grep -q "did not report the command's status" $(WORK)/hang.log && [ $$t -lt 60 ] || \
	    { cat $(WORK)/hang.log >&2; echo "no verdict within the timeout ($$t s)" >&2; exit 1; }; \
	  echo "hung guest: verdict after $$t s: $$(grep 'did not report' $(WORK)/hang.log)"

# make grade-all on tests/submissions (and unsafe tarballs and links made on the spot), on
# the first stage, the cheapest to boot: its kernel is built by its own step before this one.
check-grade-all: host
	@MAKE="$(M)" tests/grade-all.sh $(FIRST)

# Kernels built once and shared: export every kernel built here, import them into an empty
# work dir (no tree, no build dir), where make run boots the first stage with no kernel build and no
# tree unpacked. Then a damaged archive, and the same archive for a checkout with other patches
# or another tarball, are refused with one line, and leave the imported kernels as they were.
SHARE := $(WORK)/share
check-share:
	@rm -rf $(SHARE) && mkdir -p $(SHARE)/patches && $(M) kernels-export ARCHIVE=$(SHARE)/k.tar.zst && \
	$(M) run STAGE=$(FIRST) WORK=$(SHARE)/w KERNELS_FROM=$(SHARE)/k.tar.zst >$(SHARE)/run.log 2>&1 || \
	  { cat $(SHARE)/run.log >&2; echo "make run on imported kernels failed" >&2; exit 1; }; \
	grep -E '^(kernels|kbuild|boot|verdict):' $(SHARE)/run.log; \
	grep -q 'up to date (imported' $(SHARE)/run.log && [ ! -e $(SHARE)/w/linux ] && [ ! -e $(SHARE)/w/build ] || \
	  { echo "make run on imported kernels unpacked a tree or built a kernel" >&2; exit 1; }; \
	cp -r $(PATCHES)/. $(SHARE)/patches && sed -i '1,/^Subject:/s/^Subject: .*/&, edited/' $$(ls $(SHARE)/patches/*/*.patch | sed -n 3p) && \
	cp $(SHARE)/k.tar.zst $(SHARE)/bad.tar.zst && s=$$(stat -c %s $(SHARE)/bad.tar.zst) && \
	  printf 'tampered' | dd of=$(SHARE)/bad.tar.zst bs=1 seek=$$((s / 2)) conv=notrunc status=none && \
	for a in "ARCHIVE=$(SHARE)/bad.tar.zst" "ARCHIVE=$(SHARE)/k.tar.zst PATCHES=$(SHARE)/patches" "ARCHIVE=$(SHARE)/k.tar.zst TARBALL=$(SHARE)/k.tar.zst"; do \
	  if $(M) kernels-import WORK=$(SHARE)/w $$a >/dev/null 2>$(SHARE)/err; then echo "kernels-import $$a was accepted" >&2; exit 1; fi; \
	  out=$$(grep -Ev '^make(\[[0-9]+\])?: \*\*\*' $(SHARE)/err); \
	  [ $$(printf '%s\n' "$$out" | grep -c .) = 1 ] && printf '%s\n' "$$out" | grep -q '^lab: ' || \
	    { echo "kernels-import $$a: said: $$out" >&2; exit 1; }; \
	  echo "refused: $$out"; done; \
	$(M) run STAGE=$(FIRST) WORK=$(SHARE)/w >$(SHARE)/run.log 2>&1 && grep -q 'up to date (imported' $(SHARE)/run.log || \
	  { cat $(SHARE)/run.log >&2; echo "a refused import changed the kernels imported before" >&2; exit 1; }; \
	rm -rf $(SHARE)

# The README's first command in fresh Debian roots (tests/fresh-root.sh), on the first stage's
# kernel for its first target, exported from this work dir: no kernel build in the root. The
# roots (debootstrap) and the packages they download are kept in ROOTS, shared by checkouts.
ROOTS  := $(CACHE)/roots
FRESH  := $(WORK)/fresh
FRESHK := $(FRESH)/kernels.tar.zst
export ROOTS
FIRST_AT := $(firstword $(call manifest,$(FIRST),TARGETS))/$(FIRST)
$(FRESHK): $(wildcard $(WORK)/out/$(FIRST_AT)/stamp)
	@mkdir -p $(@D) && $(M) kernel-ids PAIRS=$(FIRST_AT) | tools/kernels.sh export $@ >/dev/null
check-fresh-root: $(FRESHK)
	@tests/fresh-root.sh learner bookworm $(FRESHK)
check-fresh-root-13:
	@tests/fresh-root.sh refused trixie
check-fresh-gradescope: $(FRESHK)
	@$(M) gradescope STAGE=$(FIRST) >/dev/null && tests/fresh-root.sh gradescope bookworm $(FRESHK) $(WORK)/gradescope.zip

# Pictures of the high pages and the signal page, drawn by tools/gdb/picture.py from each
# stage's own guest (solution code) just before it powers off; the docs pages include them.
PICDIR ?= docs/labs/pictures
PICTURED = $(foreach s,$(STAGES),$(if $(call manifest,$(s),PICTURE),$(foreach t,$(call targets,$(s)),$(s):$(t))))
pictures: host
	@mkdir -p $(PICDIR) && for p in $(PICTURED); do s=$${p%%:*} t=$${p#*:} f=$(abspath $(PICDIR))/$${p%%:*}-$${p#*:}.txt; \
	  rm -f $$f; PICTURE=$$f $(MAKE) -s boot K=$$s T=$$s TARGET=$$t KMODE=$(KMODE) MODE=gdbtest \
	    GDBSCRIPT=tools/gdb/picture.py RUN=$$t-picture-$$s >$(WORK)/picture.log 2>&1 && test -s $$f || \
	    { tail -20 $(WORK)/picture.log >&2; echo "pictures: $$s on $$t failed (is its kernel built?)" >&2; exit 1; }; \
	  echo "pictures: $(PICDIR)/$$s-$$t.txt"; done; $(M) pictures-svg PICDIR=$(PICDIR)
check-pictures:
	@rm -rf $(WORK)/pictures && $(M) pictures PICDIR=$(WORK)/pictures KMODE=exact >/dev/null && \
	  diff -r docs/labs/pictures $(WORK)/pictures && echo "pictures: $(words $(PICTURED)) match their kernels" || \
	  { echo "docs/labs/pictures differ from what the kernels show: run 'make pictures' and commit" >&2; exit 1; }

# Each picture also as an SVG diagram beside its text, drawn by tools/host/picsvg from the .txt
# alone (an SVG whose text is gone goes too); the check redraws them from the committed text.
PICSVG := $(HOSTBIN)/picsvg
PICTXT  = $(wildcard $(PICDIR)/*.txt)
pictures-svg: $(PICSVG)
	@for t in $(PICTXT); do $(PICSVG) $$t > $${t%.txt}.svg.new && mv $${t%.txt}.svg.new $${t%.txt}.svg || \
	  { rm -f $${t%.txt}.svg.new; exit 1; }; done; \
	for v in $(wildcard $(PICDIR)/*.svg); do [ -f $${v%.svg}.txt ] || rm $$v; done; \
	echo "pictures: $(words $(PICTXT)) SVG diagrams in $(PICDIR)"
check-pictures-svg: $(PICSVG)
	@rm -rf $(WORK)/pictures-svg && mkdir -p $(WORK)/pictures-svg && \
	  $(if $(wildcard docs/labs/pictures/*.txt),cp docs/labs/pictures/*.txt $(WORK)/pictures-svg/ &&) \
	  $(M) pictures-svg PICDIR=$(WORK)/pictures-svg >/dev/null && diff -r docs/labs/pictures $(WORK)/pictures-svg && \
	  echo "pictures: $(words $(wildcard docs/labs/pictures/*.svg)) SVG diagrams match their text" || \
	  { echo "docs/labs/pictures/*.svg differ from what picsvg draws from the .txt: run 'make pictures-svg' and commit" >&2; exit 1; }

# 19accfd37384 deleted the .LCvswi label but kept the SWI slot that loads from it: that slot,
# reduced to what the assembler sees, must fail to assemble as merged and assemble with the label.
SWISLOT := labs/06-move-vector-stubs/swi_slot.S
check-swi-slot:
	@mkdir -p $(WORK)
	@if $(CROSS)gcc -c $(SWISLOT) -o $(WORK)/swi.o 2>$(WORK)/swi.log; then \
	  echo "$(SWISLOT) assembled without its label" >&2; exit 1; fi; \
	sed -n 's/^.*Error: /as merged: $(CROSS)as: Error: /p' $(WORK)/swi.log | grep . && \
	  $(CROSS)gcc -DLABELLED -c $(SWISLOT) -o $(WORK)/swi.o && \
	  echo "with the label: $$($(CROSS)objdump -d $(WORK)/swi.o | grep -m1 'ldr.*pc, \[pc')"

# 07's note on VIVT caches: a bare-metal program on versatilepb writes code through one alias
# of a page and runs it through another, with 2013's maintenance and with the fix's. QEMU has
# no cache model, so both must run the code written last; the docs say why that is a finding.
VIVT := labs/07-fiq-relocation/vivt_alias.c
check-vivt-alias:
	@mkdir -p $(WORK) && $(CROSS)gcc -O2 -march=armv5te -marm -ffreestanding -nostdlib -Wall -Wextra \
	  -Wl,-Ttext=0x10000 -Wl,-e,_start -o $(WORK)/vivt.elf $(VIVT) -lgcc && \
	timeout 30 $(QEMU_versatile) -nographic -monitor none -serial stdio -semihosting \
	  -kernel $(WORK)/vivt.elf </dev/null >$(WORK)/vivt.log 2>&1; cat $(WORK)/vivt.log; \
	[ $$(grep -c 'the code written last' $(WORK)/vivt.log) = 3 ] || \
	  { echo "QEMU kept an alias stale: it models VIVT caches now, and 07's docs are out of date" >&2; exit 1; }

# The 2013 !kuser link failure needs a CPU without ARMv6K and an MMU kernel without kuser
# helpers. Ask 6.1's Kconfig for both kinds of CPU: ARMv6 must come out with CPU_32v6K, ARMv5
# with KUSER_HELPERS forced on, which is why 11-fix-nokuser-build needs the baseline's
# LAB_ARMV6_NO_V6K (lab instrumentation) to show that break.
check-nokuser-kconfig: prepare
	@for c in armv6 armv5; do o=$(WORK)/kconfig-$$c; rm -rf $$o && mkdir -p $$o && \
	  KCONFIG_ALLCONFIG=$(LAB)/tests/kconfig/$$c-nokuser.config $(MAKE) -s -C $(TREE) ARCH=arm \
	    CROSS_COMPILE=$(CROSS) O=$$o allnoconfig >$$o.log 2>&1 || { cat $$o.log >&2; exit 1; }; \
	  echo "$$c: $$(grep -E '^(# )?CONFIG_(CPU_V6|CPU_V6K|CPU_32v6K|CPU_32v5|NEED_KUSER_HELPERS|KUSER_HELPERS)[ =]' $$o/.config | tr '\n' ' ')"; done; \
	grep -qx CONFIG_CPU_32v6K=y $(WORK)/kconfig-armv6/.config && grep -qx CONFIG_KUSER_HELPERS=y $(WORK)/kconfig-armv5/.config || \
	  { echo "6.1's Kconfig now allows a kernel without ARMv6K and without kuser helpers: docs/labs/11-fix-nokuser-build.md is out of date" >&2; exit 1; }

# The built site as a learner sees it: tools/browser/check.js serves it on 127.0.0.1 and drives
# Debian's chromium with playwright-core, installed by npm ci from the committed lock file into
# the work dir (again only when that file changes). The server's first port is derived from the
# work dir, as the gdb stub's is. Screenshots of DOCSHOTS go to test-artefacts/.
BROWSER   := $(WORK)/browser
DOCSQUERY ?= sigpage
DOCSHOTS  ?= / labs/08-sigpage/
$(BROWSER)/node_modules/.installed: tools/browser/package.json tools/browser/package-lock.json
	@mkdir -p $(BROWSER) && cp $^ $(BROWSER)/ && cd $(BROWSER) && \
	  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >npm.log 2>&1 || \
	  { cat npm.log >&2; echo "lab: npm ci of tools/browser failed" >&2; exit 1; }
	@touch $@
check-docs-browser: deps docs $(BROWSER)/node_modules/.installed
	@PORT=$$(( 20000 + $$(printf %s '$(WORK)/site' | cksum | cut -d' ' -f1) % 20000 )) \
	  NODE_PATH=$(BROWSER)/node_modules node tools/browser/check.js $(WORK)/site $(WORK)/test-artefacts \
	  $(DOCSQUERY) $(DOCSHOTS)
