"""The session log written out in the English UI (issue 35): the HTML page and the text export hold
no fixed Japanese text of gmtool's — the headings, the columns, the footer, a check's outcome and
the words gmtool puts before a roll of a system BCDice has no bot for («DiceBot（BCDiceに…のボット
なし・汎用）») are English; the demo's notes and names (the user's data) stay as written, and so does
BCDice's own result text."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.log_export import PERIOD, LogExportModel
from gmtool.models.log_payload import summary_payload
from gmtool.store.log_export import HTML, TEXT
from gmtool.store.log_spans import scan
from tests.qt_fixtures import DEMO_NAMES, english_ui, release_model
from tests.text_audit import japanese_leftovers

# BCDice's own words in a result line (as BCDice prints them, the chat tools show them so).
BCDICE_WORDS = ("成功", "失敗")


@pytest.fixture
def demo(qapp, tmp_path: Path):
    campaign = create_demo_campaign(tmp_path / "demo.gmcampaign")
    model = CampaignModel(campaign)
    yield model
    release_model(model)
    campaign.close()


def demo_notes(model: CampaignModel) -> list[str]:
    """The demo's own log lines as written: the user's data once the campaign is made."""
    texts = []
    for entry in model.log_entries():
        summary = entry.payload.get("summary") or {}
        texts += [str(v) for v in summary.values() if isinstance(v, str)]
    return texts


def play(model: CampaignModel) -> None:
    """Rolls under three ダイスボット settings (one of a system BCDice has no bot for), a repeat,
    a secret roll revealed, and an opposed check line."""
    box = DiceBoxModel(model, seed_source=lambda: 7)
    box.set_variables({}, "ナール")
    for setting, text in (("lotr", "2D6+3>=10"), ("lotr", "x2 2D6"), ("aw", "2D6+2>=9"), ("generic", "1D6")):
        box.set_system_setting(setting)
        box.set_text(text)
        box.roll()
    box.set_text("S2D6")
    assert box.roll() is not None
    box.reveal(box.recent[-1])
    payload = {
        "mode": "opposed",
        "action": {"character": "朝霧 透", "faces": [3, 4]},
        "reaction": {"character": "影の使徒", "faces": [2, 2]},
        "winner": "action",
        "probability": 0.5,
    }
    model.append_log("check", payload)
    model.append_log("fourcard", summary_payload("fourcard", "DX 6", who="ガルド", dice="3,4", result="ok"))


def export(model: CampaignModel, tmp_path: Path, kind: str) -> str:
    exporter = LogExportModel(model, scan(model.campaign))
    exporter.range_kind = PERIOD
    exporter.period = (exporter.first_day, exporter.last_day)
    exporter.format = kind
    path = tmp_path / f"log{kind}"
    exporter.write(path)
    text = path.read_text(encoding="utf-8")
    return html.unescape(re.sub(r"<[^>]+>", "\n", text)) if kind == HTML else text


@pytest.mark.parametrize("kind", [HTML, TEXT])
def test_the_english_export_has_no_fixed_japanese_of_gmtools(demo, tmp_path, kind):
    user_data = [*DEMO_NAMES, *demo_notes(demo), "ガルド", *BCDICE_WORDS]
    play(demo)
    with english_ui(tmp_path):
        page = export(demo, tmp_path, kind)
    lines = [("export", line) for line in page.splitlines() if line.strip()]
    assert "DiceBot (BCDice has no bot for The Lord of the Rings: generic) : " in page
    assert "Action side wins" in page
    leftovers = japanese_leftovers(lines, user_data)
    assert leftovers == [], "\n".join(text for _, text in leftovers)


def test_the_japanese_export_keeps_its_words(demo, tmp_path):
    play(demo)
    page = export(demo, tmp_path, TEXT)
    assert "DiceBot（BCDiceに指輪物語のボットなし・汎用） : " in page
    assert "アクション側の勝利" in page
