"""The AW round's constants (戦闘ルール): the action kinds, the movement and identification numbers and
the tie-breakers.  Value types only (the views import them); `combat.py` holds the round's rules and
re-exports these.
"""

from __future__ import annotations

MINOR = "minor"
MAJOR = "major"
MOVES = ("戦闘移動", "全力移動")  # not while an enemy shares the engagement
MOVE_EXTRA_METRES = 5  # 戦闘移動「[【行動値】+5]m」
FULL_MOVE_FACTOR = 2  # 全力移動「戦闘移動の2倍」
IDENTIFY_BASE = 10  # 対象識別「[難易度:10+GMの設定した難易度]」
# PC–PC ties: 「原則、【反射】→【知覚】→【幸運】が高い順」, then the GM.
TIE_BREAKERS = ("reflex", "perception", "luck")
