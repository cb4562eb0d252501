"""House rules: every disputed reading of a rule text as a switch the campaign sets.

Where a rule text can be read two ways, gmtool picks one (SPEC.md §2 records it) — and a table may
play the other.  A `HouseRule` names such a reading: the words of the text it comes from (quoted,
with the section), the readings to choose from, and gmtool's default: the reading the text's own
words decide (README.md's switch table quotes them for each switch), what a campaign that never
opens the page plays.  `HouseRules` is the campaign's
choice of each: stored with the campaign (session state, `HOUSE_RULES_KEY`) as the choices that
differ from the defaults, undoable through the model, and read by every panel, tracker, limit and
`prob` command whose odds or rules the switch changes.

Each system's switches live in its own package (``gmtool/rules/systems/<id>/house_rules.py``, a
``HOUSE_RULES`` tuple) and are found through the system registry: a system without that module
simply has none.

The value types (`HouseRule`, `Reading`, `HouseRulesError`, `HOUSE_RULES_KEY`) live in
`gmtool/rules/house_rules_types.py` and are re-exported here.  The engine module: no Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from gmtool.rules.house_rules_types import (
    HOUSE_RULES_KEY,
    MAX_STORED,
    HouseRule,
    HouseRulesError,
    Reading,
)
from gmtool.rules.message import Message
from gmtool.rules.systems import SYSTEMS, package_of

__all__ = [
    "HOUSE_RULES_KEY",
    "MAX_STORED",
    "HouseRule",
    "HouseRules",
    "HouseRulesError",
    "Reading",
    "all_house_rules",
    "house_rule",
    "house_rules_of",
]


@dataclass(frozen=True)
class HouseRules:
    """The campaign's choices: switch id → reading id, only where they differ from the default."""

    choices: Mapping[str, str] = field(default_factory=dict)

    def get(self, rule_id: str) -> str:
        """The reading played for `rule_id`: the campaign's choice, else the default."""
        rule = house_rule(rule_id)
        chosen = self.choices.get(rule_id)
        return chosen if chosen is not None and chosen in {r.id for r in rule.readings} else rule.default

    def is_default(self, rule_id: str) -> bool:
        return self.get(rule_id) == house_rule(rule_id).default

    def with_choice(self, rule_id: str, reading_id: str) -> HouseRules:
        """These choices with `rule_id` set to `reading_id` (HouseRulesError for an unknown one)."""
        rule = _known(rule_id)
        if reading_id not in {r.id for r in rule.readings}:
            raise HouseRulesError(
                Message("ハウスルール「{0}」に「{1}」という読み方はありません", rule.title, reading_id)
            )
        choices = {k: v for k, v in self.choices.items() if k != rule_id}
        if reading_id != rule.default:
            choices[rule_id] = reading_id
        return HouseRules(dict(sorted(choices.items())))

    def to_document(self) -> dict[str, str] | None:
        """What the campaign stores: the non-default choices (None when every switch is default)."""
        return dict(self.choices) or None

    @classmethod
    def from_document(cls, document: Any) -> HouseRules:
        """The stored choices; HouseRulesError naming the fault for a document that is not one.

        A switch a newer gmtool wrote (an id this one does not know) is kept as it is, so opening a
        campaign in an older gmtool and saving it loses no choice; it changes nothing here."""
        if document is None:
            return cls()
        if not isinstance(document, dict) or len(document) > MAX_STORED:
            raise HouseRulesError(Message("ハウスルールの保存形式が正しくありません"))
        choices: dict[str, str] = {}
        for key, value in document.items():
            if not isinstance(key, str) or not isinstance(value, str) or len(key) > 80 or len(value) > 80:
                raise HouseRulesError(Message("ハウスルールの保存形式が正しくありません"))
            rule = _find(key)
            if rule is not None and value not in {r.id for r in rule.readings}:
                raise HouseRulesError(
                    Message("ハウスルール「{0}」に「{1}」という読み方はありません", rule.title, value)
                )
            choices[key] = value
        return cls(dict(sorted(choices.items())))


def house_rules_of(system_id: str) -> tuple[HouseRule, ...]:
    """The switches of one system (its package's `house_rules.HOUSE_RULES`; () if it has none).
    Only that system is imported: a campaign of one system loads no other's rules."""
    if system_id not in SYSTEMS:
        return ()
    if system_id not in _LOADED:
        _LOADED[system_id] = tuple(_module_rules(system_id))
    return _LOADED[system_id]


def all_house_rules() -> tuple[HouseRule, ...]:
    return tuple(rule for system_id in SYSTEMS for rule in house_rules_of(system_id))


def house_rule(rule_id: str) -> HouseRule:
    return _known(rule_id)


def _known(rule_id: str) -> HouseRule:
    rule = _find(rule_id)
    if rule is None:
        raise HouseRulesError(Message("「{0}」というハウスルールはありません", rule_id))
    return rule


def _find(rule_id: str) -> HouseRule | None:
    system = rule_id.split(".", 1)[0]
    return next((r for r in house_rules_of(system) if r.id == rule_id), None)


_LOADED: dict[str, tuple[HouseRule, ...]] = {}


def _module_rules(system_id: str) -> Iterable[HouseRule]:
    name = f"{package_of(system_id)}.house_rules"
    try:
        module = import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:  # the module exists but something it imports does not
            raise
        return ()
    rules: tuple[HouseRule, ...] = module.HOUSE_RULES
    for rule in rules:
        if rule.system != system_id:
            raise ValueError(f"house rule {rule.id} is listed under {system_id}")
    return rules
