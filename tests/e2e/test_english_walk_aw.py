"""アナザーワールドSRS 3rd in the English UI (issue 35): the main window's AW parts on the demo characters
— the sheet, the judgement panel, the AW menu — and every window the AW menu and panels open (the
session dialog's five pages, the AF dialog's set-up and running pages, supply, the house-rule page,
the tracker's AW box), read as a user reads them: no Japanese left outside the user's data, rule
quotes and bracketed game terms in English; no raw id in either language.

One window per language, walked once; the session is played a little first (a scene, a contract, a
令呪, an event key, an AF under way, a supply roll), so the pages show rows, not empty tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QStackedWidget, QTabWidget, QWidget

from gmtool.app.main_window import MainWindow
from tests.qt_fixtures import english_ui
from tests.text_audit import (
    demo_strings,
    japanese_leftovers,
    japanese_punctuation,
    raw_ids,
    report,
    visible_texts,
)

pytestmark = [pytest.mark.e2e, pytest.mark.window(record_dialogs=True, confirm=True, shown=True)]

TYPED = ["シーン1", "逃げるな", "鍵", "廃ビル", "GMの判断"]  # what the walk types as the GM


def every_page(root: QWidget) -> list[tuple[str, str]]:
    """What `root` shows on each of its tab and stacked pages in turn (a hidden page shows nothing)."""
    texts = list(visible_texts(root))
    for pages in root.findChildren(QTabWidget) + root.findChildren(QStackedWidget):
        current = pages.currentIndex()
        for index in range(pages.count()):
            pages.setCurrentIndex(index)
            texts += visible_texts(root)
        pages.setCurrentIndex(current)
    return texts


def ids_by_name(window: MainWindow) -> dict[str, str]:
    return {s.character.name: s.id for s in window.campaign_model.characters()}


def tracker_texts(window: MainWindow, fighters: tuple[str, ...]) -> list[tuple[str, str]]:
    """The combat tracker's AW box over a started fight of AW characters (the session dialog's
    戦闘 page opens the tracker; the fight is set up through a model of its own)."""
    from gmtool.app.battle_menu import show_tracker
    from gmtool.models.battle_model import BattleModel
    from gmtool.views.aw.battle_actions_box import AWActionsBox

    battle = BattleModel(window.campaign_model, window)
    battle.new_encounter("aw", "廃ビル")
    for character in fighters:
        battle.roster.add_character(character)
    battle.round.start()
    battle.round.next_turn()  # the first fighter's turn of the main process
    window.select_character(fighters[0])
    show_tracker(window.services)
    boxes = window.findChildren(AWActionsBox)
    for box in boxes:  # the actor's minor and major actions: the box lists them by name
        assert box.battle_actions.actor() is not None
        box._minor()
        box._major()
    texts = [(f"tracker: {where}", text) for box in boxes for where, text in visible_texts(box)]
    assert len(texts) > 10, "the tracker shows AW's box for an AW fight"
    return texts


def walk(window: MainWindow) -> list[tuple[str, str]]:
    """Plays a little of a session through the AW tools and gathers what each shows; the window's
    log and undo texts are read last, after every AW step wrote its line."""
    from gmtool.app.house_rules_menu import open_house_rules
    from gmtool.models.aw.session_model import AWSessionModel
    from gmtool.rules.systems.aw.session import SpellEffect
    from gmtool.rules.systems.aw.supply_types import RestKind
    from gmtool.views.aw.focus_dialog import AWFocusDialog
    from gmtool.views.aw.session_dialog import AWSessionDialog
    from gmtool.views.aw.supply_dialog import AWSupplyDialog

    names = ids_by_name(window)
    master, servant, npc = names["ミナ・クローデル"], names["朝霧 透"], names["影の使徒"]
    session = AWSessionModel(window.campaign_model, window)
    session.add_scene("シーン1", (master, servant))
    session.contracts.form_contract(master, servant)
    session.contracts.use_command_spell(master, servant, SpellEffect.ORDER, "逃げるな")
    session.keys.give("鍵", servant)
    texts: list[tuple[str, str]] = []
    for character in (servant, master, npc):
        window.select_character(character)
        assert window.sheet_view is not None
        window.panel_model("aw").roll()
        texts += visible_texts(window.sheet_view)
        texts += visible_texts(window.panel_view("aw"))
    window.select_character(servant)
    feats = window.sheet_view.feat_model
    feats.setData(feats.index(0, 1), "オート")
    texts.append(("undo", window.undo_action.text()))

    menu = next(a.menu() for a in window.menuBar().actions() if a.menu() and "&A" in a.text())
    texts += [("AW menu", menu.title())] + [("AW menu", a.text()) for a in menu.actions() if a.text()]
    for action in menu.actions():
        if action.text() and action.menu() is None and "…" in action.text():
            action.trigger()
    assert len(window.opened) == 3
    for dialog in window.opened:
        dialog.show()
        texts += every_page(dialog)
        if isinstance(dialog, AWFocusDialog):  # the set-up's defaults started, then rolled
            dialog.setup_page.start_requested.emit()
            for _ in range(3):
                dialog.model.roll(7)  # a set natural roll: no fumble to resolve first
            texts += every_page(dialog)
            dialog.model.end_by_rule(True, "GMの判断")  # the AF ended by a special rule
            texts += every_page(dialog)
        if isinstance(dialog, AWSessionDialog):  # the 令呪 break asks first
            asked: list[str] = []
            dialog.ask_confirm = lambda title, text, asked=asked: asked.extend((title, text)) or True
            dialog.contracts_tab._break()
            texts += [("session question", text) for text in asked]
        if isinstance(dialog, AWSupplyDialog):
            dialog.roll()  # refused: nobody is chosen yet
            dialog.model.set_target(servant, True)
            dialog.roll()
            texts += every_page(dialog)

    session.rest.recover(servant, RestKind.MEAL, 1, 1)  # after the supply roll's missed meal
    texts += every_page(window.opened[0])
    texts += tracker_texts(window, (servant, npc))

    rules = open_house_rules(window.services)
    aw_tab = next(
        i for i in range(rules.tabs.count()) if rules.tabs.widget(i).findChildren(QWidget) and i == 0
    )
    rules.tabs.setCurrentIndex(aw_tab)
    texts += [(f"house rules: {where}", text) for where, text in visible_texts(rules.tabs.currentWidget())]
    rules.close()

    end_session = next(a for a in menu.actions() if a.text() and "…" not in a.text())
    end_session.trigger()  # asked (answered yes), then said in the status bar
    texts += [("question", text) for text in window.confirmations]
    texts.append(("status bar", window.statusBar().currentMessage()))
    texts += [("refusal", text) for text in window.refused]
    log = window.log_model
    texts += [("log", text) for row in range(log.rowCount()) for text in log.row_texts(row)]
    return texts


@pytest.fixture
def aw_window(window: MainWindow, refusals: list[str]) -> MainWindow:
    window.refused = refusals  # what the refusal boxes said, read with the rest
    return window


@pytest.fixture
def english_window(request: pytest.FixtureRequest, tmp_path: Path, qapp: object) -> Iterator[MainWindow]:
    """The window made and walked in the English UI (its texts are set when it is built)."""
    with english_ui(tmp_path):
        yield request.getfixturevalue("aw_window")


def rule_quotes() -> list[str]:
    """The house-rule page quotes the rule text and cites its heading as the text writes them."""
    from gmtool.rules.systems.aw.house_rules import HOUSE_RULES

    return [text for rule in HOUSE_RULES for text in (rule.quote, rule.section)]


def test_the_aw_walk_in_english_has_no_japanese_left(english_window):
    texts = walk(english_window)
    user_data = demo_strings() + TYPED + rule_quotes()
    found = japanese_leftovers(texts, user_data)
    assert found == [], report(sorted(set(found)))
    # AW counts the rest of the Japanese punctuation too: a list joined with 、 or ・, a range with 〜,
    # parts with ／, an ideographic space
    punctuation = japanese_punctuation(texts, user_data, also="／・\u3000")
    assert punctuation == [], report(sorted(set(punctuation)))
    shown = {text for _, text in texts}
    assert "ミナ・クローデル, 朝霧 透" in shown  # the scene's cast, listed with an English comma
    assert "Undo: Change Feat Timing" in shown


def aw_ids() -> list[str]:
    """AW's internal ids: the sheet's keys, the session's enums, the house rules' readings."""
    from gmtool.rules.systems.aw import session_state, supply_types
    from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, FEAT_COLUMNS
    from gmtool.rules.systems.aw.focus_types import FocusStatus, RollKind
    from gmtool.rules.systems.aw.house_rules import HOUSE_RULES

    enums = (
        session_state.BreakMethod,
        session_state.SpellEffect,
        session_state.CombatPhase,
        supply_types.SupplyKind,
        supply_types.RestKind,
        FocusStatus,
        RollKind,
    )
    keys = [key for key, _ in (*ATTRIBUTES, *COMBAT_VALUES, *FEAT_COLUMNS)]
    readings = [reading.id for rule in HOUSE_RULES for reading in rule.readings]
    return sorted({*keys, *readings, *(str(member) for enum in enums for member in enum), "aw"})


def test_the_aw_walk_in_japanese_shows_no_raw_id(aw_window):
    found = raw_ids(walk(aw_window), aw_ids(), demo_strings() + TYPED)
    assert found == [], report(sorted(set(found)))
