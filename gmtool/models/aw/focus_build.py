"""The AF dialog's set-up as data, and the checks that turn it into a starting AF (or a refusal).

Split from `aw_focus_model` to keep that module about the steps.  Strings are translated in the
"AWFocusModel" context, where they were before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from gmtool.models.aw.focus_state import FocusDoc, new_focus
from gmtool.models.aw.focus_text import ABILITY_LABELS, tr
from gmtool.rules.message import Message
from gmtool.rules.systems.aw.character import AWCharacter
from gmtool.rules.systems.aw.focus import MAX_DIFFICULTY, MAX_PARTICIPANTS, MAX_ROUND_LIMIT
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.store.validation import format_validation_error


@dataclass(frozen=True)
class Candidate:
    """An AW character who may take part; `default` is whether the set-up ticks them at first."""

    id: str
    name: str
    is_pc: bool
    in_scene: bool
    default: bool


@dataclass(frozen=True)
class FocusSetup:
    goal: str = ""
    ability: str = "intellect"
    difficulty: int = 100
    round_limit: int = 2
    special_rules: tuple[tuple[int, str], ...] = ()  # (threshold, note)
    participants: tuple[str, ...] = ()  # character ids


def build_focus(setup: FocusSetup, minimum: int, known: Mapping[str, AWCharacter]) -> FocusDoc:
    """The AF the set-up describes (`known`: the campaign's AW characters by id); SessionRefused
    with the reason when it cannot start."""
    if setup.difficulty < minimum:
        raise SessionRefused(
            tr("AF判定の難易度は {0} 以上です（{1} が指定されました）").format(minimum, setup.difficulty)
        )
    if setup.difficulty > MAX_DIFFICULTY:
        raise SessionRefused(
            tr(
                "このツールで扱える難易度は {0} までです（{1} が指定されました。"
                "それより大きいと成功率の計算が終わらなくなります）"
            ).format(MAX_DIFFICULTY, setup.difficulty)
        )
    if not 1 <= setup.round_limit <= MAX_ROUND_LIMIT:
        raise SessionRefused(
            tr(
                "ラウンド制限は 1〜{0} です（{1} が指定されました。"
                "それより長いと成功率の計算が終わらなくなります）"
            ).format(MAX_ROUND_LIMIT, setup.round_limit)
        )
    if setup.ability not in ABILITY_LABELS:
        raise SessionRefused(tr("能力値 {0} はありません").format(setup.ability))
    chosen = [(cid, known[cid]) for cid in setup.participants if cid in known]
    if not chosen:
        raise SessionRefused(tr("参加者を 1 人以上選んでください"))
    if len(chosen) > MAX_PARTICIPANTS:
        raise SessionRefused(
            tr(
                "このツールで扱える参加者は {0} 人までです（{1} 人が選ばれました。"
                "それより多いと成功率の計算が終わらなくなります）"
            ).format(MAX_PARTICIPANTS, len(chosen))
        )
    for threshold, _ in setup.special_rules:
        if threshold < 1:
            raise SessionRefused(tr("特別ルールの達成値は 1 以上です（{0}）").format(threshold))
    try:
        return new_focus(
            setup.goal, setup.ability, setup.difficulty, setup.round_limit, setup.special_rules, chosen
        )
    except ValidationError as e:
        raise SessionRefused(
            Message(tr("AF判定を開始できません（{0}）"), format_validation_error(e))
        ) from None
