"""千幻抄 in the English UI, walked as a GM at the table uses it (issue 35): the main window on the demo's
three 千幻抄 characters (sheet, 3D6 panel, log), then every window its menu, sheet and panel open — the
session (縁故・幻想能力, シーン, ラスボス, 過去のセッション), 縁故を結ぶ…, the 対抗判定 stepper through its
seven steps, the 類型 catalog, the house-rule page of 千幻抄 — and the refusals they show. In English
nothing of gmtool's own is Japanese (the demo's names and texts are the user's data; a game term kept as
the game's word stands in its brackets); in Japanese no raw id is shown.

One walk per language, one window each, no sleeps."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtWidgets import QWidget

from gmtool.app.house_rules_menu import open_house_rules
from gmtool.app.main_window import MainWindow
from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
from gmtool.rules.house_rules import house_rules_of
from gmtool.rules.systems.sengensho.catalog import shipped_catalog
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.sengensho.bond_dialog import FREE_TARGET, SengenshoBondDialog
from gmtool.views.sengensho.catalog_dialog import SengenshoCatalogDialog
from gmtool.views.sengensho.opposed_dialog import SengenshoOpposedDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from tests.e2e.house_rules_window_sengensho import choose, in_bond_dialog, new_scene, sengensho_ids
from tests.models.sengensho.session_helpers import GM_CATALOG
from tests.qt_fixtures import DEMO_NAMES, english_ui
from tests.text_audit import (
    japanese_leftovers,
    japanese_punctuation,
    raw_ids,
    report,
    strings_in,
    visible_texts,
)

pytestmark = [pytest.mark.e2e]

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo" / "sengensho.json"
# The GM's own catalog the walk saves (session_helpers.GM_CATALOG): its names and texts are user data.
GM_TYPED = ("神社", "山道", "山の天狗")


def _catalog_texts() -> Iterator[str]:
    for archetype in GM_CATALOG.archetypes:
        yield from (archetype.name, archetype.impression, archetype.bond_guidance)
        for ability in archetype.abilities:
            yield ability.name
            yield ability.effect


def _user_data() -> list[str]:
    """What the user typed, or the demo typed for them: names (every demo character's: the list shows
    them all), notes, skill names, 縁故 targets, the GM's catalog texts. Not the shipped 類型 names
    (狩猟者, 芸術家): the rule text's words, which the English UI shows bracketed beside the English."""
    typed = {
        *strings_in(json.loads(DEMO.read_text(encoding="utf-8"))),
        *GM_TYPED,
        *_catalog_texts(),
        *DEMO_NAMES,
    }
    typed -= set(shipped_catalog().names())
    typed -= {"character"}  # the demo file's 縁故 kind, an id
    return sorted((text for text in typed if text), key=len, reverse=True)


def _rule_quotes() -> list[str]:
    """The house-rule page quotes the rule text and names its section, as the rule book writes them
    (the English title and readings beside them say what the rule is)."""
    return [text for rule in house_rules_of("sengensho") for text in (rule.quote, rule.section)]


USER_DATA = _user_data()
# The generic part's texts (the Edit menu's 設定…, translated in the generic work of issue 35), not
# 千幻抄's: left out here so this walk fails only on what 千幻抄 shows.
GENERIC = {"設定…", "設定"}


def internal_ids() -> list[str]:
    """The ids a 千幻抄 view could leak: its house rules' ids and readings, the bond kinds, roles."""
    ids = {"sengensho", "attacker", "defender", "pc", "npc"}
    for rule in house_rules_of("sengensho"):
        ids.add(rule.id)
        ids.update(reading.id for reading in rule.readings)
    ids.update(kind.value for kind in BondKind)
    return sorted(ids)


