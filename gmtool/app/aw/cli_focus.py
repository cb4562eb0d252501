"""`prob aw-focus`: the exact P(success) of an Another Focus (AF判定) within its round limit."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.aw.cli_check import JSON_HELP, say
from gmtool.app.cli_common import BoundedText, bounded, bounded_text, pad, percent
from gmtool.rules.checks import CHECK_VALUE_BOUNDS
from gmtool.rules.house_rules import house_rule
from gmtool.rules.message import Message, template
from gmtool.rules.systems.aw.focus import (
    MAX_DECLARATIONS,
    MAX_DIFFICULTY,
    MAX_PARTICIPANTS,
    MAX_ROUND_LIMIT,
    FocusParticipant,
    FocusProgress,
    FocusRules,
    Redeclaration,
    focus_odds,
)
from gmtool.rules.systems.aw.house_rules import (
    END_AT_ONCE,
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_EVERY,
    REDECLARE_GM,
    REDECLARE_ONCE,
)
from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.views.message_catalog import shown_message

FOCUS_KINDS = ("aw-focus",)
# The set-up page's fields, with their bounds.
VALUE = bounded(template("判定値"), CHECK_VALUE_BOUNDS)
ROUNDS = bounded(template("ラウンド制限"), (1, MAX_ROUND_LIMIT))
DECLARATIONS = bounded(template("特技の宣言数"), (0, MAX_DECLARATIONS))
CURRENT_TOTAL = bounded(template("ここまでの達成値の合計"), (0, MAX_DIFFICULTY))


def values_list(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise argparse.ArgumentTypeError(
            shown_message(Message("判定値をカンマ区切りで並べてください（例 4,5,6）: '{0}'", text))
        )
    if len(parts) > MAX_PARTICIPANTS:
        raise argparse.ArgumentTypeError(
            shown_message(Message("参加者は {0} 人までです（{1} 人）", MAX_PARTICIPANTS, len(parts)))
        )
    return [VALUE(p) for p in parts]


REDECLARE_NAMES = {  # shown through shown_message; the house rule's order, its default first
    REDECLARE_ONCE: template("AF判定の中で一度だけ"),
    REDECLARE_GM: template("GMが許可したラウンドだけ"),
    REDECLARE_EVERY: template("毎ラウンド数える"),
}
ROUND_END_NAMES = {
    END_AT_ONCE: template("達したらすぐ成功"),
    END_PLAYED_OUT: template("ラウンドの終わりまで判定する"),
}


def choice(names: dict[str, str], what: str) -> BoundedText[str]:
    @bounded_text  # one of a few fixed names
    def parse(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(
                shown_message(Message("{0}は {1} です: '{2}'", what, Message.joined(" か ", names), text))
            )
        return text

    return parse


@bounded_text  # each round bounded by ROUNDS
def rounds_list(text: str) -> frozenset[int]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise argparse.ArgumentTypeError(
            shown_message(Message("ラウンドをカンマ区切りで並べてください（例 2,3）: '{0}'", text))
        )
    return frozenset(ROUNDS(p) for p in parts)


def add_focus_parsers(sub: Any) -> None:
    minimum = aw_session_rules().focus_minimum_difficulty  # as the set-up page's spin box (1 ms)
    difficulty = bounded(template("難易度"), (minimum, MAX_DIFFICULTY))
    af = sub.add_parser(
        "aw-focus",
        help=shown_message(
            Message("アナザーワールドSRS のアナザーフォーカス判定（AF判定）: ラウンド制限内に成功する確率")
        ),
        description=shown_message(
            Message(
                "参加者は --values の順（行動値の順）に毎ラウンド 2D6 で判定し、達成値を合計する。"
                "クリティカル（12）は達成値 30、ファンブル（2）は AF判定の失敗。"
                "合計が難易度に達した時点で成功。"
            )
        ),
    )
    af.add_argument(
        "--values",
        type=values_list,
        required=True,
        help=shown_message(
            Message(
                "参加者の判定値（行動値の順、例 4,5,6。{0} 人まで、それぞれ{1}）",
                MAX_PARTICIPANTS,
                VALUE.range,
            )
        ),
    )
    af.add_argument(
        "--difficulty",
        type=difficulty,
        required=True,
        help=shown_message(
            Message("難易度（{0}〜{1}。これより大きいと計算が終わらなくなるため）", minimum, MAX_DIFFICULTY)
        ),
    )
    af.add_argument(
        "--rounds",
        type=ROUNDS,
        required=True,
        help=shown_message(
            Message("ラウンド制限（1〜{0}。これより長いと計算が終わらなくなるため）", MAX_ROUND_LIMIT)
        ),
    )
    af.add_argument(
        "--declarations",
        type=DECLARATIONS,
        default=0,
        help=shown_message(
            Message(
                "1 ラウンドにパーティ全体で所持宣言する特技の数（1 つにつき難易度 −2、AF判定の終わりまで）。"
                "最初のラウンド（--redeclare gm では許可したラウンドにも、every_round では毎ラウンド）の"
                "最初の参加者が判定前にまとめて宣言するものとして計算する{0}",
                DECLARATIONS.range,
            )
        ),
    )
    af.add_argument(
        "--current-total",
        type=CURRENT_TOTAL,
        default=0,
        help=shown_message(Message("ここまでの達成値の合計{0}、既定 {1}", CURRENT_TOTAL.range, 0)),
    )
    af.add_argument(
        "--redeclare",
        type=choice(REDECLARE_NAMES, template("特技の再宣言の読み方")),
        metavar="{" + ",".join(REDECLARE_NAMES) + "}",
        default=house_rule(FOCUS_REDECLARE).default,
        help=shown_message(
            Message(
                "ハウスルール {0}: {1} = 宣言した特技はAF判定の中で一度だけ数える（既定、本文の原則）、"
                "{2} = 最初のラウンドと --allowed-rounds のラウンド（GMが許可したラウンド）、"
                "{3} = 毎ラウンド数える",
                FOCUS_REDECLARE,
                REDECLARE_ONCE,
                REDECLARE_GM,
                REDECLARE_EVERY,
            )
        ),
    )
    af.add_argument(
        "--allowed-rounds",
        type=rounds_list,
        default=frozenset(),
        help=shown_message(
            Message(
                "--redeclare {0} のとき、GMが特技の再宣言を許可するラウンド（カンマ区切り、例 2,3）",
                REDECLARE_GM,
            )
        ),
    )
    af.add_argument(
        "--round-end",
        type=choice(ROUND_END_NAMES, template("難易度に達したラウンドの読み方")),
        metavar="{" + ",".join(ROUND_END_NAMES) + "}",
        default=END_AT_ONCE,
        help=shown_message(
            Message(
                "ハウスルール {0}: {1} = 合計が難易度に達した時点で成功（既定）、"
                "{2} = そのラウンドの残りも判定し、ファンブルが出れば失敗",
                FOCUS_ROUND_END,
                END_AT_ONCE,
                END_PLAYED_OUT,
            )
        ),
    )
    af.add_argument("--json", action="store_true", help=shown_message(JSON_HELP))


def run_focus(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    session = aw_session_rules()
    if not args.values:
        parser.exit(2, f"gmtool prob: {shown_message(Message('参加者の判定値がありません'))}\n")
    rules = FocusRules(session.focus_critical_achievement, session.focus_declaration_reduction)
    if args.allowed_rounds and args.redeclare != REDECLARE_GM:
        refusal = Message("--allowed-rounds は --redeclare {0} のときだけ使えます", REDECLARE_GM)
        parser.exit(2, f"gmtool prob: {shown_message(refusal)}\n")
    redeclare = Redeclaration(args.redeclare, args.allowed_rounds)
    try:
        participants = [
            FocusParticipant(v, declarations=args.declarations if i == 0 else 0)
            for i, v in enumerate(args.values)
        ]
        progress = FocusProgress(args.difficulty, args.rounds, total=args.current_total)
        play_out = args.round_end == END_PLAYED_OUT
        odds = focus_odds(participants, progress, rules, redeclare, None, play_out)
    except ValueError as error:
        parser.exit(2, f"gmtool prob: {shown_message(str(error))}\n")
    if args.json:
        print(json.dumps({"system": "aw", "success": float(odds.success)}))
        return 0
    say(
        Message(
            "アナザーワールドSRS AF判定: 判定値 {0}（行動値の順） / 難易度 {1} / ラウンド制限 {2}"
            " / 特技宣言 {3} / ここまでの達成値 {4}",
            Message.joined("、", args.values),
            args.difficulty,
            args.rounds,
            args.declarations,
            args.current_total,
        )
    )
    allowed = sorted(args.allowed_rounds)
    redeclare_name = Message(REDECLARE_NAMES[args.redeclare])
    if allowed:
        redeclare_name = Message("{0}（許可したラウンド {1}）", redeclare_name, Message.joined("、", allowed))
    say(
        Message(
            "  特技の再宣言: {0} / 難易度に達したラウンド: {1}",
            redeclare_name,
            Message(ROUND_END_NAMES[args.round_end]),
        )
    )
    for round_number, p in odds.by_round:
        print(f"  {pad(shown_message(Message('ラウンド {0} までに成功', round_number)), 24)}{percent(p)}")
    print(f"  {pad(shown_message(Message('成功率')), 24)}{percent(odds.success)}")
    print(f"  {pad(shown_message(Message('ファンブルで終了')), 24)}{percent(odds.fumble)}")
    return 0
