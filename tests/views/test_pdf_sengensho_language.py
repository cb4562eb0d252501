"""The printed 千幻抄 sheet in the UI language (issue 35): each demo character, with the session's 縁故
and 幻想能力 sections filled (a running session, the GM's catalog), printed to a PDF and read back. In
English nothing of gmtool's own is Japanese — the character's data and the GM's catalog texts are the
user's, the game's 類型 stand bracketed beside their English; in Japanese no raw id is printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmtool.app.pdf_menu import print_parts, session_html
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.views.print.sheet_document import export_sheet_pdf
from tests.e2e.test_english_walk_sengensho import USER_DATA, internal_ids
from tests.models.sengensho.session_helpers import demo_session_with_a_bond
from tests.qt_fixtures import english_ui
from tests.text_audit import japanese_leftovers, raw_ids
from tests.views.test_pdf_terms import page_texts, squeezed

NAMES = ("白峰 朔", "綾瀬 詩織", "宵闇の主")


@pytest.fixture
def at_the_table(campaign_model: Any) -> Any:
    """The demo campaign with the GM's catalog and a running session: 白峰 朔 has a 縁故 to
    「山の天狗」 and has used 狩猟者's first 幻想能力 on a 前借り."""
    session = demo_session_with_a_bond(campaign_model, BondKind.CHARACTER, "山の天狗")
    saku = next(s.id for s in campaign_model.characters() if s.character.name == "白峰 朔")
    session.fantasy.use_ability(saku, "狩猟者", 0, borrow_if_short=True)
    return campaign_model


def printed(campaign_model: Any, name: str, folder: Path) -> str:
    stored = next(s for s in campaign_model.characters() if s.character.name == name)
    path = folder / f"{stored.id}.pdf"
    extra = session_html(campaign_model, stored.id)
    export_sheet_pdf(path, stored.system, stored.character, extra, print_parts(stored.system))
    return "".join(page_texts(path))


SQUEEZED_DATA = sorted({squeezed(text) for text in USER_DATA}, key=len, reverse=True)


@pytest.mark.parametrize("name", NAMES)
def test_the_english_pdf_of_a_sengensho_character_has_no_japanese_of_gmtools_own(
    at_the_table: Any, name: str, tmp_path: Path
) -> None:
    with english_ui(tmp_path):
        text = printed(at_the_table, name, tmp_path)
    assert "Hunter〈狩猟者〉" in text or "Artist〈芸術家〉" in text  # the game's 類型, bracketed
    assert japanese_leftovers([("pdf", text)], SQUEEZED_DATA) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_japanese_pdf_of_a_sengensho_character_prints_no_raw_id(
    at_the_table: Any, name: str, tmp_path: Path
) -> None:
    text = printed(at_the_table, name, tmp_path)
    assert "幻想能力" in text
    assert raw_ids([("pdf", text)], internal_ids(), SQUEEZED_DATA) == []
