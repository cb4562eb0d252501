"""`prob lotr`: a CODA test's seven degrees of success, exactly (the exploding tail summed in closed form)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.rules.systems.lotr.checks import TN_BOUNDS, LotRRoller, RollSpec, roll_distribution
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

TEST_KINDS = ("lotr",)
# The panel's 目標値, and every bonus its typed value and 修正 add up to.
BONUS = bounded("ボーナス", CHECK_TOTAL_BOUNDS)
TN = bounded("目標値", TN_BOUNDS)


def add_test_parsers(sub: Any) -> None:
    test = sub.add_parser(
        "lotr", help="指輪物語RPG（CODA）の判定: 2d6（6ゾロで振り足し）+ ボーナス vs 目標値"
    )
    test.add_argument(
        "--bonus", type=BONUS, required=True, help=f"ランク + 能力値修正 + 修正の合計{BONUS.range}"
    )
    test.add_argument("--tn", type=TN, required=True, help=f"目標値（TN）{TN.range}")
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
