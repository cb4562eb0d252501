"""行動判定: reveal the top two cards of the library, 目標値 against 達成値, and 行動判定ブースト.

Defined once, as a judge of an ordered library (`judge`): `resolve()` deals a library the way the
player's knowledge allows and hands it to the judge; the exact odds (odds.py) count the same rule
over every ordering, and the tests check one against the other.

- 目標値 = mana value of the top card + 難易度; 達成値 = mana value of the 2nd card + 色の修正.
- A revealed クリティカル・カード counts as the rule data's mana value (20).
- 色の修正: +5 same color, +3 allied color, else 0; always 0 in a 色のない判定.  A land with basic land
  types is those types' colors (《森》 is green); a card of two or more colors is treated as one of
  them, chosen at random (「無作為にどちらかの色」).
- Boost: after 目標値 and 達成値 are known, once per turn, only with at least 6 cards left: exile the
  next 6 and add one per colorless card among them (here lands are colorless, as the game's rules
  say).  The judge boosts exactly when the check would otherwise fail.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks_types import DIFFICULTY_BOUNDS, CheckColor, LibraryCard, MTGOutcome
from gmtool.rules.systems.mtg.rules_data import MTGRules, mtg_rules

# The value types live in checks_types (the views import them there) and are reached here too.
__all__ = [
    "DIFFICULTY_BOUNDS",
    "CheckColor",
    "LibraryCard",
    "LibraryView",
    "MTGCheckResult",
    "MTGCheckSpec",
    "MTGOutcome",
    "Reveal",
    "Segment",
    "boost_bonus",
    "boost_possible",
    "judge",
    "modifier_choices",
    "resolve_check",
    "reveal",
    "segment",
    "settle",
]


def _key(item: tuple[LibraryCard, int]) -> tuple[str, bool]:
    return item[0].card.name, item[0].critical


Segment = tuple[tuple[LibraryCard, int], ...]  # a multiset: (card, copies), canonical order


def segment(cards: Iterable[LibraryCard]) -> Segment:
    return tuple(sorted(Counter(cards).items(), key=_key))


@dataclass(frozen=True)
class LibraryView:
    """The library as the player knows it when the check begins.

    ``known_top``: cards the player knows on top — exiled before revealing and put back on top in
    the same order afterwards, so they take no part in the check.  ``segments``: the rest, top to
    bottom, each a multiset whose order the player does not know (one segment for a shuffled
    library; revealed cards put on the bottom in random order form segments of their own).
    """

    segments: tuple[Segment, ...]
    known_top: tuple[LibraryCard, ...] = ()

    @classmethod
    def shuffled(cls, cards: Iterable[LibraryCard], known_top: Sequence[LibraryCard] = ()) -> LibraryView:
        return cls((segment(cards),), tuple(known_top))

    @property
    def size(self) -> int:
        """Cards the check can reveal (the known top cards are exiled first)."""
        return sum(n for seg in self.segments for _, n in seg)

    def deal(self, rng: random.Random) -> list[LibraryCard]:
        """One ordering the player's knowledge allows: each segment shuffled, top to bottom."""
        order: list[LibraryCard] = []
        for seg in self.segments:
            cards = [card for card, n in seg for _ in range(n)]
            rng.shuffle(cards)
            order += cards
        return order


@dataclass(frozen=True)
class MTGCheckSpec:
    library: LibraryView
    color: CheckColor
    difficulty: int
    boost_available: bool = True  # False once the PC has boosted this turn


def modifier_choices(card: Card, color: CheckColor, rules: MTGRules) -> tuple[int, ...]:
    """The 色の修正 for each color the 2nd card may be treated as, each equally likely."""
    if color is CheckColor.COLORLESS:
        return (0,)
    colors = card.modifier_colors
    if not colors:
        return (0,)
    return tuple(rules.color_modifier(color, c) for c in colors)


@dataclass(frozen=True)
class Reveal:
    """Steps 2–3: the two revealed cards, 目標値 and 達成値 (before any boost)."""

    top: LibraryCard
    second: LibraryCard
    target: int  # 目標値
    achievement: int  # 達成値
    modifier: int  # 色の修正
    treated_as: str | None  # the color a multicolor 2nd card was treated as; None if no choice

    @property
    def succeeded(self) -> bool:
        return self.achievement >= self.target


