"""フォーカード's chat-palette lines.

BCDice has no フォーカード bot, so a room for it rolls with the generic DiceBot, as gmtool's dice
box set to フォーカード does: the lines are plain ``2D6+n>=t`` (the generic AddDice command) against
the difficulty the judgement panel starts from.  That sum does not apply フォーカード's natural 12
(自動成功) and 2 (自動失敗): each line says so after the check's label.  gmtool's judgement panel
applies them.
"""

from __future__ import annotations

import re
from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.base import ChatPalette
from gmtool.rules.systems.fourcard.checks import DEFAULT_DIFFICULTY

# A specialisation's check, 「【接近戦】特化【剣】」, names its variable 「接近戦（剣）」.
_SPECIALISED = re.compile(r"【(.+?)】特化【(.+?)】")
NOTE = "※BCDiceにフォーカードなし・出目12/2の自動成功/失敗なし"


def _roll(character: Any, kind: CheckKind, value: str) -> str:
    return f"2D6+{value}>={DEFAULT_DIFFICULTY}"


def _variable_label(kind: CheckKind) -> str:
    return _SPECIALISED.sub(r"\1（\2）", kind.label)


def _comment(kind: CheckKind) -> str:
    label = " ".join(kind.label.replace("{", "（").replace("}", "）").split())
    return (label if label.startswith(("【", "〈")) else f"【{label}】") + NOTE


PALETTE = ChatPalette(roll=_roll, variable_label=_variable_label, comment=_comment)
