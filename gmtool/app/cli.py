"""`python -m gmtool prob …`: exact probabilities for scripts and for checking other tools.

Imports no Qt, so it answers in a fraction of the GUI's start-up time.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from gmtool.app.cli_aw import AW_KINDS, add_aw_parsers, run_aw
from gmtool.app.cli_command import COMMAND_KINDS, add_command_parsers, run_command
from gmtool.app.cli_common import OUTCOME_NAMES, integer, percent
from gmtool.app.cli_fourcard import FOURCARD_KINDS, add_fourcard_parsers, run_fourcard
from gmtool.app.cli_lotr import LOTR_KINDS, add_lotr_parsers, run_lotr
from gmtool.app.cli_lotr_battle import LOTR_BATTLE_KINDS, add_lotr_battle_parsers, run_lotr_battle
from gmtool.app.cli_mtg import MTG_KINDS, add_mtg_parsers, run_mtg
from gmtool.app.cli_sengensho import SENGENSHO_KINDS, add_sengensho_parsers, run_sengensho
from gmtool.rules.checks import Outcome, Side
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw.checks import AWCheckSpec, AWOpposedSpec, AWRoller


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with a Japanese lead, as argparse does
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: 引数が正しくありません: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gmtool prob", description="判定の厳密な確率を表示します")
    sub = parser.add_subparsers(dest="kind", required=True, parser_class=_Parser)

    check = sub.add_parser("aw", help="アナザーワールドSRS の行為判定")
    check.add_argument("--value", type=integer, required=True, help="判定値")
    check.add_argument("--difficulty", type=integer, required=True, help="難易度")
    check.add_argument("--modifier", type=integer, default=0, help="修正")
    check.add_argument("--critical", type=integer, default=12, help="クリティカル値（既定 12）")
    check.add_argument("--fumble", type=integer, default=2, help="ファンブル値（既定 2）")
    check.add_argument("--json", action="store_true", help="JSON で出力")

    opposed = sub.add_parser("aw-opposed", help="アナザーワールドSRS の対決")
    opposed.add_argument("--action", type=integer, required=True, help="アクション側の判定値")
    opposed.add_argument("--action-modifier", type=integer, default=0)
    opposed.add_argument("--action-critical", type=integer, default=12)
    opposed.add_argument("--reaction", type=integer, required=True, help="リアクション側の判定値")
    opposed.add_argument("--reaction-modifier", type=integer, default=0)
    opposed.add_argument("--reaction-critical", type=integer, default=12)
    opposed.add_argument("--reaction-no-roll", action="store_true", help="リアクション側は判定できない")
    opposed.add_argument("--json", action="store_true", help="JSON で出力")
    add_aw_parsers(sub)
    add_fourcard_parsers(sub)
    add_lotr_parsers(sub)
    add_lotr_battle_parsers(sub)
    add_sengensho_parsers(sub)
    add_mtg_parsers(sub)
    add_command_parsers(sub)
    return parser


def run_prob(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.kind in AW_KINDS:
        return run_aw(args, parser)
    if args.kind in FOURCARD_KINDS:
        return run_fourcard(args)
    if args.kind in LOTR_KINDS:
        return run_lotr(args)
    if args.kind in LOTR_BATTLE_KINDS:
        return run_lotr_battle(args, parser)
    if args.kind in SENGENSHO_KINDS:
        return run_sengensho(args, parser)
    if args.kind in MTG_KINDS:
        return run_mtg(args, parser)
    if args.kind in COMMAND_KINDS:
        return run_command(args, parser)
    system = get_system("aw")
    try:
        if args.kind == "aw":
            roller = AWRoller(args.value, args.modifier, args.critical, args.fumble)
            dist = system.distribution(AWCheckSpec(roller, args.difficulty))
        else:
            action = AWRoller(args.action, args.action_modifier, args.action_critical)
            reaction = AWRoller(
                args.reaction,
                args.reaction_modifier,
                args.reaction_critical,
                can_roll=not args.reaction_no_roll,
            )
            dist = system.distribution(AWOpposedSpec(action, reaction))
    except ValueError as error:
        parser.exit(2, f"gmtool prob: {error}\n")

    if args.kind == "aw":
        success = dist.probability(lambda o: o.succeeded)
        if args.json:
            outcomes = {str(o): float(dist[o]) for o in Outcome}
            print(json.dumps({"system": "aw", "success": float(success), "outcomes": outcomes}))
        else:
            print(
                f"アナザーワールドSRS 行為判定: 判定値 {args.value} / 修正 {args.modifier:+d} / "
                f"難易度 {args.difficulty} / クリティカル値 {args.critical} / ファンブル値 {args.fumble}"
            )
            for outcome in Outcome:
                print(f"  {OUTCOME_NAMES[outcome]:<6}{percent(dist[outcome])}")
            print(f"  成功率（自動成功を含む）{percent(success)}")
    else:
        wins = dist[Side.ACTION]
        if args.json:
            print(json.dumps({"system": "aw", "action_wins": float(wins)}))
        else:
            reaction = "判定できない" if args.reaction_no_roll else f"クリティカル値 {args.reaction_critical}"
            print(
                f"アナザーワールドSRS 対決: アクション側 判定値 {args.action}（クリティカル値 "
                f"{args.action_critical}） / リアクション側 判定値 {args.reaction}（{reaction}）"
            )
            print(f"  アクション側の勝率   {percent(wins)}")
            print(f"  リアクション側の勝率 {percent(dist[Side.REACTION])}")
    return 0
