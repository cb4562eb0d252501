"""What an AW roll writes to the session log: each side's character, value, 修正, 令呪 (+20,
apart from the GM's 修正), critical and fumble, the dice and the outcome; the seed, the odds
before the roll, and the event-key restriction it was rolled under.

Split from check_model (the panel's state) so each module stays short.
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gmtool.models.aw.check_session import BoostOffer, session_summary, spell_payload
from gmtool.rules.checks import CheckResult, OpposedResult, Side
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec

if TYPE_CHECKING:
    from gmtool.models.aw.check_model import AWCheckModel


def check_log_payload(
    model: AWCheckModel,
    result: CheckResult | OpposedResult,
    spec: AWCheckSpec | AWOpposedSpec | None = None,
    boosts: dict[Side, BoostOffer] | None = None,
    probability: Fraction | None = None,
) -> dict[str, Any]:
    """The log entry of `result`, rolled from `spec` with the 令呪 in `boosts` spent; `probability`
    is the action side's chance as shown before the roll (taken before the spend re-reads it)."""
    spec = spec or model.spec()
    boosts = boosts or {}
    if probability is None:
        probability = model.action_wins if model.opposed else model.success_probability
    rollers = (
        {Side.ACTION: spec.action, Side.REACTION: spec.reaction}
        if isinstance(spec, AWOpposedSpec)
        else {Side.ACTION: spec.roller}
    )

    def side_payload(side: Side, rolled: CheckResult | None) -> dict[str, Any]:
        character = model._character(side)
        roller = rollers[side]
        boost = boosts.get(side)
        boost_amount = boost.amount if boost is not None else 0
        return {
            "character_id": model.inputs(side).character_id,
            "character": character.name if character else "",
            "source": model.inputs(side).source,
            "source_label": model.source_label(side),
            "value": roller.value,
            "modifier": roller.modifier - boost_amount,  # the GM's 修正; 令呪 is "boost"
            "boost": boost_amount,
            "command_spell": spell_payload(boost),
            "critical": roller.critical,
            "fumble": roller.fumble,
            "can_roll": roller.can_roll,
            "faces": list(rolled.faces) if rolled else [],
            "total": rolled.total if rolled else None,
            "outcome": str(rolled.outcome) if rolled else None,
        }

    payload: dict[str, Any] = {
        "system": "aw",
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        "seed": result.seed,
    }
    if isinstance(result, OpposedResult):
        payload.update(
            mode="opposed",
            action=side_payload(Side.ACTION, result.action),
            reaction=side_payload(Side.REACTION, result.reaction),
            winner=str(result.winner),
            probability=float(probability or 0),
        )
    else:
        payload.update(
            mode="check",
            difficulty=model.difficulty,
            action=side_payload(Side.ACTION, result),
            outcome=str(result.outcome),
            probability=float(probability or 0),
        )
    # Each side says its own 令呪; the top-level entry is the action side's, as older entries have it.
    payload["command_spell"] = spell_payload(boosts.get(Side.ACTION))
    payload["key_restriction"] = model.key_filter
    if boosts or model.key_filter is not None:
        payload["summary"] = session_summary(payload, model.key_filter)
    return payload
