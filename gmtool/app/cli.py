"""`python -m gmtool prob …`: exact probabilities for scripts and for checking other tools.

Imports no Qt, so it answers in a fraction of the GUI's start-up time.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from gmtool.app.cli_command import COMMAND_KINDS, add_command_parsers, run_command
from gmtool.app.systems import cli_modules


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 2 with a Japanese lead, as argparse does
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: 引数が正しくありません: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gmtool prob", description="判定の厳密な確率を表示します")
    sub = parser.add_subparsers(dest="kind", required=True, parser_class=_Parser)

    for module in cli_modules():
        module.add_parsers(sub)
    add_command_parsers(sub)
    return parser


def run_prob(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.kind in COMMAND_KINDS:
        return run_command(args, parser)
    module = next(m for m in cli_modules() if args.kind in m.KINDS)
    return int(module.run(args, parser))
