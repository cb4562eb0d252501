# gmtool: every target sets itself up (venv, Python packages, Debian libraries when root).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out

.PHONY: run test test-fast lint bench package sysdeps clean i18n screens lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Every Python package comes from the lock (requirements/lock.txt: exact versions and their hashes,
# for Linux, Windows and macOS alike; `make lock` regenerates it): the runtime's, the tests' and
# linters', PyInstaller, and hatchling, which builds gmtool's own editable install without a
# download of its own (--no-build-isolation). One install for all, so `make run`, `make test`,
# CI, the release workflow and `make package` use the same versions. Re-installed when
# pyproject.toml or the lock changes.
LOCK := requirements/lock.txt
$(VENV)/.runtime: pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@$(BIN)/python -m pip check >/dev/null || { $(BIN)/python -m pip check; \
		echo "The lock misses what pyproject.toml asks for: run make lock"; exit 1; }
	@touch $@

$(VENV)/.test: $(VENV)/.runtime
	@touch $@

sysdeps:
	@sh packaging/sysdeps.sh

# Reopens the last campaign (the start page the first time); with no display it says so and writes
# screenshots of the demo to out/
run: sysdeps $(VENV)/.runtime
	$(BIN)/python -m gmtool --screenshots-if-headless $(OUT)

# lint-imports: the layer and per-system import contracts ([tool.importlinter] in pyproject.toml).
# It takes about a second, so no cache (it would otherwise write .import_linter_cache/ here).
# mypy: strict everywhere ([tool.mypy]); the engine and the store strictly, always.
# check-jsonschema: the release workflow against the GitHub Actions schema it ships (no download).
lint: $(VENV)/.test
	$(BIN)/ruff check gmtool tests benchmarks packaging
	$(BIN)/lint-imports --no-cache --no-logo
	$(BIN)/mypy
	$(BIN)/mypy --strict gmtool/rules gmtool/store
	$(BIN)/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

# The suite runs on every core (pytest-xdist; JOBS=0: in one process): each test has its own files,
# data folder and settings (tests/conftest.py).  `make test` is everything: lint, then every test,
# tests/test_package.py included once `make package` has built dist/gmtool.  `make test-fast` is the
# developer's loop: no e2e (tests/e2e/), no slow tests, no package, no lint.
# PYTHONDONTWRITEBYTECODE emptied: pytest keeps the test modules it rewrote (their asserts) in
# __pycache__, and the next run's workers skip the ten seconds each spends rewriting them again.
JOBS   ?= auto
PYTEST := QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n $(JOBS)

test: sysdeps lint
	$(PYTEST)

test-fast: sysdeps $(VENV)/.test
	$(PYTEST) -m "not e2e and not slow and not package"

bench: sysdeps $(VENV)/.runtime
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

$(VENV)/.package: $(VENV)/.runtime
	@touch $@

# One-folder app in dist/gmtool/ (packaging/gmtool.spec); `make test` then also runs tests/test_package.py.
package: sysdeps $(VENV)/.package
	$(BIN)/pyinstaller packaging/gmtool.spec --noconfirm --log-level WARN --distpath dist --workpath build

# English UI: extract every tr() string, fill from resources/i18n/en/*.json, compile the .qm.
# Engine/store/model messages (Message(template, …), no tr()): their templates are listed in
# messages_ja.json and translated at display time from messages_en.json (tests/test_message_catalog.py).
# Untranslated sources are listed and written to out/i18n_missing.json (tests/test_i18n.py fails on them).
I18N := resources/i18n
i18n: $(VENV)/.runtime
	$(BIN)/python packaging/messages_extract.py $(I18N)/messages_ja.json
	$(BIN)/pyside6-lupdate $$(find gmtool -name '*.py' | sort) -ts $(I18N)/gmtool_en.ts \
		-source-language ja_JP -target-language en_US -no-obsolete -locations none -silent
	$(BIN)/python packaging/i18n_fill.py $(I18N)/gmtool_en.ts $(I18N)/en --missing $(OUT)/i18n_missing.json
	$(BIN)/pyside6-lrelease -silent $(I18N)/gmtool_en.ts -qm $(I18N)/gmtool_en.qm

# Regenerates the lock from pyproject.toml (its dependencies and every extra) and
# requirements/tools.in, for Python 3.11 on every platform, keeping the versions it already pins
# (`make lock UPGRADE=--upgrade` moves them all to the newest allowed; `UPGRADE="-P numpy"` one).
# tests/test_lock.py checks that it still agrees with pyproject.toml; its slow test, that every
# pinned package has a wheel for Windows and macOS (arm64).
# It needs only uv (pinned in the lock): a venv whose install stopped at pip check can still run it.
UPGRADE ?=
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)

lock: | $(BIN)/uv
	$(BIN)/uv pip compile pyproject.toml requirements/tools.in --all-extras --universal \
		--python-version 3.11 --generate-hashes --custom-compile-command "make lock" \
		--quiet -o $(LOCK) $(UPGRADE)

# Linux: gmtool in the desktop's menus with its icon, and a double-click on a *.gmcampaign opening
# it, for the current user (no root): $XDG_DATA_HOME, else ~/.local/share (gmtool/desktop_entry.py;
# the packaged build does the same with `gmtool install-desktop`).  The entry runs this checkout's
# venv (python -m gmtool); DESKTOP_EXEC=/abs/path/to/gmtool makes it run that program instead.
.PHONY: install-desktop uninstall-desktop icons
DESKTOP_EXEC ?=
install-desktop: sysdeps $(VENV)/.runtime
	$(BIN)/python -m gmtool install-desktop $(if $(DESKTOP_EXEC),--exec "$(DESKTOP_EXEC)")

uninstall-desktop: $(VENV)/.runtime
	$(BIN)/python -m gmtool uninstall-desktop

# The icon files (PNG sizes, .ico, .icns, the app's PNGs and SVG) from packaging/icons/gmtool.svg; committed.
icons: $(VENV)/.runtime
	QT_QPA_PLATFORM=offscreen $(BIN)/python packaging/make_icons.py

clean:
	rm -rf $(VENV) $(OUT) dist build .pytest_cache .ruff_cache

# resources/manual/screens (shown by the manual, F1, and the README): the main window for each
# system and every dialog, on a 1366×768 screen (offscreen), Japanese light and English dark, then the
# docks after a few rolls and the tracker's LotR attack step (tests/e2e/docks_shot.py, tracker_shot.py):
# every shot the manual and the README show.  The same run checks that each fits (tests/e2e/screen_fit.py).
SCREEN := offscreen:configfile=tests/data/screen_1366x768.json
screens: sysdeps $(VENV)/.test
	rm -rf resources/manual/screens/ja-light resources/manual/screens/en-dark
	QT_QPA_PLATFORM=$(SCREEN) $(BIN)/python -m tests.e2e.screen_fit ja --theme light --shots resources/manual/screens/ja-light
	QT_QPA_PLATFORM=$(SCREEN) $(BIN)/python -m tests.e2e.screen_fit en --theme dark --shots resources/manual/screens/en-dark
