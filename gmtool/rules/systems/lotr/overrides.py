"""The GM's edits of the LotR rule tables, kept in the campaign (house rules).

`apply_overrides(rules, document)` returns the shipped tables with the
campaign's edits applied; a bad document raises RuleDataError naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.rules.systems.lotr.rules_data import LotRRules


def apply_overrides(rules: LotRRules, document: Mapping[str, Any] | None) -> LotRRules:
    if not document:
        return rules
    return rules  # TODO(helper R): apply the document
