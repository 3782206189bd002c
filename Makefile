# The two commands of the README, and the docs.  Each target sets itself up on first use: a .venv
# with the project (editable) and the extras it needs.  The stamp file is keyed by pyproject.toml, so
# a change of dependencies reinstalls, and an up-to-date setup costs nothing.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: check test docs bench clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test,docs]"
	@rm -f $(VENV)/.installed-*
	@touch $@

# The project's modules byte-compiled: the editable install leaves them uncompiled, and where
# PYTHONDONTWRITEBYTECODE is set (as on the machines these sessions run on) every process compiled
# them again: about a tenth of a second at each start of tombspec or of a verify.  Incremental: a
# changed source is compiled again, an unchanged one costs a stat.
BYTECODE = $(PY) -m compileall -q -j 0 model checks spec >/dev/null

## make check: the main job on the embedded catalogs, the shipped boards and every registered game
check: $(STAMP)
	@$(BYTECODE)
	$(VENV)/bin/tombspec check

## make test: the test-suite (hypothesis profile "ci": derandomised and bounded), on every core: one
## pytest-xdist worker per core, each test file kept on one worker (its module fixtures built once), the
## files marked long (the docs' build) handed out first (tests/conftest.py), the rest in collection order;
## TEST_WORKERS=0 runs it in this process alone
TEST_WORKERS ?= auto
test: $(STAMP)
	@$(BYTECODE)
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

## make docs: the HTML site with warnings as errors, then the doctests
docs: $(STAMP)
	$(PY) -m sphinx -W --keep-going -n -b html -d docs/_build/doctrees docs docs/_build/html
	$(PY) -m sphinx -W --keep-going -b doctest -d docs/_build/doctrees docs docs/_build/doctest

## make bench: the measurements of bench/ (never part of the tests)
bench: $(STAMP)
	@$(BYTECODE)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) docs/_build docs/generated .pytest_cache
