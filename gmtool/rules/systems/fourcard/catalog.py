"""The skill catalog: which skills exist and what they cost.

Shipped with the skills the rule text names (resources/rules/fourcard/skills.toml);
the GM edits it per campaign, and the edited catalog is stored with the campaign
as a JSON document validated by the same schema.  Numbers the text does not give
stay ``None`` ("未設定"): such a skill cannot be bought until the GM fills them in.

The catalog's value types (`SkillCatalog`, `SkillDef`, `SpecialisationDef`) live in `catalog_types`
and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.rules.data import RuleDataError, json_object, load_table
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard.catalog_types import (
    MAX_SKILLS,
    Cost,
    SkillCatalog,
    SkillDef,
    SkillName,
    SpecialisationDef,
)

__all__ = [
    "MAX_SKILLS",
    "Cost",
    "SkillCatalog",
    "SkillDef",
    "SkillName",
    "SpecialisationDef",
    "catalog_from_document",
    "catalog_to_document",
    "shipped_catalog",
]


_ADAPTER = TypeAdapter(SkillCatalog)


def catalog_from_document(data: Mapping[str, Any]) -> SkillCatalog:
    """Validates a stored catalog; raises pydantic.ValidationError naming the bad path."""
    return _ADAPTER.validate_python(data)


def catalog_to_document(catalog: SkillCatalog) -> dict[str, Any]:
    return json_object(_ADAPTER, catalog)


@cache
def shipped_catalog() -> SkillCatalog:
    path, data = load_table("fourcard", "skills")
    try:
        return catalog_from_document({"skills": data.get("skills", [])})
    except ValidationError as e:
        first = e.errors()[0]
        # A whole-catalog check (duplicate names, unknown references) has no location of its own.
        where = ".".join(str(p) for p in first["loc"]) or "skills"
        error = (first.get("ctx") or {}).get("error")
        text = str(error) if first["type"] == "value_error" and error is not None else first["msg"]
        raise RuleDataError(Message("{0}: {1}: {2}", path.name, where, text)) from None
