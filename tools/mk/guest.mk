# What runs in the guest: the userlands, the stage's test programs linked with the code
# graded, and its modules.
.PHONY: guest modules

# Guest userlands: Debian's cross compilers and its static busybox (armhf's is unpacked into
# the cache by tools/deps.sh: it cannot be installed beside armel's), with the lab's helpers
# for the tests (GUESTLIB).
UCC_armel     := arm-linux-gnueabi-gcc -static
UCC_armhf     := arm-linux-gnueabihf-gcc -static
UCC_host      := gcc -static
# ARMv7-M without an MMU: Thumb only, no C library, position-independent with nothing to
# relocate (the nommu ELF loader runs such a program wherever it puts it).
UCC_v7m       := arm-linux-gnueabi-gcc -mthumb -mcpu=cortex-m3 -ffreestanding -nostdlib -fPIE \
	-pie -fomit-frame-pointer -fno-asynchronous-unwind-tables -ffunction-sections \
	-fdata-sections -Wl,--gc-sections -Wl,--no-dynamic-linker -Wl,-z,norelro \
	-Wl,-z,noexecstack -Wl,--build-id=none
BUSYBOX_armel := /bin/busybox
BUSYBOX_armhf := $(CACHE)/busybox-armhf/bin/busybox
GUESTLIB_v7m  := tools/guest/v7m/sys.c
USERLAND  = $(USERLAND_$(TARGET))
GUESTLIB  = $(or $(GUESTLIB_$(USERLAND)),tools/guest/lab.c)
# The test runner: the guest's /init, unless the target names its own (INIT_<target>).
INIT      = $(or $(INIT_$(TARGET)),tools/guest/labinit.c tools/guest/runtests.c)
UCC       = $(UCC_$(USERLAND)) -O2 -Wall

# guest T=stage CODE=solutions|exercises|DIR: the stage's test programs linked with that code
# (DIR: any directory of <stage-id>/ folders laid out as exercises/, e.g. a learner's)
# (CODE_STAGE: a stage that grades another stage's exercise again). A test named
# OTHER-STAGE/test_x.c is that stage's test, linked with that stage's code (and that stage's
# LDFLAGS: 03 links its test with the learner's entry point).
# CODEID names the code in run names: its own name, or a hash of a directory's path.
CODEID   = $(strip $(if $(filter solutions exercises,$(CODE)),$(CODE),\
	   dir-$(shell printf %s '$(abspath $(CODE))' | sha1sum | cut -c1-8)))
# Each run builds its own guest programs in its run dir: runs may go on side by side.
GUEST    = $(WORK)/runs/$(RUN)/guest
LABINIT  = $(WORK)/runs/$(RUN)/labinit
CODEDIR  = $(CODE)/$(or $(call manifest,$(T),CODE_STAGE),$(T))
# testcmd TEST: the command that compiles one test of T with its code dir, CODE and LDFLAGS.
owner    = $(if $(findstring /,$(1)),$(firstword $(subst /, ,$(1))),$(T))
testdir  = $(if $(findstring /,$(1)),$(CODE)/$(call owner,$(1)),$(CODEDIR))
testcmd  = $(UCC) -Wno-sign-compare -I$(KSRC)/tools/testing/selftests -Itools/guest \
	-DLAB_CODEDIR='"$(call testdir,$(1))"' -I$(call testdir,$(1)) \
	-o $(GUEST)/$(basename $(notdir $(1))) \
	labs/$(if $(findstring /,$(1)),$(1),$(T)/$(1)) $(GUESTLIB) \
	$(addprefix $(call testdir,$(1))/,$(call manifest,$(call owner,$(1)),CODE)) \
	$(call manifest,$(call owner,$(1)),LDFLAGS)
# Exercise code may run only when a test calls it: code of its own before main() or after exit
# (a constructor or destructor) could print the harness's report itself, so such an object is
# refused, as code that does not compile is (docs/engine.md, "Reports the grader does not
# believe"). The object is made beside the guest's dir, whose every file the guest runs.
OBJDUMP  = $(if $(filter host,$(USERLAND)),objdump,$(CROSS)objdump)
CTORS    = \.(preinit_array|init_array|fini_array|ctors|dtors)
nocode_before_main = for f in $(addprefix $(1)/,$(call manifest,$(2),CODE)); do \
	$(UCC) -Wno-sign-compare -I$(KSRC)/tools/testing/selftests -Itools/guest -I$(1) -c \
	  -o $(dir $(GUEST))ctor.o $$f 2>/dev/null || continue; \
	s=$$($(OBJDUMP) -h $(dir $(GUEST))ctor.o | grep -Eo '$(CTORS)[^ ]*' | head -1); \
	[ -z "$$s" ] || { echo "$$f: error: code that runs before main() or after exit ($$s):" \
	  "exercise code may run only when a test calls it" >&2; exit 1; }; done; \
	rm -f $(dir $(GUEST))ctor.o
guest: ksrc
	@test -d $(CODEDIR) || { echo "lab: no $(CODEDIR)" >&2; exit 2; }
	@rm -rf $(GUEST) && mkdir -p $(GUEST)
	@$(UCC) -Itools/guest -o $(LABINIT) $(INIT)
	@$(if $(CMD),: a command runs instead of the tests,\
	  $(call nocode_before_main,$(CODEDIR),$(or $(call manifest,$(T),CODE_STAGE),$(T))))
	@$(if $(CMD),:,$(foreach t,$(call manifest,$(T),TESTS),$(call testcmd,$(t)) && ) true)

# modules K=kernel-stage T=test-stage: the test stage's MODULES (C files in its code dir),
# built out of tree against kernel K's build dir; the guest finds them in /lab/modules.
MODDIR   = $(WORK)/modules/$(TARGET)-$(K)-$(T)-$(CODEID)
MODULES  = $(call manifest,$(T),MODULES)
modules: deps
	@$(if $(MODULES),MODULES="$(MODULES)" MODSRC=$(CODEDIR) MODOUT=$(MODDIR) $(KBUILD),\
	  rm -rf $(MODDIR))
