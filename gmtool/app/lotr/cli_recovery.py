"""`prob lotr-recovery`: the chance an Exhausted character gets back to Spent this try (1.2.2) —
Stamina at TN 10 under Exhausted's −10, helped by another's Healing test at TN 10 (Marginal −3,
Complete −5, Superior −10 off the TN; Extraordinary: Spent at once)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.app.lotr.cli_text import TITLE, rule_name, say, shown
from gmtool.rules.message import Message
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
STAMINA = bounded(Message("Stamina のボーナス"), BONUS_BOUNDS)
HELPER = bounded(Message("助ける人の Healing ボーナス"), BONUS_BOUNDS)


def add_recovery_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-recovery",
        help=shown(
            Message(
                "指輪物語RPG（CODA）の Exhausted から Spent への回復判定（目標値 10、−10）と"
                " Healing の助け（1.2.2）"
            )
        ),
    )
    p.add_argument(
        "--stamina",
        type=STAMINA,
        required=True,
        help=shown(
            Message("Stamina と負傷のペナルティの合計（Exhausted の −10 は自動で引く）{0}", STAMINA.range)
        ),
    )
    p.add_argument(
        "--helper",
        type=HELPER,
        help=shown(Message("助ける人の Healing ボーナス（目標値 10）{0}", HELPER.range)),
    )
    p.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


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
    say(Message("{0}疲労の回復: Stamina {1:+d}、Exhausted −10、目標値 10", TITLE, args.stamina))
    print(f"  {pad(shown(Message('ひとりで Spent に回復')), 40)}{percent(alone)}")
    if helped is not None:
        say(Message("  助ける人の Healing {0:+d}（目標値 10）:", args.helper))
        for degree, p in degrees.items():
            if degree is Degree.EXTRAORDINARY_SUCCESS:
                effect = Message("ただちに Spent")
            elif HELPER_REDUCTION.get(degree):
                effect = Message("目標値 −{0}", HELPER_REDUCTION[degree])
            else:
                effect = Message("助けにならない")
            line = shown(Message("{0}: {1}", rule_name(rules.band(degree)), effect))
            print(f"    {pad(line, 48)}{percent(p)}")
        print(f"  {pad(shown(Message('助けを受けて Spent に回復')), 40)}{percent(helped)}")
    return 0
