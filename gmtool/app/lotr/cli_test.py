"""`prob lotr`: a CODA test's seven degrees of success, exactly (the exploding tail summed in closed form)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import integer, pad, percent
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, roll_distribution
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

TEST_KINDS = ("lotr",)


def add_test_parsers(sub: Any) -> None:
    test = sub.add_parser(
        "lotr", help="指輪物語RPG（CODA）の判定: 2d6（6ゾロで振り足し）+ ボーナス vs 目標値"
    )
    test.add_argument("--bonus", type=integer, required=True, help="ランク + 能力値修正 + 修正の合計")
    test.add_argument("--tn", type=integer, required=True, help="目標値（TN）")
    test.add_argument("--json", action="store_true", help="JSON で出力")


def run_test(args: argparse.Namespace) -> int:
    dist = roll_distribution(RollSpec(LotRRoller(modifier=args.bonus), args.tn))
    success = dist.probability(lambda d: d.succeeded)
    if args.json:
        degrees = {str(d): float(dist[d]) for d in DEGREE_ORDER}
        print(json.dumps({"system": "lotr", "success": float(success), "degrees": degrees}))
        return 0
    rules = lotr_rules()
    print(f"指輪物語RPG（CODA）判定: ボーナス {args.bonus:+d} / 目標値 {args.tn}")
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rules.band(degree).label, 44)}{percent(dist[degree])}")
    print(f"  成功率（Marginal 以上）{percent(success)}")
    return 0
