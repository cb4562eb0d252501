"""Pieces every `prob` subcommand shares."""

from __future__ import annotations

import argparse
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
