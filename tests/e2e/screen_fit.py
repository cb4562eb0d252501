"""Opens the main window and every dialog and wizard its menus open, on a laptop-sized screen.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json python -m tests.e2e.screen_fit LANG [--shots DIR]

Run in a process of its own by ``test_screen_fit.py``: the offscreen platform takes its screen size
from the JSON file (1366×768 there) only when the QApplication is made.  For each system's first
character of the demo campaign, every menu action that opens a window is triggered; each window
found is checked, and the problems are printed as JSON: a frame outside the screen's available
area, or a visible label or button narrower than its own minimum size (its text is cut).  A label
that is elided on purpose carries the full text in its tooltip and is not counted.
With ``--shots DIR`` each window is also saved as a PNG (the screenshots of
``resources/manual/screens``, which the manual and the README show), and so are the docks after a
few rolls (`docks_shot`) and the tracker's LotR attack step (`tracker_shot`).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QTableView,
    QWidget,
    QWizard,
)

from gmtool.views.edit_table import TypingDelegate

# Actions that leave the window, write files, or ask for a path: nothing to measure behind them.
SKIPPED_ACTIONS = re.compile(
    r"終了|Quit|新しいキャンペーン|New campaign|開く…|Open…|名前を付けて|Save as|インポート|Import"
    r"|エクスポート|Export|書き出|Save|PDF|コピー|Copy|元に戻す|Undo|やり直し|Redo|削除|Delete"
    r"|ダイスを振る|Roll|デモ|demo|複製|Duplicate"
)


def _quiet_message_boxes() -> None:
    """A refusal box would block the run: answered at once instead (the refusal is not measured)."""

    def answer(*_args: Any, **_kwargs: Any) -> QMessageBox.StandardButton:
        return QMessageBox.StandardButton.No

    for name in ("warning", "information", "question", "critical"):
        setattr(QMessageBox, name, staticmethod(answer))
    QMessageBox.about = staticmethod(lambda *_args: None)  # type: ignore[method-assign]  # ヘルプ → gmtool について


def _cut_widgets(window: QWidget) -> list[str]:
    cut = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.width() == 0:
            continue
        if isinstance(widget, QLabel):
            text = widget.text()
            if not text or widget.wordWrap() or widget.toolTip() or widget.pixmap() is not None:
                continue
        elif isinstance(widget, QAbstractButton):
            text = widget.text()
            if not text or widget.toolTip():
                continue
        else:
            continue
        needed = widget.minimumSizeHint().width()
        if widget.width() < needed:
            cut.append(f"{type(widget).__name__} 「{text[:30]}」 {widget.width()}px < {needed}px")
    return cut


def _untyped_tables(window: QWidget) -> list[str]:
    """An editable table that does not edit through TypingDelegate: Tab after a value there moves on
    from wherever the table's refill left the cursor (gmtool/views/edit_table.py)."""
    untyped = []
    for table in window.findChildren(QTableView):
        if table.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers:
            continue
        model = table.model()
        editable = any(
            model.flags(model.index(r, c)) & Qt.ItemFlag.ItemIsEditable
            for r in range(model.rowCount())
            for c in range(model.columnCount())
        )
        if editable and not isinstance(table.itemDelegate(), TypingDelegate):
            untyped.append(f"{type(table.parent()).__name__}: an editable table without type_through")
    return untyped


