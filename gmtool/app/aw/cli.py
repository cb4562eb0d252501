"""`gmtool prob` for アナザーワールドSRS: 行為判定, 対決, アナザーフォーカス判定 and
エンゲージ離脱 through a blockade."""

from __future__ import annotations

import argparse
from typing import Any

from gmtool.app.aw.cli_check import CHECK_KINDS, add_check_parsers, run_check
from gmtool.app.aw.cli_focus import FOCUS_KINDS, add_focus_parsers, run_focus
from gmtool.app.aw.cli_withdraw import WITHDRAW_KINDS, add_withdraw_parsers, run_withdraw

KINDS = CHECK_KINDS + FOCUS_KINDS + WITHDRAW_KINDS


def add_parsers(sub: Any) -> None:
    add_check_parsers(sub)
    add_focus_parsers(sub)
    add_withdraw_parsers(sub)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind in CHECK_KINDS:
        return run_check(args, parser)
    if args.kind in WITHDRAW_KINDS:
        return run_withdraw(args, parser)
    return run_focus(args, parser)
