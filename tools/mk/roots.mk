# make test's fresh Debian roots, the container and the grading image.
.PHONY: check-fresh-root check-fresh-root-13 check-fresh-release check-series-13 check-container \
	check-grading-image check-fresh-gradescope
# The fresh roots and the container, planned after the first stage's steps (they import its
# kernel): tools/suite.sh runs them one at a time, beside the steps below them; Debian 13's
# beside Debian 12's, in a lane of their own (each release keeps its own .deb folder).
roots_plan = $(if $(filter-out trixie,$(HOST_RELEASE)),$(call plan,a fresh Debian 13 root: make \
    run gives its verdict on linux 6.12 on the first try$(comma) learner's packages only; then \
    make test PART=stages there for $(SERIES_TARGET),$(SUBMAKE) check-series-13,root:trixie),\
  $(call plan,a fresh Debian 13 root: make run gives its verdict on linux 6.12 on the first \
    try$(comma) learner's packages only,$(SUBMAKE) check-fresh-root-13,root))\
  $(call plan,a fresh Debian 12 root: make run gives its verdict on the first try$(comma) \
    learner's packages only,$(SUBMAKE) check-fresh-root,root)\
  $(call plan,a learner's release (no solutions/) in a fresh Debian 12 root: make run and \
    make grade give their verdicts,$(SUBMAKE) check-fresh-release,root)\
  $(call plan,Gradescope's setup.sh and run_autograder in a fresh $(HOST_DEBIAN) root,\
    $(SUBMAKE) check-fresh-gradescope,root)\
  $(call plan,the container: make run's verdict$(comma) and this host's gdb attached to it,\
    $(SUBMAKE) check-container,root)\
  $(call plan,the grading image: built with the first stage's kernel$(comma) it grades its \
    solution and skeleton in each grader's format with no network$(comma) as uid 1000$(comma) \
    on half a CPU and 768 MB,$(SUBMAKE) check-grading-image,root)

# The README's first command in fresh Debian roots (tests/fresh-root.sh), and the container.
# The roots (debootstrap) and the packages they download are kept in ROOTS, shared by
# checkouts. A root (or the container) of the Debian release whose series this machine runs
# imports the first stage's kernel for its first target, exported from this work dir; one of
# another release builds its own, with that release's compiler cache kept in ROOTS.
ROOTS  := $(CACHE)/roots
FRESH  := $(WORK)/fresh
FRESHK := $(FRESH)/kernels.tar.zst
export ROOTS
HOST_RELEASE := $(shell LABS=labs tools/series.sh codename $(SERIES))
HOST_DEBIAN  := Debian $(shell LABS=labs tools/series.sh release $(SERIES))
own_kernels = $(if $(filter $(1),$(HOST_RELEASE)),$(FRESHK))
FIRST_AT := $(firstword $(call manifest_for,$(FIRST),TARGETS))/$(FIRST)
$(FRESHK): $(wildcard $(WORK)/out/$(FIRST_AT)/stamp)
	@mkdir -p $(@D) && $(SUBMAKE) kernel-ids PAIRS=$(FIRST_AT) | \
	  tools/kernels.sh export $@ >/dev/null
check-fresh-root: $(FRESHK)
	@tests/fresh-root.sh learner bookworm $(call own_kernels,bookworm)
# A learner's release (make release), cloned in a fresh Debian 12 root: make run and make
# grade give their verdicts with no solutions/ there.
check-fresh-release: $(FRESHK)
	@rm -rf $(WORK)/release && tools/release.sh $(WORK)/release && \
	  LAB=$(WORK)/release tests/fresh-root.sh release bookworm $(FRESHK)
check-fresh-root-13: $(FRESHK)
	@tests/fresh-root.sh learner trixie $(call own_kernels,trixie)
# Debian 13's kernel series in its own root, on a machine that runs another: a learner's make
# run there first (as check-fresh-root-13 does), then every stage on the first stage's first
# target.
SERIES_TARGET := $(firstword $(call manifest_for,$(FIRST),TARGETS))
check-series-13:
	@tests/fresh-root.sh suite trixie TEST_TARGETS=$(SERIES_TARGET)
check-container: $(FRESHK)
	@tests/container.sh $(call own_kernels,bookworm)
# The grading image (make grading-image) with the first stage's kernel, run as graders run it.
check-grading-image: $(FRESHK)
	@LABMAKE="$(SUBMAKE)" tests/grading-image.sh $(FRESHK) $(FIRST)
check-fresh-gradescope: $(FRESHK)
	@$(SUBMAKE) gradescope STAGE=$(FIRST) >/dev/null && \
	  tests/fresh-root.sh gradescope $(HOST_RELEASE) $(FRESHK) $(WORK)/gradescope.zip
