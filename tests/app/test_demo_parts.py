"""The demo campaign joined from each system's own part (resources/demo/<id>.json) holds what the
one shipped file held: the characters in the same order, the saved encounter, the log lines."""

from __future__ import annotations

import pytest

from gmtool.app.demo import _declared, create_demo_campaign, demo_parts, shown_check
from gmtool.models.battle_keys import SAVED_KEY
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_export import SCENARIO, LogExportModel
from gmtool.rules import battle
from gmtool.store.log_export import TEXT
from gmtool.store.log_spans import scan
from tests.qt_fixtures import DEMO_NAMES, release_model


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
        assert lines == [
            ("aw.session", "aw", ""),  # the scenario's mark, as the session dialog writes it
            ("demo", "aw", ""),
            ("demo", "aw", "朝霧 透"),
            ("demo", "lotr", "ナール"),
        ]
    finally:
        campaign.close()


def test_the_demo_log_names_its_scenario_so_the_log_export_offers_a_scenario_range(qapp, tmp_path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign")
    model = CampaignModel(campaign)
    try:
        exporter = LogExportModel(model, scan(campaign))
        assert [s.name for s in exporter.spans.scenarios] == ["赤い月"]
        [label] = exporter.scenario_labels()
        assert label.startswith("赤い月（")  # the dialog's シナリオ choice
        exporter.range_kind = SCENARIO
        written = tmp_path / "scenario.txt"
        exporter.format = TEXT
        exporter.write(written)
        assert "ナール" in written.read_text(encoding="utf-8")  # every demo line is in the scenario
        # The session dialog names the same scenario the log marks.
        assert campaign.get_session("aw.session")["scenario"] == "赤い月"
    finally:
        release_model(model)
        campaign.close()


def test_a_demo_part_may_use_only_a_log_kind_or_session_key_its_system_declares():
    with pytest.raises(ValueError, match=r"aw\.sesion"):
        _declared("aw", "aw.sesion", ["demo", "aw.session"])
