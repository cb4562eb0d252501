"""アナザーワールド's chat-palette lines.

BCDice has no アナザーワールド bot; its SRS bot (スタンダードRPGシステム, SRS.rb) implements the
shared SRS check, and a room for アナザーワールド is set to it.  That bot reads a plain
``2D6+m>=t`` as an SRS check with critical 12 and fumble 2 (自動成功 / 自動失敗, the rule text's
values), and ``2D6+m>=t[c,f]`` with other values (test/data/SRS.toml).  The brackets are written
only where the character's values differ from 12/2.  gmtool's dice box set to アナザーワールド
reads both forms the same way (gmtool.rules.command_system).

The lines use the checks' 判定値 — the six attributes and the 戦闘値 a check adds (命中値, 回避値,
行動値 for the 行動値 対決) — and not 攻撃力, a damage value that no check adds: it stays a
variable for damage rolls.  The difficulty is the variable ``{難易度}``: the GM sets it once
(``//難易度=10``) instead of every line fixing 10.  The rule text gives no standard difficulty, only
bands (6〜8 簡単, 9〜11 普通, 12〜15 難しい, 16〜 至難); 10 is the middle of 普通, where the
judgement panel starts too.
"""

from __future__ import annotations

from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.command_srs_syntax import SRS_CRITICAL, SRS_FUMBLE
from gmtool.rules.systems.aw.character import AWCharacter
from gmtool.rules.systems.aw.checks import DEFAULT_DIFFICULTY
from gmtool.rules.systems.base import ChatPalette

DIFFICULTY = "難易度"  # the variable every line compares with
NOT_CHECKS = frozenset({"attack"})  # 攻撃力: damage, not a 判定値


def srs_thresholds(critical: int, fumble: int) -> str:
    """The SRS bracket suffix: '' at the defaults, '[11]' for critical 11, '[12,3]' …"""
    if critical == SRS_CRITICAL and fumble == SRS_FUMBLE:
        return ""
    if fumble == SRS_FUMBLE:
        return f"[{critical}]"
    return f"[{critical},{fumble}]"


def _roll(character: AWCharacter, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={{{DIFFICULTY}}}{srs_thresholds(character.critical, character.fumble)}"


def _comment(kind: CheckKind) -> str:
    return f"【{kind.label}判定】"


def _variables(character: Any) -> dict[str, int]:
    return {DIFFICULTY: DEFAULT_DIFFICULTY}


PALETTE = ChatPalette(
    roll=_roll, comment=_comment, variables=_variables, rolled=lambda kind: kind.id not in NOT_CHECKS
)
