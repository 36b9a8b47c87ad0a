# make test's fresh Debian roots, the container and the grading image.
.PHONY: check-fresh-root check-fresh-root-13 check-fresh-release check-series-13 check-container \
	check-grading-image check-fresh-gradescope

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
# Debian 13's kernel series in its own root, on a machine that runs another: every stage on
# the first stage's first target.
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
