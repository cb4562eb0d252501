"""What a LotR roll writes to the session log: inputs and where each point of the bonus came
from, every die (explosions included), TN, degree, seed, P — and the four short texts the log
table shows.  Courage spent afterwards is a follow-up entry naming the roll it changed: that
entry and the courage refusals are in courage_log.

Also the panel's other texts the model and the view share (conditions, warnings), so the
wording lives in one place."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import (
    Contestant,
    GroupResult,
    LotRResult,
    LotRRoller,
    OpposedResult,
    RollResult,
    TieRule,
    degree_of,
)
from gmtool.rules.systems.lotr.derived import (
    condition_penalty,
    corruption_reached_bearing,
    weariness_level,
    wound_track,
)
from gmtool.rules.systems.lotr.rules_data import Degree, LotRRules, lotr_rules

if TYPE_CHECKING:
    from gmtool.models.lotr.check_model import LotRCheckModel, Side

SYSTEM_ID = "lotr"
# The four kinds of test by mode id (the panel model's TEST, GROUP, OPPOSED, CORRUPTION).
MODE_LABELS = {"test": "判定", "group": "グループ判定", "opposed": "対決判定", "corruption": "堕落判定"}
# What the first part of a bonus is called, by kind ("" = not shown: an attribute test has no rank).
FIRST_PART = {"skill": "ランク", "untrained": "ランク", "reaction": "リアクション", "attribute": ""}


def _tr(text: str) -> str:
    return QCoreApplication.translate("lotr_check", text)


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """[6,6,6,2]=20 (振り足し): the explosion shows in the faces themselves."""
    text = f"[{','.join(map(str, faces))}]={sum(faces)}"
    return text + _tr("（振り足し）") if len(faces) > 2 else text


def degree_label(rules: LotRRules, degree: Degree | str) -> str:
    return shown_name(rules.band(Degree(degree)))


def shipped_degree_label(degree: Degree | str) -> str:
    """A degree's name in the shipped tables (the printed sheet names the outcomes of any campaign)."""
    return degree_label(lotr_rules(), degree)


def condition_text(character: LotRCharacter, rules: LotRRules, wounds: bool = True) -> str:
    """負傷 Dazed（朦朧） -1、疲労 Winded（息切れ） 未設定（GM が設定） → 判定に -1（自動で適用）."""
    track, weary = wound_track(character, rules), weariness_level(character, rules)
    unset = _tr("未設定（GM が設定）")
    if track.level is None:
        wound = _tr("死亡")
    elif track.carried_from is not None:  # house rule: the lighter level's penalty
        wound = f"{shown_name(track.level)} " + _tr("未設定 → {0} の {1:+d}").format(
            shown_name(track.carried_from), track.penalty
        )
    else:
        wound = f"{shown_name(track.level)} {unset if track.penalty_unset else f'{track.penalty:+d}'}"
    tired = f"{shown_name(weary)} {unset if weary.penalty is None else f'{weary.penalty:+d}'}"
    total = condition_penalty(character, rules, wounds)
    if not wounds:
        wound += _tr("（この判定には適用しない）")
    return _tr("負傷 {0}、疲労 {1} → 判定に {2:+d}（自動で適用）").format(wound, tired, total)


def condition_brief(character: LotRCharacter, rules: LotRRules, wounds: bool = True) -> str:
    """負傷 -1、疲労 未設定 → -1: the two penalties and their total, for the one line a judgement
    panel's box has (`condition_text`, with the levels' names, is its tooltip)."""
    track, weary = wound_track(character, rules), weariness_level(character, rules)
    unset = _tr("未設定")
    if track.level is None:
        wound = _tr("死亡")
    else:
        wound = unset if track.penalty_unset and track.carried_from is None else f"{track.penalty:+d}"
    if not wounds:
        wound += _tr("（適用しない）")
    tired = unset if weary.penalty is None else f"{weary.penalty:+d}"
    total = condition_penalty(character, rules, wounds)
    return _tr("負傷 {0}、疲労 {1} → {2:+d}").format(wound, tired, total)