def reveal(
    top: LibraryCard,
    second: LibraryCard,
    color: CheckColor,
    difficulty: int,
    choice: int = 0,
    rules: MTGRules | None = None,
) -> Reveal:
    """目標値 and 達成値; ``choice`` picks the color of a card of several colors (index into them)."""
    rules = rules or mtg_rules()
    choices = modifier_choices(second.card, color, rules)
    if not 0 <= choice < len(choices):
        raise ValueError(Message("色の選択 {0} は 0〜{1} の範囲外です", choice, len(choices) - 1))
    colors = second.card.modifier_colors
    treated_as = colors[choice] if color is not CheckColor.COLORLESS and len(colors) > 1 else None
    return Reveal(
        top,
        second,
        target=top.mana_value(rules) + difficulty,
        achievement=second.mana_value(rules) + choices[choice],
        modifier=choices[choice],
        treated_as=treated_as,
    )


def boost_bonus(cards: Iterable[LibraryCard]) -> int:
    """+1 per colorless card among the exiled ones."""
    return sum(1 for c in cards if c.colorless)


@dataclass(frozen=True)
class MTGCheckResult:
    outcome: MTGOutcome
    reveal: Reveal | None = None  # None when the check was cancelled
    boost_cards: tuple[LibraryCard, ...] = ()  # exiled by the boost (empty: no boost)
    seed: int | None = None

    @property
    def boosted(self) -> bool:
        return bool(self.boost_cards)

    @property
    def bonus(self) -> int:
        return boost_bonus(self.boost_cards)

    @property
    def final_achievement(self) -> int | None:
        return None if self.reveal is None else self.reveal.achievement + self.bonus


def boost_possible(cards_left: int, rules: MTGRules | None = None) -> bool:
    """「ライブラリーが6枚未満の時、行動判定ブーストの宣言は行えません」 (after the two are revealed)."""
    return cards_left >= (rules or mtg_rules()).boost_cards


def settle(shown: Reveal, boost_cards: Sequence[LibraryCard] = ()) -> MTGCheckResult:
    """Step 4: the result of revealed cards, with the boost's exiled cards if the PC boosted."""
    if shown.succeeded:
        return MTGCheckResult(MTGOutcome.SUCCESS, shown, tuple(boost_cards))
    boosted = shown.achievement + boost_bonus(boost_cards) >= shown.target
    return MTGCheckResult(
        MTGOutcome.BOOSTED if boost_cards and boosted else MTGOutcome.FAILURE, shown, tuple(boost_cards)
    )


def judge(
    order: Sequence[LibraryCard], spec: MTGCheckSpec, choice: int = 0, including: bool = False
) -> MTGCheckResult:
    """The check on a library in this order (top first, known top cards already exiled), the PC
    boosting exactly when it would otherwise fail.  ``including`` (house rule mtg.boost_cards): the
    boost exiles the top six with the two revealed cards among them, not the six under them."""
    rules = mtg_rules()
    if len(order) < rules.minimum_cards:
        return MTGCheckResult(MTGOutcome.CANCELLED)
    shown = reveal(order[0], order[1], spec.color, spec.difficulty, choice, rules)
    pool = order if including else order[2:]
    if shown.succeeded or not (spec.boost_available and boost_possible(len(pool), rules)):
        return settle(shown)
    return settle(shown, pool[: rules.boost_cards])


def resolve_check(spec: MTGCheckSpec, rng: random.Random, seed: int | None = None) -> MTGCheckResult:
    """One real check: a library dealt as the player's knowledge allows, the colour chosen at random."""
    order = spec.library.deal(rng)
    choice = 0
    if len(order) >= 2:
        count = len(modifier_choices(order[1].card, spec.color, mtg_rules()))
        choice = rng.randrange(count) if count > 1 else 0
    result = judge(order, spec, choice)
    return MTGCheckResult(result.outcome, result.reveal, result.boost_cards, seed)
