"""Character creation (1. キャラクター, 1.1, 1.2, 1.4, 1.4.1) as values: the numbers the summary
states as rules, the wizard's steps, the draft of the player's choices and a broken limit.

A value module (views may import it: it declares types and constants, no function).  `creation`
checks and builds the draft with them and re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gmtool.rules.systems.lotr.character import Pick

RANDOM, CHOICE = "random", "choice"
PACKAGE, CUSTOM = "package", "custom"
RANDOM_DICE = (2, 6)  # 「2d6 を9回振って,高いもの6つを」
RANDOM_ROLLS = 9
CHOICE_VALUES = (10, 9, 7, 7, 5, 4)  # 「10, 9, 7, 7, 5, 4 の固定値に,8ポイントを自由配分」
CHOICE_POINTS = 8
CHOICE_MAX = 12  # 「このとき,能力値の最大値は12とする」(before race bonuses)
FAVOURED_ATTRIBUTES = 2
CREATION_MAX_RANK = 6  # 「初期キャラクターは,各技能,最大6ランクまで」
ORDER_RANKS = 15  # 「15ランクを一つの技能には最大3ランクまでという制限付きで割り振り」
ORDER_RANK_CAP = 3
ORDER_FREE_RANKS = 5  # 「さらに5ランク分の自由配分」
RACE_PICKS = 6  # 「リストの中からスキル・特徴を6ポイント取得」
LANGUAGE_MULTIPLIER = 3  # 「合計で Wits x 3 の値まで」
LANGUAGE_PREFIXES = ("Language", "Lore")
FREE_POINTS = 5  # 「5点の自由ポイント」
MAX_FLAWS = 4  # 「"Flaws" は…合わせて4つまで」
FREE_SPECIALISATIONS = 1  # 「ただ一つに限って,特化を自由に」; 「二つ目以降は,一つにつき1点」
EXTRA_SPECIALISATION_COST = 1

# The five rank pools of 1.4, as the draft stores them (pool → the draft's field).
POOLS = ("order", "order_free", "race", "language", "free")
POOL_FIELDS = {
    "order": "order_ranks",
    "order_free": "order_free_ranks",
    "race": "race_ranks",
    "language": "language_ranks",
    "free": "free_ranks",
}
ORDER_POOLS = ("order", "order_free")  # a package is the order's ranks: these two do not count then
FREE_PICK_KINDS = ("attribute", "edge")  # 「能力値(Primary Attribute),技能のランク,edge の成長」

# Steps of the wizard the problems belong to.
STEP_ORIGIN, STEP_ATTRIBUTES, STEP_FAVOURED, STEP_SKILLS, STEP_EXTRAS = (
    "origin",
    "attributes",
    "favoured",
    "skills",
    "extras",
)


@dataclass(frozen=True)
class Problem:
    step: str
    message: str


@dataclass(frozen=True)
class Limit:
    """One budget or cap of 1.1–1.4.1 as a draft uses it: `used` against the most it allows.

    `subject` is the attribute or skill a cap is about ("" for a whole budget); a rule that allows
    none of something (a skill outside the order's list) is a limit of 0 used once.  `settled` is
    False while the limit means nothing yet (the language budget before Wits is assigned).
    """

    step: str
    kind: str
    used: int
    limit: int
    message: str  # why, once exceeded
    subject: str = ""
    settled: bool = True

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.subject}" if self.subject else self.kind

    @property
    def left(self) -> int:
        return self.limit - self.used

    @property
    def excess(self) -> int:
        """By how much the draft is over (≤ 0: within the limit)."""
        return self.used - self.limit


@dataclass(frozen=True)
class CreationPreview:
    """Every value the character will have, from the draft as it stands (None = not assigned yet)."""

    before_race: dict[str, int | None]
    bonuses: dict[str, int]
    bonuses_known: bool
    attributes: dict[str, int | None]
    modifiers: dict[str, int | None]
    reactions: dict[str, int] | None
    health: int | None
    defence: int | None
    courage: int
    courage_known: bool
    size: str
    wound_levels: int | None
    encumbrance: tuple[int, ...] | None
    damage_bonus: int | None
    renown: int = 0  # 「0 からスタート」


@dataclass(frozen=True)
class CreationDraft:
    name: str = ""
    race: str = ""
    subrace: str = ""
    order: str = ""
    method: str = RANDOM
    rolls: tuple[int, ...] = ()  # the nine 2d6 values (random method)
    assigned: Mapping[str, int] = field(default_factory=dict)  # value before race, per attribute
    choice_points: Mapping[str, int] = field(default_factory=dict)  # choice method's 8 points
    favoured_attributes: tuple[str, ...] = ()
    favoured_reaction: str = ""
    skill_mode: str = CUSTOM
    order_ranks: Mapping[str, int] = field(default_factory=dict)  # custom: 15 ranks, ≤ 3 each
    order_free_ranks: Mapping[str, int] = field(default_factory=dict)  # custom: 5 more
    race_ranks: Mapping[str, int] = field(default_factory=dict)  # the race's 6 points
    race_edges: tuple[Pick, ...] = ()  # edges bought with race points (cost = picks)
    language_ranks: Mapping[str, int] = field(default_factory=dict)  # WIT × 3
    free_ranks: Mapping[str, int] = field(default_factory=dict)  # 5 free points, 1 a rank
    free_picks: tuple[Pick, ...] = ()  # other buys with free points (attribute, edge, …)
    specialisations: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    skill_attributes: Mapping[str, str] = field(default_factory=dict)  # for skills outside the list
    edges: tuple[str, ...] = ()  # the custom allocation's one extra edge, package edges, …
    flaws: tuple[str, ...] = ()
    order_ability: str = ""
    money: str = ""
    notes: str = ""
