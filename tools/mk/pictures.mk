# The docs' pictures of guest memory: drawn (make pictures) and checked.
.PHONY: pictures pictures-svg check-pictures check-pictures-svg check-picture \
	check-pictures-set

# Pictures of the high pages and the signal page, drawn by tools/gdb/picture.py from each
# stage's own guest (solution code) just before it powers off; the docs pages include them.
# The first kernel series' are in PICTURES; another series keeps in a folder of it named after
# the series those of its pictures that differ (none do on 6.12: its pages look the same), and
# is checked against the first series' for the rest. A suite run with TEST_TARGETS draws and
# checks those targets' pictures only (the list of those drawn is read once they are: make
# expands a recipe's lines before it runs the first).
PICTURES := docs/labs/pictures
PICDIR   ?= $(PICTURES)$(if $(filter-out $(FIRST_SERIES),$(SERIES)),/$(SERIES))
PICTURED  = $(foreach s,$(STAGES),$(foreach t,$(call test_targets,$(s)),\
	    $(if $(call manifest_for,$(s),PICTURE,$(t)),$(s):$(t))))
PICLOG    = $(WORK)/picture.log
# picture STAGE,TARGET[,DIR]: draw it into DIR (PICDIR), or say why not.
picture   = f=$(abspath $(or $(3),$(PICDIR)))/$(1)-$(2).txt; rm -f $$f; \
	    PICTURE=$$f $(MAKE) -s boot K=$(1) \
	    T=$(1) TARGET=$(2) KMODE=$(KMODE) MODE=gdbtest GDBSCRIPT=tools/gdb/picture.py \
	    RUN=$(2)-picture-$(1) >$(PICLOG) 2>&1 && test -s $$f || { tail -20 $(PICLOG) >&2; \
	    echo "pictures: $(1) on $(2) failed (is its kernel built?)" >&2; exit 1; }; \
	    echo "pictures: $(or $(3),$(PICDIR))/$(1)-$(2).txt";
pictures: host
	@mkdir -p $(PICDIR) && \
	  $(foreach p,$(PICTURED),$(call picture,$(call field1,$(p)),$(call field2,$(p)))) \
	  $(SUBMAKE) pictures-svg PICDIR=$(PICDIR)
check-pictures:
	@rm -rf $(WORK)/pictures && \
	  $(SUBMAKE) pictures PICDIR=$(WORK)/pictures KMODE=exact >/dev/null
	@for f in $$(cd $(WORK)/pictures && ls *.txt); do \
	  $(call picdiff,$(WORK)/pictures/$$f) || exit 1; done
	@$(SUBMAKE) check-pictures-set
	@echo "pictures: $(words $(PICTURED)) of linux $(SERIES) match their kernels"
# picdiff FILE: a picture drawn, against the one committed for this series (or the first's).
picdiff = f=$(notdir $(1)); p=$(PICDIR)/$$f; [ -f $$p ] || p=$(PICTURES)/$$f; \
	  if diff -u $$p $(1); then echo "picture: $$p matches its kernel"; \
	  else echo "$$p differs" \
	  "from what the kernel of linux $(SERIES) shows: run 'make pictures' and commit" >&2; \
	  false; fi
# check-picture S=<id> TARGET=<t>: one picture drawn and compared (a kernel whose session,
# tools/mk/session.mk, cannot draw it); check-pictures-set: no committed picture is no stage's.
check-picture:
	@rm -rf $(WORK)/pictures && mkdir -p $(WORK)/pictures && \
	  $(call picture,$(S),$(TARGET),$(WORK)/pictures) \
	  $(call picdiff,$(WORK)/pictures/$(S)-$(TARGET).txt)
check-pictures-set:
	@for f in $(if $(TEST_TARGETS),,$(notdir $(wildcard $(PICDIR)/*.txt))); do \
	  echo " $(subst :,-,$(PICTURED:=.txt)) " | grep -qF " $$f " || { \
	  echo "$(PICDIR)/$$f belongs to no stage: remove it" >&2; exit 1; }; done; \
	  echo "pictures: each of $(PICDIR) is a stage's"

# Each picture also as an SVG diagram beside its text, drawn by tools/host/picsvg from the .txt
# alone (an SVG whose text is gone goes too); the check redraws them all from the committed text.
PICSVG := $(HOSTBIN)/picsvg
PICTXT  = $(wildcard $(PICDIR)/*.txt)
pictures-svg: $(PICSVG)
	@for t in $(PICTXT); do $(PICSVG) $$t > $${t%.txt}.svg.new && \
	  mv $${t%.txt}.svg.new $${t%.txt}.svg || { rm -f $${t%.txt}.svg.new; exit 1; }; done; \
	for v in $(wildcard $(PICDIR)/*.svg); do [ -f $${v%.svg}.txt ] || rm $$v; done; \
	echo "pictures: $(words $(PICTXT)) SVG diagrams in $(PICDIR)"
SVGCHECK = $(WORK)/pictures-svg
check-pictures-svg: $(PICSVG)
	@rm -rf $(SVGCHECK) && cp -r $(PICTURES) $(SVGCHECK) && \
	  find $(SVGCHECK) -name '*.svg' -delete
	@for d in $(SVGCHECK) $(wildcard $(SVGCHECK)/*/); do \
	  $(SUBMAKE) pictures-svg PICDIR=$${d%/} >/dev/null || exit 1; done
	@diff -r $(PICTURES) $(SVGCHECK) && echo "pictures: $(words $(wildcard $(PICTURES)/*.svg \
	  $(PICTURES)/*/*.svg)) SVG diagrams match their text" || { echo "$(PICTURES): the SVG" \
	  "diagrams differ from what picsvg draws from the .txt: run 'make pictures-svg'" >&2; \
	  exit 1; }
