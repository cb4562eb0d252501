"""`prob sengensho`: a 千幻抄 check (3D6 + 修正 vs 目標値) with its critical and fumble, exactly.

The critical/fumble thresholds default to the shipped ones (16 / 5); a campaign's house rule is
given with --critical / --fumble.  --modifier is everything added to the dice: 判定値
({特性値}+〈スキル〉) and 修正 together.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.rules.checks import Outcome
from gmtool.rules.systems.sengensho.checks import (
    CRITICAL,
    CRITICAL_BOUNDS,
    FUMBLE,
    FUMBLE_BOUNDS,
    NATURAL_TOTALS,
    TARGET_BOUNDS,
    SengenshoCheckSpec,
    SengenshoRoller,
    check_distribution,
)
from gmtool.rules.systems.sengensho.rules_data import sengensho_rules

KINDS = ("sengensho",)
# The judgement panel's fields: 目標値, the thresholds, and every 判定値 + 修正 it can add up.
MODIFIER = bounded("3D6 に足す値", CHECK_TOTAL_BOUNDS)
TARGET = bounded("目標値", TARGET_BOUNDS)
CRITICAL_AT = bounded("クリティカルの出目", CRITICAL_BOUNDS)
FUMBLE_AT = bounded("ファンブルの出目", FUMBLE_BOUNDS)
NAME_WIDTH = 30  # terminal columns of the longest name, 成功率（クリティカルを含む）
# The JSON keys of the four outcomes ("success" there is the success that is not a critical).
OUTCOME_KEYS = {
    CRITICAL: "critical",
    Outcome.SUCCESS: "success",
    Outcome.FAILURE: "failure",
    FUMBLE: "fumble",
}
OUTCOME_NAMES = {
    CRITICAL: "クリティカル（成功）",
    Outcome.SUCCESS: "成功",
    Outcome.FAILURE: "失敗",
    FUMBLE: "ファンブル（失敗）",
}


def add_parsers(sub: Any) -> None:
    # The defaults are read when the command runs: building the parser for `prob aw` reads no 千幻抄 data.
    check = sub.add_parser(
        "sengensho", help="千幻抄の判定: 3D6 + 修正 vs 目標値（クリティカル・ファンブルあり）"
    )
    check.add_argument(
        "--modifier",
        type=MODIFIER,
        default=0,
        help=f"3D6 に足す値: 判定値（{{特性値}}+〈スキル〉）と修正の合計{MODIFIER.range}",
    )
    check.add_argument("--target", type=TARGET, required=True, help=f"目標値{TARGET.range}")
    check.add_argument(
        "--critical",
        type=CRITICAL_AT,
        help=(
            f"3D6 の出目がこの値以上でクリティカル（既定はルールデータの値 16、19 でなし）{CRITICAL_AT.range}"
        ),
    )
    check.add_argument(
        "--fumble",
        type=FUMBLE_AT,
        help=f"3D6 の出目がこの値以下でファンブル（既定はルールデータの値 5、2 でなし）{FUMBLE_AT.range}",
    )
    check.add_argument("--json", action="store_true", help="JSON で出力")


def _thresholds(critical: int, fumble: int) -> str:
    crit = "クリティカルなし" if critical > NATURAL_TOTALS[-1] else f"クリティカル {critical} 以上"
    fum = "ファンブルなし" if fumble < NATURAL_TOTALS[0] else f"ファンブル {fumble} 以下"
    return f"{crit}・{fum}"


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rules = sengensho_rules()
    critical = rules.default_critical if args.critical is None else args.critical
    fumble = rules.default_fumble if args.fumble is None else args.fumble
    try:
        roller = SengenshoRoller(0, args.modifier, critical, fumble)
    except ValueError as error:
        parser.exit(2, f"gmtool prob: {error}\n")
    dist = check_distribution(SengenshoCheckSpec(roller, args.target))
    success = dist.probability(lambda o: o.succeeded)
    if args.json:
        outcomes = {key: float(dist[o]) for o, key in OUTCOME_KEYS.items()}
        print(json.dumps({"system": "sengensho", "success": float(success), "outcomes": outcomes}))
        return 0
    print(
        f"千幻抄 判定: 3D6 {args.modifier:+d} / 目標値 {args.target} / "
        f"{_thresholds(critical, fumble)}（3D6 の出目）"
    )
    for outcome, name in OUTCOME_NAMES.items():
        print(f"  {pad(name, NAME_WIDTH)}{percent(dist[outcome])}")
    print(f"  {pad('成功率（クリティカルを含む）', NAME_WIDTH)}{percent(success)}")
    return 0
