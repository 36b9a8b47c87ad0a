# The docs: built, served, and make test's docs steps, among them the checks of the pages'
# claims and of the site in a browser.
.PHONY: docs docs-serve check-claim check-docs-browser

# make test's docs steps (test-plan-rest): the walkthroughs' captures, the sources, the pages'
# claims, the pictures' SVG diagrams, the build, its drift check, the site in a browser.
docs_plan = \
  $(foreach s,$(WALKED_SERIES),$(call plan,docs: every walkthrough's captured output on linux \
    $(s) is committed and on its stage page,$(SUBMAKE) check-walks SERIES=$(s)))\
  $(call plan,docs: every commit hash named has a source,tools/sources.sh)\
  $(foreach c,$(CLAIMS),$(call plan,docs: $(call claimname,$(c)),\
    $(SUBMAKE) check-claim CLAIM=$(c)))\
  $(call plan,docs: the pictures' SVG diagrams are drawn from their text,\
    $(SUBMAKE) check-pictures-svg)\
  $(call plan,docs: mkdocs build --strict,$(SUBMAKE) docs)\
  $(call plan,docs: the build fails when a stage page and its patches disagree,\
    tests/docs-drift.sh $(WORK)/docs-drift)\
  $(call plan,docs: the site in headless chromium (pages$(comma) links$(comma) \
    pictures$(comma) search$(comma) wide blocks$(comma) from file://$(comma) redirects),\
    $(SUBMAKE) check-docs-browser,alone)

docs: deps
	@mkdocs build --strict -q -d $(WORK)/site && tools/anchors.sh $(WORK)/site && \
	  echo "docs: built in $(WORK)/site (open $(WORK)/site/index.html)"
# A live preview: mkdocs serve on 127.0.0.1, rebuilt when a page, a patch it shows, the theme
# override, labs/renamed or labs/series changes (the hook: restart it). Its port is derived from
# the work dir as check-docs-browser's is (the same first port, the next free one), so that two
# checkouts do not pick the same one.
docs-serve: deps
	@mkdocs serve -a 127.0.0.1:$$(tools/gdbport.sh '$(WORK)/site') -w patches -w labs/renamed \
	  -w labs/series -w tools/docs_theme

# What a stage's page claims and a host-side check proves: labs/<id>/claim_<name>.sh, run from
# the checkout with a scratch dir of its own (make check-claim CLAIM=<id>/<name>); its second
# line says what it proves.
CLAIMS := $(patsubst labs/%.sh,%,$(subst /claim_,/,$(wildcard labs/*/claim_*.sh)))
claimfile = labs/$(dir $(1))claim_$(notdir $(1)).sh
claimname = $(shell sed -n '2s/^\# //p' $(call claimfile,$(1)))
export CROSS $(filter QEMU_%,$(.VARIABLES))
check-claim: prepare
	@test -x "$(call claimfile,$(CLAIM))" || \
	  { echo "lab: CLAIM=$(CLAIM): one of $(CLAIMS)" >&2; exit 2; }
	@rm -rf $(WORK)/claims/$(CLAIM) && mkdir -p $(WORK)/claims/$(CLAIM) && \
	  SCRATCH=$(WORK)/claims/$(CLAIM) $(call claimfile,$(CLAIM))

# The built site as a learner sees it: tools/browser/check.js serves it on 127.0.0.1, opens it
# from disk too, and drives Debian's chromium with playwright-core, installed by npm ci from the
# committed lock file into the work dir (again only when that file changes). The server's first
# port is derived from the work dir, as the gdb stub's is (make docs-serve starts from it too).
# Screenshots of DOCSHOTS and of the search from file:// go to test-artefacts/.
BROWSER   := $(WORK)/browser
DOCSQUERY ?= sigpage
DOCSHOTS  ?= / $(foreach s,$(wordlist 1,2,$(foreach s,$(STAGES),\
	     $(if $(call manifest_for,$(s),PICTURE),$(s)))),labs/$(s).html)
$(BROWSER)/node_modules/.installed: tools/browser/package.json tools/browser/package-lock.json
	@mkdir -p $(BROWSER) && cp $^ $(BROWSER)/ && cd $(BROWSER) && \
	  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >npm.log 2>&1 || \
	  { cat npm.log >&2; echo "lab: npm ci of tools/browser failed" >&2; exit 1; }
	@touch $@
check-docs-browser: deps docs $(BROWSER)/node_modules/.installed
	@PORT=$$(( 20000 + $$(printf %s '$(WORK)/site' | cksum | cut -d' ' -f1) % 20000 )) \
	  NODE_PATH=$(BROWSER)/node_modules node tools/browser/check.js $(WORK)/site \
	  $(WORK)/test-artefacts $(DOCSQUERY) $(DOCSHOTS)
