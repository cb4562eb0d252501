"""Several orders (1.6.2) and elite orders (1.6.3) as values: the numbers the text states, and one
of an elite order's three conditions with its state.

A value module (views may import it: it declares types and constants, no function).  `orders`
checks the conditions with them and re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.message import Message

MAX_ADVANCING = 2  # 「同時には二つの職業の特性しか」
ELITE_ADVANCEMENTS = 6  # 「一つの職業で,Advancement (レベル) を6以上」
ELITE_PICKS = 5  # 「職業の「兼業」に必要な成長ポイント5点を支払うこと」
OK, FAIL, UNSET = "ok", "fail", "unset"
UNSET_TEXT = Message("未設定（ルール表 → 参照表 で入力）")


@dataclass(frozen=True)
class Condition:
    """One of 1.6.3's three conditions: met (OK), not met (FAIL) or resting on an unset value."""

    number: int
    state: str
    reason: str
