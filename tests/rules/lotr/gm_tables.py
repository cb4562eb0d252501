"""Wound penalties as a GM enters them in ルール表 → 負傷・疲労: the summary gives none (1.2.1), so
gmtool ships every wound level 未設定, and a test of how penalties add up, carry or reach a roll
enters its own numbers.  These are the −1 / −1 / −5 gmtool used to ship as if they were known."""

from __future__ import annotations

from typing import Any

from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import LotRRules, lotr_rules

GM_WOUND_PENALTIES = {"dazed": -1, "injured": -1, "incapacitated": -5}
GM_DOCUMENT = {"wound_penalties": GM_WOUND_PENALTIES}


def with_gm_wound_penalties(rules: LotRRules | None = None) -> LotRRules:
    """The tables with the GM's Dazed −1, Injured −1, Incapacitated −5 (Wounded, Near Death empty)."""
    return apply_overrides(rules or lotr_rules(), GM_DOCUMENT)


def enter_gm_wound_penalties(campaign_model: Any) -> None:
    """The campaign's ルール表 with the GM's wound penalties, entered before the test's own steps
    (the undo stack cleared, so a test counting its steps counts only its own)."""
    from gmtool.models.lotr.rules_model import RULES_KEY

    campaign_model.set_session_value(RULES_KEY, {"schema": 1, **GM_DOCUMENT}, "GM の負傷ペナルティ")
    campaign_model.undo_stack.clear()
