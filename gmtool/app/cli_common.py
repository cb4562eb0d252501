"""Pieces every `prob` subcommand shares."""

from __future__ import annotations

import argparse
import unicodedata
from fractions import Fraction

from gmtool.rules.checks import Outcome

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


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:7.3f}%"


def pad(text: str, width: int) -> str:
    """Left-justify for a terminal, counting full-width (Japanese) characters as two columns."""
    columns = sum(2 if unicodedata.east_asian_width(ch) in "FW" else 1 for ch in text)
    return text + " " * max(0, width - columns)
