"""`prob lotr-battle`: a LotR mass battle's exact P(Victory) and expected hours from one position."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, percent
from gmtool.app.lotr.cli_army import ARMY_KINDS, add_army_parsers, run_army
from gmtool.rules.house_rules import house_rule
from gmtool.rules.systems.lotr.house_rules import BATTLE_TIE, TIE_REROLL
from gmtool.rules.systems.lotr.mass_battle import (
    MAX_SIEGECRAFT,
    POSITIONS,
    BattleRefused,
    battle_odds,
    hour_step,
)

# The army tracker's odds (cli_army.py) are registered and run from here: one entry in cli.py.
BATTLE_KINDS = ("lotr-battle", *ARMY_KINDS)
# The mass battle tab's start and Siegecraft fields, with their bounds.
POSITION = bounded("戦況", (POSITIONS.start, POSITIONS.stop - 1), "−3〜+3")
SIEGECRAFT = bounded("Siegecraft のランク", (0, MAX_SIEGECRAFT))


def add_battle_parsers(sub: Any) -> None:
    add_army_parsers(sub)
    battle = sub.add_parser(
        "lotr-battle",
        help="指輪物語RPG（CODA）の戦争: 戦況から勝利する確率と終わるまでの時間の期待値",
    )
    battle.add_argument(
        "--position", type=POSITION, required=True, help="戦況 −3（Losing）〜 0（Even）〜 +3（Winning）"
    )
    for side, whose in (("ours", "味方"), ("theirs", "敵")):
        battle.add_argument(
            f"--siegecraft-{side}",
            type=SIEGECRAFT,
            default=0,
            help=f"{whose}の指揮官の Siegecraft ランク{SIEGECRAFT.range}",
        )
    tie = house_rule(BATTLE_TIE)
    battle.add_argument(
        "--battle-tie",
        choices=[r.id for r in tie.readings],
        default=tie.default,
        help="ハウスルール: 同点の時間（stays = 戦況が動かない、reroll = 決着まで振り直す。既定 stays）",
    )
    battle.add_argument("--json", action="store_true", help="JSON で出力")


def run_battle(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind in ARMY_KINDS:
        return run_army(args, parser)
    try:
        hour_step(args.position, args.siegecraft_ours, args.siegecraft_theirs)  # the engine's own checks
        odds = battle_odds(args.siegecraft_ours, args.siegecraft_theirs, args.battle_tie)
        victory, hours = odds[args.position]
    except BattleRefused as refusal:
        parser.exit(2, f"gmtool prob lotr-battle: {refusal}\n")
    if args.json:
        print(json.dumps({"system": "lotr", "victory": float(victory), "expected_hours": float(hours)}))
        return 0
    print(
        f"指輪物語RPG（CODA）戦争: 戦況 {args.position:+d} / Siegecraft 味方 {args.siegecraft_ours}・"
        f"敵 {args.siegecraft_theirs}"
        + (" / 同点は決着まで振り直し（ハウスルール）" if args.battle_tie == TIE_REROLL else "")
    )
    print(f"  勝利する確率            {percent(victory)}")
    print(f"  敗北する確率            {percent(1 - victory)}")
    print(f"  終わるまでの時間の期待値 {float(hours):.2f} 時間")
    return 0