def wound_gap_warning(character: LotRCharacter, rules: LotRRules) -> str:
    """Loud, when a worse wound level rolls better than a lighter one: the current level's penalty
    is unset (the summary gives none) and counted 0 while a lighter level has one.  ''."""
    track = wound_track(character, rules)
    lighter = track.lighter_worse
    if lighter is None or track.level is None:
        return ""
    return _tr(
        "「{0}」は {1} ですがペナルティなしで判定しています。{1} のペナルティはルール要約になく、"
        "ルール表で未設定のため 0 です — より軽い {2} には {3:+d} があります。"
        "ルール表（負傷・疲労）で値を入れるか、ハウスルール「値のない段階は軽い段階の値」を選んでください"
    ).format(character.name, shown_name(track.level), shown_name(lighter), lighter.penalty)


def bearing_warning(character: LotRCharacter) -> str:
    """The warning once Corruption has reached Bearing (1.2.4), or ''."""
    if not corruption_reached_bearing(character):
        return ""
    return _tr(
        "「{0}」の Corruption（{1}）が Bearing（{2}）に達しました。"
        "キャラクターは NPC となり、サウロンのために働きます（1.2.4）"
    ).format(character.name, character.corruption, character.attributes.brg)


def bonus_parts(roller: LotRRoller, kind_id: str) -> list[tuple[str, int]]:
    """Where each point of a roller's bonus comes from, as (name, points), zeros left out."""
    first = _tr(FIRST_PART.get(kind_id.partition(":")[0], "値"))
    parts = [
        (first, roller.rank),
        (_tr("能力値修正"), roller.attribute_modifier),
        (_tr("特化"), roller.specialisation),
        (_tr("関連技能"), roller.affinity),
        (_tr("技能なし"), -2 if roller.untrained else 0),
        (_tr("負傷・疲労"), roller.condition),
        (_tr("修正"), roller.modifier),
    ]
    return [(name, points) for name, points in parts if name and (points or name == first)]


def tie_rule_label(rule: TieRule) -> str:
    return {
        TieRule.REROLL: _tr("同点は振り直し"),
        TieRule.DODGE: _tr("回避: 同点は攻撃側（A）の勝ち"),
        TieRule.PARRY: _tr("防御・受け流し: 同点は防御側（B）の勝ち"),
    }[rule]


def roller_entry(model: LotRCheckModel, side: Side) -> dict[str, Any]:
    roller, character = model.roller(side), model.character(side)
    return {
        "character_id": model.inputs(side).character_id if character is not None else None,
        "character": character.name if character is not None else "",
        "source": model.inputs(side).source,
        "source_label": model.source_label(side),
        "affinity_count": model.inputs(side).affinity,
        "bonus_parts": {
            "rank": roller.rank,
            "attribute_modifier": roller.attribute_modifier,
            "specialisation": roller.specialisation,
            "affinity": roller.affinity,
            "untrained": -2 if roller.untrained else 0,
            "condition": roller.condition,
            "modifier": roller.modifier,
        },
        "bonus": roller.bonus,
    }


def _inputs_text(model: LotRCheckModel, side: Side) -> str:
    parts = " ".join(f"{name} {points:+d}" for name, points in model.bonus_parts(side))
    return f"{model.source_label(side)}（{parts} = {model.roller(side).bonus:+d}）"


def _roll_entry(rules: LotRRules, result: RollResult) -> dict[str, Any]:
    return {
        "faces": list(result.faces),
        "exploded": result.exploded,
        "bonus": result.bonus,
        "tn": result.tn,
        "total": result.total,
        "margin": result.margin,
        "degree": str(result.degree),
        "degree_label": degree_label(rules, result.degree),
    }


def _result_text(rules: LotRRules, result: RollResult) -> str:
    return _tr("{0}（達成値 {1}、差 {2:+d}）").format(
        degree_label(rules, result.degree), result.total, result.margin
    )


