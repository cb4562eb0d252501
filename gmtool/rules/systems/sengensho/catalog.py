"""The 類型 catalog: names, 解説, 印象効果, 縁故の指針 and three 幻想能力 each.

The rule text's 類型リスト is not in the given text, so the shipped catalog holds only the two names
the text mentions (狩猟者, 芸術家) with every field empty; the GM fills it in per campaign.  An
empty 必要幻想値 (None) is 「未設定」: the ability cannot be used until the GM sets it.  The edited
catalog is stored with the campaign and travels between campaigns as an export file, both as the
JSON document this module validates.  The catalog's value types (`ArchetypeCatalog`, `Archetype`,
`FantasyAbility`…) live in `catalog_types` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.rules.data import RuleDataError, json_object, load_table, short_input
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.catalog_types import (
    ABILITIES_PER_ARCHETYPE,
    ABILITY_KIND_LABELS,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    MAX_ARCHETYPES,
    AbilityKind,
    Archetype,
    ArchetypeCatalog,
    ArchetypeName,
    CatalogFileError,
    FantasyAbility,
    Requirement,
    ShortText,
    Text,
)

__all__ = [
    "ABILITIES_PER_ARCHETYPE",
    "ABILITY_KIND_LABELS",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "MAX_ARCHETYPES",
    "AbilityKind",
    "Archetype",
    "ArchetypeCatalog",
    "ArchetypeName",
    "CatalogFileError",
    "FantasyAbility",
    "Requirement",
    "ShortText",
    "Text",
    "catalog_from_document",
    "catalog_to_document",
    "export_document",
    "first_error",
    "import_document",
    "shipped_catalog",
]


_ADAPTER = TypeAdapter(ArchetypeCatalog)


def catalog_from_document(document: Any) -> ArchetypeCatalog:
    """Validates a stored catalog; raises pydantic.ValidationError naming the bad field."""
    return _ADAPTER.validate_python(document)


def catalog_to_document(catalog: ArchetypeCatalog) -> dict[str, Any]:
    return json_object(_ADAPTER, catalog)


def first_error(error: ValidationError) -> str:
    """The first problem, with where it is (archetypes.0.abilities.1.required)."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])


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
