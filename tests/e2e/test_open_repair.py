"""A campaign refused at open for one unreadable session value can be repaired from the window (issue
39, case 6): ファイル → 開く says what is wrong and offers to open it with that part reset to its
default, after copying the file aside — and says where the copy is.  Declining changes nothing."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign

pytestmark = pytest.mark.e2e

BAD_VALUES = {
    "not JSON": "{house: rules",
    "a BLOB": b"\x00\x01binary",
    "nested too deep": "[" * 5000 + "]" * 5000,
}


def hand_edited(folder: Path, value: str | bytes) -> Path:
    """A campaign with a character, whose house-rules value another program overwrote."""
    folder = folder / "shared"  # beside the window's own campaign
    folder.mkdir()
    path = folder / "table.gmcampaign"
    with Campaign.create(path) as campaign:
        campaign.put_character("a", "aw", SYSTEMS["aw"].new_character("朝霧 透"))
        campaign.set_session(HOUSE_RULES_KEY, {})
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("UPDATE session SET value = ? WHERE key = ?", (value, HOUSE_RULES_KEY))
    return path


@pytest.fixture
def asked(window, monkeypatch) -> list[str]:
    questions: list[str] = []
    monkeypatch.setattr(window, "ask_confirm", lambda _title, text: questions.append(text) or True)
    monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.information", lambda *_args: None)
    return questions


@pytest.mark.parametrize("value", list(BAD_VALUES.values()), ids=list(BAD_VALUES))
def test_the_campaign_opens_with_the_value_reset_and_a_copy_kept(window, asked, tmp_path, value):
    path = hand_edited(tmp_path, value)
    original = path.read_bytes()
    window.files.open_campaign(str(path))
    assert asked and "セッション状態（ハウスルール）" in asked[0] and "before-repair" in asked[0]
    assert "house_rules" not in asked[0]  # the part by its name, never its key
    assert window.campaign_model.campaign.path == path.resolve()
    assert [s.character.name for s in window.campaign_model.characters()] == ["朝霧 透"]
    (copy,) = path.parent.glob("table-before-repair-*.gmcampaign")
    notice = window.campaign_model.campaign.notices[-1]
    assert str(copy) in notice
    with closing(sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True)) as conn:  # the copy: as it was
        kept = conn.execute("SELECT value FROM session WHERE key = ?", (HOUSE_RULES_KEY,)).fetchone()[0]
    assert kept == value and len(original) > 0
    assert window.campaign_model.session_value(HOUSE_RULES_KEY) is None  # the defaults


def test_declining_changes_nothing(window, monkeypatch, tmp_path, refusals):
    path = hand_edited(tmp_path, "{house: rules")
    shutil.copyfile(path, tmp_path / "before.bin")
    monkeypatch.setattr(window, "ask_confirm", lambda _title, _text: False)
    shown = window.campaign_model
    window.files.open_campaign(str(path))
    assert window.campaign_model is shown  # the campaign shown before stays
    assert path.read_bytes() == (tmp_path / "before.bin").read_bytes()
    assert not list(path.parent.glob("*before-repair*"))
