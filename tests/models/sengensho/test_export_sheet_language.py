"""The session part of a 千幻抄 character's Udonarium export (its 縁故 and 幻想能力 in the memo) in the
UI language (issue 35): English words around the user's names in the English UI, the game's 類型
bracketed beside their English; the Japanese memo as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.models.sengensho.export_sheet import sengensho_session_sheet
from gmtool.rules.systems.sengensho.character import BondKind
from tests.models.sengensho.session_helpers import demo_session_with_a_bond
from tests.qt_fixtures import english_ui


def saku_with_a_bond(campaign_model: Any) -> str:
    demo_session_with_a_bond(campaign_model, BondKind.MEMORY, "夢で見た森")
    return next(s.id for s in campaign_model.characters() if s.character.name == "白峰 朔")


def test_the_english_export_memo_is_english_around_the_users_names(
    campaign_model: Any, tmp_path: Path
) -> None:
    saku = saku_with_a_bond(campaign_model)
    with english_ui(tmp_path):
        memo = sengensho_session_sheet(campaign_model, saku).memo
    assert memo == (
        "Bonds: 夢で見た森 (Hunter 〈狩猟者〉 · memory · Lv1)",
        "Fantasy abilities: 能力甲 (Hunter 〈狩猟者〉 · fantasy required 2 · Locked), "
        "能力乙 (Hunter 〈狩猟者〉 · fantasy required 4 · Locked)",
    )


def test_the_japanese_export_memo_reads_as_before(campaign_model: Any) -> None:
    memo = sengensho_session_sheet(campaign_model, saku_with_a_bond(campaign_model)).memo
    assert memo == (
        "縁故: 夢で見た森（狩猟者・記憶・Lv1）",
        "幻想能力: 能力甲（狩猟者・必要幻想値 2・使用不可）、能力乙（狩猟者・必要幻想値 4・使用不可）",
    )
