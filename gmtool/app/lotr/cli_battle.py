"""`prob lotr-battle`: a LotR mass battle's exact P(Victory) and expected hours from one position."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, percent
from gmtool.app.lotr.cli_army import ARMY_KINDS, add_army_parsers, run_army
from gmtool.app.lotr.cli_text import TITLE, exit_text, say, shown
from gmtool.rules.house_rules import house_rule
from gmtool.rules.message import Message
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
POSITION = bounded(Message("戦況"), (POSITIONS.start, POSITIONS.stop - 1), "−3〜+3")
SIEGECRAFT = bounded(Message("Siegecraft のランク"), (0, MAX_SIEGECRAFT))


def add_battle_parsers(sub: Any) -> None:
    add_army_parsers(sub)
    battle = sub.add_parser(
        "lotr-battle",
        help=shown(Message("指輪物語RPG（CODA）の戦争: 戦況から勝利する確率と終わるまでの時間の期待値")),
    )
    battle.add_argument(
        "--position",
        type=POSITION,
        required=True,
        help=shown(Message("戦況 −3（Losing）〜 0（Even）〜 +3（Winning）")),
    )
    for side, whose in (("ours", Message("味方")), ("theirs", Message("敵"))):
        battle.add_argument(
            f"--siegecraft-{side}",
            type=SIEGECRAFT,
            default=0,
            help=shown(Message("{0}の指揮官の Siegecraft ランク{1}", whose, SIEGECRAFT.range)),
        )
    tie = house_rule(BATTLE_TIE)
    battle.add_argument(
        "--battle-tie",
        choices=[r.id for r in tie.readings],
        default=tie.default,
        help=shown(
            Message(
                "ハウスルール: 同点の時間（stays = 戦況が動かない、reroll = 決着まで振り直す。既定 stays）"
            )
        ),
    )
    battle.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def run_battle(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.kind in ARMY_KINDS:
        return run_army(args, parser)
    try:
        hour_step(args.position, args.siegecraft_ours, args.siegecraft_theirs)  # the engine's own checks
        odds = battle_odds(args.siegecraft_ours, args.siegecraft_theirs, args.battle_tie)
        victory, hours = odds[args.position]
    except BattleRefused as refusal:
        parser.exit(2, exit_text("lotr-battle", str(refusal)))
    if args.json:
        print(json.dumps({"system": "lotr", "victory": float(victory), "expected_hours": float(hours)}))
        return 0
    tie = Message(" / 同点は決着まで振り直し（ハウスルール）") if args.battle_tie == TIE_REROLL else ""
    say(
        Message(
            "{0}戦争: 戦況 {1:+d} / Siegecraft 味方 {2}・敵 {3}{4}",
            TITLE,
            args.position,
            args.siegecraft_ours,
            args.siegecraft_theirs,
            tie,
        )
    )
    say(Message("  勝利する確率            {0}", percent(victory)))
    say(Message("  敗北する確率            {0}", percent(1 - victory)))
    say(Message("  終わるまでの時間の期待値 {0:.2f} 時間", float(hours)))
    return 0
