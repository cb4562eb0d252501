"""LotR texts built from parts read with the UI language's punctuation: in English a range has an en
dash (「Walk 3〜6」 was "Walk 3–6" only in the rule note beside it) and a list is joined with ", " (the
round's initiative rolls logged as 「ナール 9、オーク 7」 in the English UI); Japanese as before."""

from __future__ import annotations

from typing import Any

from gmtool.models.battle_model import BattleModel
from gmtool.models.shown_text import listed, span
from tests.views.lotr.test_sheet_view import make_sheet

JAPANESE_PUNCTUATION = "、〜。"


def test_lists_and_ranges_follow_the_ui_language(qapp: Any, language: str) -> None:
    expected = {"ja": ("ナール 9、Orc 7", "3〜6"), "en": ("ナール 9, Orc 7", "3–6")}[language]
    assert (listed(["ナール 9", "Orc 7"]), span(3, 6)) == expected


def test_the_sheets_moves_read_as_the_ui_language_writes_ranges_and_lists(
    qtbot: Any, campaign_model: Any, language: str
) -> None:
    moves = make_sheet(qtbot, campaign_model).load_row.movement_label.text()
    if language == "en":
        assert moves.startswith("Walk 3–6, Jog 7–9, Run 27, Sprint 40"), moves
        assert not set(moves) & set(JAPANESE_PUNCTUATION), moves
    else:
        assert moves.startswith("Walk 3〜6、Jog 7〜9、Run 27、Sprint 40"), moves


def test_the_rounds_initiative_rolls_are_listed_with_commas_in_english(
    campaign_model: Any, language: str
) -> None:
    battle = BattleModel(campaign_model, seed_source=lambda: 7)
    battle.new_encounter("lotr", "ambush")
    battle.roster.add_quick("Orc", {"swiftness": 0, "defence": 10, "health": 6})
    battle.roster.add_quick("Goblin", {"swiftness": 1, "defence": 9, "health": 5})
    battle.round.start()
    rolls = campaign_model.log_entries()[-1].payload["summary"]["dice"]
    assert "Orc" in rolls and "Goblin" in rolls, rolls
    separator = ", " if language == "en" else "、"
    assert separator in rolls and rolls.count(separator) == 1, rolls


def test_an_override_logs_its_reasons_in_the_ui_language(empty_campaign_model: Any, language: str) -> None:
    from gmtool.models.log_payload import shown_summary
    from tests.models.lotr.creation_fixtures import make_model, ready

    model = make_model(empty_campaign_model)
    ready(model)
    model.set_override(True)
    model.skills.set_ranks("order", "Climb", 4)
    model.skills.set_ranks("free", "Climb", 3)
    model.finish()
    [entry] = [e for e in empty_campaign_model.log_entries() if e.payload.get("roll") == "override"]
    reasons = shown_summary(entry.payload)[3]
    if language == "en":  # English reasons, listed as English lists them
        assert "Climb" in reasons and ", " in reasons, reasons
        assert not set(reasons) & set(JAPANESE_PUNCTUATION) and "ランク" not in reasons, reasons
    else:
        assert "3 ランクまでです: Climb、" in reasons, reasons