def check_window(window: QWidget, where: str, shots: Path | None, problems: list[dict[str, Any]]) -> None:
    """Frame on the screen, no label or button cut; saved once per window kind when *shots* is given."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.processEvents()
    screen = (window.screen() or app.primaryScreen()).availableGeometry()
    frame = window.frameGeometry()
    title = window.windowTitle() or type(window).__name__
    if not screen.contains(frame):
        off = f"frame {frame.getRect()} off {screen.getRect()}"
        problems.append({"where": where, "window": title, "problem": off})
    for cut in _cut_widgets(window) + _untyped_tables(window):
        problems.append({"where": where, "window": title, "problem": cut})
    if shots is not None:
        name = re.sub(r"[^\w]+", "_", f"{where}_{type(window).__name__}").strip("_")
        path = shots / f"{name}.png"
        if not path.exists():
            window.grab().save(str(path))


def _walk_wizard(wizard: QWizard, where: str, shots: Path | None, problems: list[dict[str, Any]]) -> None:
    """Every page, the GM override letting empty choices through (a later page may be bigger)."""
    override = getattr(wizard, "override_check", None)
    if override is not None:
        override.setChecked(True)
    for page in range(1, 20):
        current = wizard.currentId()
        if not wizard.button(QWizard.WizardButton.NextButton).isEnabled():
            return
        wizard.next()
        if wizard.currentId() == current:
            return
        check_window(wizard, f"{where}_page{page}", shots, problems)


def _actions(menu: QMenu) -> list[Any]:
    found = []
    for action in menu.actions():
        if action.menu() is not None:
            found += _actions(action.menu())
        elif action.text() and not action.isSeparator():
            found.append(action)
    return found


def demo_window(lang: str, theme: str) -> tuple[QApplication, Any]:
    """The main window over a fresh demo campaign, in `lang` and `theme` (not shown yet)."""
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    folder = Path(tempfile.mkdtemp(prefix="gmtool-fit-"))
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ui/language", lang)
    settings.setValue("ui/theme", theme)

    from gmtool.app.demo import open_demo_campaign
    from gmtool.app.i18n import install_translation
    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.views.appearance import apply_theme

    install_translation(app, settings)
    apply_theme(app, settings)
    return app, MainWindow(CampaignModel(open_demo_campaign(folder)), settings)


def run(lang: str, shots: Path | None, theme: str = "light") -> list[dict[str, Any]]:
    _quiet_message_boxes()
    app, window = demo_window(lang, theme)
    opened: list[QWidget] = []

    def keep(dialog: QDialog) -> bool:
        dialog.show()
        opened.append(dialog)
        return False

    window.run_wizard = keep  # type: ignore[method-assign]
    window.open_dialog = keep  # type: ignore[method-assign]
    window.ask_text = lambda *_a, **_k: ("", False)  # type: ignore[method-assign]
    window.ask_item = lambda *_a, **_k: ("", False)  # type: ignore[method-assign]
    window.ask_open_path = lambda *_a, **_k: ""  # type: ignore[method-assign]
    window.ask_save_path = lambda *_a, **_k: ""  # type: ignore[method-assign]
    window.ask_confirm = lambda *_a, **_k: False  # type: ignore[method-assign]
    window.show()
    problems: list[dict[str, Any]] = []
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)

    # The windows before the GM's: the start page and the player's window.
    from gmtool.app.player import PlayerWindow
    from gmtool.views.start_page import StartPage

    for before_main in (StartPage(), PlayerWindow(window.settings)):
        before_main.show()
        check_window(before_main, lang, shots, problems)
        before_main.close()

    first_of: dict[str, str] = {}
    for row in range(window.character_list.rowCount()):
        character_id = window.character_list.id_at(row)
        assert character_id is not None
        first_of.setdefault(window.campaign_model.stored(character_id).system, character_id)
    bar = window.menuBar()
    actions = [a for menu in bar.findChildren(QMenu) if menu.parent() is bar for a in _actions(menu)]
    seen_titles: set[str] = set()
    for system_id, character_id in first_of.items():  # first, before any action changes the demo
        window.select_character(character_id)
        window.statusBar().showMessage("demo.gmcampaign")  # not this machine's temporary folder
        check_window(window, f"{lang}_{system_id}_main", shots, problems)
    for character_id in first_of.values():
        window.select_character(character_id)
        for action in actions:
            if SKIPPED_ACTIONS.search(action.text()) or not action.isEnabled():
                continue
            before = {id(w) for w in app.topLevelWidgets() if w.isVisible()}
            print(f"{character_id[:8]} {action.text()}", file=sys.stderr, flush=True)  # a crash names it
            action.trigger()
            app.processEvents()
            shown = [w for w in app.topLevelWidgets() if w.isVisible() and w is not window]
            new = [w for w in shown if id(w) not in before]
            windows = list({id(w): w for w in [*opened, *new]}.values())
            for widget in windows:
                if not shiboken6.isValid(widget):
                    continue  # closed and deleted by the action itself
                if widget.windowTitle() not in seen_titles or widget in opened:
                    seen_titles.add(widget.windowTitle())
                    check_window(widget, lang, shots, problems)
                    if isinstance(widget, QWizard):
                        _walk_wizard(widget, lang, shots, problems)
            for widget in windows:
                if shiboken6.isValid(widget):
                    widget.close()
            opened.clear()
            del windows, shown, new
            # Each closed tool is deleted now, not in the middle of the next one's construction.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            gc.collect()
            # What is left is in use (the window, Qt, numpy, the catalogs): the next collection looks
            # only at what the next action makes.  A full collection over all of it took 0.18 s
            # after each of the ~360 actions: 40 % of the walk.
            gc.freeze()
    window.close()
    if shots is not None:  # the manual's shots of a step no menu opens alone, each in a fresh demo
        from tests.e2e import docks_shot, tracker_shot

        docks_shot.shoot(lang, theme, shots / f"{lang}_Docks.png")
        tracker_shot.shoot(lang, theme, shots / f"{lang}_TrackerAttack.png")
    return problems


def shot_main(shoot: Callable[[str, str, Path], None]) -> int:
    """The command line of a single shot (`docks_shot`, `tracker_shot`): LANG --theme --out."""
    parser = argparse.ArgumentParser()
    parser.add_argument("lang", choices=["ja", "en"])
    parser.add_argument("--theme", choices=["light", "dark"], default="light")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    shoot(args.lang, args.theme, args.out)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("lang", choices=["ja", "en"])
    parser.add_argument("--shots", type=Path, help="save a PNG of each window kind here")
    parser.add_argument("--theme", choices=["light", "dark"], default="light")
    args = parser.parse_args()
    print(json.dumps(run(args.lang, args.shots, args.theme), ensure_ascii=False, indent=1), flush=True)
    return 0


if __name__ == "__main__":
    code = main()
    # The result is out: skip the interpreter's teardown, where the order Python and Qt delete a
    # hundred dialogs' objects in is not ours to fix here.
    os._exit(code)
