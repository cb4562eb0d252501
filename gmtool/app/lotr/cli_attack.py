"""`prob lotr-attack`: an attack's degrees against the target's Defence (3.2–3.6), exactly."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.rules.systems.lotr.attack import (
    AIM_BONUS,
    BOUNDS,
    HEAD_SHOT_TN,
    PARRIED,
    AttackSpec,
    attack_distribution,
    hit_probability,
)
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, lotr_rules

ATTACK_KINDS = ("lotr-attack",)
BONUS = bounded("攻撃のボーナス", BOUNDS["bonus"])
DEFENCE = bounded("Defence", BOUNDS["defence"])
CALLED = bounded("部位狙いの目標値修正", BOUNDS["called_shot"])
RANGE_STEP = bounded("距離の段階", BOUNDS["range_steps"])
SHIELD = bounded("盾のボーナス", BOUNDS["shield"])
SIZE = bounded("サイズの差", BOUNDS["size_steps"])
PARRY = bounded("防御（Parry/Block）のボーナス", BOUNDS["parry"])
AIMS = {"0": 0, "1": 1, "3": 3}


def add_attack_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-attack",
        help="指輪物語RPG（CODA）の攻撃: 目標値 Defence に対する成功度（オプション・狙い・射撃）",
    )
    p.add_argument(
        "--bonus", type=BONUS, required=True, help=f"攻撃側の技能ランク + 能力値修正 + 修正{BONUS.range}"
    )
    p.add_argument(
        "--defence",
        type=DEFENCE,
        required=True,
        help=f"対象の Defence（回避で上がったらその値）{DEFENCE.range}",
    )
    options = p.add_mutually_exclusive_group()
    for name, text in (
        ("defensive", "defensive: 攻撃 −2"),
        ("power", "power: ダメージ +3"),
        ("precise", "precise: 攻撃 +2、ダメージ −2"),
        ("two-handed", "two-handed: ダメージ +4"),
        ("charge", "charge: 攻撃 +1、ダメージ 1.5 倍"),
    ):
        options.add_argument(f"--{name}", action="store_true", help=text)
    p.add_argument(
        "--aim", choices=list(AIMS), default="0", help="狙いをつけた: 1（直接攻撃）か 3（間接攻撃）"
    )
    p.add_argument(
        "--called-shot",
        type=CALLED,
        default=0,
        help=f"部位狙いの目標値修正（頭部は {HEAD_SHOT_TN}）{CALLED.range}",
    )
    p.add_argument("--head", action="store_true", help=f"頭部狙い（目標値 +{HEAD_SHOT_TN}）")
    p.add_argument(
        "--ranged", action="store_true", help="射撃（飛び道具）: Parry/Block できず、盾のボーナスは常に働く"
    )
    p.add_argument(
        "--range-step",
        type=RANGE_STEP,
        default=0,
        help=f'射撃: "L" を越えた距離の段階 S の数（1 つ +2）{RANGE_STEP.range}',
    )
    p.add_argument("--shield", type=SHIELD, default=0, help=f"対象の盾の Parry/Block ボーナス{SHIELD.range}")
    p.add_argument(
        "--size", type=SIZE, default=0, help=f"対象のサイズ − 攻撃側のサイズ（1 段階 +2）{SIZE.range}"
    )
    p.add_argument(
        "--parry",
        type=PARRY,
        default=None,
        help=f"対象が防御（Parry/Block）するときのボーナス（盾は --shield）{PARRY.range}",
    )
    p.add_argument("--json", action="store_true", help="JSON で出力")


def _option(args: argparse.Namespace) -> str:
    for name in ("defensive", "power", "precise", "two_handed", "charge"):
        if getattr(args, name):
            return name
    return "basic"


def run_attack(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.head and args.called_shot:
        parser.exit(2, "gmtool prob lotr-attack: --head と --called-shot は一緒に使えません\n")
    try:
        spec = AttackSpec(
            bonus=args.bonus,
            defence=args.defence,
            option=_option(args),
            aim=AIMS[args.aim],
            called_shot=HEAD_SHOT_TN if args.head else args.called_shot,
            ranged=args.ranged,
            range_steps=args.range_step,
            shield=args.shield,
            size_steps=args.size,
            parry=args.parry,
        )
    except ValueError as refusal:
        parser.exit(2, f"gmtool prob lotr-attack: {refusal}\n")
    dist = attack_distribution(spec)
    hit = hit_probability(spec)
    if args.json:
        out: dict[str, Any] = {
            "system": "lotr",
            "tn": spec.tn,
            "attack_bonus": spec.attack_bonus,
            "hit": float(hit),
            "degrees": {str(d): float(dist[d]) for d in DEGREE_ORDER},
        }
        if spec.parry is not None:
            out["parried"] = float(dist[PARRIED])
        print(json.dumps(out))
        return 0
    rules = lotr_rules()
    kind = "射撃" if spec.ranged else "攻撃"
    print(
        f"指輪物語RPG（CODA）{kind}: 攻撃 {spec.attack_bonus:+d} / 目標値 {spec.tn}（Defence {spec.defence}）"
    )
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rules.band(degree).label, 44)}{percent(dist[degree])}")
    if spec.parry is not None:
        print(f"  {pad('防御（Parry/Block）された', 44)}{percent(dist[PARRIED])}")
    print(f"  命中する確率{'（防御されずに）' if spec.parry is not None else ''} {percent(hit)}")
    return 0


assert set(AIMS.values()) <= set(AIM_BONUS.values())
