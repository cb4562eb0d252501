"""千幻抄 checks as values: the dice, the natural totals, the bounds of the 目標値 and of the critical
and fumble thresholds, and which shared outcome codes stand for a critical and a fumble.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from gmtool.rules.checks import Outcome

DICE = (3, 6)  # 3D6
NATURAL_TOTALS = range(3, 19)
# Where the panel starts: the 目安 of an identification check (a UI default, not a rule number).
DEFAULT_TARGET = 14
CRITICAL_BOUNDS = (4, 19)  # 19: no critical at all
FUMBLE_BOUNDS = (2, 17)  # 2: no fumble at all
TARGET_BOUNDS = (-99, 999)  # the 目標値 the panel and the CLI take

CRITICAL = Outcome.AUTO_SUCCESS
FUMBLE = Outcome.AUTO_FAILURE
