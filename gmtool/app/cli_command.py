"""`gmtool roll 'CMD'` and `gmtool prob command 'CMD'`: BCDice-style commands from a terminal.

No Qt here either: a script (or a chat bot) gets the BCDice-shaped line, or the exact
distribution, in a fraction of the GUI's start-up time.  A malformed command exits with 2 and
the message that points at the bad character.

`--system` is the dice box's ダイスボット setting (gmtool.rules.command_system): `aw` reads a plain
`2D6+m>=t` as BCDice's SRS bot does (自動成功 on a natural 12, 自動失敗 on 2), `sengensho` reads
`SGS+m`; under the default `generic` those bots' own forms are refused, as BCDice's DiceBot does.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from typing import Any

from gmtool.app.cli_common import CliParser, bounded, percent, refuse, shown_message, use_cli_language
from gmtool.rules.command import CommandError
from gmtool.rules.command_system import DICE_SYSTEMS, distribution_for, parse_for, roll_for
from gmtool.rules.dice import MAX_SEED, new_seed
from gmtool.rules.message import Message, template

COMMAND_KINDS = ("command",)
SEED = bounded(template("乱数の種"), (0, MAX_SEED))  # the seeds the dice box draws and logs
JSON_HELP = template("JSON で出力")


def _add_system(parser: argparse.ArgumentParser) -> None:
    names = Message.joined("、", [Message("{0}={1}", s.id, s.label) for s in DICE_SYSTEMS.values()])
    parser.add_argument(
        "--system",
        choices=tuple(DICE_SYSTEMS),
        default="generic",
        help=shown_message(Message("ダイスボット（BCDice のゲームシステム）: {0}。既定は generic", names)),
    )


def run_roll(argv: Sequence[str]) -> int:
    use_cli_language()
    parser = CliParser(
        prog="gmtool roll", description=shown_message(Message("BCDice 形式のダイスコマンドを振ります"))
    )
    parser.add_argument("command", help=shown_message(Message("例: '2D6+3>=10 攻撃'（空白の後はコメント）")))
    parser.add_argument(
        "--seed", type=SEED, help=shown_message(Message("乱数の種（同じ種なら同じ出目）{0}", SEED.range))
    )
    parser.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))
    _add_system(parser)
    args = parser.parse_args(argv)
    seed = new_seed() if args.seed is None else args.seed
    try:
        result = roll_for(args.command, random.Random(seed), args.system)
    except CommandError as error:
        refuse(parser, str(error))
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:  # gmtool's words before a roll of a system BCDice has no bot for: in the UI language
        prefix = DICE_SYSTEMS[args.system].prefix
        print(result.text.replace(prefix, shown_message(prefix)) if prefix else result.text)
    return 0


def add_command_parsers(sub: Any) -> None:
    command = sub.add_parser(
        "command", help=shown_message(Message("BCDice 形式のダイスコマンドの厳密な分布"))
    )
    command.add_argument("command", help=shown_message(Message("例: '2D6+3>=10'")))
    command.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))
    _add_system(command)


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        parsed = parse_for(args.command, args.system)
    except CommandError as error:
        refuse(parser, str(error))
    odds = distribution_for(parsed)
    if args.json:
        out: dict[str, Any] = {"distribution": None}
        if odds is not None:
            out["distribution"] = {str(t): float(p) for t, p in odds.totals.items()}
            if odds.success is not None:
                out["success"] = float(odds.success)
            if odds.critical is not None and odds.fumble is not None:
                out["critical"], out["fumble"] = float(odds.critical), float(odds.fumble)
            if odds.at_least is not None:
                out["at_least"] = odds.at_least  # that count's probability is of it or more
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if odds is None:
        from gmtool.rules.command_dist import missing_odds_reason

        print(shown_message(Message("{0}: {1}", parsed.source, missing_odds_reason(parsed))))
        return 0
    print(shown_message(Message("{0}: 合計ごとの確率", parsed.source)))
    for total, p in odds.totals.items():
        # xRy>=t: no ceiling
        shown = shown_message(Message("{0}以上", total)) if total == odds.at_least else str(total)
        print(f"  {shown:>6} {percent(p)}")
    if odds.success is not None:
        print(shown_message(Message("  成功率 {0}", percent(odds.success))))
    if odds.critical is not None and odds.fumble is not None:
        print(
            shown_message(
                Message("  クリティカル {0}  ファンブル {1}", percent(odds.critical), percent(odds.fumble))
            )
        )
    return 0
