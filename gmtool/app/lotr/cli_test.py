"""`prob lotr`: a CODA test's seven degrees of success, exactly (the exploding tail summed in closed form);
with --against, an opposed test (1.5.2): each side's chance to win and the winner's degree, read from
the difference of the totals."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.app.lotr.cli_text import TITLE, exit_text, rule_name, say, shown
from gmtool.rules.house_rules import house_rule
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.checks import (
    GROUP_HELPER_TN_OFFSET,
    MARGINAL_HELPER_BONUS,
    TN_BOUNDS,
    Contestant,
    GroupSpec,
    LotRRoller,
    OpposedSpec,
    RollSpec,
    TieRule,
    group_distribution,
    opposed_distribution,
    opposed_round,
    roll_distribution,
)
from gmtool.rules.systems.lotr.combat_types import EXTRA_ACTION_PENALTY
from gmtool.rules.systems.lotr.house_rules import MARGINAL_HELPER
from gmtool.rules.systems.lotr.no_test import NO_TEST_TN, no_test_spec
from gmtool.rules.systems.lotr.opposed_degree import side_degrees
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

TEST_KINDS = ("lotr",)
MAX_HELPERS = 12  # the judgement panel's limit
# The panel's 目標値, and every bonus its typed value and 修正 add up to.
BONUS = bounded(Message("ボーナス"), CHECK_TOTAL_BOUNDS)
TN = bounded(Message("目標値"), TN_BOUNDS)
EXTRA = bounded(Message("追加アクションの番号"), (1, 9))  # the tracker's actions a turn: at most 9


def add_test_parsers(sub: Any) -> None:
    test = sub.add_parser(
        "lotr", help=shown(Message("指輪物語RPG（CODA）の判定: 2d6（6ゾロで振り足し）+ ボーナス vs 目標値"))
    )
    test.add_argument(
        "--bonus",
        type=BONUS,
        required=True,
        help=shown(Message("ランク + 能力値修正 + 修正の合計{0}", BONUS.range)),
    )
    test.add_argument(
        "--tn", type=TN, help=shown(Message("目標値（TN）{0}。対決判定（--against）では使わない", TN.range))
    )
    test.add_argument(
        "--against",
        type=BONUS,
        metavar="BONUS",
        help=shown(
            Message("対決判定: 相手（B）のボーナス。差で勝った側の成功度が決まる（1.5.2）{0}", BONUS.range)
        ),
    )
    test.add_argument(
        "--tie",
        choices=[str(r) for r in TieRule],
        default=str(TieRule.REROLL),
        help=shown(
            Message(
                "対決判定の同点: reroll = 振り直し（既定）、dodge = A の勝ち（回避）、"
                "parry = B の勝ち（防御）"
            )
        ),
    )
    test.add_argument(
        "--helper",
        type=BONUS,
        action="append",
        default=[],
        metavar="BONUS",
        help=shown(
            Message("グループ判定: 助ける人ひとりのボーナス（人数分くり返す。助ける人は目標値 −5 で判定）")
        ),
    )
    test.add_argument(
        "--no-test-action",
        type=EXTRA,
        metavar="N",
        help=shown(
            Message(
                "判定の要らない行動（移動・狙いなど）を N 番目の追加アクションとして行なう: "
                "目標値 5、判定に −5×N（3. 戦闘）。--tn は使わない{0}",
                EXTRA.range,
            )
        ),
    )
    marginal = house_rule(MARGINAL_HELPER)
    test.add_argument(
        "--marginal-helper",
        choices=[r.id for r in marginal.readings],
        default=marginal.default,
        help=shown(
            Message("ハウスルール: Marginal Success の助けが加えるボーナス（zero = +0、one = +1。既定 zero）")
        ),
    )
    test.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def run_opposed(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.tn is not None or args.helper:
        parser.exit(2, exit_text("lotr", Message("対決判定（--against）に --tn・--helper は使えません")))
    spec = OpposedSpec(LotRRoller(modifier=args.bonus), LotRRoller(modifier=args.against), TieRule(args.tie))
    wins, tie = opposed_distribution(spec), opposed_round(spec)[None]
    sides = {c: side_degrees(spec, c) for c in Contestant}
    if args.json:
        out: dict[str, Any] = {
            "system": "lotr",
            "opposed": True,
            "tie": args.tie,
            "wins": {str(c): float(wins[c]) for c in Contestant},
            "tie_per_round": float(tie),
            "degrees": {str(c): {str(d): float(p) for d, p in sides[c].items()} for c in Contestant},
        }
        print(json.dumps(out))
        return 0
    rules = lotr_rules()
    say(Message("{0}対決判定: A {1:+d} 対 B {2:+d}（同点: {3}）", TITLE, args.bonus, args.against, args.tie))
    for side in Contestant:
        say(Message("  {0} の勝ち {1}", side.name, percent(wins[side])))
        for degree, p in reversed(sides[side].items()):
            print(f"    {pad(rule_name(rules.band(degree)), 42)}{percent(p)}")
    say(Message("  1 回ごとの同点 {0}", percent(tie)))
    return 0


def run_no_test(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """3. 戦闘: 「この追加アクションで,判定が不要な行動を取る場合, 基本目標値を5とみなして判定」."""
    if args.tn is not None or args.against is not None or args.helper:
        parser.exit(
            2,
            exit_text(
                "lotr", Message("--no-test-action の目標値は 5 です: --tn・--against・--helper は使えません")
            ),
        )
    penalty = -EXTRA_ACTION_PENALTY * args.no_test_action
    rules = lotr_rules()
    dist = roll_distribution(no_test_spec(args.bonus, 0, penalty, rules))
    success = dist.probability(lambda d: d.succeeded)
    if args.json:
        degrees = {str(d): float(dist[d]) for d in DEGREE_ORDER}
        out = {"system": "lotr", "tn": NO_TEST_TN, "extra_penalty": penalty, "success": float(success)}
        print(json.dumps({**out, "degrees": degrees}))
        return 0
    say(
        Message(
            "{0}判定のない行動（{1} 番目の追加アクション）: ボーナス {2:+d}、"
            "追加アクション {3:+d}、目標値 {4}",
            TITLE,
            args.no_test_action,
            args.bonus,
            penalty,
            NO_TEST_TN,
        )
    )
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rule_name(rules.band(degree)), 44)}{percent(dist[degree])}")
    say(Message("  成功率（Marginal 以上）{0}", percent(success)))
    return 0


def run_test(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.no_test_action is not None:
        return run_no_test(args, parser)
    if args.against is not None:
        return run_opposed(args, parser)
    if args.tn is None:
        parser.exit(
            2, exit_text("lotr", Message("--tn（目標値）か --against（対決判定の相手のボーナス）が必要です"))
        )
    if len(args.helper) > MAX_HELPERS:
        parser.exit(
            2,
            exit_text("lotr", Message("助ける人は {0} 人までです（{1} 人）", MAX_HELPERS, len(args.helper))),
        )
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
    say(Message("{0}判定: ボーナス {1:+d} / 目標値 {2}", TITLE, args.bonus, args.tn))
    if args.helper:
        bonuses = Message.joined("、", (f"{b:+d}" for b in args.helper))
        marginal = MARGINAL_HELPER_BONUS[args.marginal_helper]
        tn = args.tn + GROUP_HELPER_TN_OFFSET
        say(
            Message(
                "  グループ判定: 助ける人 {0}（目標値 {1}、Marginal の助けは {2:+d}）", bonuses, tn, marginal
            )
        )
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rule_name(rules.band(degree)), 44)}{percent(dist[degree])}")
    say(Message("  成功率（Marginal 以上）{0}", percent(success)))
    return 0
