"""MTGでTRPG rule numbers from resources/rules/mtg/checks.toml, validated on load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from gmtool.rules.data import RuleDataError, load_table, require
from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import WUBRG


@dataclass(frozen=True)
class MTGRules:
    same_color_modifier: int
    allied_color_modifier: int
    allied: Mapping[str, tuple[str, ...]]  # color → its 友好色
    usual_difficulty: tuple[int, int]  # 「難易度は、0~8の数」
    curve: tuple[int, int]  # the difficulties the panel plots
    minimum_cards: int  # 2: fewer and the check cannot be made
    boost_cards: int  # 6 cards exiled by 行動判定ブースト
    critical_mana_value: int  # a revealed クリティカル・カード counts as this
    critical_defaults: Mapping[int, int]  # deck size → default number of critical cards

    def critical_default(self, deck_size: int) -> int | None:
        """The shipped default for a deck of this size, or None: the GM decides."""
        return self.critical_defaults.get(deck_size)

    def color_modifier(self, check_color: str, card_color: str) -> int:
        if card_color == check_color:
            return self.same_color_modifier
        if card_color in self.allied.get(check_color, ()):
            return self.allied_color_modifier
        return 0


def _section(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    return require(data, key, dict, where)


def _allied(data: Mapping[str, Any], where: str) -> dict[str, tuple[str, ...]]:
    table = _section(data, "allied", where)
    allied: dict[str, tuple[str, ...]] = {}
    for color in WUBRG:
        pair = table.get(color)
        if not isinstance(pair, list) or not all(isinstance(c, str) and c in WUBRG for c in pair):
            raise RuleDataError(
                Message(
                    "{0}: allied.{1} は W U B R G の配列でなければなりません（{2!r}）", where, color, pair
                )
            )
        if color in pair:
            raise RuleDataError(Message("{0}: allied.{1} に自分の色があります", where, color))
        allied[color] = tuple(pair)
    for color, pair in allied.items():
        for other in pair:
            if color not in allied[other]:
                raise RuleDataError(
                    Message(
                        "{0}: 友好色は対称でなければなりません（{1}→{2} だけがあります）", where, color, other
                    )
                )
    return allied


def _critical(data: Mapping[str, Any], where: str) -> tuple[int, dict[int, int]]:
    table = _section(data, "critical", where)
    mana_value = require(table, "mana_value", int, f"{where} critical")
    rows = table.get("default_counts", [])
    if not isinstance(rows, list):
        raise RuleDataError(Message("{0}: critical.default_counts は配列でなければなりません", where))
    defaults: dict[int, int] = {}
    for i, row in enumerate(rows):
        at = f"{where} critical.default_counts[{i}]"
        size, count = require(row, "deck_size", int, at), require(row, "count", int, at)
        if size in defaults:
            raise RuleDataError(Message("{0}: デッキ枚数 {1} が重複しています", at, size))
        if not 0 <= count <= size:
            raise RuleDataError(Message("{0}: 枚数 {1} は 0〜{2} でなければなりません", at, count, size))
        defaults[size] = count
    return mana_value, defaults


@cache
def mtg_rules() -> MTGRules:
    path, data = load_table("mtg", "checks")
    where = path.name
    difficulty = _section(data, "difficulty", where)
    library = _section(data, "library", where)
    at = f"{where} difficulty"
    usual = (require(difficulty, "usual_low", int, at), require(difficulty, "usual_high", int, at))
    curve = (require(difficulty, "curve_low", int, at), require(difficulty, "curve_high", int, at))
    for name, (low, high) in (("usual", usual), ("curve", curve)):
        if low > high:
            raise RuleDataError(
                Message("{0}: {1}_low {2} が {3}_high {4} より大きい値です", at, name, low, name, high)
            )
    minimum = require(library, "minimum_cards", int, f"{where} library")
    boost = require(library, "boost_cards", int, f"{where} library")
    if minimum < 2:
        raise RuleDataError(Message("{0}: library.minimum_cards は 2 以上です（公開するカードは2枚）", where))
    if boost < 0:
        raise RuleDataError(Message("{0}: library.boost_cards が負の値です", where))
    critical_mv, defaults = _critical(data, where)
    return MTGRules(
        same_color_modifier=require(data, "same_color_modifier", int, where),
        allied_color_modifier=require(data, "allied_color_modifier", int, where),
        allied=_allied(data, where),
        usual_difficulty=usual,
        curve=curve,
        minimum_cards=minimum,
        boost_cards=boost,
        critical_mana_value=critical_mv,
        critical_defaults=defaults,
    )
