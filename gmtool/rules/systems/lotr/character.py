"""The LotR (CODA) character: every value the summary names.

Attributes and secondary attributes are stored apart because the summary makes
them grow apart (1.2 「一度決定されると,以降は独立して成長,変化する」): the
four reactions and Health are decided once from the modifiers at creation and
only change through advancement, while Defence, encumbrance and the damage
bonus follow Nimbleness and Strength at once (derived.py).  XP is a ledger and
advancements are records of what their picks bought, so the sheet's totals are
always sums of the history.  The dataclass doubles as the stored JSON schema.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.armed_combat_actions import ACTION_LABELS, is_armed_combat
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    REACTION_IDS,
    AttributeId,
    ReactionId,
    SizeId,
    SkillAttribute,
)

SCHEMA_VERSION = 1
ATTRIBUTE_MIN = 1  # 「各能力値は,最低1」
MAX_RANK = 12  # 「最大12ランクまで成長する」
MAX_ROWS = 500

Stat = Annotated[StrictInt, Field(ge=ATTRIBUTE_MIN, le=99)]
Reaction = Annotated[StrictInt, Field(ge=-20, le=99)]
Points = Annotated[StrictInt, Field(ge=0, le=9_999_999)]
ShortText = Annotated[StrictStr, Field(max_length=200)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
LongText = Annotated[StrictStr, Field(max_length=100_000)]


@dataclass(frozen=True)
class Attributes:
    __pydantic_config__ = ConfigDict(extra="forbid")

    brg: Stat = 7
    nim: Stat = 7
    per: Stat = 7
    str: Stat = 7
    vit: Stat = 7
    wit: Stat = 7

    def get(self, attribute: AttributeId) -> int:
        return int(getattr(self, attribute))


@dataclass(frozen=True)
class Reactions:
    __pydantic_config__ = ConfigDict(extra="forbid")

    stamina: Reaction = 0
    swiftness: Reaction = 0
    willpower: Reaction = 0
    wisdom: Reaction = 0

    def get(self, reaction: ReactionId) -> int:
        return int(getattr(self, reaction))


@dataclass(frozen=True)
class Skill:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Name  # "Armed Combat: Blades", "Language: Westron", "Lore: History (Gondor)"
    ranks: Annotated[StrictInt, Field(ge=0, le=MAX_RANK)] = 0
    attribute: SkillAttribute = ""  # "" = from the skill list
    specialisations: tuple[Name, ...] = ()  # +2 in each
    order_skill: StrictBool = False  # grows up to 2 ranks per advancement instead of 1

    def __post_init__(self) -> None:
        if len(set(self.specialisations)) != len(self.specialisations):
            raise ValueError(Message("{0} の特化が重複しています", self.name))


@dataclass(frozen=True)
class XpEntry:
    """One line of the XP log."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    date: ShortText = ""
    reason: ShortText = ""
    xp: Annotated[StrictInt, Field(ge=-9_999_999, le=9_999_999)] = 0


@dataclass(frozen=True)
class Pick:
    """One thing an advancement (or the creation free points) bought, and its cost in picks."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    kind: Literal[
        "skill_rank",
        "attribute",
        "reaction",
        "health",
        "edge",
        "specialisation",
        "order_ability",
        "new_order",
        "flaw",
        "other",
    ]
    target: ShortText = ""  # skill / attribute / reaction id / edge name …
    cost: Annotated[StrictInt, Field(ge=-99, le=99)] = 0  # a flaw gives picks: negative cost
    note: ShortText = ""


@dataclass(frozen=True)
class Advancement:
    __pydantic_config__ = ConfigDict(extra="forbid")

    order: ShortText = ""  # the order this advancement counts for (elite orders need 6 in one)
    picks: tuple[Pick, ...] = ()
    date: ShortText = ""
    # 1.6.2: with three orders or more, the two named when it was taken (empty: not named)
    advancing_orders: Annotated[tuple[ShortText, ...], Field(max_length=2)] = ()


@dataclass(frozen=True)
class CombatPick:
    """1.4.2 (a house rule): at ranks 6, 9 and 12 of an Armed Combat skill, one combat action chosen
    for +1 on that action only (the same one may be chosen again)."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    skill: Name  # "Armed Combat: Blades"
    rank: Literal[6, 9, 12]
    action: Name  # an action id of combat.ACTION_KINDS ("defensive", "sweep", …)

    def __post_init__(self) -> None:
        # A file names only what the sheet could have chosen: otherwise any bonus could be written in.
        if not is_armed_combat(self.skill):
            raise ValueError(
                Message(
                    "戦闘行動の選択（{0} ランク {1}）: 「{0}」は Armed Combat の技能ではありません",
                    self.skill,
                    self.rank,
                )
            )
        if self.action not in ACTION_LABELS:
            raise ValueError(
                Message(
                    "戦闘行動の選択（{0} ランク {1}）: 戦闘行動 '{2}' はありません（{3}）",
                    self.skill,
                    self.rank,
                    self.action,
                    Message.joined(", ", list(ACTION_LABELS)),
                )
            )


