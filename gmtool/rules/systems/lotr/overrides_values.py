"""Checking the values of the GM's house-rule document (``overrides.py``): each refusal names the
key it is about (``ハウスルール races.hobbit.size: …``), as a ``RuleDataError``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, NoReturn, overload

from gmtool.rules.data import RuleDataError, short_input
from gmtool.rules.message import Message

WHERE = "ハウスルール"
# A GM's edits are a few dozen rows of small numbers: bounded, so a hand-edited document of a million
# rows, or a number of 4 000 digits that the panel cannot show, is refused with the key it is about.
MAX_RULE_ROWS = 200
MAX_SKILLS = 5000  # the scale tests edit thousands; the shipped table has 22
MAX_NAME = 60
INT_BOUND = 9999


def _fail(path: str, message: str) -> NoReturn:
    raise RuleDataError(
        Message("{0} {1}: {2}", WHERE, path, message) if path else Message("{0}: {1}", WHERE, message)
    )


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        _fail(path, Message("{{名前: 値}} の表でなければなりません（{0}）", short_input(value)))
    return value


def _keys(mapping: Mapping[str, Any], allowed: Iterable[str], path: str) -> None:
    allowed = tuple(allowed)
    unknown = sorted(short_input(str(k)) for k in mapping if k not in allowed)
    if unknown:
        listed = Message.joined(", ", unknown[:5])
        if len(unknown) > 5:
            listed = Message("{0}{1}", listed, Message(" ほか {0} 個", len(unknown) - 5))
        _fail(
            path,
            Message("未知の項目があります: {0}（使えるのは {1}）", listed, Message.joined(", ", allowed)),
        )


@overload
def _int(value: Any, path: str, *, optional: Literal[False] = False) -> int: ...
@overload
def _int(value: Any, path: str, *, optional: bool) -> int | None: ...
def _int(value: Any, path: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        wanted = Message("整数か null（未設定）") if optional else Message("整数")
        _fail(path, Message("{0}でなければなりません（{1}）", wanted, short_input(value)))
    if not -INT_BOUND <= value <= INT_BOUND:
        _fail(path, Message("{0} から {1} までの整数です（{2}）", -INT_BOUND, INT_BOUND, short_input(value)))
    return value


def _at_most(items: Any, limit: int, path: str) -> None:
    """Refused before anything is read from it: a list or table longer than ``limit``."""
    if len(items) > limit:
        _fail(path, Message("{0} 個までです（{1} 個あります）", limit, len(items)))


def _bool(value: Any, path: str, *, optional: bool = False) -> bool | None:
    if (value is None and optional) or isinstance(value, bool):
        return value
    wanted = Message("true / false / null（未設定）") if optional else "true / false"
    _fail(path, Message("{0} でなければなりません（{1}）", wanted, short_input(value)))


def _known_id(rows: Mapping[str, Any], key: str, path: str, what: str) -> dict[str, Any]:
    if key not in rows:
        _fail(
            path,
            Message(
                "未知の{0}です: {1}（{2} のどれか）",
                what,
                short_input(key),
                Message.joined(", ", rows) or Message("なし"),
            ),
        )
    row: dict[str, Any] = rows[key]
    return row


def _set_optional(row: dict[str, Any], key: str, value: Any) -> None:
    if value is None:
        row.pop(key, None)
    else:
        row[key] = value
