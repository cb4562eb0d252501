"""The LotR mass battle's values (戦争, 3.11): the track from Defeat to Victory, the starts a battle
may take, and the tool's bounds on Siegecraft, stored records and re-rolled ties.  `mass_battle`
plays the hours with them.

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

POSITIONS = range(-3, 4)  # Losing(−3) … Even(0) … Winning(+3): where a battle can stand
VICTORY = 4
DEFEAT = -4
# A tool limit, not a rule number: CODA skill ranks stay far below it, and it keeps a typo from
# being taken for a commander.
MAX_SIEGECRAFT = 30
MANY = 10_000
# Tied rolls kept for one hour under the re-roll reading: P(tie) ≤ 146/1296 a roll, so 100 ties in a
# row (≈ 10⁻⁹⁵) never happen; the bound keeps a hand-edited file small.
MAX_TIES = 100
