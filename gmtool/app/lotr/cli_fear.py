"""`prob lotr-fear`: a fear attack's effects (3.8), exactly — Intimidate against Willpower, the
attacker's degree read from the difference (1.5.2)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.app.lotr.cli_text import TITLE, exit_text, rule_name, say, shown
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.checks import TieRule
from gmtool.rules.systems.lotr.fear import (
    BONUS_BOUNDS,
    EFFECT_OF_DEGREE,
    EFFECT_ORDER,
    EFFECT_TEXT,
    MAX_MODIFIERS,
    FearEffect,
    FearSpec,
    fear_distribution,
)
from gmtool.rules.systems.lotr.opposed_degree import opposed_degree_distribution
from gmtool.rules.systems.lotr.rules_data import lotr_rules

FEAR_KINDS = ("lotr-fear",)
INTIMIDATE = bounded(Message("Intimidate のボーナス"), BONUS_BOUNDS)
WILLPOWER = bounded(Message("Willpower のボーナス"), BONUS_BOUNDS)
MODIFIER = bounded(Message("恐怖への抵抗の修正"), BONUS_BOUNDS)
TIES = {"reroll": TieRule.REROLL, "attacker": TieRule.DODGE, "defender": TieRule.PARRY}


def add_fear_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-fear",
        help=shown(
            Message(
                "指輪物語RPG（CODA）の恐怖攻撃: Intimidate 対 Willpower の対決、"
                "差の成功度で効果が決まる（3.8）"
            )
        ),
    )
    p.add_argument(
        "--intimidate",
        type=INTIMIDATE,
        required=True,
        help=shown(
            Message("攻撃側の Intimidate（Fear、闇の眷属には Majesty/Power）のボーナス{0}", INTIMIDATE.range)
        ),
    )
    p.add_argument(
        "--willpower",
        type=WILLPOWER,
        required=True,
        help=shown(Message("抵抗する側の Willpower のボーナス{0}", WILLPOWER.range)),
    )
    p.add_argument(
        "--modifier",
        type=MODIFIER,
        action="append",
        default=[],
        metavar="M",
        help=shown(Message("Table 9.20 の抵抗の修正（距離・激励など。行ごとにくり返す）{0}", MODIFIER.range)),
    )
    p.add_argument(
        "--tie",
        choices=list(TIES),
        default="reroll",
        help=shown(
            Message(
                "同点: reroll = 振り直し（1.5.2、既定）、attacker = 攻撃側の Marginal、"
                "defender = 抵抗側の勝ち"
            )
        ),
    )
    p.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def run_fear(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.modifier) > MAX_MODIFIERS:
        too_many = Message("修正は {0} 個までです（{1} 個）", MAX_MODIFIERS, len(args.modifier))
        parser.exit(2, exit_text("lotr-fear", too_many))
    spec = FearSpec(args.intimidate, args.willpower, tuple(args.modifier), TIES[args.tie])
    dist = fear_distribution(spec)
    degrees = opposed_degree_distribution(spec.opposed())
    if args.json:
        out: dict[str, Any] = {
            "system": "lotr",
            "intimidate": spec.intimidate,
            "willpower": spec.resistance,
            "tie": args.tie,
            "effects": {str(e): float(dist[e]) for e in EFFECT_ORDER},
            "attack_succeeds": float(1 - dist[FearEffect.NONE]),
            "degrees": {f"{w}:{d}": float(p) for (w, d), p in degrees.items()},
        }
        print(json.dumps(out))
        return 0
    rules = lotr_rules()
    mods = Message.joined("、", (f"{m:+d}" for m in spec.modifiers))
    resist = Message("Willpower {0:+d}", spec.willpower)
    if spec.modifiers:
        resist = Message("Willpower {0:+d}、修正 {1} → {2:+d}", spec.willpower, mods, spec.resistance)
    say(Message("{0}恐怖攻撃: Intimidate {1:+d} 対 {2}", TITLE, spec.intimidate, resist))
    labels = {e: rule_name(rules.band(d)) for d, e in EFFECT_OF_DEGREE.items()}
    labels[FearEffect.NONE] = shown(Message("抵抗された"))
    for effect in reversed(EFFECT_ORDER):
        print(
            f"  {pad(shown(Message('{0}: {1}', labels[effect], EFFECT_TEXT[effect])), 60)}"
            f"{percent(dist[effect])}"
        )
    say(Message("  恐怖攻撃が効く確率 {0}", percent(1 - dist[FearEffect.NONE])))
    return 0
