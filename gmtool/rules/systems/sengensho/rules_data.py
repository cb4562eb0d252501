"""千幻抄 rule tables from resources/rules/sengensho/*.toml, validated on load."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gmtool.rules.data import RuleDataError, load_table, require
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.checks import check_thresholds


@dataclass(frozen=True)
class IdentificationTarget:
    """類型を見抜く情報項目の目標値の目安."""

    situation: str
    low: int
    high: int

    @property
    def text(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}〜{self.high}"


@dataclass(frozen=True)
class SengenshoRules:
    default_critical: int
    default_fumble: int
    identification: tuple[IdentificationTarget, ...]


@cache
def sengensho_rules() -> SengenshoRules:
    path, data = load_table("sengensho", "checks")
    where = path.name
    critical = require(data, "default_critical", int, where)
    fumble = require(data, "default_fumble", int, where)
    try:
        check_thresholds(critical, fumble)
    except ValueError as e:
        raise RuleDataError(Message("{0}: {1}", where, e)) from None
    rows = data.get("identification")
    if not isinstance(rows, list) or not rows:
        raise RuleDataError(Message("{0}: identification がありません", where))
    targets = []
    for i, raw in enumerate(rows):
        at = f"{where} identification[{i}]"
        low, high = require(raw, "low", int, at), require(raw, "high", int, at)
        if high < low:
            raise RuleDataError(Message("{0}: high {1} が low {2} より小さい値です", at, high, low))
        targets.append(IdentificationTarget(require(raw, "situation", str, at), low, high))
    return SengenshoRules(critical, fumble, tuple(targets))
