"""Loading rule tables (resources/rules/<system>/*.toml) into validated frozen data."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gmtool.resources import resource_path
from gmtool.rules.message import Message

if TYPE_CHECKING:
    from pydantic import TypeAdapter


T = TypeVar("T")


class RuleDataError(ValueError):
    """A rule table is missing, malformed or inconsistent; the message names the file and key."""


def load_table(system_id: str, name: str) -> tuple[Path, Mapping[str, Any]]:
    path = resource_path("rules", system_id, f"{name}.toml")
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise RuleDataError(Message("{0}: ルールデータがありません", path.name)) from None
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(Message("{0}: TOML として読めません（{1}）", path.name, e)) from None
    for key in ("schema", "system", "source"):
        if key not in data:
            raise RuleDataError(Message("{0}: '{1}' がありません", path.name, key))
    if data["system"] != system_id:
        raise RuleDataError(
            Message("{0}: system が '{1}'（'{2}' のはず）", path.name, data["system"], system_id)
        )
    return path, data


def require(data: Mapping[str, Any], key: str, kind: type[T], where: str) -> T:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        shown = short_input(value)
        raise RuleDataError(
            Message("{0}: '{1}' は {2} でなければなりません（{3}）", where, key, kind.__name__, shown)
        )
    return value


# What a message quotes of an input: a hostile value is never copied whole into it.
MAX_INPUT_CHARS = 40


def json_object(adapter: TypeAdapter[Any], value: object, exclude_defaults: bool = False) -> dict[str, Any]:
    """The JSON document pydantic writes for `value`: an object, as every stored document is."""
    document = adapter.dump_python(value, mode="json", exclude_defaults=exclude_defaults)
    if not isinstance(document, dict):
        raise TypeError(f"{type(value).__name__} is not stored as a JSON object")
    return document


def short_input(value: Any, limit: int = MAX_INPUT_CHARS) -> str:
    """A bounded, JSON-looking excerpt of an input value.

    Strings are cut *before* quoting so a huge value is never copied as a whole;
    containers are summarised rather than printed.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        try:
            text = repr(value)
        except ValueError:  # more digits than CPython will print
            return Message("（桁数が多すぎる数値）")
        return text if len(text) <= limit else Message("{0}…（{1} 桁）", text[:limit], len(text))
    if isinstance(value, str):
        if len(value) <= limit:
            return f'"{value}"'
        return Message('"{0}…"（{1} 文字）', value[:limit], len(value))
    if isinstance(value, Mapping):
        return Message("{{…}}（{0} 項目）", len(value))
    if isinstance(value, list | tuple):
        return Message("[…]（{0} 個）", len(value))
    text = type(value).__name__
    return text[:limit]
