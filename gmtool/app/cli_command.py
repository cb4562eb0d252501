"""`gmtool roll 'CMD'` and `gmtool prob command 'CMD'`: BCDice-style commands from a terminal.

No Qt here either: a script (or a chat bot) gets the BCDice-shaped line, or the exact
distribution, in a fraction of the GUI's start-up time.  A malformed command exits with 2 and
the message that points at the bad character.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from gmtool.app.cli_common import bounded, percent
from gmtool.rules.command import CommandError, distribution, parse, roll
from gmtool.rules.dice import MAX_SEED, new_seed

COMMAND_KINDS = ("command",)
SEED = bounded("乱数の種", (0, MAX_SEED))  # the seeds the dice box draws and logs


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 2 with a Japanese lead, as `prob` does
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: 引数が正しくありません: {message}\n")


def run_roll(argv: Sequence[str]) -> int:
    parser = _Parser(prog="gmtool roll", description="BCDice 形式のダイスコマンドを振ります")
    parser.add_argument("command", help="例: '2D6+3>=10 攻撃'（空白の後はコメント）")
    parser.add_argument("--seed", type=SEED, help=f"乱数の種（同じ種なら同じ出目）{SEED.range}")
    parser.add_argument("--json", action="store_true", help="JSON で出力")
    args = parser.parse_args(argv)
    seed = new_seed() if args.seed is None else args.seed
    try:
        result = roll(args.command, random.Random(seed))
    except CommandError as error:
        parser.exit(2, f"gmtool roll: {error}\n")
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(result.text)
    return 0


def add_command_parsers(sub: Any) -> None:
    command = sub.add_parser("command", help="BCDice 形式のダイスコマンドの厳密な分布")
    command.add_argument("command", help="例: '2D6+3>=10'")
    command.add_argument("--json", action="store_true", help="JSON で出力")


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        parsed = parse(args.command)
    except CommandError as error:
        parser.exit(2, f"gmtool prob: {error}\n")
    odds = distribution(parsed)
    if args.json:
        out: dict[str, Any] = {"distribution": None}
        if odds is not None:
            out["distribution"] = {str(t): float(p) for t, p in odds.totals.items()}
            if odds.success is not None:
                out["success"] = float(odds.success)
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if odds is None:
        print(f"{parsed.source}: 有限の厳密な分布はありません（choice や比較のない xUy）")
        return 0
    print(f"{parsed.source}: 合計ごとの確率")
    for total, p in odds.totals.items():
        print(f"  {total:>6} {percent(p)}")
    if odds.success is not None:
        print(f"  成功率 {percent(odds.success)}")
    return 0
