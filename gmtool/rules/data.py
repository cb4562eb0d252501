"""Loading rule tables (resources/rules/<system>/*.toml) into validated frozen data."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gmtool.resources import resource_path


class RuleDataError(ValueError):
    """A rule table is missing, malformed or inconsistent; the message names the file and key."""


def load_table(system_id: str, name: str) -> tuple[Path, Mapping[str, Any]]:
    path = resource_path("rules", system_id, f"{name}.toml")
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise RuleDataError(f"{path.name}: ルールデータがありません") from None
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(f"{path.name}: TOML として読めません（{e}）") from None
    for key in ("schema", "system", "source"):
        if key not in data:
            raise RuleDataError(f"{path.name}: '{key}' がありません")
    if data["system"] != system_id:
        raise RuleDataError(f"{path.name}: system が '{data['system']}'（'{system_id}' のはず）")
    return path, data


def require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RuleDataError(f"{where}: '{key}' は {kind.__name__} でなければなりません（{value!r}）")
    return value
