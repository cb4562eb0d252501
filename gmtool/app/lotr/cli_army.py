"""`prob lotr-rout` and `prob lotr-demolish`: the army tracker's exact odds without a campaign.

lotr-rout: a test against a unit's Morale (3.11.1), with a supporting unit's Size ÷ 5 and the unit
commander's Inspire opposed to it.  lotr-demolish: a Stonecraft (Fortification) test's +1 / +2 / +3
to the Siegecraft test (3.12).  The bounds are the units tab's and the demolition box's fields.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.rules.systems.lotr.checks import TN_BOUNDS, LotRRoller, RollSpec, success_probability
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.structures import DemolitionSpec, bonus_distribution, siegecraft_probability
from gmtool.rules.systems.lotr.units import (
    INPUT_RANGE,
    MORALE_MAX,
    SIZE_MAX,
    ArmyRefused,
    Unit,
    break_probability,
    morale_spec,
    rally_probability,
    reach_probability,
)

ARMY_KINDS = ("lotr-rout", "lotr-demolish")
WIDTH = 32  # the label column, in terminal columns
# A test's bonus is the picker's two fields added up (判定の値 and 判定への修正), as in the window.
BONUS = bounded("判定の値", (-2 * INPUT_RANGE, 2 * INPUT_RANGE))
MODIFIER = bounded("目標値への修正", (-INPUT_RANGE, INPUT_RANGE))
TN = bounded("目標値", TN_BOUNDS)
MORALE = bounded("Morale", (0, MORALE_MAX))
SIZE = bounded("Size", (0, SIZE_MAX))


def add_army_parsers(sub: Any) -> None:
    rout = sub.add_parser(
        "lotr-rout",
        help="指輪物語RPG（CODA）の部隊戦闘: 部隊を崩す判定と、指揮官の Inspire で止める確率",
    )
    rout.add_argument(
        "--bonus", type=BONUS, required=True, help=f"崩す判定（Intimidate など）の値{BONUS.range}"
    )
    rout.add_argument(
        "--morale", type=MORALE, required=True, help=f"崩す部隊の Morale（目標値）{MORALE.range}"
    )
    rout.add_argument("--tn-modifier", type=MODIFIER, default=0, help=f"目標値への修正{MODIFIER.range}")
    rout.add_argument(
        "--support-size",
        type=SIZE,
        default=None,
        help=f"判定する人が従える部隊の Size（÷5 を加える）{SIZE.range}",
    )
    rout.add_argument(
        "--inspire",
        type=BONUS,
        default=None,
        help=f"崩す部隊の指揮官の Inspire の値（対決して止める）{BONUS.range}",
    )
    rout.add_argument("--json", action="store_true", help="JSON で出力")
    demolish = sub.add_parser(
        "lotr-demolish",
        help="指輪物語RPG（CODA）の取り壊し: Stonecraft (Fortification) の助けで Siegecraft が成功する確率",
    )
    for skill, name in (("stonecraft", "Stonecraft (Fortification)"), ("siegecraft", "Siegecraft")):
        demolish.add_argument(f"--{skill}", type=BONUS, required=True, help=f"{name} 判定の値{BONUS.range}")
        demolish.add_argument(f"--{skill}-tn", type=TN, required=True, help=f"{name} 判定の目標値{TN.range}")
    demolish.add_argument("--json", action="store_true", help="JSON で出力")


def run_army(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind == "lotr-rout":
        return _run_rout(args, parser)
    return _run_demolish(args)


def _run_rout(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    target = Unit("target", "崩す部隊", morale=args.morale)
    support = None if args.support_size is None else Unit("support", "従える部隊", size=args.support_size)
    rally = None if args.inspire is None else LotRRoller(modifier=args.inspire)
    try:
        spec = morale_spec(
            target,
            LotRRoller(modifier=args.bonus),
            lotr_rules().degree_bands(),
            support,
            args.tn_modifier,
            rally,
        )
    except ArmyRefused as refusal:
        parser.exit(2, f"gmtool prob lotr-rout: {refusal}\n")
    reach, stop, broke = reach_probability(spec), rally_probability(spec), break_probability(spec)
    if args.json:
        out = {"system": "lotr", "reach": float(reach), "rally": float(stop), "break": float(broke)}
        print(json.dumps(out))
        return 0
    bonus = spec.roll_spec().roller.bonus
    support_text = f"（従える部隊の Size ÷ 5 = +{spec.support_bonus} を含む）" if support is not None else ""
    print(f"指輪物語RPG（CODA）部隊を崩す判定: 判定 {bonus:+d}{support_text} / 目標値 {spec.tn}（Morale）")
    print(f"  {pad('Morale に達する確率', WIDTH)}{percent(reach)}")
    if rally is not None:
        print(f"  {pad(f'指揮官の Inspire {args.inspire:+d} が勝つ確率', WIDTH)}{percent(stop)}")
    print(f"  {pad('部隊が崩壊する確率', WIDTH)}{percent(broke)}")
    return 0


def _run_demolish(args: argparse.Namespace) -> int:
    bands = lotr_rules().degree_bands()
    spec = DemolitionSpec(
        RollSpec(LotRRoller(modifier=args.stonecraft), args.stonecraft_tn, bands),
        RollSpec(LotRRoller(modifier=args.siegecraft), args.siegecraft_tn, bands),
    )
    bonuses, helped = bonus_distribution(spec), siegecraft_probability(spec)
    alone = success_probability(spec.siegecraft)
    if args.json:
        out = {
            "system": "lotr",
            "bonus": {str(b): float(p) for b, p in bonuses.items()},
            "success": float(helped),
            "success_alone": float(alone),
        }
        print(json.dumps(out))
        return 0
    print(
        f"指輪物語RPG（CODA）取り壊し: Stonecraft {args.stonecraft:+d} 対 {args.stonecraft_tn} → "
        f"Siegecraft {args.siegecraft:+d} 対 {args.siegecraft_tn}"
    )
    for bonus, p in bonuses.items():
        print(f"  {pad(f'Siegecraft に {bonus:+d}', WIDTH)}{percent(p)}")
    print(f"  {pad('Siegecraft が成功する確率', WIDTH)}{percent(helped)}")
    print(f"  {pad('（助けなしなら', WIDTH)}{percent(alone)}）")
    return 0
