# Two commands on a fresh machine: `make serve` and `make test`.
# Both create .venv and install the pinned dependencies when needed: serve,
# build and matrix only what building needs (pyproject.toml's dependencies),
# test, lint and format that and the `test` group too.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Readers elsewhere: make test TORCH_INDEX=https://download.pytorch.org/whl/cpu
# installs the CPU-only torch wheel instead of PyPI's default (CUDA) build.
TORCH_INDEX ?=
PIP_FLAGS := $(if $(TORCH_INDEX),--extra-index-url $(TORCH_INDEX))
SITE_STAMP := $(VENV)/.installed-site
STAMP  := $(VENV)/.installed

.PHONY: install install-site serve build test test-fast search-report example lint format bench clean matrix translations-ok drift-claims canary cpu-check notebook-check

# make serve PORT=8001 serves on another port.
PORT ?= 8000

install: $(STAMP)  ## everything: what building needs and the test group
install-site: $(SITE_STAMP)  ## what building and serving need, nothing for tests

$(SITE_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11) and "Python 3.11 is required (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(PIP_FLAGS) -e .
	touch $@

# pip 25.1+ installs a PEP 735 group ([dependency-groups] in pyproject.toml).
$(STAMP): $(SITE_STAMP)
	$(BIN)/python -m pip install --quiet --group test
	touch $@

# serve keeps example outputs in .cache/gradsite across sessions (gradsite/runner/).
serve: $(SITE_STAMP)  ## local site with live reload on http://127.0.0.1:$(PORT) (make serve PORT=8001)
	GRADSITE_CACHE=.cache/gradsite $(BIN)/mkdocs serve --dev-addr 127.0.0.1:$(PORT) --livereload

# The site, then its offline copy: a strict build of its own that reuses the site's outputs,
# zipped into site/downloads/ with the PDFs (gradsite/downloads/offline.py, `make`).
build: $(SITE_STAMP)  ## strict build into site/, and its offline copy
	$(BIN)/python -m gradsite.downloads site

# pytest-xdist workers: one per core, at most 4 (tests/conftest.py); the builds are
# shared; tests of one xdist_group (an example's run and its three tests, a language's page
# survey) share a worker. --no-loadscope-reorder keeps the order tests/conftest.py gives (tests
# that need no build first): by default xdist starts the biggest groups first, and a language's
# survey group then holds a worker from the start, waiting for the site's build.
# `make bench` times it (figure 11).
test: $(STAMP)  ## the whole suite, strict build included
	$(BIN)/python -m pytest -n auto --dist loadgroup --no-loadscope-reorder --durations=15

# Every held-out search query, tests/search_measured.toml's batches too (make test
# types only tests/search_unseen.toml's): the figures in the report, for a change of the ranking.
search-report: $(STAMP)  ## every held-out search question typed in Chromium, top-1 page and section reported
	GRADSITE_SEARCH_REPORT=1 $(BIN)/python -m pytest tests/test_search.py -p no:xdist -k "not_tuned_on or held_out" $(ARGS)

test-fast: $(STAMP)  ## an author's check in under a minute: no whole-site build, no browser
	$(BIN)/python -m pytest -m "not build and not browser and not slow" $(ARGS)

# Everything about one example: its run alone and its pinned matrix row, the drift cases
# that target it, zh/en parity of the pages that include it, ruff (tests/conftest.py, --example);
# no whole-site build (`make test` before the pull request).
EXAMPLE ?=
example: $(STAMP)  ## everything about one example: make example EXAMPLE=snippets/<chapter>/<name>.py
	$(BIN)/python -m pytest tests --example "$(EXAMPLE)" -m "not build and not browser" $(ARGS)

lint: $(STAMP)  ## actionlint (with shellcheck) and zizmor on .github/workflows; pytest runs them too
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/actionlint -no-color
	$(BIN)/zizmor --offline --persona pedantic .github/workflows

format: $(STAMP)  ## ruff on snippets/, gradsite/, tests/, benchmarks/, AutoCorrect on the Chinese text (tests/test_ruff.py, tests/test_typography.py check them)
	$(BIN)/ruff format snippets gradsite tests benchmarks
	$(BIN)/ruff check --fix snippets gradsite tests benchmarks
	$(BIN)/python tests/typography.py --fix

# A zh section and its en twin say the same again: record it (tests/translations.py;
# tests/test_translations.py fails, naming the page and section, until then).
translations-ok: $(SITE_STAMP)  ## record that each changed section says the same in both languages
	$(BIN)/python tests/translations.py record

# The build reads which drift cases break each claim from data/drift-claims.json, not from
# tests/: record it after editing tests/drift_cases/ (tests/test_drift.py fails until then).
drift-claims: $(SITE_STAMP)  ## record the drift cases of each claim (tests/drift_cases/) in data/drift-claims.json
	$(BIN)/python tests/drift_claims.py

# The toolchain after Material (CONTRIBUTING.md): MkDocs and ProperDocs build the site strict
# and every file is compared; the newest Zensical builds it and the report says what it drops.
# Its own venv, never .venv: the site's pins, plus the newest properdocs and zensical.
CANARY := .venv-canary
canary:  ## ProperDocs and the newest Zensical against MkDocs, report in .cache/canary/canary.md
	test -x $(CANARY)/bin/python || $(PYTHON) -m venv $(CANARY)
	$(CANARY)/bin/python -m pip install --quiet --upgrade pip
	$(CANARY)/bin/python -m pip install --quiet $(PIP_FLAGS) -e . --upgrade properdocs zensical
	$(CANARY)/bin/python tests/canary.py

bench: $(SITE_STAMP)  ## build times, executions and page weight against the budgets (BENCHMARKS.md)
	$(BIN)/python benchmarks/bench.py

# Every example on every torch release (gradsite/matrix/): only what is missing or
# stale runs. RELEASES="1.13.1 2.0.1" and EXAMPLES="snippets/..." narrow it; FORCE=1 reruns.
RELEASES ?=
EXAMPLES ?=
matrix: $(SITE_STAMP)  ## the compatibility matrix into data/matrix.json
	nice -n 10 $(BIN)/python -m gradsite.matrix run --releases "$(RELEASES)" --examples "$(EXAMPLES)" \
		$(if $(FORCE),--force) $(if $(TORCH_INDEX),--index $(TORCH_INDEX))

# Each example on the portable kernels and one thread must print what the pinned row recorded
# (tests/cpu_check.py): the examples changed since data/cpu-check.json recorded them, or
# EXAMPLES="snippets/..."; ALL=1 every example (the weekly drift job). make test checks the changed ones.
ALL ?=
cpu-check: $(SITE_STAMP)  ## each example under ATEN_CPU_CAPABILITY=default on one thread, recorded in data/cpu-check.json
	$(BIN)/python tests/cpu_check.py $(if $(ALL),--all) $(EXAMPLES)

# Each chapter's notebook in a Jupyter kernel (tests/notebook_check.py): those whose code cells
# or outputs changed since data/notebook-check.json recorded a passing run; ALL=1 every one (the
# weekly drift job). make test runs the changed ones.
notebook-check: $(STAMP)  ## each chapter's notebook in a Jupyter kernel, recorded in data/notebook-check.json
	$(BIN)/python tests/notebook_check.py $(if $(ALL),--all)

clean:
	rm -rf site .pytest_cache .cache/gradsite