class Walk:
    """The texts read along the walk, each tagged with the window it came from."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def read(self, where: str, widget: QWidget) -> None:
        self.texts += [(f"{where} / {w}", t) for w, t in visible_texts(widget) if t not in GENERIC]

    def add(self, where: str, text: str) -> None:
        self.texts.append((where, text))


WINDOWS = (
    "main window on",
    "bond dialog",
    "session dialog, tab 3",
    "session dialog, 過去のセッション",
    "stepper, step 7",
    "類型 catalog",
    "house rules, 千幻抄",
)


def walk(window: MainWindow, refusals: list[str]) -> Walk:
    seen = Walk()
    model = window.campaign_model
    ids = sengensho_ids(window)
    SengenshoCatalogModel(model).save(GM_CATALOG)
    for name, character_id in ids.items():
        window.select_character(character_id)
        seen.read(f"main window on {name}", window)

    # The panel: a 〈スキル〉, the thresholds as a house rule, a roll (Ctrl+R): its log lines, its undo text.
    window.select_character(ids["白峰 朔"])
    panel = window.check_stack.currentWidget()
    panel.inputs_box.skill_combo.setCurrentIndex(1)
    panel.critical_spin.setValue(17)
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    next(a for m in menus for a in m.actions() if a.shortcut().toString() == "Ctrl+R").trigger()
    seen.read("main window after a roll", window)

    # 千幻抄 → セッション管理… : start, a scene, 縁故 (through the bond dialog), an ability used.
    dialog = _open(window, "Ctrl+Shift+K", SengenshoSessionDialog)
    dialog.resize(1366, 740)
    dialog.show()
    questions: list[str] = []
    dialog.ask = lambda question: questions.append(question) or True
    dialog.bonds_tab.form_button.click()  # before the session starts: refused
    dialog.start_button.click()
    new_scene(dialog, "神社")

    def form(bond_dialog: SengenshoBondDialog) -> None:
        seen.read("bond dialog", bond_dialog)
        choose(bond_dialog.kind_combo, BondKind.MEMORY)
        bond_dialog.target_edit.setText("")
        bond_dialog.ok_button.click()  # no memory typed: refused inline
        seen.read("bond dialog, refused", bond_dialog)
        choose(bond_dialog.kind_combo, BondKind.CHARACTER)
        choose(bond_dialog.target_combo, FREE_TARGET)
        bond_dialog.target_edit.setText("山の天狗")
        bond_dialog.ok_button.click()

    in_bond_dialog(dialog, ids["白峰 朔"], form)
    in_bond_dialog(
        dialog, ids["綾瀬 詩織"], lambda d: (choose(d.target_combo, ids["白峰 朔"]), d.ok_button.click())
    )
    new_scene(dialog, "山道")
    tab = dialog.bonds_tab
    choose(tab.holder_combo, ids["白峰 朔"])
    tab.bonds_table.selectRow(0)
    tab.raise_button.click()
    tab.abilities.abilities_table.selectRow(0)
    tab.abilities.use_button.click()
    tab.abilities.abilities_table.selectRow(1)
    tab.abilities.borrow_button.click()
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        seen.read(f"session dialog, tab {index}", dialog)
    box = dialog.last_boss_box
    choose(box.boss_combo, ids["宵闇の主"])
    box.choose_button.click()
    box.reveal_button.click()
    dialog.tabs.setCurrentWidget(box)
    seen.read("session dialog, ラスボス revealed", dialog)
    for name, character_id in ids.items():
        window.select_character(character_id)
        seen.read(f"main window on {name}, session running", window)
    dialog.end_button.click()
    dialog.tabs.setCurrentWidget(dialog.history_page)
    for character_id in ids.values():
        choose(dialog.history_page.holder_combo, character_id)
        seen.read("session dialog, 過去のセッション", dialog)
    for question in questions:
        seen.add("session dialog, question", question)

    # 対抗判定（7ステップ）…: every step, rolled through.
    window.select_character(ids["白峰 朔"])
    window.check_stack.currentWidget().opposed_button.click()
    stepper = window.opened[-1]
    assert isinstance(stepper, SengenshoOpposedDialog)
    stepper.show()
    seen.read("stepper, before", stepper)
    for step in range(7):
        if stepper.roll_button.isEnabled():
            stepper.roll_button.click()
        elif stepper.fix_button.isEnabled():
            stepper.fix_button.click()
        seen.read(f"stepper, step {step + 1}", stepper)

    # 類型カタログ…
    catalog = _open(window, "Ctrl+Shift+J", SengenshoCatalogDialog)
    catalog.show()
    seen.read("類型 catalog", catalog)

    # 編集 → ハウスルール…, on 千幻抄's page.
    window.select_character(ids["白峰 朔"])
    house_rules = open_house_rules(window.services)
    seen.read("house rules, 千幻抄", house_rules.tabs.currentWidget())
    house_rules.close()

    seen.read("main window at the end (log)", window)
    for refusal in refusals:
        seen.add("refusal", refusal)
    reached = {where.split(" / ")[0] for where, _ in seen.texts}
    assert all(any(r.startswith(w) for r in reached) for w in WINDOWS), sorted(reached)
    assert refusals, "the walk meets a refusal (縁故を結ぶ… before the session starts)"
    return seen


T = TypeVar("T")


def _open(window: MainWindow, shortcut: str, kind: type[T]) -> T:
    """The dialog the 千幻抄 menu's entry with `shortcut` opens (recorded by the window)."""
    next(a for a in _system_menu(window).actions() if a.shortcut().toString() == shortcut).trigger()
    dialog = window.opened[-1]
    assert isinstance(dialog, kind)
    return dialog