@dataclass(frozen=True)
class LotRCharacter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    race: ShortText = ""
    subrace: ShortText = ""
    order: ShortText = ""
    other_orders: tuple[ShortText, ...] = ()  # 兼業
    size: SizeId = "medium"
    wound_levels: Annotated[StrictInt, Field(ge=1, le=5)] = 5  # Healthy not counted; Small hobbits 4
    attributes: Attributes = field(default_factory=Attributes)
    favoured_attributes: Annotated[tuple[AttributeId, ...], Field(max_length=2)] = ()
    favoured_reaction: Literal["", "stamina", "swiftness", "willpower", "wisdom"] = ""
    reactions: Reactions = field(default_factory=Reactions)
    health: Annotated[StrictInt, Field(ge=1, le=999)] = 7
    courage: Annotated[StrictInt, Field(ge=0, le=99)] = 3  # the Courage attribute (maximum)
    courage_spent: Annotated[StrictInt, Field(ge=0, le=99)] = 0
    renown: Annotated[StrictInt, Field(ge=0, le=999)] = 0
    corruption: Annotated[StrictInt, Field(ge=0, le=999)] = 0
    damage: Annotated[StrictInt, Field(ge=0, le=99_999)] = 0  # Health points lost (wound track)
    weariness: Annotated[StrictInt, Field(ge=0, le=5)] = 0  # index into the weariness levels
    skills: Annotated[tuple[Skill, ...], Field(max_length=MAX_ROWS)] = ()
    edges: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ROWS)] = ()
    flaws: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ROWS)] = ()
    order_abilities: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ROWS)] = ()
    xp_log: Annotated[tuple[XpEntry, ...], Field(max_length=10_000)] = ()
    advancements: Annotated[tuple[Advancement, ...], Field(max_length=1_000)] = ()
    money: ShortText = ""
    equipment: LongText = ""
    overrides: Annotated[tuple[ShortText, ...], Field(max_length=MAX_ROWS)] = ()  # GM override records
    notes: LongText = ""
    is_pc: StrictBool = True
    # Added later, with defaults so older files open as they were.
    load: Annotated[StrictInt, Field(ge=0, le=99_999)] | None = None  # 1.3 carried; None = not entered
    combat_picks: Annotated[tuple[CombatPick, ...], Field(max_length=MAX_ROWS)] = ()  # 1.4.2
    advancing_orders: Annotated[tuple[ShortText, ...], Field(max_length=2)] = ()  # 1.6.2 the two named
    age: Literal["", "old", "aged"] = ""  # 1.2.2 Old −4 / Aged −8 to weariness resistance; "" = neither

    def __post_init__(self) -> None:
        names = [s.name for s in self.skills]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(Message("技能が重複しています: {0}", Message.joined(", ", duplicates)))
        milestones = Counter((p.skill, p.rank) for p in self.combat_picks)
        repeated = sorted(m for m, n in milestones.items() if n > 1)
        if repeated:  # one action per milestone (1.4.2 「1つ選び」): a copy would add another +1
            raise ValueError(
                Message(
                    "戦闘行動の選択が重複しています（ランクごとに 1 つ）: {0}",
                    Message.joined(
                        ", ", [Message("{0} ランク {1}", skill, rank) for skill, rank in repeated]
                    ),
                )
            )
        if len(set(self.favoured_attributes)) != len(self.favoured_attributes):
            raise ValueError(Message("得意能力値が重複しています"))
        if self.courage_spent > self.courage:
            raise ValueError(
                Message("使った勇気（{0}）が Courage（{1}）を超えています", self.courage_spent, self.courage)
            )

    def skill(self, name: str) -> Skill | None:
        return next((s for s in self.skills if s.name == name), None)

    @property
    def courage_left(self) -> int:
        return self.courage - self.courage_spent

    @property
    def xp_total(self) -> int:
        return sum(e.xp for e in self.xp_log)


assert set(ATTRIBUTE_IDS) == set(Attributes.__dataclass_fields__)
assert set(REACTION_IDS) == set(Reactions.__dataclass_fields__)
