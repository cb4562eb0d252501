"""The 千幻抄 類型 catalog as values: `ArchetypeCatalog`, its `Archetype` entries and their three
`FantasyAbility`, the ability kinds' names and the catalog's limits (validated, loaded and exported by
`catalog`).

A value module (views may import it: it declares types and constants, no function).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from pydantic import ConfigDict, Field, StrictInt, StrictStr

from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.character import LAST_BOSS

ABILITIES_PER_ARCHETYPE = 3  # 「幻想能力は類型ごとに3つあり」
MAX_ARCHETYPES = 300
EXPORT_FORMAT = "gmtool-sengensho-archetypes"
EXPORT_VERSION = 1

ArchetypeName = Annotated[StrictStr, Field(min_length=1, max_length=60)]
ShortText = Annotated[StrictStr, Field(max_length=200)]
Text = Annotated[StrictStr, Field(max_length=5000)]
Requirement = Annotated[StrictInt, Field(ge=0, le=999)]


class AbilityKind(StrEnum):
    UNSET = ""  # 未設定
    BONUS = "bonus"  # ボーナス
    INFORMATION = "information"  # 情報収集
    SPECIAL = "special"  # 特殊


ABILITY_KIND_LABELS = {
    AbilityKind.UNSET: "未設定",
    AbilityKind.BONUS: "ボーナス",
    AbilityKind.INFORMATION: "情報収集",
    AbilityKind.SPECIAL: "特殊",
}


@dataclass(frozen=True)
class FantasyAbility:
    """幻想能力: usable once per session when the 類型's 幻想値 reaches `required`."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ShortText = ""
    kind: AbilityKind = AbilityKind.UNSET
    required: Requirement | None = None  # 必要幻想値; None: 未設定
    effect: Text = ""

    def label(self, index: int) -> str:
        return self.name or Message("幻想能力{0}（名称未設定）", index + 1)


def _empty_abilities() -> tuple[FantasyAbility, ...]:
    return tuple(FantasyAbility() for _ in range(ABILITIES_PER_ARCHETYPE))


@dataclass(frozen=True)
class Archetype:
    __pydantic_config__ = ConfigDict(extra="forbid")

    name: ArchetypeName
    description: Text = ""  # 解説
    impression: Text = ""  # 印象効果
    bond_guidance: Text = ""  # 縁故を結べる対象・指針
    abilities: Annotated[
        tuple[FantasyAbility, ...],
        Field(min_length=ABILITIES_PER_ARCHETYPE, max_length=ABILITIES_PER_ARCHETYPE),
    ] = field(default_factory=_empty_abilities)

    def __post_init__(self) -> None:
        if self.name.strip() != self.name:
            raise ValueError(Message("類型名「{0}」の前後に空白があります", self.name))
        if self.name == LAST_BOSS:
            raise ValueError(Message("「{0}」は特殊な類型で、カタログには入れません", LAST_BOSS))


@dataclass(frozen=True)
class ArchetypeCatalog:
    __pydantic_config__ = ConfigDict(extra="forbid")

    archetypes: Annotated[tuple[Archetype, ...], Field(max_length=MAX_ARCHETYPES)] = ()

    def __post_init__(self) -> None:
        names = [a.name for a in self.archetypes]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(Message("類型名が重複しています: {0}", Message.joined(", ", duplicates)))

    def get(self, name: str) -> Archetype | None:
        return next((a for a in self.archetypes if a.name == name), None)

    def names(self) -> list[str]:
        return [a.name for a in self.archetypes]

    def merged(self, other: ArchetypeCatalog, replace_existing: bool) -> ArchetypeCatalog:
        """This catalog with `other`'s 類型 added; a name both have keeps ours unless replace_existing."""
        ours = {a.name: a for a in self.archetypes}
        for incoming in other.archetypes:
            if incoming.name not in ours or replace_existing:
                ours[incoming.name] = incoming
        return ArchetypeCatalog(tuple(ours.values()))


class CatalogFileError(ValueError):
    """An export file that is not a 類型 catalog; the message says what is wrong."""
