"""`prob lotr`: a CODA test's seven degrees of success, exactly (the exploding tail summed in closed form)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.rules.house_rules import house_rule
from gmtool.rules.systems.lotr.checks import (
    GROUP_HELPER_TN_OFFSET,
    MARGINAL_HELPER_BONUS,
    TN_BOUNDS,
    GroupSpec,
    LotRRoller,
    RollSpec,
    group_distribution,
    roll_distribution,
)
from gmtool.rules.systems.lotr.house_rules import MARGINAL_HELPER
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

TEST_KINDS = ("lotr",)
MAX_HELPERS = 12  # the judgement panel's limit
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
    test.add_argument(
        "--helper",
        type=BONUS,
        action="append",
        default=[],
        metavar="BONUS",
        help="グループ判定: 助ける人ひとりのボーナス（人数分くり返す。助ける人は目標値 −5 で判定）",
    )
    marginal = house_rule(MARGINAL_HELPER)
    test.add_argument(
        "--marginal-helper",
        choices=[r.id for r in marginal.readings],
        default=marginal.default,
        help="ハウスルール: Marginal Success の助けが加えるボーナス（zero = +0、one = +1。既定 zero）",
    )
    test.add_argument("--json", action="store_true", help="JSON で出力")


def run_test(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.helper) > MAX_HELPERS:
        parser.exit(2, f"gmtool prob lotr: 助ける人は {MAX_HELPERS} 人までです（{len(args.helper)} 人）\n")
    leader = RollSpec(LotRRoller(modifier=args.bonus), args.tn)
    if args.helper:
        helpers = tuple(LotRRoller(modifier=b) for b in args.helper)
        dist = group_distribution(GroupSpec(leader, helpers, args.marginal_helper))
    else:
        dist = roll_distribution(leader)
    success = dist.probability(lambda d: d.succeeded)
    if args.json:
        degrees = {str(d): float(dist[d]) for d in DEGREE_ORDER}
        out: dict[str, Any] = {"system": "lotr", "success": float(success), "degrees": degrees}
        if args.helper:
            out.update(helpers=args.helper, marginal_helper=args.marginal_helper)
        print(json.dumps(out))
        return 0
    rules = lotr_rules()
    print(f"指輪物語RPG（CODA）判定: ボーナス {args.bonus:+d} / 目標値 {args.tn}")
    if args.helper:
        bonuses = "、".join(f"{b:+d}" for b in args.helper)
        marginal = MARGINAL_HELPER_BONUS[args.marginal_helper]
        print(
            f"  グループ判定: 助ける人 {bonuses}（目標値 {args.tn + GROUP_HELPER_TN_OFFSET}、"
            f"Marginal の助けは {marginal:+d}）"
        )
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rules.band(degree).label, 44)}{percent(dist[degree])}")
    print(f"  成功率（Marginal 以上）{percent(success)}")
    return 0
