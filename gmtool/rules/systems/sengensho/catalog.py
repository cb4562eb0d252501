"""The 類型 catalog: names, 解説, 印象効果, 縁故の指針 and three 幻想能力 each.

The rule text's 類型リスト is not in the given text, so the shipped catalog holds only the two names
the text mentions (狩猟者, 芸術家) with every field empty; the GM fills it in per campaign.  An
empty 必要幻想値 (None) is 「未設定」: the ability cannot be used until the GM sets it.  The edited
catalog is stored with the campaign and travels between campaigns as an export file, both as the
JSON document this module validates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError

from gmtool.rules.data import RuleDataError, load_table, short_input
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
        return self.name or f"幻想能力{index + 1}（名称未設定）"


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


_ADAPTER = TypeAdapter(ArchetypeCatalog)


def catalog_from_document(document: Any) -> ArchetypeCatalog:
    """Validates a stored catalog; raises pydantic.ValidationError naming the bad field."""
    return _ADAPTER.validate_python(document)


def catalog_to_document(catalog: ArchetypeCatalog) -> dict[str, Any]:
    return _ADAPTER.dump_python(catalog, mode="json")


def first_error(error: ValidationError) -> str:
    """The first problem, with where it is (archetypes.0.abilities.1.required)."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])


class CatalogFileError(ValueError):
    """An export file that is not a 類型 catalog; the message says what is wrong."""


def export_document(catalog: ArchetypeCatalog) -> dict[str, Any]:
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, **catalog_to_document(catalog)}


def import_document(document: Any) -> ArchetypeCatalog:
    """The catalog in an export file's parsed JSON, or CatalogFileError naming the problem."""
    if not isinstance(document, Mapping) or document.get("format") != EXPORT_FORMAT:
        raise CatalogFileError(Message("gmtool の類型カタログのファイルではありません"))
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version != EXPORT_VERSION:
        raise CatalogFileError(
            Message("未対応の版です（{0}、対応: {1}）", short_input(version), EXPORT_VERSION)
        )
    body = {k: v for k, v in document.items() if k not in ("format", "version")}
    try:
        return catalog_from_document(body)
    except ValidationError as e:
        # Chained: a caller with the store's formatter can word the error in full.
        raise CatalogFileError(Message("類型カタログの内容が正しくありません: {0}", first_error(e))) from e


@cache
def shipped_catalog() -> ArchetypeCatalog:
    path, data = load_table("sengensho", "archetypes")
    try:
        return catalog_from_document({"archetypes": data.get("archetypes", [])})
    except ValidationError as e:
        raise RuleDataError(Message("{0}: {1}", path.name, first_error(e))) from None
