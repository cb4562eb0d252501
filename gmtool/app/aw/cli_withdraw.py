"""`prob aw-withdraw`: the exact chance of a エンゲージ離脱 through a blockade (行動値 against each
blocker's 行動値, AW opposed rules), under either reading of 「そのすべてに勝利しなければならない」."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.aw.cli_check import JSON_HELP, say
from gmtool.app.cli_common import bounded, bounded_text, percent
from gmtool.rules import battle
from gmtool.rules.message import Message, template
from gmtool.rules.systems.aw import combat
from gmtool.rules.systems.aw.checks import AWRoller
from gmtool.rules.systems.aw.house_rules import WITHDRAW, WITHDRAW_EACH, WITHDRAW_SINGLE
from gmtool.views.message_catalog import shown_message

WITHDRAW_KINDS = ("aw-withdraw",)
INITIATIVE_FIELD = next(f for f in combat.AWCombat.quick_fields if f.key == "initiative")
# The tracker's 行動値 field, and at most as many blockers as an encounter holds besides the leaver.
INITIATIVE = bounded(template("行動値"), (INITIATIVE_FIELD.minimum, INITIATIVE_FIELD.maximum))
MAX_BLOCKERS = battle.MANY - 1
READING_NAMES = {  # shown through shown_message
    WITHDRAW_EACH: template("敵ごとに振り直す"),
    WITHDRAW_SINGLE: template("一度だけ振って全員と比べる"),
}


@bounded_text  # MAX_BLOCKERS, each by INITIATIVE
def blocker_list(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise argparse.ArgumentTypeError(
            shown_message(Message("妨害する敵の行動値をカンマ区切りで並べてください（例 5,5）: '{0}'", text))
        )
    if len(parts) > MAX_BLOCKERS:
        raise argparse.ArgumentTypeError(
            shown_message(Message("妨害する敵は {0} 人までです（{1} 人）", MAX_BLOCKERS, len(parts)))
        )
    return [INITIATIVE(p) for p in parts]


@bounded_text  # one of two fixed names
def reading_type(text: str) -> str:
    if text not in READING_NAMES:
        raise argparse.ArgumentTypeError(
            shown_message(Message("読み方は {0} か {1} です: '{2}'", WITHDRAW_EACH, WITHDRAW_SINGLE, text))
        )
    return text


def add_withdraw_parsers(sub: Any) -> None:
    parser = sub.add_parser(
        "aw-withdraw",
        help=shown_message(
            Message("アナザーワールドSRS のエンゲージ離脱: 封鎖している敵すべてに行動値の対決で勝つ確率")
        ),
        description=shown_message(
            Message(
                "離脱する側（アクション側）の行動値と、妨害する敵（リアクション側、同値なら勝つ）それぞれの"
                "行動値の対決。離脱はそのすべてに勝てば成功。"
            )
        ),
    )
    parser.add_argument(
        "--value",
        type=INITIATIVE,
        required=True,
        help=shown_message(Message("離脱する側の行動値{0}", INITIATIVE.range)),
    )
    parser.add_argument(
        "--blockers",
        type=blocker_list,
        required=True,
        help=shown_message(
            Message(
                "妨害する敵の行動値（カンマ区切り、例 5,5。{0} 人まで、それぞれ {1}〜{2}）",
                MAX_BLOCKERS,
                INITIATIVE.low,
                INITIATIVE.high,
            )
        ),
    )
    parser.add_argument(
        "--reading",
        type=reading_type,
        metavar="{each,single}",
        default=WITHDRAW_EACH,
        help=shown_message(
            Message(
                "ハウスルール {0}: {1} = 敵ごとに振り直す（既定）、{2} = 一度だけ振って全員の達成値と比べる",
                WITHDRAW,
                WITHDRAW_EACH,
                WITHDRAW_SINGLE,
            )
        ),
    )
    parser.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))


def run_withdraw(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Quick participants of the tracker: the default critical (12) and fumble (2) values.
    rollers = [AWRoller(v) for v in args.blockers]
    success = combat.blockade_probability(AWRoller(args.value), rollers, args.reading)
    if args.json:
        print(json.dumps({"system": "aw", "success": float(success)}))
        return 0
    say(
        Message(
            "アナザーワールドSRS エンゲージ離脱: 行動値 {0} / 妨害する敵の行動値 {1} / 読み方: {2}",
            args.value,
            Message.joined("、", args.blockers),
            Message(READING_NAMES[args.reading]),
        )
    )
    say(Message("  離脱の成功率（全員に勝つ）{0}", percent(success)))
    return 0
