"""`prob lotr-renown`: the chance a character knows of someone (1.2, Table 2.3) — a Wits test
against the TN of where the two come from (the shipped renown table: Local 5, Area 10) or a TN
given, with the GM's other modifier; exactly, the exploding dice included."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import CHECK_TOTAL_BOUNDS, bounded, pad, percent
from gmtool.app.lotr.cli_text import TITLE, exit_text, rule_name, say, shown
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import renown
from gmtool.rules.systems.lotr.checks import TN_BOUNDS, LotRRoller, RollSpec, roll_distribution
from gmtool.rules.systems.lotr.reference_catalog import RENOWN
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

RENOWN_KINDS = ("lotr-renown",)
WITS = bounded(Message("Wits のボーナス"), CHECK_TOTAL_BOUNDS)
MODIFIER = bounded(Message("その他の修正"), (-renown.MODIFIER_BOUND, renown.MODIFIER_BOUND))
TN = bounded(Message("目標値"), TN_BOUNDS)


def add_renown_parsers(sub: Any) -> None:
    origins = [r.name for r in lotr_rules().reference_table(RENOWN).rows]
    p = sub.add_parser(
        "lotr-renown",
        help=shown(Message("指輪物語RPG（CODA）の知名度判定: Wits で相手を知っているか（1.2）")),
    )
    p.add_argument(
        "--wits",
        type=WITS,
        required=True,
        help=shown(Message("Wits 修正と負傷・疲労のペナルティの合計{0}", WITS.range)),
    )
    p.add_argument(
        "--origin",
        choices=origins,
        help=shown(Message("自分と相手の出身（本文の値: {0}）。--tn を使わないとき必要", ", ".join(origins))),
    )
    p.add_argument("--tn", type=TN, help=shown(Message("目標値を直接（知名度の修正を含めて）{0}", TN.range)))
    p.add_argument(
        "--modifier",
        type=MODIFIER,
        default=0,
        help=shown(Message("その他の修正（判定値に）{0}", MODIFIER.range)),
    )
    p.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def run_renown(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rules = lotr_rules()
    if (args.tn is None) == (args.origin is None):
        parser.exit(2, exit_text("lotr-renown", Message("--origin か --tn のどちらか一つが必要です")))
    tn = args.tn
    if tn is None:
        setup = renown.renown_tn(rules, args.origin)
        if setup.tn is None:
            parser.exit(2, exit_text("lotr-renown", str(setup.problem)))
        tn = setup.tn
    spec = RollSpec(LotRRoller(rank=args.wits, modifier=args.modifier), tn, rules.degree_bands())
    knows = renown.knows_probability(spec)
    dist = roll_distribution(spec)
    if args.json:
        out: dict[str, Any] = {
            "system": "lotr",
            "tn": tn,
            "bonus": spec.roller.bonus,
            "knows": float(knows),
            "degrees": {str(d): float(dist[d]) for d in DEGREE_ORDER},
        }
        print(json.dumps(out))
        return 0
    origin = f"{args.origin} " if args.origin else ""
    say(Message("{0}知名度判定: Wits {1:+d} 対 {2}目標値 {3}", TITLE, spec.roller.bonus, origin, tn))
    print(f"  {pad(shown(Message('相手を知っている')), 40)}{percent(knows)}")
    for degree in reversed(DEGREE_ORDER):
        print(f"    {pad(rule_name(rules.band(degree)), 42)}{percent(dist[degree])}")
    return 0
