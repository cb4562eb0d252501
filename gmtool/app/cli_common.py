"""Pieces every `prob` subcommand shares."""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from gmtool.rules.checks import CHECK_MODIFIER_BOUNDS, CHECK_VALUE_BOUNDS, Outcome

# A CLI value that is two panel fields added up (判定値 and 修正): every sum the panel can make.
CHECK_TOTAL_BOUNDS = (
    CHECK_VALUE_BOUNDS[0] + CHECK_MODIFIER_BOUNDS[0],
    CHECK_VALUE_BOUNDS[1] + CHECK_MODIFIER_BOUNDS[1],
)

OUTCOME_NAMES = {
    Outcome.AUTO_SUCCESS: "自動成功",
    Outcome.SUCCESS: "成功",
    Outcome.FAILURE: "失敗",
    Outcome.AUTO_FAILURE: "自動失敗",
}


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"整数ではありません: '{text}'") from None


@dataclass(frozen=True)
class Bounded:
    """An argparse type: an integer from *low* to *high*, the bounds of the GUI field for the same
    value, so the CLI takes what the window takes and never starts work the window would refuse."""

    what: str
    low: int
    high: int
    shown: str = ""  # the range as the engine's messages write it ("−3〜+3"); else "low〜high"

    def __call__(self, text: str) -> int:
        value = integer(text)
        if not self.low <= value <= self.high:
            shown = self.shown or f"{self.low}〜{self.high}"
            raise argparse.ArgumentTypeError(f"{self.what} {value} は {shown} の範囲外です")
        return value

    @property
    def range(self) -> str:
        """For a help text: "（-99〜999）"."""
        return f"（{self.shown or f'{self.low}〜{self.high}'}）"


def bounded(what: str, bounds: tuple[int, int], shown: str = "") -> Bounded:
    return Bounded(what, *bounds, shown)


T = TypeVar("T")


@dataclass(frozen=True)
class BoundedText(Generic[T]):
    """An argparse type for a text that is not a number but is bounded all the same (one of a few
    fixed names, a list of bounded values, a name of bounded length): `read` refuses the rest."""

    read: Callable[[str], T]

    def __call__(self, text: str) -> T:
        return self.read(text)


def bounded_text(read: Callable[[str], T]) -> BoundedText[T]:
    """Marks `read` (a function of the text, as argparse calls it) as a bounded text type."""
    return BoundedText(read)


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:7.3f}%"


def pad(text: str, width: int) -> str:
    """Left-justify for a terminal, counting full-width (Japanese) characters as two columns."""
    columns = sum(2 if unicodedata.east_asian_width(ch) in "FW" else 1 for ch in text)
    return text + " " * max(0, width - columns)
