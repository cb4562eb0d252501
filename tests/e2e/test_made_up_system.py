"""A sixth system added at run time — 作り話RPG (tests/made_up_system), one line in each registry
and no edit anywhere else — is found everywhere a shipped system is: the window's menus and 追加,
the judgement panel and the sheet, the 戦闘 menu's tools, the dice box's ダイスボット list and its
bot's lines, the log filter's groups and the session marks, the CCFolia clipboard JSON and the
Udonarium ZIP with its dice bot, the `prob` CLI, and the demo campaign."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QGuiApplication

from gmtool.app.demo import create_demo_campaign
from gmtool.app.main import main
from gmtool.app.main_window import MainWindow
from gmtool.app.systems import SYSTEM_HOOKS, register_hooks, unregister_hooks
from gmtool.models.log_filter import CHECKS, OTHER, SESSION, LogFilter, group_of
from gmtool.models.log_payload import summary_payload
from gmtool.rules.command_system import DICE_SYSTEMS, roll_for
from gmtool.rules.systems import SYSTEMS, register_system, unregister_system
from gmtool.rules.systems.base import GameSystem
from gmtool.store.ccfolia import validate_ccfolia
from gmtool.store.log_spans import scan
from gmtool.store.udonarium import dicebot
from gmtool.store.udonarium_read import read_udonarium
from tests import test_system_contract as contract
from tests.made_up_system import BOT, LOG_KIND, NAME, SCENE_KIND, SYSTEM_ID
from tests.made_up_system.hooks import HOOKS
from tests.made_up_system.panel import MadeUpMapDialog, MadeUpPanelView, MadeUpSheetView


@pytest.fixture
def made_up_system() -> Iterator[None]:
    """The system's one line in the engine's registry and one in the Qt side's, taken back after."""
    register_system(SYSTEM_ID, "tests.made_up_system")
    register_hooks(HOOKS)
    yield
    unregister_hooks(SYSTEM_ID)
    unregister_system(SYSTEM_ID)


pytestmark = pytest.mark.window(empty=True)


@pytest.fixture
def window(made_up_system, window, refusals):
    """The window made once the made-up system is registered (its menu is built from the registry)."""
    return window


def menu(window: MainWindow, title: str) -> dict[str, object]:
    found = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return {a.text(): a for a in found.actions() if a.text()}


def add_made_up_character(window: MainWindow) -> str:
    """キャラクター → 追加, choosing the made-up system among the systems offered."""
    offered: list[str] = []
    window.ask_item = lambda _title, _label, items, _current: (offered.extend(items) or NAME, True)
    menu(window, "キャラクター(&C)")["追加"].trigger()
    assert NAME in offered
    character_id = window.selected_character_id()
    assert character_id is not None and window.campaign_model.stored(character_id).system == SYSTEM_ID
    return character_id


def test_the_registries_take_it_and_give_it_back(made_up_system):
    system = SYSTEMS[SYSTEM_ID]
    assert isinstance(system, GameSystem) and system.declarations.dice_bot is not None
    assert SYSTEM_HOOKS[SYSTEM_ID] is HOOKS
    unregister_hooks(SYSTEM_ID)
    unregister_system(SYSTEM_ID)
    try:
        assert SYSTEM_ID not in SYSTEMS and SYSTEM_ID not in DICE_SYSTEMS and group_of(LOG_KIND) == OTHER
    finally:
        register_system(SYSTEM_ID, "tests.made_up_system")
        register_hooks(HOOKS)


def test_it_keeps_the_engine_contract_every_shipped_system_keeps(made_up_system, tmp_path):
    contract.test_fulfils_the_protocol(SYSTEM_ID)
    contract.test_new_character_round_trips_through_campaign_and_file(SYSTEM_ID, tmp_path)
    contract.test_every_check_of_a_new_character_has_an_exact_distribution(SYSTEM_ID)
    contract.test_supplies_its_chat_palette_and_ccfolia_export(SYSTEM_ID)


