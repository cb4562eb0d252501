"""What a フォーカード roll writes to the session log: inputs, dice, outcome, seed, P — and
the four short texts the log table shows."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.fourcard.terms import outcome_term
from gmtool.rules.checks import CheckResult
from gmtool.rules.systems.fourcard.checks import AchievementResult, CompareResult, Contestant, FourCardResult

if TYPE_CHECKING:
    from gmtool.models.fourcard.check_model import FourCardCheckModel


# The log's texts are written in the UI language of the moment (the log stores them as text).
# Each is a literal `translate` call so that lupdate finds it (tests/test_i18n.py checks it has English).
CONTEXT = "fourcard_check"


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    return f"[{','.join(map(str, faces))}]={sum(faces)}"


def _side(model: FourCardCheckModel, side: Contestant) -> dict[str, Any]:
    character = model.character(side)
    roller = model.roller(side)
    return {
        "character_id": model.inputs(side).character_id,
        "character": character.name if character else "",
        "source": model.inputs(side).source,
        "source_label": model.source_label(side),
        "base": roller.base,
        "modifier": roller.modifier,
        "weakened": roller.weakened,
    }


def _inputs_text(side: dict[str, Any]) -> str:
    text = QCoreApplication.translate(CONTEXT, "{0} {1}").format(side["source_label"], side["base"])
    if side["modifier"]:
        text += QCoreApplication.translate(CONTEXT, " 修正 {0:+d}").format(side["modifier"])
    if side["weakened"]:
        text += QCoreApplication.translate(CONTEXT, " 衰弱 −2")
    return text


def check_log_payload(model: FourCardCheckModel, result: FourCardResult) -> dict[str, Any]:
    a = _side(model, Contestant.A)
    payload: dict[str, Any] = {
        "system": "fourcard",
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        "seed": result.seed,
        "mode": model.mode,
        "a": a,
    }
    if isinstance(result, CompareResult):
        b = _side(model, Contestant.B)
        names = {Contestant.A: a["character"] or "A", Contestant.B: b["character"] or "B"}
        payload.update(
            b=b,
            rounds=[
                {
                    "a_faces": list(r.a_faces),
                    "a_total": r.a_total,
                    "b_faces": list(r.b_faces),
                    "b_total": r.b_total,
                    "winner": str(r.winner) if r.winner else None,
                }
                for r in result.rounds
            ],
            winner=str(result.winner) if result.winner else None,
            probability=float(model.wins.get(Contestant.A, 0)),
        )
        dice = " / ".join(
            f"{faces_text(r.a_faces)}→{r.a_total} : {faces_text(r.b_faces)}→{r.b_total}"
            for r in result.rounds
        )
        summary = {
            "who": f"{names[Contestant.A]} ⇔ {names[Contestant.B]}",
            "inputs": QCoreApplication.translate(CONTEXT, "比較ロール: {0} / {1}").format(
                _inputs_text(a), _inputs_text(b)
            ),
            "dice": dice,
            "result": (
                QCoreApplication.translate(CONTEXT, "{0}の勝ち").format(names[result.winner])
                if result.winner is not None
                else QCoreApplication.translate(CONTEXT, "引き分け（GMの判断）")
            )
            + (
                QCoreApplication.translate(CONTEXT, "（同値 {0} 回で振り直し）").format(
                    len(result.rounds) - 1
                )
                if len(result.rounds) > 1
                else ""
            ),
        }
    elif isinstance(result, AchievementResult):
        payload.update(faces=list(result.faces), total=result.total)
        summary = {
            "who": a["character"],
            "inputs": QCoreApplication.translate(CONTEXT, "達成ロール: {0}").format(_inputs_text(a)),
            "dice": faces_text(result.faces),
            "result": QCoreApplication.translate(CONTEXT, "ロール値 {0}").format(result.total),
        }
    else:
        assert isinstance(result, CheckResult)
        payload.update(
            difficulty=model.difficulty,
            faces=list(result.faces),
            total=result.total,
            margin=result.margin,
            outcome=str(result.outcome),
            probability=float(model.success_probability),
        )
        margin = (
            QCoreApplication.translate(CONTEXT, "（成功の度合 +{0}）").format(result.margin)
            if result.margin is not None
            else ""
        )
        summary = {
            "who": a["character"],
            "inputs": QCoreApplication.translate(CONTEXT, "目標ロール: {0} 難易度 {1}").format(
                _inputs_text(a), model.difficulty
            ),
            "dice": faces_text(result.faces),
            "result": QCoreApplication.translate(CONTEXT, "{0} ロール値 {1}{2}").format(
                outcome_term(result.outcome), result.total, margin
            ),
        }
    payload["summary"] = summary
    return payload
