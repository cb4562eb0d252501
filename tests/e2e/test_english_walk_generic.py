"""The generic windows walked as a new user would (issue 35), at 1366×768: in the English UI no text of
gmtool's is left in Japanese, in the Japanese UI no raw id is shown.

One main window over the demo characters, reused: the menu bar and the generic menus, the docks
(character list, session log, dice box), then every generic window the menus open — settings, the
house-rules dialog's frame, the dice tables, the chat palette, the log export, the manual, the
shortcuts list, about, the questions キャラクター追加 / 名前の変更 / 削除 ask, the file dialogs' titles
and filters — and the windows that stand apart: the start page, the empty sheet, the player's window.

What belongs to one system (its menu's items, its panel, its house-rule pages, its palette lines) is
walked by that system's own walk and left out here (`scoped`).  The user's data — the demo's
characters — may stay as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QMessageBox, QPlainTextEdit, QTabWidget, QWidget

from gmtool.app.main_window import MainWindow
from gmtool.app.player import PlayerWindow
from gmtool.app.services import MenuId
from gmtool.rules.systems import SYSTEMS
from gmtool.views.empty_sheet import EmptySheet
from gmtool.views.start_page import StartPage
from tests.e2e.test_docks_at_1366 import laptop  # noqa: F401 - the fixture: the window at 1366×768
from tests.qt_fixtures import DEMO_NAMES
from tests.text_audit import (
    japanese_leftovers,
    japanese_punctuation,
    raw_ids,
    report,
    visible_texts,
    widget_texts,
)

pytestmark = pytest.mark.e2e

GENERIC_MENUS = (
    MenuId.FILE,
    MenuId.EDIT,
    MenuId.CHARACTER,
    MenuId.VIEW,
    MenuId.CHECK,
    MenuId.BATTLE,
    MenuId.HELP,
)
# The menu actions that open a generic window or ask a generic question, by their Japanese text
# (found in either UI through the catalogue): (context, text).
OPENED = (
    ("SettingsMenu", "設定…"),
    ("", "ハウスルール（ルールの読み方）…"),
    ("", "ダイス表…"),
    ("", "チャットパレットを表示…"),
    ("", "セッションログを書き出す…"),
    ("", "使い方"),
    ("", "キーボードショートカット"),
    ("", "gmtool について…"),
    ("", "追加"),
    ("", "名前の変更…"),
    ("", "削除"),
    ("", "新しいキャンペーン…"),
    ("", "開く…"),
    ("", "名前を付けて保存…"),
    ("", "キャラクターをインポート…"),
    ("", "キャラクターをエクスポート…"),
    ("", "ルールデータを書き出す…"),
    ("", "戦闘トラッカー…"),
)
# Internal ids a window must never show as text: the systems' ids and the dice box's 汎用 setting
# (in the English UI, "generic" is an English word: only the Japanese walk looks for it).
IDS = (*SYSTEMS, "generic")


class Walk:
    """Everything the walk read, as (where, text), with the questions the window asked."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []
        self.silent: list[str] = []  # menu actions after which nothing new was read

    def read(self, name: str, widget: QWidget) -> None:
        self.texts += [(f"{name}: {where}", text) for where, text in visible_texts(widget)]

    def said(self, name: str, *texts: Any) -> None:
        for text in texts:
            for one in text if isinstance(text, list | tuple) else [text]:
                if isinstance(one, str) and one.strip():
                    self.texts.append((name, one))


def menu_texts(window: MainWindow) -> list[tuple[str, str]]:
    """The menu bar's titles and the generic menus' items (a system's own menu is its walk's)."""
    found = [("menu bar", action.text()) for action in window.menuBar().actions()]
    for menu_id in GENERIC_MENUS:
        menu = window.services.menu(menu_id)
        found += [(f"menu {menu_id.name}", text) for text in _menu_items(menu.actions()) if text]
    return found


def _menu_items(actions: list[QAction]) -> Iterator[str]:
    for action in actions:
        yield action.text()
        if action.menu() is not None:
            yield from _menu_items(action.menu().actions())


def find_action(window: MainWindow, context: str, text: str) -> QAction:
    shown = QCoreApplication.translate(context, text)
    for menu_id in GENERIC_MENUS:
        for action in window.services.menu(menu_id).actions():
            if action.text() in (shown, text):
                return action
    raise AssertionError(f"no menu action {text!r} ({shown!r})")


def scoped(widget: QWidget) -> QWidget:
    """The generic frame of a window: the house-rules dialog's pages and the chat palette's lines are
    the systems' own (their walks read them)."""
    name = type(widget).__name__
    if name == "HouseRulesDialog":
        for tabs in widget.findChildren(QTabWidget):
            page = tabs.currentWidget()
            if page is not None:
                page.hide()
    if name == "PaletteDialog":
        for lines in widget.findChildren(QPlainTextEdit):
            lines.hide()
    return widget


