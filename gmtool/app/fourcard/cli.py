"""`prob fourcard` (目標ロール) and `prob fourcard-compare` (比較ロール, ties re-rolled).

A 難易度 past the table's last step (「難易度の限界数値」, 30) is refused.  The 比較ロール follows
the COMPARE_NATURALS house rule given as --naturals (default: today's reading), and --draw plays
the GM's ruling that a tie is a draw (「優劣がつかなかったことに」) instead of a re-roll.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import OUTCOME_NAMES, bounded, percent
from gmtool.rules.checks import CHECK_DIFFICULTY_BOUNDS, CHECK_MODIFIER_BOUNDS, CHECK_VALUE_BOUNDS, Outcome
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

KINDS = ("fourcard", "fourcard-compare")
# The judgement panel's fields, with their bounds.
BASE = bounded("ベース", CHECK_VALUE_BOUNDS)
MODIFIER = bounded("修正", CHECK_MODIFIER_BOUNDS)
DIFFICULTY = bounded("難易度", CHECK_DIFFICULTY_BOUNDS)


def add_parsers(sub: Any) -> None:
    target = sub.add_parser("fourcard", help="フォーカードの目標ロール")
    target.add_argument("--base", type=BASE, required=True, help=f"ベース（スキルLV など）{BASE.range}")
    target.add_argument("--difficulty", type=DIFFICULTY, required=True, help=f"難易度{DIFFICULTY.range}")
    target.add_argument(
        "--modifier", type=MODIFIER, default=0, help=f"修正（衰弱の −2 もここに含める）{MODIFIER.range}"
    )
    target.add_argument("--json", action="store_true", help="JSON で出力")

    compare = sub.add_parser("fourcard-compare", help="フォーカードの比較ロール（同値は振り直し）")
    compare.add_argument("--a", type=BASE, required=True, help=f"A のベース{BASE.range}")
    compare.add_argument("--a-modifier", type=MODIFIER, default=0, help=f"A の修正{MODIFIER.range}")
    compare.add_argument("--b", type=BASE, required=True, help=f"B のベース{BASE.range}")
    compare.add_argument("--b-modifier", type=MODIFIER, default=0, help=f"B の修正{MODIFIER.range}")
    compare.add_argument(
        "--naturals",
        choices=(NATURALS_DECIDE, NATURALS_PLAIN),
        default=NATURALS_DECIDE,
        help=(
            "ハウスルール「比較ロールでの出目12と出目2」: decide = 出目12は勝ち・出目2は負け（既定）、"
            "plain = ロール値だけを比べる"
        ),
    )
    compare.add_argument(
        "--draw", action="store_true", help="同値を振り直さず引き分けにする（GMの判断）。draw の確率を出力"
    )
    compare.add_argument("--json", action="store_true", help="JSON で出力")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind == "fourcard":
        limit = fourcard_rules().difficulty_steps[-1]
        if args.difficulty > limit.value:
            parser.exit(
                2,
                f"gmtool prob: 難易度 {args.difficulty} は「{limit.label}」（{limit.value}）を超えています\n",
            )
        dist = target_distribution(TargetSpec(FourCardRoller(args.base, args.modifier), args.difficulty))
        success = dist.probability(lambda o: o.succeeded)
        if args.json:
            outcomes = {str(o): float(dist[o]) for o in Outcome}
            print(json.dumps({"system": "fourcard", "success": float(success), "outcomes": outcomes}))
            return 0
        print(
            f"フォーカード 目標ロール: ベース {args.base} / 修正 {args.modifier:+d}"
            f" / 難易度 {args.difficulty}"
        )
        for outcome in Outcome:
            print(f"  {OUTCOME_NAMES[outcome]:<6}{percent(dist[outcome])}")
        print(f"  成功率（自動成功を含む）{percent(success)}")
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
        f"フォーカード 比較ロール: A ベース {args.a}（修正 {args.a_modifier:+d}）"
        f" / B ベース {args.b}（修正 {args.b_modifier:+d}）"
    )
    if args.naturals == NATURALS_PLAIN:
        print("  （ハウスルール: ロール値だけを比べる。出目 12・2 でも勝敗は決まらない）")
    print(f"  A の勝率 {percent(wins[Contestant.A])}")
    print(f"  B の勝率 {percent(wins[Contestant.B])}")
    if args.draw:
        print(f"  引き分け（GMの判断） {percent(wins[None])}")
    else:
        print(f"  （1 回ごとの同値で振り直す確率 {percent(tie)}）")
    return 0
