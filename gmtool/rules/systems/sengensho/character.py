"""The 千幻抄 character: 特性値, skills, 類型 and notes — every value the rule text names.

縁故 formed in play live in the session document (they belong to a session's scenes); an NPC's
preset 縁故 (「NPCの縁故はセッション開始時点で設定済みで良い」) live here, with the NPC.  The
dataclass doubles as the schema of the stored JSON document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from gmtool.rules.message import Message, template

SCHEMA_VERSION = 1

ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("body", "身体"),
    ("endurance", "耐久"),
    ("intellect", "知性"),
    ("sense", "感覚"),
    ("will", "意志"),
)
ATTRIBUTE_LABELS = dict(ATTRIBUTES)
MAX_ARCHETYPES = 3  # 「キャラクターは3つの類型を持つ」
LAST_BOSS = template("ラスボス")  # the special 類型: not in the catalog, not counted in the three
# The 類型 the rule text names (the shipped catalog, rules/sengensho/archetypes.toml) and ラスボス: the
# game's own words, which the English UI shows as English beside the word in its brackets
# (「Hunter 〈狩猟者〉」); a 類型 the GM typed is their data, shown as typed.
GAME_ARCHETYPES = frozenset({template("狩猟者"), template("芸術家"), LAST_BOSS})
MAX_ROWS = 500

# Generous bounds: they catch typos and hostile files, not house rules.
Stat = Annotated[StrictInt, Field(ge=-99, le=999)]
Level = Annotated[StrictInt, Field(ge=1, le=99)]
ShortText = Annotated[StrictStr, Field(max_length=200)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=60)]
LongText = Annotated[StrictStr, Field(max_length=100_000)]


class BondKind(StrEnum):
    """縁故の種類."""

    CHARACTER = "character"  # キャラクターや集団（制限なし）
    MEMORY = "memory"  # 記憶（最大2つ）
    PURPOSE = "purpose"  # 目的（最大1つ）


@dataclass(frozen=True)
class Attributes:
    __pydantic_config__ = ConfigDict(extra="forbid")

    body: Stat = 0
    endurance: Stat = 0
    intellect: Stat = 0
    sense: Stat = 0
    will: Stat = 0


@dataclass(frozen=True)
class Skill:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: Name
    level: Stat = 0


@dataclass(frozen=True)
class PresetBond:
    """An NPC's 縁故 set before the session starts (guideline: 5–6 points per 類型)."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    archetype: Name
    target: ShortText = ""
    kind: BondKind = BondKind.CHARACTER
    level: Level = 1


@dataclass(frozen=True)
class SengenshoCharacter:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    is_pc: StrictBool = True
    attributes: Attributes = field(default_factory=Attributes)
    skills: Annotated[tuple[Skill, ...], Field(max_length=MAX_ROWS)] = ()
    archetypes: Annotated[tuple[Name, ...], Field(max_length=MAX_ARCHETYPES)] = ()
    preset_bonds: Annotated[tuple[PresetBond, ...], Field(max_length=MAX_ROWS)] = ()
    # 「原作のキャラクターは、GMの判断で無制限に幻想能力を使用できるとしてよい」
    unlimited_abilities: StrictBool = False
    notes: LongText = ""

    def __post_init__(self) -> None:
        # The schema bounds the count for stored files; this catches characters built in code too.
        if len(self.archetypes) > MAX_ARCHETYPES:
            raise ValueError(
                Message("類型は{0}つまでです（{1}つあります）", MAX_ARCHETYPES, len(self.archetypes))
            )
        if len(set(self.archetypes)) != len(self.archetypes):
            raise ValueError(Message("同じ類型が2つ以上あります"))
        if LAST_BOSS in self.archetypes:
            raise ValueError(
                Message("類型「{0}」はセッションで決めるもので、3つの類型には含めません", LAST_BOSS)
            )
        names = [s.name for s in self.skills]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(Message("スキル名が重複しています: {0}", Message.joined(", ", duplicates)))
        unknown = sorted({b.archetype for b in self.preset_bonds} - set(self.archetypes))
        if unknown:
            raise ValueError(
                Message(
                    "事前設定の縁故の類型がキャラクターの類型にありません: {0}", Message.joined(", ", unknown)
                )
            )

    def attribute(self, key: str) -> int:
        return int(getattr(self.attributes, key))

    def skill(self, name: str) -> Skill | None:
        return next((s for s in self.skills if s.name == name), None)
