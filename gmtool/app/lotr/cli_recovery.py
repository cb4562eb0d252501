"""`prob lotr-recovery`: the chance an Exhausted character gets back to Spent this try (1.2.2) —
Stamina at TN 10 under Exhausted's −10, helped by another's Healing test at TN 10 (Marginal −3,
Complete −5, Superior −10 off the TN; Extraordinary: Spent at once)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.rules.systems.lotr.checks import LotRRoller, roll_distribution
from gmtool.rules.systems.lotr.healing import MAX_BONUS
from gmtool.rules.systems.lotr.rules_data import Degree, lotr_rules
from gmtool.rules.systems.lotr.weariness import (
    EXHAUSTED_PENALTY,
    HELPER_REDUCTION,
    helper_spec,
    recovery_odds,
)

RECOVERY_KINDS = ("lotr-recovery",)
BONUS_BOUNDS = (-MAX_BONUS, MAX_BONUS)  # the dialog's helper bonus field
STAMINA = bounded("Stamina のボーナス", BONUS_BOUNDS)
HELPER = bounded("助ける人の Healing ボーナス", BONUS_BOUNDS)


def add_recovery_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-recovery",
        help="指輪物語RPG（CODA）の Exhausted から Spent への回復判定（目標値 10、−10）と"
        " Healing の助け（1.2.2）",
    )
    p.add_argument(
        "--stamina",
        type=STAMINA,
        required=True,
        help=f"Stamina と負傷のペナルティの合計（Exhausted の −10 は自動で引く）{STAMINA.range}",
    )
    p.add_argument("--helper", type=HELPER, help=f"助ける人の Healing ボーナス（目標値 10）{HELPER.range}")
    p.add_argument("--json", action="store_true", help="JSON で出力")


def run_recovery(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rules = lotr_rules()
    roller = LotRRoller(rank=args.stamina, condition=EXHAUSTED_PENALTY)
    helper = None if args.helper is None else LotRRoller(rank=args.helper)
    alone = recovery_odds(roller, None, rules)
    helped = None if helper is None else recovery_odds(roller, helper, rules)
    degrees = {} if helper is None else dict(roll_distribution(helper_spec(helper, rules)).items())
    if args.json:
        out: dict[str, Any] = {"system": "lotr", "stamina": args.stamina, "alone": float(alone)}
        if helper is not None and helped is not None:
            out.update(
                helper=args.helper,
                helped=float(helped),
                helper_degrees={str(d): float(p) for d, p in degrees.items()},
            )
        print(json.dumps(out))
        return 0
    print(f"指輪物語RPG（CODA）疲労の回復: Stamina {args.stamina:+d}、Exhausted −10、目標値 10")
    print(f"  {pad('ひとりで Spent に回復', 40)}{percent(alone)}")
    if helped is not None:
        print(f"  助ける人の Healing {args.helper:+d}（目標値 10）:")
        for degree, p in degrees.items():
            if degree is Degree.EXTRAORDINARY_SUCCESS:
                effect = "ただちに Spent"
            elif HELPER_REDUCTION.get(degree):
                effect = f"目標値 −{HELPER_REDUCTION[degree]}"
            else:
                effect = "助けにならない"
            print(f"    {pad(f'{rules.band(degree).label}: {effect}', 48)}{percent(p)}")
        print(f"  {pad('助けを受けて Spent に回復', 40)}{percent(helped)}")
    return 0
