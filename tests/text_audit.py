"""What a user reads in a window, gathered from its widgets, and the two checks the language walks make
of it (issue 35): in the English UI no Japanese outside the user's data, rule quotes and bracketed game
terms; in either UI no raw id (a ``snake_case`` key or an internal id shown as text).

Used by the per-system walks (`tests/e2e/test_english_walk_*.py`): each opens a window, gathers
`visible_texts(window)` and asserts `japanese_leftovers(...) == []` / `raw_ids(...) == []`, so a failure
lists every offending text at once, each with the widget it was read from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")
# Japanese punctuation read as Japanese in an English text: full-width （） glued to English words
# ("Reflex（4）"), a 「 or 」 with no partner (a whole 「…」 is a quote, kept below), a range written
# with 〜 ("Walk 3〜6" for "Walk 3–6"), a list joined with 、 and a sentence ended with 。.  A walk may
# add the rest (AW's: ・ ／ and the ideographic space) with `also`.
JAPANESE_BRACKETS = "（）「」〜、。"
# A rule quote (「…」, 『…』) and a game term kept as the game's own word (【…】, 〈…〉) may stay Japanese.
KEPT_SPANS = re.compile(r"「[^」]*」|『[^』]*』|【[^】]*】|〈[^〉]*〉|［[^］]*］")
# A key or id written as code: two or more lowercase words joined by underscores (`combat_picks`).
SNAKE_CASE = re.compile(r"(?<![\w./\\-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w./\\-])")

ROWS_READ = 200  # per table: enough for every shipped table, bounded for a hostile one


def _model_texts(model: QAbstractItemModel | None) -> Iterable[str]:
    if model is None:
        return
    try:
        columns = model.columnCount()
    except TypeError:  # a QAbstractListModel keeps columnCount to itself: one column
        columns = 1
    for column in range(columns):
        yield str(model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or "")
    for row in range(min(model.rowCount(), ROWS_READ)):
        for column in range(columns):
            value = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
            if value is not None:
                yield str(value)


def _menu_texts(menu: QMenu) -> Iterable[str]:
    yield menu.title()
    for action in menu.actions():
        yield action.text()
        yield action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
        if action.menu() is not None:
            yield from _menu_texts(action.menu())


def widget_texts(widget: QWidget) -> Iterable[str]:
    """The texts one widget shows by itself (not its children's)."""
    if widget.isWindow():
        yield widget.windowTitle()
    yield widget.toolTip()
    if isinstance(widget, QLabel):
        yield widget.text()
    elif isinstance(widget, QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    elif isinstance(widget, QComboBox):
        yield from (widget.itemText(i) for i in range(widget.count()))
    elif isinstance(widget, QTabBar):
        yield from (widget.tabText(i) for i in range(widget.count()))
    elif isinstance(widget, QTextEdit | QPlainTextEdit):
        yield widget.toPlainText()
    elif isinstance(widget, QAbstractItemView):
        yield from _model_texts(widget.model())
    if isinstance(widget, QMainWindow) and widget.menuWidget() is not None:
        for action in widget.menuBar().actions():
            if action.menu() is not None:
                yield from _menu_texts(action.menu())


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """Every text shown by `root` and its visible children, as (where, text) pairs; `where` names the
    widget (its class and object name) so a failure says where to look."""
    found: list[tuple[str, str]] = []
    for widget in (root, *root.findChildren(QWidget)):
        if widget is not root and not widget.isVisibleTo(root):
            continue
        where = (
            f"{type(widget).__name__}({widget.objectName()})"
            if widget.objectName()
            else type(widget).__name__
        )
        for text in widget_texts(widget):
            if text and text.strip():
                found.append((where, text))
    return found


def _without(text: str, user_data: Iterable[str]) -> str:
    for kept in sorted(user_data, key=len, reverse=True):
        if kept:
            text = text.replace(kept, " ")
    return KEPT_SPANS.sub(" ", text)


def japanese_leftovers(
    texts: Iterable[tuple[str, str]], user_data: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """The texts that still hold Japanese once the user's data (exact strings: names, notes, table
    texts) and the kept spans (rule quotes, bracketed game terms) are taken out."""
    kept = list(user_data)
    return [(where, text) for where, text in texts if JAPANESE.search(_without(text, kept))]


def japanese_punctuation(
    texts: Iterable[tuple[str, str]], user_data: Iterable[str] = (), also: str = ""
) -> list[tuple[str, str]]:
    """The texts of an English UI that still hold Japanese brackets (JAPANESE_BRACKETS, and the
    characters of *also*) once the user's data and the kept spans are taken out: "Reflex（4）" reads
    as a Japanese text in an English window."""
    kept = list(user_data)
    pattern = re.compile(f"[{re.escape(JAPANESE_BRACKETS + also)}]")
    return [(where, text) for where, text in texts if pattern.search(_without(text, kept))]


def raw_ids(
    texts: Iterable[tuple[str, str]], ids: Iterable[str] = (), user_data: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """The texts that show a `snake_case` key, or one of `ids` (internal ids such as ``dwarf``,
    ``warrior``) as a whole word, once the user's data is taken out."""
    id_words = [re.compile(rf"(?<![\w-]){re.escape(i)}(?![\w-])") for i in ids]
    kept = list(user_data)
    found = []
    for where, text in texts:
        rest = _without(text, kept)
        if SNAKE_CASE.search(rest) or any(word.search(rest) for word in id_words):
            found.append((where, text))
    return found


def report(found: list[tuple[str, str]]) -> str:
    """One line per offending text, for an assertion message."""
    return "\n".join(f"  {where}: {text!r}" for where, text in found)


DEMO_FOLDER = Path(__file__).resolve().parents[1] / "resources" / "demo"


def strings_in(value: object) -> Iterator[str]:
    """Every string of a JSON value (a stored document, a demo part)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def demo_strings() -> list[str]:
    """The demo campaign's content (every system's part): the user's data once it is created."""
    found: set[str] = set()
    for path in DEMO_FOLDER.glob("*.json"):
        found.update(strings_in(json.loads(path.read_text(encoding="utf-8"))))
    return sorted(found, key=len, reverse=True)
