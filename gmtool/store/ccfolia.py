"""CCFolia clipboard JSON: a character (or a battle participant) as CCFolia pastes it.

The shape is CCFolia's Clipboard API (docs.ccfolia.com/developer-api/clipboard-api)::

    {"kind": "character", "data": {"name", "memo", "initiative", "externalUrl",
                                   "status": [{"label", "value", "max"}],
                                   "params": [{"label", "value"}], "commands"}}

`status` values are numbers and `params` values are strings (the API's types).  Resources the
battle tracker keeps (HP, MP, life, wound tracks) become `status` bars; every other value is a
param.  The params carry the chat palette's variables — CCFolia resolves ``{name}`` from them —
so `commands` holds the command lines alone, and a value edited in CCFolia is the one rolled.
What a system adds (its sheet values, memo lines, turn order, track ends) is its `ccfolia`
(gmtool/rules/systems/<id>/ccfolia.py).

Hidden battle participants are the GM's secret: an encounter export leaves them out unless asked.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gmtool.rules.battle import Encounter, Participant, Resource
from gmtool.rules.battle_rules import combat_rules
from gmtool.rules.message import Message
from gmtool.rules.palette import command_lines, palette_variables
from gmtool.rules.systems import get_system
from gmtool.rules.systems.base import CCFoliaExport
from gmtool.store.exchange import atomic_write_bytes

KIND = "character"
CHARACTER_KEYS = ("name", "memo", "initiative", "externalUrl", "status", "params", "commands")
# The other Character fields the API lists; validated when present (`secret` hides the status).
OPTIONAL_KEYS: dict[str, type | tuple[type, ...]] = {
    "secret": bool,
    "invisible": bool,
    "hideStatus": bool,
    "color": str,
    "angle": (int, float),
    "width": (int, float),
    "height": (int, float),
}
SUFFIX = ".ccfolia.json"


# ---- status ---------------------------------------------------------------------------------


def _resource_max(sheet: CCFoliaExport, resource: Resource, values: Mapping[str, int]) -> int:
    if resource.maximum is not None:
        return resource.maximum
    end = sheet.track_end(resource, values)
    # Not known (an HP the sheet or the GM has not entered): 0, for the table to fill in.
    return 0 if end is None else end


def _status(
    sheet: CCFoliaExport, resources: Iterable[Resource], values: Mapping[str, int]
) -> list[dict[str, Any]]:
    return [{"label": r.label, "value": r.value, "max": _resource_max(sheet, r, values)} for r in resources]


# ---- params and memo ------------------------------------------------------------------------


def _params(pairs: Iterable[tuple[str, int]]) -> list[dict[str, str]]:
    seen: set[str] = set()
    params = []
    for label, value in pairs:
        if label not in seen:  # a palette variable wins over a sheet value of the same name
            seen.add(label)
            params.append({"label": label, "value": str(value)})
    return params


def _memo(system_id: str, character: Any) -> str:
    system = get_system(system_id)
    lines = [system.name, *system.ccfolia.memo(character)]
    # An NPC's notes are the GM's (its secrets, its plans): only a PC's notes travel.
    if getattr(character, "is_pc", True) and getattr(character, "notes", ""):
        lines.append(character.notes)
    return "\n".join(line for line in lines if line)


def _document(
    name: str,
    memo: str,
    initiative: int,
    status: list[dict[str, Any]],
    params: list[dict[str, Any]],
    commands: str,
) -> dict[str, Any]:
    return {
        "kind": KIND,
        "data": {
            "name": name,
            "memo": memo,
            "initiative": initiative,
            "externalUrl": "",
            "status": status,
            "params": params,
            "commands": commands,
        },
    }


# ---- public API -----------------------------------------------------------------------------


def character_params(system_id: str, character: Any) -> list[dict[str, str]]:
    variables = palette_variables(system_id, character)
    return _params([*variables.items(), *get_system(system_id).ccfolia.sheet_params(character)])


def character_to_ccfolia(system_id: str, character: Any) -> dict[str, Any]:
    """A campaign character as CCFolia clipboard JSON (a dict; `dumps` makes the text)."""
    sheet = get_system(system_id).ccfolia
    seed = combat_rules(system_id).from_character(character)
    values = dict(seed.values or {})
    return _document(
        name=character.name,
        memo=_memo(system_id, character),
        initiative=sheet.initiative(values, seed.initiative),
        status=_status(sheet, (*seed.resources, *sheet.extra_status(character)), values),
        params=character_params(system_id, character),
        commands="\n".join(command_lines(system_id, character)),
    )


def participant_to_ccfolia(
    participant: Participant, system_id: str, palette: str | Sequence[str] = "", character: Any = None
) -> dict[str, Any]:
    """A battle participant with its current resources.  With its campaign `character`, the
    params, memo and palette come from the sheet; a quick NPC has its battle values and `palette`.
    A hidden participant exported on request has its status kept secret (`secret`)."""
    sheet = get_system(system_id).ccfolia
    values = dict(participant.values)
    resources: Sequence[Resource] = participant.resources
    if character is not None:
        resources = (*resources, *sheet.extra_status(character))
        params = character_params(system_id, character)
        memo = _memo(system_id, character)
        commands = "\n".join(command_lines(system_id, character))
    else:
        labels = sheet.value_labels
        params = _params((labels[k], v) for k, v in values.items() if k in labels)
        memo = ""
        commands = palette if isinstance(palette, str) else "\n".join(palette)
    document = _document(
        participant.name,
        memo,
        sheet.initiative(values, participant.initiative),
        _status(sheet, resources, values),
        params,
        commands,
    )
    if participant.hidden:
        document["data"]["secret"] = True
    return document


def encounter_to_ccfolia(
    encounter: Encounter, include_hidden: bool = False, characters: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Every participant in the GM's order; hidden ones only with `include_hidden`.
    `characters` (character id → character) gives linked participants their sheet and palette."""
    characters = characters or {}
    return [
        participant_to_ccfolia(
            p,
            encounter.system,
            character=characters.get(p.character_id) if p.character_id else None,
        )
        for p in encounter.participants
        if include_hidden or not p.hidden
    ]