def _system_menu(window: MainWindow) -> Any:
    """千幻抄's menu, in either language: the one holding セッション管理… (Ctrl+Shift+K)."""
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    return next(m for m in menus if any(a.shortcut().toString() == "Ctrl+Shift+K" for a in m.actions()))


def _window(model: Any, settings: Any, qtbot: Any) -> MainWindow:
    w = MainWindow(model, settings)
    w.opened = []
    w.open_dialog = w.opened.append
    w.confirmations = []
    w.ask_confirm = lambda _title, text: w.confirmations.append(text) or True
    qtbot.addWidget(w)
    w.resize(1366, 740)
    w.show()
    return w


def test_the_english_ui_of_sengensho_has_no_japanese_of_gmtools_own(
    campaign_model: Any, settings: Any, qtbot: Any, refusals: list[str], tmp_path: Path
) -> None:
    with english_ui(tmp_path):
        window = _window(campaign_model, settings, qtbot)
        seen = walk(window, refusals)
        kept = [*USER_DATA, *_rule_quotes()]
        left = list(
            dict.fromkeys(japanese_leftovers(seen.texts, kept) + japanese_punctuation(seen.texts, kept))
        )
        window.close()
    assert left == [], "Japanese left in the English UI:\n" + report(left)
    shown = {text for _, text in seen.texts}
    # The game's words the walk met, as the English UI writes them: the panel's 特性値 in English (it
    # read 「3D6 + {身体} 5」), the shipped 類型 beside the bracketed word, the halved 縁故 value.
    assert "3D6 + Physique 5 / TN 14" in shown
    assert "Fantasy Hunter 〈狩猟者〉 5 · Artist 〈芸術家〉 5" in shown
    stepper_setup = [text for text in shown if "check value 7" in text and text.startswith("Attacker")]
    assert stepper_setup and all("宵闇の主 Physique check value 7" in text for text in stepper_setup), (
        stepper_setup
    )


def test_the_japanese_ui_of_sengensho_shows_no_raw_ids(
    campaign_model: Any, settings: Any, qtbot: Any, refusals: list[str]
) -> None:
    window = _window(campaign_model, settings, qtbot)
    seen = walk(window, refusals)
    shown = raw_ids(seen.texts, internal_ids(), USER_DATA)
    assert shown == [], "raw ids shown:\n" + report(shown)