def test_the_window_has_its_menu_sheet_panel_and_battle_tool(window):
    assert "作り話RPG(&Z)" in [a.text() for a in window.menuBar().actions()]
    character_id = add_made_up_character(window)
    assert isinstance(window.sheet_view, MadeUpSheetView)
    assert isinstance(window.check_stack.currentWidget(), MadeUpPanelView)
    menu(window, "作り話RPG(&Z)")["運だめし"].trigger()  # its own menu rolls through its panel
    [line] = window.campaign_model.campaign.log_entries()
    assert line.kind == LOG_KIND and line.payload["summary"]["who"] == "新しいキャラクター"
    assert window.campaign_model.has_character(character_id)
    tools = menu(window, "戦闘(&B)")
    assert tools["作り話の地図…"].shortcut().toString() == "Ctrl+Shift+V"
    assert tools["軍勢・攻城戦（指輪物語）…"].shortcut().toString() == "Ctrl+Shift+A"  # the shipped one stays
    tools["作り話の地図…"].trigger()
    tools["作り話の地図…"].trigger()  # opened once, brought to the front the second time
    assert [type(d) for d in window.services.dialogs.held()] == [MadeUpMapDialog]


def test_the_dice_box_lists_its_bot_and_rolls_with_it(window):
    add_made_up_character(window)
    dice, view = window.dice_box_model, window.dice_box_view
    labels = [view.system_combo.itemText(i) for i in range(view.system_combo.count())]
    assert NAME in labels and view.system_combo.findData(SYSTEM_ID) == labels.index(NAME)
    assert dice.system() == SYSTEM_ID  # キャラクターに合わせる: the selected character's bot
    dice.set_text("1D6+{運}>=7")  # its chat palette's line, with the character's 運 (2)
    assert dice.expanded == "1D6+2>=7"
    result = dice.roll()
    assert result is not None and result.text.startswith(f"{BOT} : (1D6+2>=7) ＞ ")
    assert dice.recent[-1].payload["dice_system"] == SYSTEM_ID
    dice.set_text("2D6+1>=7[11]")  # another bot's command: refused, naming the setting that reads it
    assert dice.error is not None and f"「{DICE_SYSTEMS['aw'].label}」" in dice.error.message
    assert f"「{NAME}」では読めません" in dice.error.message
    assert roll_for("1D6", random.Random(1), SYSTEM_ID).text.startswith(f"{BOT} : (1D6) ＞ ")


def test_the_log_filter_puts_its_kinds_in_their_groups_and_its_marks_start_sessions(window):
    campaign = window.campaign_model.campaign
    for kind, action in ((LOG_KIND, None), (SCENE_KIND, "end_session"), (LOG_KIND, None)):
        payload = summary_payload(SYSTEM_ID, f"作り話: {kind}", "ためし")
        window.campaign_model.append_log(kind, payload if action is None else {**payload, "action": action})
    assert (group_of(LOG_KIND), group_of(SCENE_KIND)) == (CHECKS, SESSION)
    log = window.log_model
    log.set_filter(LogFilter(group=CHECKS))
    assert log.rowCount() == 2
    log.set_filter(LogFilter(group=SESSION))
    assert log.rowCount() == 1
    log.set_filter(LogFilter(group=OTHER))
    assert log.rowCount() == 0
    assert len(scan(campaign).sessions) == 2  # its end_session mark ends the first


def test_the_exports_carry_it_with_its_dice_bot(window, tmp_path):
    add_made_up_character(window)
    characters = menu(window, "キャラクター(&C)")
    characters["CCFolia 形式でコピー"].trigger()
    document = json.loads(QGuiApplication.clipboard().text())
    validate_ccfolia(document)
    assert document["data"]["name"] == "新しいキャラクター"
    assert "1D6+{運}>=7 【運】" in document["data"]["commands"].splitlines()
    assert {"label": "HP", "value": "10"} in document["data"]["params"]
    window.ask_save_path = lambda *_: str(tmp_path / "made_up.zip")
    characters["Udonarium 形式で保存…"].trigger()
    [saved] = read_udonarium(tmp_path / "made_up.zip")
    assert saved.name == "新しいキャラクター" and saved.dicebot == BOT == dicebot(SYSTEM_ID)


def test_the_prob_cli_answers_its_kind(made_up_system, capsys):
    assert main(["prob", SYSTEM_ID, "--luck", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"system": SYSTEM_ID, "outcomes": {"success": 0.5, "failure": 0.5}}  # 4, 5 or 6 on 1D6


def test_the_demo_campaign_brings_its_part(made_up_system, tmp_path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign")
    try:
        stored = campaign.list_characters()
        assert (stored[-1].system, stored[-1].character.name) == (SYSTEM_ID, "ためし 太郎")
        assert {s.system for s in stored} == set(SYSTEMS)
        last = campaign.log_entries()[-1]
        assert (last.kind, last.payload["system"]) == ("demo", SYSTEM_ID)
    finally:
        campaign.close()
