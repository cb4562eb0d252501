"""`prob fourcard` (目標ロール) and `prob fourcard-compare` (比較ロール, ties re-rolled)."""

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
    compare.add_argument("--json", action="store_true", help="JSON で出力")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind == "fourcard":
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

    spec = CompareSpec(FourCardRoller(args.a, args.a_modifier), FourCardRoller(args.b, args.b_modifier))
    wins = compare_distribution(spec)
    if args.json:
        print(json.dumps({"a_wins": float(wins[Contestant.A]), "b_wins": float(wins[Contestant.B])}))
        return 0
    tie = compare_round_distribution(spec)[None]
    print(
        f"フォーカード 比較ロール: A ベース {args.a}（修正 {args.a_modifier:+d}）"
        f" / B ベース {args.b}（修正 {args.b_modifier:+d}）"
    )
    print(f"  A の勝率 {percent(wins[Contestant.A])}")
    print(f"  B の勝率 {percent(wins[Contestant.B])}")
    print(f"  （1 回ごとの同値で振り直す確率 {percent(tie)}）")
    return 0
