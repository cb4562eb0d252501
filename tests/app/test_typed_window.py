"""The window's pieces reach it through `gmtool.app.services.AppServices`, typed: nothing reads an
attribute off the window by name, finds a menu by its translated title, or silences the type checker.
"""

from __future__ import annotations

import re
from pathlib import Path

import gmtool

PACKAGE = Path(gmtool.__file__).parent
APP = PACKAGE / "app"
# The start creates the window; the test hook drives it as a user would (and closes it).
KNOW_THE_WINDOW = {"app/main_window.py", "app/gui.py", "app/test_hook.py"}


def sources(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(PACKAGE)): path.read_text(encoding="utf-8") for path in folder.rglob("*.py")}


def offending(pattern: str, folder: Path = APP) -> list[str]:
    found = re.compile(pattern)
    return [name for name, text in sources(folder).items() if found.search(text)]


def test_no_type_check_is_silenced_in_the_app():
    assert offending(r"type:\s*ignore") == []
    assert offending(r"\bcast\(") == []


def test_nothing_is_read_off_the_window_by_name():
    assert offending(r"getattr\((self\.)?window\b") == []


def test_menus_are_found_by_id_not_by_title():
    assert offending(r'translate\(\s*"MainWindow"') == []
    assert offending(r"menuBar\(\)\.actions\(\)") == []


def test_only_the_start_and_the_test_hook_know_the_main_window():
    assert set(offending(r"\bMainWindow\b", PACKAGE)) == KNOW_THE_WINDOW
