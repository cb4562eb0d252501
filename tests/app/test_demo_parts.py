"""The demo campaign joined from each system's own part (resources/demo/<id>.json) holds what the
one shipped file held: the characters in the same order, the saved encounter, the log lines."""

from __future__ import annotations

from gmtool.app.demo import create_demo_campaign, demo_parts, shown_check
from gmtool.models.battle_keys import SAVED_KEY
from gmtool.rules import battle
from tests.qt_fixtures import DEMO_NAMES


def test_the_parts_come_in_the_menus_order_and_name_the_shown_check():
    assert [system_id for system_id, _part in demo_parts()] == ["aw", "fourcard", "lotr", "sengensho", "mtg"]
    assert shown_check() == ("aw", "reflex")  # the screenshots' and the self-test's 反射 of 朝霧 透


def test_the_joined_campaign_is_the_demo_as_it_was(tmp_path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign")
    try:
        stored = campaign.list_characters()
        assert [s.character.name for s in stored] == DEMO_NAMES
        assert [s.system for s in stored] == ["aw"] * 3 + ["fourcard", "lotr"] + ["sengensho"] * 3 + ["mtg"]
        [encounter] = battle.load_saved(campaign.get_session(SAVED_KEY))
        assert (encounter.name, encounter.system) == ("廃ビルの影", "aw")
        lines = [(e.kind, e.payload["system"], e.payload["summary"]["who"]) for e in campaign.log_entries()]
        assert lines == [("demo", "aw", ""), ("demo", "aw", "朝霧 透"), ("demo", "lotr", "ナール")]
    finally:
        campaign.close()
