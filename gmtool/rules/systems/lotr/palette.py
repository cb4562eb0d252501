"""The Lord of the Rings RPG's chat-palette lines.

BCDice has no bot for its CODA rules (BCDice's TheOneRing bots are another game), so a room for it
rolls with the generic DiceBot, as gmtool's dice box set to 指輪物語 does: the lines are plain
``2D6+n>=t`` (the generic AddDice command) against the TN the judgement panel starts from.  That
sum cannot roll CODA's double six, which explodes (another d6, again on a 6): each line says so
after the check's label, so a player does not take the sum for the rule.  gmtool's judgement
panel rolls the explosion exactly.
"""

from __future__ import annotations

from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette
from gmtool.rules.systems.lotr.kinds import DEFAULT_TN

NOTE = "※BCDiceにCODAなし・6ゾロの振り足しなし"


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={DEFAULT_TN}"


def _comment(kind: CheckKind) -> str:
    label = " ".join(kind.label.replace("{", "（").replace("}", "）").split())
    return f"【{label}】{NOTE}"


PALETTE = ChatPalette(roll=_roll, comment=_comment)
