"""Control characters in names and texts (issue 39, case 7): a NUL or another C0 control is refused
wherever a character is written or imported, naming the text with the control made visible, and
nothing changes on disk; a right-to-left override in a name stays inside its cell and the title of the
HTML log."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from gmtool.rules.control_characters import control_character_problem
from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign
from gmtool.store.errors import CampaignError, ExchangeError, StoreError
from gmtool.store.exchange import export_character, read_character
from gmtool.store.log_export import HtmlWriter, Labels, Row


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f"])
def test_a_control_character_anywhere_is_found_and_shown(char: str):
    problem = control_character_problem({"name": "ok", "skills": [{"note": f"剣{char}術"}]})
    assert problem is not None
    assert f"U+{ord(char):04X}" in problem and "「剣" in problem and "術」" in problem
    assert char not in problem  # shown as its symbol, never as the control itself


def test_tabs_and_line_breaks_stay_allowed():
    assert control_character_problem({"notes": "一行目\n二行目\r\n\tインデント"}) is None


def test_a_nul_in_a_name_is_refused_and_nothing_is_written(tmp_path: Path):
    path = tmp_path / "table.gmcampaign"
    aw = SYSTEMS["aw"]
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", aw.new_character("朝霧 透"))
        stored = campaign.get_character("a").character
        with pytest.raises(StoreError, match=r"U\+0000"):
            campaign.put_character("a", "aw", dataclasses.replace(stored, name="朝霧\x00透"))
    with Campaign.open(path, read_only="test") as campaign:
        assert [s.character.name for s in campaign.list_characters()] == ["朝霧 透"]


def test_a_campaign_file_edited_to_hold_a_nul_is_refused_at_open_and_left_as_it_was(tmp_path: Path):
    """Found by the fuzzing: a row edited by hand to hold a NUL opened, and then no edit of that
    character could be saved. It is refused at open as an import is, naming the text."""
    import sqlite3

    path = tmp_path / "table.gmcampaign"
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", SYSTEMS["aw"].new_character("朝霧 透"))
    conn = sqlite3.connect(path)
    try:
        text = conn.execute("SELECT data FROM characters WHERE id = 'a'").fetchone()[0]
        document = json.loads(text)
        document["name"] = "朝霧\x00透"
        conn.execute("UPDATE characters SET data = ? WHERE id = 'a'", (json.dumps(document),))
        conn.commit()
    finally:
        conn.close()
    before = path.read_bytes()
    with pytest.raises(CampaignError, match=r"「朝霧␀透」に制御文字（U\+0000）"):
        Campaign.open(path)
    assert path.read_bytes() == before


def test_an_imported_file_with_a_control_character_is_refused(tmp_path: Path):
    path = tmp_path / "toru.gmchar.json"
    export_character(path, "aw", SYSTEMS["aw"].new_character("朝霧 透"))
    document = json.loads(path.read_text(encoding="utf-8"))
    document["data"]["name"] = "朝霧\x00透"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ExchangeError, match=r"「朝霧␀透」に制御文字（U\+0000）"):
        read_character(path)


def test_a_right_to_left_override_stays_inside_its_cell_and_the_title():
    out = io.StringIO()
    labels = Labels(lang="ja", title="卓\u202eevil", subtitle="", note="", columns=("a",) * 6, empty="")
    writer = HtmlWriter(out, labels)
    writer.begin()
    writer.row(Row(time="19:00", who="\u202e朝霧", inputs="x", dice="1", result="成功", odds=""))
    page = out.getvalue()
    assert "<title>\u2068卓\u202eevil\u2069</title>" in page
    assert '<td class="who" dir="auto"' in page and '<td class="inputs" dir="auto">' in page


def test_a_sheet_edit_with_a_nul_is_taken_back_and_said(campaign_model, qtbot):
    """The sheet writes through CampaignModel.update_character: the step is refused whole (its
    CampaignError stops the caller), the stored name stays, and `write_failed` carries the reason for
    the window to show."""
    first = campaign_model.characters()[0]
    said: list[str] = []
    campaign_model.write_failed.connect(said.append)
    with pytest.raises(CampaignError):
        campaign_model.update_character(
            first.id, dataclasses.replace(first.character, name="朝霧\x00透"), "名前"
        )
    assert campaign_model.character(first.id).name == first.character.name
    assert said and "U+0000" in str(said[0])
