"""Every value the LotR sheet computes, as values: the rule numbers of 1.1–1.3 and 3.1, the load
levels, and a character's wound track (`WoundTrack`: its levels, where the damage is, the penalty).

A value module (views may import it: it declares types and constants, no function).  `derived`
computes the values with them and re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.systems.lotr.rules_types import Level

ATTRIBUTE_CAP = 12  # 「最大で12+種族修正値」
DEFENCE_BASE = 10  # 「10 + Nimbleness修正」
ENCUMBRANCE_MULTIPLIERS = (10, 20, 30)  # 「STRx10 までは普通に運搬可能.x20まで重荷,x30まで超重荷」
SPECIALISATION_BONUS = 2  # 「特化された分野に関しては+2修正」
UNTRAINED_PENALTY = 2  # 「ランク 0 の技能についても -2ペナルティで」
AFFINITY_BONUS = 1  # 関連した技能「一つごとに,ランクに関係なく,+1修正」
COURAGE_BASE = 3  # 「基本値は3点」
# 1.2.1 「Hobbitは,Incapacitated になった時点で死亡する」: on the hobbit's track (Small, four levels, so
# Incapacitated and no Near Death after it) reaching Incapacitated is death, not the level itself.
DEATH_LEVEL, NEAR_DEATH = "incapacitated", "near_death"
# Which attribute modifiers each reaction takes the higher of (1.2).
REACTION_SOURCES = {
    "stamina": ("str", "vit"),
    "swiftness": ("nim", "per"),
    "willpower": ("brg", "wit"),
    "wisdom": ("brg", "per"),
}


# ---- load and movement (1.3, 3.1) -----------------------------------------------------------
NORMAL, HEAVY, VERY_HEAVY = "normal", "heavy", "very_heavy"
# Past STR×30 the text says nothing (1.3 ends at 「x30まで超重荷」): not "cannot move", not 超重荷's
# ×1/2 and +20 either — the load is outside the text's table and the GM decides.
BEYOND_TABLE = "beyond_table"
# 「重荷のときは目標値に+10,超重荷のときは+20の修正」 on a weariness test for the load (1.3).
LOAD_WEARINESS_TN = {NORMAL: 0, HEAVY: 10, VERY_HEAVY: 20}
# 3.1 「重荷の場合は移動距離を 3/4,超重荷の場合は 1/2 にする」.
LOAD_MOVEMENT = {NORMAL: Fraction(1), HEAVY: Fraction(3, 4), VERY_HEAVY: Fraction(1, 2)}
# 3.1: (id, name, least, most yards); Run and Sprint give only how far they reach (「27ヤードまで」).
MOVES: tuple[tuple[str, str, int | None, int], ...] = (
    ("walk", "Walk", 3, 6),
    ("jog", "Jog", 7, 9),
    ("run", "Run", None, 27),
    ("sprint", "Sprint", None, 40),
)


# ---- wound and weariness tracks -------------------------------------------------------------
@dataclass(frozen=True)
class WoundTrack:
    levels: tuple[Level, ...]  # every bucket of Health points, Healthy first (Large: several Healthy)
    health: int
    damage: int
    # House rule UNSET_WOUND_PENALTY: an unset level takes the nearest lighter level's penalty
    # (never a made-up number; the default reading); False = it counts 0, the other reading.
    carry: bool = True

    @property
    def index(self) -> int:
        """The bucket the damage is in; len(levels) = beyond the last one (dead)."""
        return min(self.damage // self.health, len(self.levels))

    @property
    def death_index(self) -> int:
        """The bucket whose first point kills: past the last level, or Incapacitated itself on a
        track without Near Death (the hobbit's, 1.2.1 — the text over the shorter track's reading)."""
        ids = [level.id for level in self.levels]
        if DEATH_LEVEL in ids and NEAR_DEATH not in ids:
            return ids.index(DEATH_LEVEL)
        return len(self.levels)

    @property
    def dies_at_incapacitated(self) -> bool:
        """1.2.1's hobbit rule applies to this track: the sheet and the tracker say why."""
        return self.death_index < len(self.levels)

    @property
    def dead(self) -> bool:
        return self.index >= self.death_index

    @property
    def level(self) -> Level | None:
        return None if self.dead else self.levels[self.index]

    @property
    def penalty(self) -> int:
        level = self.level
        if level is None:
            return 0
        if level.penalty is None and self.carry:
            source = self.carried_from
            return (source.penalty or 0) if source is not None else 0
        return level.penalty or 0

    @property
    def penalty_unset(self) -> bool:
        """The current level has no penalty of its own in the tables."""
        level = self.level
        return level is not None and level.penalty is None

    @property
    def carried_from(self) -> Level | None:
        """Under the carrying reading, the lighter level whose penalty an unset one takes (None
        when the level has its own, or no lighter level has one)."""
        if not self.carry or not self.penalty_unset:
            return None
        # Healthy's 0 is no wound penalty to carry: with no lighter wound level set, the level
        # stays 未設定 (counted 0) and is shown so.
        healthy = self.levels[0].id
        wounds = [lv for lv in self.levels[: self.index] if lv.id != healthy]
        return next((lv for lv in reversed(wounds) if lv.penalty is not None), None)

    @property
    def lighter_worse(self) -> Level | None:
        """A lighter level with a penalty where the current one, unset and counted 0, has none: a
        worse wound rolling better than a lighter one (today's reading).  The worst such level."""
        if self.carry or not self.penalty_unset:
            return None
        lighter = [lv for lv in self.levels[: self.index] if lv.penalty]
        return min(lighter, key=lambda lv: lv.penalty or 0) if lighter else None

    @property
    def points_left_in_level(self) -> int:
        return 0 if self.dead else self.health - self.damage % self.health


# ---- what the sheet shows beside the stored values ------------------------------------------
@dataclass(frozen=True)
class SheetValues:
    """The values the LotR sheet works out from the character and the tables (1.1–1.3)."""

    modifiers: dict[str, int]  # each attribute's modifier
    caps: dict[str, int]  # 12 + the race's modifier, per attribute
    over_cap: tuple[str, ...]  # the attributes above their cap (magic and the like only)
    creation_reactions: dict[str, int]  # each reaction by its creation formula (1.2)
    creation_health: int  # Health by its creation formula: VIT + STR modifier
    defence: int
    encumbrance: tuple[int, int, int]  # normal / 重荷 / 超重荷 up to these loads
    damage_bonus: int  # the STR modifier (1.3)


@dataclass(frozen=True)
class SkillRow:
    """One skill as the sheet's table shows it: ranks + the key attribute's modifier."""

    name: str
    attribute: str  # the skill's own, else the skill list's; "" when neither says
    listed: bool  # the attribute is the skill list's, not the skill's own
    ranks: int
    modifier: int  # 0 without an attribute
    total: int
    specialised_total: int  # in a specialisation (+2)
