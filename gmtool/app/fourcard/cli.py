"""`prob fourcard` (目標ロール) and `prob fourcard-compare` (比較ロール, ties re-rolled).

A 難易度 past the table's last step (「難易度の限界数値」, 30) is refused.  The 比較ロール follows
the COMPARE_NATURALS house rule given as --naturals (default: today's reading), and --draw plays
the GM's ruling that a tie is a draw (「優劣がつかなかったことに」) instead of a re-roll.

Its texts (help, output, refusals) are message templates shown through the message catalogue, so
they read in the UI language (`GMTOOL_LANGUAGE=en` or the setting, once the CLI installs it).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, percent
from gmtool.rules.checks import CHECK_DIFFICULTY_BOUNDS, CHECK_MODIFIER_BOUNDS, CHECK_VALUE_BOUNDS, Outcome
from gmtool.rules.message import Message, template
from gmtool.rules.systems.fourcard.checks import (
    CompareSpec,
    Contestant,
    FourCardRoller,
    TargetSpec,
    compare_distribution,
    compare_round_distribution,
    target_distribution,
)
from gmtool.rules.systems.fourcard.house_rules import NATURALS_DECIDE, NATURALS_PLAIN
from gmtool.rules.systems.fourcard.rules_data import fourcard_rules
from gmtool.views.message_catalog import shown_message

KINDS = ("fourcard", "fourcard-compare")
# The judgement panel's fields, with their bounds.
BASE = bounded(template("ベース"), CHECK_VALUE_BOUNDS)
MODIFIER = bounded(template("修正"), CHECK_MODIFIER_BOUNDS)
DIFFICULTY = bounded(template("難易度"), CHECK_DIFFICULTY_BOUNDS)
# The outcomes as this command has always named them.
OUTCOME_TERMS = {
    Outcome.AUTO_SUCCESS: template("自動成功"),
    Outcome.SUCCESS: template("成功"),
    Outcome.FAILURE: template("失敗"),
    Outcome.AUTO_FAILURE: template("自動失敗"),
}
JSON_HELP = template("JSON で出力")


def say(text: str) -> str:
    """A message in the UI language (the catalogue is pure Python: the CLI loads no Qt)."""
    return shown_message(text)


def add_parsers(sub: Any) -> None:
    target = sub.add_parser("fourcard", help=say(Message("フォーカードの目標ロール")))
    target.add_argument(
        "--base", type=BASE, required=True, help=say(Message("ベース（スキルLV など）{0}", BASE.range))
    )
    target.add_argument(
        "--difficulty", type=DIFFICULTY, required=True, help=say(Message("難易度{0}", DIFFICULTY.range))
    )
    target.add_argument(
        "--modifier",
        type=MODIFIER,
        default=0,
        help=say(Message("修正（衰弱の −2 もここに含める）{0}", MODIFIER.range)),
    )
    target.add_argument("--json", action="store_true", help=say(JSON_HELP))

    compare = sub.add_parser(
        "fourcard-compare", help=say(Message("フォーカードの比較ロール（同値は振り直し）"))
    )
    compare.add_argument("--a", type=BASE, required=True, help=say(Message("A のベース{0}", BASE.range)))
    compare.add_argument(
        "--a-modifier", type=MODIFIER, default=0, help=say(Message("A の修正{0}", MODIFIER.range))
    )
    compare.add_argument("--b", type=BASE, required=True, help=say(Message("B のベース{0}", BASE.range)))
    compare.add_argument(
        "--b-modifier", type=MODIFIER, default=0, help=say(Message("B の修正{0}", MODIFIER.range))
    )
    compare.add_argument(
        "--naturals",
        choices=(NATURALS_DECIDE, NATURALS_PLAIN),
        default=NATURALS_DECIDE,
        help=say(
            Message(
                "ハウスルール「比較ロールでの出目12と出目2」: decide = 出目12は勝ち・出目2は負け（既定）、"
                "plain = ロール値だけを比べる"
            )
        ),
    )
    compare.add_argument(
        "--draw",
        action="store_true",
        help=say(Message("同値を振り直さず引き分けにする（GMの判断）。draw の確率を出力")),
    )
    compare.add_argument("--json", action="store_true", help=say(JSON_HELP))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind == "fourcard":
        limit = fourcard_rules().difficulty_steps[-1]
        if args.difficulty > limit.value:
            refusal = Message(
                "gmtool prob: 難易度 {0} は「{1}」（{2}）を超えています\n",
                args.difficulty,
                limit.label,
                limit.value,
            )
            parser.exit(2, say(refusal))
        dist = target_distribution(TargetSpec(FourCardRoller(args.base, args.modifier), args.difficulty))
        success = dist.probability(lambda o: o.succeeded)
        if args.json:
            outcomes = {str(o): float(dist[o]) for o in Outcome}
            print(json.dumps({"system": "fourcard", "success": float(success), "outcomes": outcomes}))
            return 0
        print(
            say(
                Message(
                    "フォーカード 目標ロール: ベース {0} / 修正 {1:+d} / 難易度 {2}",
                    args.base,
                    args.modifier,
                    args.difficulty,
                )
            )
        )
        names = {outcome: say(OUTCOME_TERMS[outcome]) for outcome in Outcome}
        width = max(6, *(len(name) + 1 for name in names.values()))  # 6: the Japanese column, as always
        for outcome, name in names.items():
            print(f"  {name:<{width}}{percent(dist[outcome])}")
        print(say(Message("  成功率（自動成功を含む）{0}", percent(success))))
        return 0

    spec = CompareSpec(
        FourCardRoller(args.a, args.a_modifier),
        FourCardRoller(args.b, args.b_modifier),
        args.naturals,
        args.draw,
    )
    wins = compare_distribution(spec)
    if args.json:
        out: dict[str, Any] = {"a_wins": float(wins[Contestant.A]), "b_wins": float(wins[Contestant.B])}
        if args.draw:
            out["draw"] = float(wins[None])
        if args.naturals != NATURALS_DECIDE:
            out["naturals"] = args.naturals
        print(json.dumps(out))
        return 0
    tie = compare_round_distribution(spec)[None]
    print(
        say(
            Message(
                "フォーカード 比較ロール: A ベース {0}（修正 {1:+d}） / B ベース {2}（修正 {3:+d}）",
                args.a,
                args.a_modifier,
                args.b,
                args.b_modifier,
            )
        )
    )
    if args.naturals == NATURALS_PLAIN:
        print(say(Message("  （ハウスルール: ロール値だけを比べる。出目 12・2 でも勝敗は決まらない）")))
    print(say(Message("  A の勝率 {0}", percent(wins[Contestant.A]))))
    print(say(Message("  B の勝率 {0}", percent(wins[Contestant.B]))))
    if args.draw:
        print(say(Message("  引き分け（GMの判断） {0}", percent(wins[None]))))
    else:
        print(say(Message("  （1 回ごとの同値で振り直す確率 {0}）", percent(tie))))
    return 0
