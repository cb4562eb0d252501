"""`prob aw` and `prob aw-opposed`: an アナザーワールドSRS 行為判定 and 対決, exactly."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from gmtool.app.cli_common import OUTCOME_NAMES, bounded, percent
from gmtool.rules.checks import (
    CHECK_DIFFICULTY_BOUNDS,
    CHECK_MODIFIER_BOUNDS,
    CHECK_VALUE_BOUNDS,
    Outcome,
    Side,
)
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw.checks import (
    CRITICAL_BOUNDS,
    FUMBLE_BOUNDS,
    AWCheckSpec,
    AWOpposedSpec,
    AWRoller,
)
from gmtool.rules.systems.aw.house_rules import BOOST_AFTER, BOOST_BEFORE
from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.rules.systems.aw.spell_c import spell_use_probability, success_with_spell

CHECK_KINDS = ("aw", "aw-opposed")
# Each value takes the bounds of its field in the judgement panel or on the sheet.
VALUE = bounded("判定値", CHECK_VALUE_BOUNDS)
MODIFIER = bounded("修正", CHECK_MODIFIER_BOUNDS)
DIFFICULTY = bounded("難易度", CHECK_DIFFICULTY_BOUNDS)
CRITICAL = bounded("クリティカル値", CRITICAL_BOUNDS)
FUMBLE = bounded("ファンブル値", FUMBLE_BOUNDS)


def add_check_parsers(sub: Any) -> None:
    check = sub.add_parser("aw", help="アナザーワールドSRS の行為判定")
    check.add_argument("--value", type=VALUE, required=True, help=f"判定値{VALUE.range}")
    check.add_argument("--difficulty", type=DIFFICULTY, required=True, help=f"難易度{DIFFICULTY.range}")
    check.add_argument("--modifier", type=MODIFIER, default=0, help=f"修正{MODIFIER.range}")
    check.add_argument(
        "--critical", type=CRITICAL, default=12, help=f"クリティカル値{CRITICAL.range}、既定 12"
    )
    check.add_argument("--fumble", type=FUMBLE, default=2, help=f"ファンブル値{FUMBLE.range}、既定 2")
    check.add_argument(
        "--spell-c",
        choices=(BOOST_BEFORE, BOOST_AFTER),
        help="令呪C（達成値 +20）を使うとき: before（振る前に宣言）/ after（出目を見てから）。"
        "使ったときの成功率と令呪を使う確率を加えて表示",
    )
    check.add_argument("--json", action="store_true", help="JSON で出力")

    opposed = sub.add_parser("aw-opposed", help="アナザーワールドSRS の対決")
    opposed.add_argument("--action", type=VALUE, required=True, help=f"アクション側の判定値{VALUE.range}")
    opposed.add_argument("--action-modifier", type=MODIFIER, default=0, help=f"修正{MODIFIER.range}")
    opposed.add_argument(
        "--action-critical", type=CRITICAL, default=12, help=f"クリティカル値{CRITICAL.range}"
    )
    opposed.add_argument("--reaction", type=VALUE, required=True, help=f"リアクション側の判定値{VALUE.range}")
    opposed.add_argument("--reaction-modifier", type=MODIFIER, default=0, help=f"修正{MODIFIER.range}")
    opposed.add_argument(
        "--reaction-critical", type=CRITICAL, default=12, help=f"クリティカル値{CRITICAL.range}"
    )
    opposed.add_argument("--reaction-no-roll", action="store_true", help="リアクション側は判定できない")
    opposed.add_argument("--json", action="store_true", help="JSON で出力")


def run_check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
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
        spell = _spell_c(args, roller)
        if args.json:
            outcomes = {str(o): float(dist[o]) for o in Outcome}
            document: dict[str, Any] = {"system": "aw", "success": float(success), "outcomes": outcomes}
            if spell is not None:
                document["spell_c"] = {
                    "timing": args.spell_c,
                    "success": float(spell[0]),
                    "spell_used": float(spell[1]),
                }
            print(json.dumps(document))
        else:
            print(
                f"アナザーワールドSRS 行為判定: 判定値 {args.value} / 修正 {args.modifier:+d} / "
                f"難易度 {args.difficulty} / クリティカル値 {args.critical} / ファンブル値 {args.fumble}"
            )
            for outcome in Outcome:
                print(f"  {OUTCOME_NAMES[outcome]:<6}{percent(dist[outcome])}")
            print(f"  成功率（自動成功を含む）{percent(success)}")
            if spell is not None:
                when = "振る前に宣言" if args.spell_c == BOOST_BEFORE else "出目を見てから"
                print(
                    f"  令呪 +{spell[2]}（{when}）: 使えば成功率 {percent(spell[0])}"
                    f"（振る前でも後でも同じ）、令呪を使う確率 {percent(spell[1])}"
                )
    else:
        wins = dist[Side.ACTION]
        if args.json:
            print(json.dumps({"system": "aw", "action_wins": float(wins)}))
        else:
            reaction_text = (
                "判定できない" if args.reaction_no_roll else f"クリティカル値 {args.reaction_critical}"
            )
            print(
                f"アナザーワールドSRS 対決: アクション側 判定値 {args.action}（クリティカル値 "
                f"{args.action_critical}） / リアクション側 判定値 {args.reaction}（{reaction_text}）"
            )
            print(f"  アクション側の勝率   {percent(wins)}")
            print(f"  リアクション側の勝率 {percent(dist[Side.REACTION])}")
    return 0


def _spell_c(args: argparse.Namespace, roller: AWRoller) -> tuple[Fraction, Fraction, int] | None:
    """(success with 令呪, the chance it is spent, its +) under --spell-c; None without the option."""
    if args.spell_c is None:
        return None
    amount = aw_session_rules().command_spell_boost
    success = success_with_spell(roller, args.difficulty, amount)
    used = spell_use_probability(roller, args.difficulty, amount, args.spell_c)
    return success, used, amount