def check_log_payload(
    model: LotRCheckModel, result: LotRResult, corruption_before: int | None, corruption_after: int | None
) -> dict[str, Any]:
    rules, odds = model.rules, model.odds
    a = roller_entry(model, Contestant.A)
    who = a["character"] or _tr("キャラクターなし")
    payload: dict[str, Any] = {
        "system": SYSTEM_ID,
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        "mode": model.mode,
        "seed": result.seed,
        "a": a,
    }
    if isinstance(result, OpposedResult):
        b = roller_entry(model, Contestant.B)
        names = {
            Contestant.A: f"A（{who}）",
            Contestant.B: f"B（{b['character'] or _tr('キャラクターなし')}）",
        }
        payload.update(
            b=b,
            tie_rule=str(model.tie_rule),
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
            winner=str(result.winner),
            probability=float(odds.wins[result.winner]),
            wins={str(c): float(p) for c, p in odds.wins.items()},
            tie_per_round=float(odds.tie_per_round),
        )
        # 1.5.2 「達成値の差分が成功度を決定する」: the winner's degree, and its odds before the roll
        degree = degree_of(result.margin, rules.degree_bands())
        payload.update(
            margin=result.margin,
            degree=str(degree),
            degree_label=degree_label(rules, degree),
            degree_probability=float(odds.opposed_degrees.get(result.winner, {}).get(degree, 0)),
            degrees={
                str(c): {str(d): float(p) for d, p in ds.items()} for c, ds in odds.opposed_degrees.items()
            },
        )
        last = result.rounds[-1]
        tie = last.a_total == last.b_total
        summary = {
            "who": f"{names[Contestant.A]} ⇔ {names[Contestant.B]}",
            "inputs": _tr("対決判定: {0} / {1}、{2}").format(
                _inputs_text(model, Contestant.A),
                _inputs_text(model, Contestant.B),
                tie_rule_label(model.tie_rule),
            ),
            "dice": " / ".join(
                f"{faces_text(r.a_faces)}→{r.a_total} : {faces_text(r.b_faces)}→{r.b_total}"
                for r in result.rounds
            ),
            "result": _tr("{0}の勝ち").format(names[result.winner])
            + _tr("（{0}、差 {1}）").format(degree_label(rules, degree), result.margin)
            + (_tr("（同点: {0}）").format(tie_rule_label(model.tie_rule)) if tie else "")
            + (
                _tr("（同点で {0} 回振り直し）").format(len(result.rounds) - 1)
                if len(result.rounds) > 1
                else ""
            ),
        }
    elif isinstance(result, GroupResult):
        helpers = []
        for index, helper in enumerate(result.helpers):
            entry = roller_entry(model, index)
            entry.update(_roll_entry(rules, helper), gives=result.gives(helper))
            helpers.append(entry)
        payload.update(
            _roll_entry(rules, result.leader),
            helpers=helpers,
            help_bonus=result.help_bonus,
            marginal_helper=result.marginal_helper,  # the house rule's reading it was rolled under
            probability=float(odds.success_probability),
            degree_probability=float(odds.degree_probabilities[result.leader.degree]),
        )
        helper_dice = ", ".join(
            f"{h['character'] or _tr('助け')} {faces_text(h['faces'])}→+{h['gives']}" for h in helpers
        )
        summary = {
            "who": who,
            "inputs": _tr("グループ判定: {0} 目標値 {1}（助ける人は {2}）").format(
                _inputs_text(model, Contestant.A), model.tn, model.tn - 5
            ),
            "dice": f"{faces_text(result.leader.faces)}" + (f" / {helper_dice}" if helper_dice else ""),
            "result": _result_text(rules, result.leader) + _tr("、助け {0:+d}").format(result.help_bonus),
        }
    else:
        payload.update(
            _roll_entry(rules, result),
            probability=float(odds.success_probability),
            degree_probability=float(odds.degree_probabilities[result.degree]),
        )
        label = _tr(MODE_LABELS["corruption"] if model.mode == "corruption" else MODE_LABELS["test"])
        result_text = _result_text(rules, result)
        if corruption_before is not None and corruption_after is not None:
            payload.update(corruption_before=corruption_before, corruption_after=corruption_after)
            result_text += _tr("、Corruption {0} → {1}").format(corruption_before, corruption_after)
        summary = {
            "who": who,
            "inputs": _tr("{0}: {1} 目標値 {2}").format(label, _inputs_text(model, Contestant.A), model.tn),
            "dice": faces_text(result.faces),
            "result": result_text,
        }
    payload["summary"] = summary
    return payload
