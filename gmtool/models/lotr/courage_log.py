"""The courage lines of the LotR session log (1.2.3): a follow-up entry naming the roll it
changed, with the degree (or, in an opposed test, the winner) read again; and why courage
cannot be spent on the panel's last roll now.

Split from check_log (the roll's own entry), whose wording helpers and translation context
these lines share.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from gmtool.models.lotr.check_log import MODE_LABELS, SYSTEM_ID, _result_text, _tr, degree_label, faces_text
from gmtool.models.lotr.courage_rounds import round_refusal
from gmtool.rules.systems.lotr.checks import (
    Contestant,
    GroupResult,
    LotRResult,
    OpposedResult,
    RollResult,
    degree_of,
)
from gmtool.rules.systems.lotr.rules_data import LotRRules

if TYPE_CHECKING:
    from gmtool.models.lotr.check_courage import LotRCourage, RolledCheck


def courage_log_payload(
    courage: LotRCourage,
    rules: LotRRules,
    rolled: RolledCheck,
    before: LotRResult,
    after: LotRResult,
    points: int,
    character: Any,
    side: Contestant = Contestant.A,
) -> dict[str, Any]:
    """The follow-up entry of courage spent on the last roll `rolled` (the degree read again)."""
    if isinstance(before, OpposedResult) and isinstance(after, OpposedResult):
        return _opposed_courage_payload(courage, rules, rolled, before, after, points, character, side)
    old = before.leader if isinstance(before, GroupResult) else before
    new = after.leader if isinstance(after, GroupResult) else after
    assert isinstance(old, RollResult) and isinstance(new, RollResult)
    payload: dict[str, Any] = {
        **_courage_head(rolled, rolled.character_id),
        "points": points,
        "courage_on_roll": new.courage,
        "courage_bonus": new.courage_bonus,
        "per_point": rolled.per_point[0],
        "round": courage.round,
        "spent_this_round": courage.spent_this_round(rolled.character_id),
        "courage_left": character.courage_left,
        "faces": list(new.faces),
        "total": new.total,
        "margin": new.margin,
        "degree_before": str(old.degree),
        "degree": str(new.degree),
    }
    result = _tr("{0} → {1}").format(degree_label(rules, old.degree), _result_text(rules, new))
    if rolled.mode == "corruption":
        payload["corruption_after"] = character.corruption
        result += _tr("、Corruption → {0}").format(character.corruption)
    payload["summary"] = {
        "who": character.name,
        "inputs": _tr("勇気 {0} 点（+{1}）、このラウンド {2} 点目まで").format(
            points, points * rolled.per_point[0], courage.spent_this_round(rolled.character_id)
        )
        + _per_point_note(rolled.courage_values[0]),
        "dice": faces_text(new.faces),
        "result": result,
    }
    return payload


def _per_point_note(value: Any) -> str:
    """「、1点 +3 + Bold 2 + Horselord 2 = +7」 when traits add to the +3 (1.2.3), else ''."""
    return _tr("、1点 {0}").format(value.text()) if value.parts else ""


def _courage_head(rolled: Any, character_id: str | None) -> dict[str, Any]:
    """What every courage line starts with: the roll it follows up and who spent."""
    return {
        "system": SYSTEM_ID,
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        "mode": rolled.mode,
        "follow_up": "courage",
        "of_log_id": rolled.log_id,
        "seed": rolled.result.seed,
        "character_id": character_id,
    }


def _opposed_courage_payload(
    courage: LotRCourage,
    rules: LotRRules,
    rolled: RolledCheck,
    before: OpposedResult,
    after: OpposedResult,
    points: int,
    character: Any,
    side: Contestant,
) -> dict[str, Any]:
    """Courage after an opposed test: the side's total of the deciding round read again (1.2.3)."""
    spender = courage.spender(side)
    index = 1 if side is Contestant.B else 0
    a_points, b_points = courage.on_roll()
    deciding = after.rounds[len(before.rounds) - 1]
    rerolled = after.rounds[len(before.rounds) :]
    winner = {Contestant.A: "A", Contestant.B: "B"}
    degree = degree_of(after.margin, rules.degree_bands())  # 1.5.2, read again after the spend
    result = _tr("{0} の勝ち → {1} の勝ち").format(winner[before.winner], winner[after.winner])
    result += _tr("（{0}、差 {1}）").format(degree_label(rules, degree), after.margin)
    if rerolled:
        result += _tr("（勇気で同点、再度判定 {0} 回）").format(len(rerolled))
    payload: dict[str, Any] = {
        **_courage_head(rolled, spender),
        "side": winner[side],
        "points": points,
        "per_point": rolled.per_point[index],
        "courage_on_roll": {"A": a_points, "B": b_points},
        "round": courage.round,
        "spent_this_round": courage.spent_this_round(spender),
        "courage_left": character.courage_left,
        "totals": [deciding.a_total, deciding.b_total],
        "rerolled": [[list(r.a_faces), r.a_total, list(r.b_faces), r.b_total] for r in rerolled],
        "winner_before": winner[before.winner],
        "winner": winner[after.winner],
        "degree": str(degree),
        "margin": after.margin,
    }
    payload["summary"] = {
        "who": character.name,
        "inputs": _tr("{0} が勇気 {1} 点（+{2}）、このラウンド {3} 点目まで").format(
            winner[side], points, points * rolled.per_point[index], courage.spent_this_round(spender)
        )
        + _per_point_note(rolled.courage_values[index]),
        "dice": f"A {deciding.a_total} / B {deciding.b_total}",
        "result": result,
    }
    return payload


def courage_refusal(
    courage: LotRCourage,
    rolled: RolledCheck | None,
    current: bool,
    character: Any,
    points: int,
    side: Contestant = Contestant.A,
) -> str:
    """Why `points` courage cannot be spent on the panel's last roll `rolled` now (`current`: it is
    a roll of the test set up now; `character`: whose courage it would be), or ''."""
    if rolled is None:
        return _tr("勇気は判定を振った後、結果を見てから使います。まだ振っていません")
    if not current:
        return _tr(
            "前回の{0}は今の判定と違います（判定の種類・判定する人・目標値が変わりました）。"
            "勇気は今の判定を振ってから使ってください"
        ).format(_tr(MODE_LABELS[rolled.mode]))
    if side is Contestant.B and not isinstance(rolled.result, OpposedResult):
        return _tr("B の勇気は対決判定の後だけです")
    spender = courage.spender(side)
    if spender is None or character is None:
        return _tr("キャラクターを選ばずに振った判定には勇気を使えません（勇気を記録する先がありません）")
    if character.courage_left < points:
        return _tr("「{0}」の勇気が残っていません（Courage {1}、使用済み {2}）").format(
            character.name, character.courage, character.courage_spent
        )
    return round_refusal(courage.campaign_model, spender, character.name, points)
