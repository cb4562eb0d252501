"""`prob lotr-fear`: a fear attack's effects (3.8), exactly — Intimidate against Willpower, the
attacker's degree read from the difference (1.5.2)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
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
INTIMIDATE = bounded("Intimidate のボーナス", BONUS_BOUNDS)
WILLPOWER = bounded("Willpower のボーナス", BONUS_BOUNDS)
MODIFIER = bounded("恐怖への抵抗の修正", BONUS_BOUNDS)
TIES = {"reroll": TieRule.REROLL, "attacker": TieRule.DODGE, "defender": TieRule.PARRY}


def add_fear_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-fear",
        help="指輪物語RPG（CODA）の恐怖攻撃: Intimidate 対 Willpower の対決、差の成功度で効果が決まる（3.8）",
    )
    p.add_argument(
        "--intimidate",
        type=INTIMIDATE,
        required=True,
        help=f"攻撃側の Intimidate（Fear、闇の眷属には Majesty/Power）のボーナス{INTIMIDATE.range}",
    )
    p.add_argument(
        "--willpower",
        type=WILLPOWER,
        required=True,
        help=f"抵抗する側の Willpower のボーナス{WILLPOWER.range}",
    )
    p.add_argument(
        "--modifier",
        type=MODIFIER,
        action="append",
        default=[],
        metavar="M",
        help=f"Table 9.20 の抵抗の修正（距離・激励など。行ごとにくり返す）{MODIFIER.range}",
    )
    p.add_argument(
        "--tie",
        choices=list(TIES),
        default="reroll",
        help="同点: reroll = 振り直し（1.5.2、既定）、attacker = 攻撃側の Marginal、defender = 抵抗側の勝ち",
    )
    p.add_argument("--json", action="store_true", help="JSON で出力")


def run_fear(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.modifier) > MAX_MODIFIERS:
        parser.exit(
            2, f"gmtool prob lotr-fear: 修正は {MAX_MODIFIERS} 個までです（{len(args.modifier)} 個）\n"
        )
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
    mods = "、".join(f"{m:+d}" for m in spec.modifiers)
    resist = f"Willpower {spec.willpower:+d}" + (f"、修正 {mods} → {spec.resistance:+d}" if mods else "")
    print(f"指輪物語RPG（CODA）恐怖攻撃: Intimidate {spec.intimidate:+d} 対 {resist}")
    labels = {e: rules.band(d).label for d, e in EFFECT_OF_DEGREE.items()}
    labels[FearEffect.NONE] = "抵抗された"
    for effect in reversed(EFFECT_ORDER):
        print(f"  {pad(f'{labels[effect]}: {EFFECT_TEXT[effect]}', 60)}{percent(dist[effect])}")
    print(f"  恐怖攻撃が効く確率 {percent(1 - dist[FearEffect.NONE])}")
    return 0
