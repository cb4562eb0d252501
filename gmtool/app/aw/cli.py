"""`gmtool prob` for アナザーワールドSRS: 行為判定, 対決 and アナザーフォーカス判定."""

from __future__ import annotations

import argparse
from typing import Any

from gmtool.app.aw.cli_check import CHECK_KINDS, add_check_parsers, run_check
from gmtool.app.aw.cli_focus import FOCUS_KINDS, add_focus_parsers, run_focus

KINDS = CHECK_KINDS + FOCUS_KINDS


def add_parsers(sub: Any) -> None:
    add_check_parsers(sub)
    add_focus_parsers(sub)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind in CHECK_KINDS:
        return run_check(args, parser)
    return run_focus(args, parser)
