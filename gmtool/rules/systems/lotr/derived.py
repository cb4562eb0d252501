"""Every value the LotR sheet computes from the character and the rule tables."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gmtool.rules.systems.lotr.character import LotRCharacter, Reactions, Skill
from gmtool.rules.systems.lotr.house_rules import UNSET_LIGHTER
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, Level, LotRRules, lotr_rules

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


def modifiers(character: LotRCharacter, rules: LotRRules | None = None) -> dict[str, int]:
    rules = rules or lotr_rules()
    return {a: rules.modifier(character.attributes.get(a)) for a in ATTRIBUTE_IDS}


def creation_reactions(mods: dict[str, int]) -> Reactions:
    """The four reactions as decided at creation: the higher of two attribute modifiers."""
    return Reactions(**{r: max(mods[a], mods[b]) for r, (a, b) in REACTION_SOURCES.items()})


def creation_health(vit: int, str_modifier: int) -> int:
    """Health = VIT + STR 修正 (never below 1, which the stored schema requires)."""
    return max(1, vit + str_modifier)


def defence(character: LotRCharacter, rules: LotRRules | None = None) -> int:
    return DEFENCE_BASE + modifiers(character, rules)["nim"]


def encumbrance(character: LotRCharacter) -> tuple[int, int, int]:
    """Loads up to which carrying is normal / 重荷 / 超重荷."""
    strength = character.attributes.str
    normal, burdened, overburdened = ENCUMBRANCE_MULTIPLIERS
    return strength * normal, strength * burdened, strength * overburdened


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


def load_level(character: LotRCharacter) -> str | None:
    """Where the carried load falls (None: no load entered yet)."""
    if character.load is None:
        return None
    light, heavy, very_heavy = encumbrance(character)
    if character.load <= light:
        return NORMAL
    if character.load <= heavy:
        return HEAVY
    return VERY_HEAVY if character.load <= very_heavy else BEYOND_TABLE


def half_up(value: Fraction) -> int:
    """5. 「割り算を行ったときは,端数を四捨五入する」."""
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def movement(level: str) -> list[tuple[str, str, int | None, int]]:
    """The four moves of 3.1 at a load level's fraction, rounded half up; [] past STR×30, where the
    text gives no fraction (BEYOND_TABLE: the GM decides, not "cannot move")."""
    factor = LOAD_MOVEMENT.get(level)
    if factor is None:
        return []
    return [
        (move, name, None if least is None else half_up(least * factor), half_up(most * factor))
        for move, name, least, most in MOVES
    ]


def attribute_cap(attribute: str, bonuses: dict[str, int]) -> int:
    return ATTRIBUTE_CAP + bonuses.get(attribute, 0)


# ---- wound and weariness tracks -------------------------------------------------------------
@dataclass(frozen=True)
class WoundTrack:
    levels: tuple[Level, ...]  # every bucket of Health points, Healthy first (Large: several Healthy)
    health: int
    damage: int
    # House rule UNSET_WOUND_PENALTY: an unset level takes the nearest lighter level's penalty
    # (never a made-up number); False = it counts 0, today's reading.
    carry: bool = False

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
        return next((lv for lv in reversed(self.levels[: self.index]) if lv.penalty is not None), None)

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


def wound_track(character: LotRCharacter, rules: LotRRules | None = None) -> WoundTrack:
    rules = rules or lotr_rules()
    size = rules.size(character.size)
    healthy, *wounded = rules.wound_levels
    extra = size.extra_healthy if size else 0
    levels = (healthy,) * (1 + extra) + tuple(wounded[: character.wound_levels])
    carry = rules.unset_wound_penalty == UNSET_LIGHTER
    return WoundTrack(levels, character.health, character.damage, carry)


def weariness_level(character: LotRCharacter, rules: LotRRules | None = None) -> Level:
    return (rules or lotr_rules()).weariness_levels[character.weariness]


def condition_penalty(character: LotRCharacter, rules: LotRRules | None = None, wounds: bool = True) -> int:
    """Wound + weariness penalties (「当然合計して」); unset table values count 0 (an unset wound
    level the lighter level's penalty, under the house rule UNSET_WOUND_PENALTY's other reading).

    Weariness takes from every test (「すべての判定」), wounds from 「すべての肉体判定と ほとんどの
    知識判定」: for a test the wound does not touch (a social test…) the GM passes wounds=False.
    """
    wound = wound_track(character, rules).penalty if wounds else 0
    return wound + (weariness_level(character, rules).penalty or 0)


def corruption_reached_bearing(character: LotRCharacter) -> bool:
    """「Corruptionの値が Bearingの値と等しくなった時点で, キャラクターはNPCとなり」."""
    return character.corruption >= character.attributes.brg


# ---- skills ---------------------------------------------------------------------------------
def skill_attribute(skill: Skill, rules: LotRRules | None = None) -> str:
    """The skill's own attribute, else the skill list's (by the part before ':'), else ''."""
    if skill.attribute:
        return skill.attribute
    rules = rules or lotr_rules()
    definition = rules.skill(skill.name) or rules.skill(skill.name.split(":")[0].strip())
    return definition.attribute if definition else ""


def skill_bonus(
    character: LotRCharacter, skill: Skill, specialisation: str = "", rules: LotRRules | None = None
) -> int:
    """Ranks + the key attribute's modifier (+2 in a specialisation)."""
    attribute = skill_attribute(skill, rules)
    modifier = modifiers(character, rules)[attribute] if attribute else 0
    special = SPECIALISATION_BONUS if specialisation and specialisation in skill.specialisations else 0
    return skill.ranks + modifier + special


def derive(character: LotRCharacter, rules: LotRRules | None = None) -> dict[str, int]:
    rules = rules or lotr_rules()
    mods = modifiers(character, rules)
    track = wound_track(character, rules)
    light, heavy, very_heavy = encumbrance(character)
    values = {f"{a}_modifier": m for a, m in mods.items()}
    values.update(
        defence=defence(character, rules),
        damage_bonus=mods["str"],
        encumbrance=light,
        encumbrance_heavy=heavy,
        encumbrance_very_heavy=very_heavy,
        wound_level=track.index,
        wound_penalty=track.penalty,
        weariness_penalty=weariness_level(character, rules).penalty or 0,
        condition_penalty=condition_penalty(character, rules),
        courage_left=character.courage_left,
        xp_total=character.xp_total,
    )
    return values
