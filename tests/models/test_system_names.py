"""One name per system, in the UI language (issue 35): the character list, キャラクターの追加, the
house-rule tabs, the tracker's system box and the printed sheet all name a system alike — its
declared Japanese name in the Japanese UI, its English name in the English UI."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.battle_model import BattleModel
from gmtool.models.character_list_model import CharacterListModel
from gmtool.models.sheet_print import sheet_content
from gmtool.models.system_names import system_choices, system_name
from gmtool.rules.systems import SYSTEMS
from tests.qt_fixtures import english_ui
from tests.text_audit import JAPANESE

ENGLISH = {
    "aw": "Another World SRS 3rd",
    "sengensho": "Sengensho",
    "fourcard": "Four Card",
    "lotr": "The Lord of the Rings RPG (CODA)",
    "mtg": "MTG TRPG",
}


def test_the_japanese_ui_shows_the_declared_names(qapp):
    assert dict(system_choices()) == {system_id: str(s.name) for system_id, s in SYSTEMS.items()}
    assert system_name("lotr") == "指輪物語RPG（CODA）"


def test_every_name_reads_english_in_the_english_ui(qapp, tmp_path):
    with english_ui(tmp_path):
        names = dict(system_choices())
    for name in names.values():
        assert not JAPANESE.search(name), name
    assert {k: names[k] for k in ENGLISH if k in names} == {k: v for k, v in ENGLISH.items() if k in names}


def test_the_list_tracker_and_sheet_use_the_english_name(qapp, tmp_path, campaign_model):
    stored = campaign_model.characters_of("lotr")[0]
    with english_ui(tmp_path):
        battle = BattleModel(campaign_model)
        assert dict(battle.systems())["aw"] == ENGLISH["aw"]
        listing = CharacterListModel(campaign_model)
        tip = listing.data(listing.index(0, 0), Qt.ItemDataRole.ToolTipRole)
        assert tip == ENGLISH["aw"]
        assert sheet_content("lotr", stored.character).system_name == ENGLISH["lotr"]
