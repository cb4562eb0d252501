"""`prob aw` and `prob aw-opposed`: an アナザーワールドSRS 行為判定 and 対決, exactly."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from gmtool.app.cli_common import OUTCOME_NAMES, bounded, pad, percent
from gmtool.rules.checks import (
    CHECK_DIFFICULTY_BOUNDS,
    CHECK_MODIFIER_BOUNDS,
    CHECK_VALUE_BOUNDS,
    Outcome,
    Side,
)
from gmtool.rules.message import Message, template
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
from gmtool.views.message_catalog import shown_message

CHECK_KINDS = ("aw", "aw-opposed")
# Each value takes the bounds of its field in the judgement panel or on the sheet.
# The names are messages: a refusal names the value in the UI language.
VALUE = bounded(template("判定値"), CHECK_VALUE_BOUNDS)
MODIFIER = bounded(template("修正"), CHECK_MODIFIER_BOUNDS)
DIFFICULTY = bounded(template("難易度"), CHECK_DIFFICULTY_BOUNDS)
CRITICAL = bounded(template("クリティカル値"), CRITICAL_BOUNDS)
FUMBLE = bounded(template("ファンブル値"), FUMBLE_BOUNDS)
JSON_HELP = template("JSON で出力")


def add_check_parsers(sub: Any) -> None:
    """The parsers, their help in the UI language (the message catalogue is installed first)."""
    check = sub.add_parser("aw", help=shown_message(Message("アナザーワールドSRS の行為判定")))
    check.add_argument(
        "--value", type=VALUE, required=True, help=shown_message(Message("判定値{0}", VALUE.range))
    )
    check.add_argument(
        "--difficulty",
        type=DIFFICULTY,
        required=True,
        help=shown_message(Message("難易度{0}", DIFFICULTY.range)),
    )
    check.add_argument(
        "--modifier", type=MODIFIER, default=0, help=shown_message(Message("修正{0}", MODIFIER.range))
    )
    check.add_argument(
        "--critical",
        type=CRITICAL,
        default=12,
        help=shown_message(Message("クリティカル値{0}、既定 {1}", CRITICAL.range, 12)),
    )
    check.add_argument(
        "--fumble",
        type=FUMBLE,
        default=2,
        help=shown_message(Message("ファンブル値{0}、既定 {1}", FUMBLE.range, 2)),
    )
    check.add_argument(
        "--spell-c",
        choices=(BOOST_BEFORE, BOOST_AFTER),
        help=shown_message(
            Message(
                "令呪C（達成値 +20）を使うとき: {0}（振る前に宣言）/ {1}（出目を見てから）。"
                "使ったときの成功率と令呪を使う確率を加えて表示",
                BOOST_BEFORE,
                BOOST_AFTER,
            )
        ),
    )
    check.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))

    opposed = sub.add_parser("aw-opposed", help=shown_message(Message("アナザーワールドSRS の対決")))
    for side, name in (
        ("action", template("アクション側の判定値")),
        ("reaction", template("リアクション側の判定値")),
    ):
        opposed.add_argument(
            f"--{side}", type=VALUE, required=True, help=shown_message(Message("{0}{1}", name, VALUE.range))
        )
        opposed.add_argument(
            f"--{side}-modifier",
            type=MODIFIER,
            default=0,
            help=shown_message(Message("修正{0}", MODIFIER.range)),
        )
        opposed.add_argument(
            f"--{side}-critical",
            type=CRITICAL,
            default=12,
            help=shown_message(Message("クリティカル値{0}、既定 {1}", CRITICAL.range, 12)),
        )
    opposed.add_argument(
        "--reaction-no-roll", action="store_true", help=shown_message(Message("リアクション側は判定できない"))
    )
    opposed.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))


def say(message: str) -> None:
    """Prints a line of the answer in the UI language."""
    print(shown_message(message))


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
        parser.exit(2, f"gmtool prob: {shown_message(str(error))}\n")

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
            say(
                Message(
                    "アナザーワールドSRS 行為判定: 判定値 {0} / 修正 {1:+d} / 難易度 {2} / "
                    "クリティカル値 {3} / ファンブル値 {4}",
                    args.value,
                    args.modifier,
                    args.difficulty,
                    args.critical,
                    args.fumble,
                )
            )
            for outcome in Outcome:
                print(f"  {pad(shown_message(OUTCOME_NAMES[outcome]), 18)}{percent(dist[outcome])}")
            say(Message("  成功率（自動成功を含む）{0}", percent(success)))
            if spell is not None:
                when = (
                    template("振る前に宣言") if args.spell_c == BOOST_BEFORE else template("出目を見てから")
                )
                say(
                    Message(
                        "  令呪 +{0}（{1}）: 使えば成功率 {2}（振る前でも後でも同じ）、令呪を使う確率 {3}",
                        spell[2],
                        Message(when),
                        percent(spell[0]),
                        percent(spell[1]),
                    )
                )
    else:
        wins = dist[Side.ACTION]
        if args.json:
            print(json.dumps({"system": "aw", "action_wins": float(wins)}))
        else:
            reaction_text = (
                Message("判定できない")
                if args.reaction_no_roll
                else Message("クリティカル値 {0}", args.reaction_critical)
            )
            say(
                Message(
                    "アナザーワールドSRS 対決: アクション側 判定値 {0}（クリティカル値 {1}） / "
                    "リアクション側 判定値 {2}（{3}）",
                    args.action,
                    args.action_critical,
                    args.reaction,
                    reaction_text,
                )
            )
            say(Message("  アクション側の勝率   {0}", percent(wins)))
            say(Message("  リアクション側の勝率 {0}", percent(dist[Side.REACTION])))
    return 0


def _spell_c(args: argparse.Namespace, roller: AWRoller) -> tuple[Fraction, Fraction, int] | None:
    """(success with 令呪, the chance it is spent, its +) under --spell-c; None without the option."""
    if args.spell_c is None:
        return None
    amount = aw_session_rules().command_spell_boost
    success = success_with_spell(roller, args.difficulty, amount)
    used = spell_use_probability(roller, args.difficulty, amount, args.spell_c)
    return success, used, amount
