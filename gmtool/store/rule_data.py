"""The GM's rule data file (``*.gmrules.json``): what a player's character creation needs of the
GM's campaign — the catalogs the GM edited, the rule tables the GM changed, the house rules.

Envelope::

    {"format": "gmtool/rules", "version": 1, "data": {"<session key>": <document>, …}}

Each part is a session-state document of the campaign.  Which keys travel, and how each is
checked, is declared by the systems (`Declarations.rule_data`, a `RuleDataPart` each) plus the
campaign's house-rule choices, which every system shares: this module names no system.

Reading treats the file as hostile, as character files are (gmtool.store.exchange): the size is
checked before reading, only strict JSON is parsed (no NaN, no duplicate keys, nesting bounded,
never pickle or eval), every part is checked by its system's own validator, and any refusal is a
sentence naming the file and what is wrong.  Reading writes nothing; writing goes through a
temporary file renamed over the target.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gmtool.rules.data import short_input
from gmtool.rules.house_rules_types import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems import all_declarations, package_of
from gmtool.store.errors import RulesFileError, StoreError
from gmtool.store.exchange import atomic_write_bytes
from gmtool.store.files import read_text_limited, too_big
from gmtool.store.validation import format_validation_error, parse_json

__all__ = [
    "FORMAT",
    "MAX_RULES_FILE_BYTES",
    "SUFFIX",
    "VERSION",
    "RuleDataKind",
    "export_rule_data",
    "import_rule_data",
    "rule_data_kinds",
]

FORMAT = "gmtool/rules"
VERSION = 1
SUFFIX = ".gmrules.json"
MAX_RULES_FILE_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class RuleDataKind:
    """One document a rule data file may carry: its session key, its name, its validator."""

    key: str
    label: str
    check: Callable[[Any], object]


def _house_rules_check(document: Any) -> None:
    from gmtool.rules.house_rules import HouseRules  # with every system's switches: on first use

    HouseRules.from_document(document)


def _system_check(system_id: str, reference: str) -> Callable[[Any], object]:
    """The system's validator ``"module:function"`` (under its package), imported when first used."""

    def check(document: Any) -> object:
        module_name, _, function = reference.partition(":")
        validate: Callable[[Any], object] = getattr(
            import_module(f"{package_of(system_id)}.{module_name}"), function
        )
        return validate(document)

    return check


def rule_data_kinds() -> dict[str, RuleDataKind]:
    """Every document a rule data file may carry, by session key: the house rules, then each
    system's declared parts in the registry's order."""
    kinds = {HOUSE_RULES_KEY: RuleDataKind(HOUSE_RULES_KEY, Message("ハウスルール"), _house_rules_check)}
    for system_id, declared in all_declarations().items():
        for part in declared.rule_data:
            kinds[part.key] = RuleDataKind(part.key, part.label, _system_check(system_id, part.check))
    return kinds


def _refusal(kind: RuleDataKind, error: Exception) -> str:
    if isinstance(error, ValidationError):
        return Message("{0}: {1}", kind.label, format_validation_error(error, kind.key))
    detail = getattr(error, "message", None) or str(error)
    return Message("{0}: {1}", kind.label, detail)


def _checked(values: Mapping[str, Any], fail: Callable[[str], Exception]) -> dict[str, Any]:
    """The documents with a known key and a value their validator takes; `fail(problem)` otherwise."""
    kinds = rule_data_kinds()
    checked: dict[str, Any] = {}
    for key, document in values.items():
        kind = kinds.get(key) if isinstance(key, str) else None
        if kind is None:
            raise fail(Message("知らないルールデータです（{0}）", short_input(key)))
        try:
            kind.check(document)
        except (ValueError, TypeError, RecursionError) as error:  # ValidationError is a ValueError
            raise fail(_refusal(kind, error)) from None
        checked[key] = document
    return checked


def export_rule_data(path: str | os.PathLike[str], values: Mapping[str, Any]) -> None:
    """Write the documents (session key → document; None values left out) as one pretty UTF-8
    ``.gmrules.json``, atomically.  RulesFileError, and nothing written, if one is not valid."""
    target = Path(path)

    def fail(problem: str) -> RulesFileError:
        return RulesFileError(problem, target)

    data = _checked({k: v for k, v in values.items() if v is not None}, fail)
    envelope = {"format": FORMAT, "version": VERSION, "data": data}
    content = (json.dumps(envelope, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode("utf-8")
    if len(content) > MAX_RULES_FILE_BYTES:  # refused now rather than by the player's gmtool
        raise fail(too_big(len(content), MAX_RULES_FILE_BYTES))
    try:
        atomic_write_bytes(target, content)
    except OSError as exc:
        raise fail(Message("書き込めません（{0}）", exc.strerror or exc)) from None


def import_rule_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a ``.gmrules.json``: session key → document, each checked by its validator;
    RulesFileError naming the file and the fault otherwise."""
    source = Path(path)

    def fail(problem: str) -> RulesFileError:
        return RulesFileError(problem, source)

    text = read_text_limited(source, MAX_RULES_FILE_BYTES, RulesFileError)
    try:
        envelope = parse_json(text)
    except StoreError as exc:
        raise fail(exc.problem) from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        shown = envelope.get("format") if isinstance(envelope, dict) else None
        raise fail(
            Message(
                "gmtool のルールデータファイルではありません（format: {0}）",
                Message("なし") if shown is None else short_input(shown),
            )
        )
    version = envelope.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        shown = Message("なし") if version is None else short_input(version)
        raise fail(Message("version が整数ではありません（{0}）", shown))
    if version != VERSION:
        raise fail(
            Message(
                "このバージョンの gmtool が読めるのは version {0} です（ファイルは {1}）", VERSION, version
            )
        )
    data = envelope.get("data")
    if not isinstance(data, dict):
        raise fail(Message("data: {{キー: 内容}} のオブジェクトではありません"))
    return _checked(data, fail)
