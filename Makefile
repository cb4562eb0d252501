# gmtool: every target sets itself up (venv, Python packages, Debian libraries when root).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out

.PHONY: run test lint bench package sysdeps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install when pyproject.toml changes.
$(VENV)/.runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.test: $(VENV)/.runtime
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

sysdeps:
	@sh packaging/sysdeps.sh

# Opens the demo campaign; with no display it says so and writes screenshots to out/.
run: sysdeps $(VENV)/.runtime
	$(BIN)/python -m gmtool --demo --screenshots-if-headless $(OUT)

lint: $(VENV)/.test
	$(BIN)/ruff check gmtool tests benchmarks packaging

test: sysdeps lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

bench: sysdeps $(VENV)/.runtime
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) $(OUT) dist build .pytest_cache .ruff_cache