def open_windows(before: set[QWidget]) -> list[QWidget]:
    QApplication.processEvents()
    return [w for w in QApplication.topLevelWidgets() if w.isVisible() and w not in before]


def shown_docks(window: MainWindow) -> set[QDockWidget]:
    return {dock for dock in window.findChildren(QDockWidget) if dock.isVisible()}


def walk_window(window: MainWindow, walk: Walk, monkeypatch: pytest.MonkeyPatch) -> None:
    walk.texts += menu_texts(window)
    for name, dock in (("characters", window.characters_dock), ("log", window.log_dock)):
        walk.read(name, dock)
    window.dice_box_dock.show()
    QApplication.processEvents()
    walk.read("dice box", window.dice_box_dock)
    answer_questions(window, walk, monkeypatch)
    for context, text in OPENED:
        before, docks, read = set(QApplication.topLevelWidgets()), shown_docks(window), len(walk.texts)
        find_action(window, context, text).trigger()
        for opened in open_windows(before):
            if opened is window:
                continue
            walk.read(text, scoped(opened))
            opened.close()
        for dock in shown_docks(window) - docks:  # a tool docked in the window: the tracker
            walk.read(text, dock)
            dock.close()
        if len(walk.texts) == read:
            walk.silent.append(text)
    walk.read("main window after the walk", window.statusBar())


def answer_questions(window: MainWindow, walk: Walk, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every question the window asks is read and answered with a cancel, never a modal box."""

    def asked(name: str, answer: Any) -> Callable[..., Any]:
        def ask(*texts: Any) -> Any:
            walk.said(name, *texts)
            return answer

        return ask

    monkeypatch.setattr(window, "ask_item", asked("ask_item", ("", False)))
    monkeypatch.setattr(window, "ask_text", asked("ask_text", ("", False)))
    monkeypatch.setattr(window, "ask_confirm", asked("ask_confirm", False))
    monkeypatch.setattr(window, "ask_open_path", asked("ask_open_path", ""))
    monkeypatch.setattr(window, "ask_save_path", asked("ask_save_path", ""))
    monkeypatch.setattr(QMessageBox, "about", staticmethod(asked("about", None)))
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(asked("warning", None)))
    monkeypatch.setattr(QMessageBox, "information", staticmethod(asked("information", None)))

    def ask_range(dialog: QWidget) -> bool:
        dialog.show()
        walk.read("log export", dialog)
        dialog.close()
        return False

    monkeypatch.setattr(window.log_export, "ask_range", ask_range)


def walk_apart(walk: Walk, settings: QSettings, qtbot: Any) -> None:
    """The windows outside the main one: the start page, the empty sheet, the player's window."""
    for name, widget in (
        ("start page", StartPage()),
        ("start page after a refusal", StartPage("（理由）")),
        ("empty sheet", EmptySheet(True)),
        ("empty sheet of an empty campaign", EmptySheet(False)),
        ("player window", PlayerWindow(settings)),
    ):
        qtbot.addWidget(widget)
        widget.show()
        QApplication.processEvents()
        walk.read(name, widget)
        widget.close()


@pytest.fixture
def walked(laptop: MainWindow, qtbot, settings, monkeypatch) -> tuple[str, Walk]:  # noqa: F811
    """The window at 1366×768 in each language (`laptop`), walked."""
    english = QCoreApplication.translate("MainWindow", "ファイル(&F)") != "ファイル(&F)"
    walk = Walk()
    walk_window(laptop, walk, monkeypatch)
    walk_apart(walk, settings, qtbot)
    return ("en" if english else "ja"), walk


def test_the_generic_windows_read_english_or_show_no_raw_id(walked):
    language, walk = walked
    # every action opened a window or asked: a walk that reads nothing would pass anything
    assert not walk.silent
    # the language choice names each language in its own words, so a reader of either finds it;
    # the chat palette's hint shows its syntax with the variables as the palettes name them
    user_data = [*DEMO_NAMES, "（理由）", "日本語", "{名前}", "//名前="]
    if language == "en":
        found = japanese_leftovers(walk.texts, user_data) + japanese_punctuation(walk.texts, user_data)
        assert not found, "Japanese left in the English UI:\n" + report(found)
    found = raw_ids(walk.texts, IDS if language == "ja" else tuple(SYSTEMS), user_data)
    assert not found, f"raw ids shown in the {language} UI:\n" + report(found)


def test_widget_texts_reads_what_the_walk_needs(qtbot):
    page = StartPage()
    qtbot.addWidget(page)
    assert any(text for text in widget_texts(page))