def dumps(obj: Mapping[str, Any] | Sequence[Mapping[str, Any]], indent: int | None = None) -> str:
    """The JSON text: one object for the clipboard (CCFolia pastes one character), or a list."""
    return json.dumps(obj, ensure_ascii=False, indent=indent, allow_nan=False)


def write_ccfolia(path: str | os.PathLike[str], obj: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> Path:
    """Save as a file (atomically, like every export); returns the path written."""
    target = Path(path)
    atomic_write_bytes(target, (dumps(obj, indent=2) + "\n").encode("utf-8"))
    return target


# ---- validation -----------------------------------------------------------------------------


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _expect(condition: bool, path: str, problem: str) -> None:
    if not condition:
        raise ValueError(Message("{0}: {1}", path, problem))


def validate_ccfolia(obj: Any, complete: bool = True) -> None:
    """Raises ValueError naming the bad path (``data.status[1].max: …``) unless `obj` has the
    CCFolia clipboard shape.  `complete`: every key this exporter writes must be there (the API
    itself accepts a partial character)."""
    _expect(isinstance(obj, dict), "(root)", Message("オブジェクトではありません"))
    _expect(obj.get("kind") == KIND, "kind", Message('"{0}" ではありません', KIND))
    extra = sorted(set(obj) - {"kind", "data"})
    _expect(not extra, extra[0] if extra else "", Message("不明なキーです"))
    data = obj.get("data")
    _expect(isinstance(data, dict), "data", Message("オブジェクトではありません"))
    if complete:
        for key in CHARACTER_KEYS:
            _expect(key in data, f"data.{key}", Message("ありません"))
    for key, value in data.items():
        path = f"data.{key}"
        if key in ("name", "memo", "externalUrl", "commands"):
            _expect(isinstance(value, str), path, Message("文字列ではありません"))
        elif key == "initiative":
            _expect(_number(value), path, Message("数値ではありません"))
        elif key == "status":
            _validate_rows(value, path, {"label": str, "value": "number", "max": "number"})
        elif key == "params":
            _validate_rows(value, path, {"label": str, "value": str})
        elif key in OPTIONAL_KEYS:
            _expect(isinstance(value, OPTIONAL_KEYS[key]), path, Message("型が違います"))
        else:
            _expect(False, path, Message("CCFolia のキャラクターにないキーです"))


def _validate_rows(rows: Any, path: str, fields: Mapping[str, Any]) -> None:
    _expect(isinstance(rows, list), path, Message("配列ではありません"))
    for index, row in enumerate(rows):
        here = f"{path}[{index}]"
        _expect(isinstance(row, dict), here, Message("オブジェクトではありません"))
        _expect(set(row) == set(fields), here, Message("キーは {0} です", ", ".join(fields)))
        for name, kind in fields.items():
            if kind == "number":
                _expect(_number(row[name]), f"{here}.{name}", Message("数値ではありません"))
            else:
                _expect(isinstance(row[name], kind), f"{here}.{name}", Message("文字列ではありません"))
