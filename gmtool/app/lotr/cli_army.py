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
from gmtool.app.lotr.cli_text import TITLE, exit_text, say, shown
from gmtool.rules.message import Message
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
BONUS = bounded(Message("判定の値"), (-2 * INPUT_RANGE, 2 * INPUT_RANGE))
MODIFIER = bounded(Message("目標値への修正"), (-INPUT_RANGE, INPUT_RANGE))
TN = bounded(Message("目標値"), TN_BOUNDS)
MORALE = bounded("Morale", (0, MORALE_MAX))
SIZE = bounded("Size", (0, SIZE_MAX))


def add_army_parsers(sub: Any) -> None:
    rout = sub.add_parser(
        "lotr-rout",
        help=shown(Message("指輪物語RPG（CODA）の部隊戦闘: 部隊を崩す判定と、指揮官の Inspire で止める確率")),
    )
    rout.add_argument(
        "--bonus",
        type=BONUS,
        required=True,
        help=shown(Message("崩す判定（Intimidate など）の値{0}", BONUS.range)),
    )
    rout.add_argument(
        "--morale",
        type=MORALE,
        required=True,
        help=shown(Message("崩す部隊の Morale（目標値）{0}", MORALE.range)),
    )
    rout.add_argument(
        "--tn-modifier", type=MODIFIER, default=0, help=shown(Message("目標値への修正{0}", MODIFIER.range))
    )
    rout.add_argument(
        "--support-size",
        type=SIZE,
        default=None,
        help=shown(Message("判定する人が従える部隊の Size（÷5 を加える）{0}", SIZE.range)),
    )
    rout.add_argument(
        "--inspire",
        type=BONUS,
        default=None,
        help=shown(Message("崩す部隊の指揮官の Inspire の値（対決して止める）{0}", BONUS.range)),
    )
    rout.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))
    demolish = sub.add_parser(
        "lotr-demolish",
        help=shown(
            Message(
                "指輪物語RPG（CODA）の取り壊し: Stonecraft (Fortification) の助けで Siegecraft が成功する確率"
            )
        ),
    )
    for skill, name in (("stonecraft", "Stonecraft (Fortification)"), ("siegecraft", "Siegecraft")):
        value_help = shown(Message("{0} 判定の値{1}", name, BONUS.range))
        demolish.add_argument(f"--{skill}", type=BONUS, required=True, help=value_help)
        tn_help = shown(Message("{0} 判定の目標値{1}", name, TN.range))
        demolish.add_argument(f"--{skill}-tn", type=TN, required=True, help=tn_help)
    demolish.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def run_army(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind == "lotr-rout":
        return _run_rout(args, parser)
    return _run_demolish(args)


def _run_rout(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    target = Unit("target", shown(Message("崩す部隊")), morale=args.morale)
    led = shown(Message("従える部隊"))
    support = None if args.support_size is None else Unit("support", led, size=args.support_size)
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
        parser.exit(2, exit_text("lotr-rout", str(refusal)))
    reach, stop, broke = reach_probability(spec), rally_probability(spec), break_probability(spec)
    if args.json:
        out = {"system": "lotr", "reach": float(reach), "rally": float(stop), "break": float(broke)}
        print(json.dumps(out))
        return 0
    bonus = spec.roll_spec().roller.bonus
    support_text = (
        Message("（従える部隊の Size ÷ 5 = +{0} を含む）", spec.support_bonus) if support is not None else ""
    )
    say(
        Message(
            "{0}部隊を崩す判定: 判定 {1:+d}{2} / 目標値 {3}（Morale）", TITLE, bonus, support_text, spec.tn
        )
    )
    print(f"  {pad(shown(Message('Morale に達する確率')), WIDTH)}{percent(reach)}")
    if rally is not None:
        rallied = shown(Message("指揮官の Inspire {0:+d} が勝つ確率", args.inspire))
        print(f"  {pad(rallied, WIDTH)}{percent(stop)}")
    print(f"  {pad(shown(Message('部隊が崩壊する確率')), WIDTH)}{percent(broke)}")
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
    say(
        Message(
            "{0}取り壊し: Stonecraft {1:+d} 対 {2} → Siegecraft {3:+d} 対 {4}",
            TITLE,
            args.stonecraft,
            args.stonecraft_tn,
            args.siegecraft,
            args.siegecraft_tn,
        )
    )
    for bonus, p in bonuses.items():
        print(f"  {pad(shown(Message('Siegecraft に {0:+d}', bonus)), WIDTH)}{percent(p)}")
    print(f"  {pad(shown(Message('Siegecraft が成功する確率')), WIDTH)}{percent(helped)}")
    say(Message("  {0}{1}）", pad(shown(Message("（助けなしなら")), WIDTH), percent(alone)))
    return 0
