"""`python -m gmtool prob …`: exact probabilities for scripts and for checking other tools.

Imports no Qt, so it answers in a fraction of the GUI's start-up time.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gmtool.app.cli_command import COMMAND_KINDS, add_command_parsers, run_command
from gmtool.app.cli_common import CliParser, shown_message, use_cli_language
from gmtool.app.systems import cli_modules
from gmtool.rules.message import Message


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help in the UI language: call after ``use_cli_language()``."""
    parser = CliParser(prog="gmtool prob", description=shown_message(Message("判定の厳密な確率を表示します")))
    sub = parser.add_subparsers(dest="kind", required=True, parser_class=CliParser)

    for module in cli_modules():
        module.add_parsers(sub)
    add_command_parsers(sub)
    return parser


def run_prob(argv: Sequence[str]) -> int:
    use_cli_language()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.kind in COMMAND_KINDS:
        return run_command(args, parser)
    module = next(m for m in cli_modules() if args.kind in m.KINDS)
    return int(module.run(args, parser))
