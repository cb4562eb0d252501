"""`prob aw-focus`: the exact P(success) of an Another Focus (AF判定) within its round limit."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import BoundedText, bounded, bounded_text, pad, percent
from gmtool.rules.checks import CHECK_VALUE_BOUNDS
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

FOCUS_KINDS = ("aw-focus",)
# The set-up page's fields, with their bounds.
VALUE = bounded("判定値", CHECK_VALUE_BOUNDS)
ROUNDS = bounded("ラウンド制限", (1, MAX_ROUND_LIMIT))
DECLARATIONS = bounded("特技の宣言数", (0, MAX_DECLARATIONS))
CURRENT_TOTAL = bounded("ここまでの達成値の合計", (0, MAX_DIFFICULTY))


def values_list(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise argparse.ArgumentTypeError(f"判定値をカンマ区切りで並べてください（例 4,5,6）: '{text}'")
    if len(parts) > MAX_PARTICIPANTS:
        raise argparse.ArgumentTypeError(f"参加者は {MAX_PARTICIPANTS} 人までです（{len(parts)} 人）")
    return [VALUE(p) for p in parts]


REDECLARE_NAMES = {
    REDECLARE_EVERY: "毎ラウンド数える",
    REDECLARE_ONCE: "AF判定の中で一度だけ",
    REDECLARE_GM: "GMが許可したラウンドだけ",
}
ROUND_END_NAMES = {END_AT_ONCE: "達したらすぐ成功", END_PLAYED_OUT: "ラウンドの終わりまで判定する"}


def choice(names: dict[str, str], what: str) -> BoundedText[str]:
    @bounded_text  # one of a few fixed names
    def parse(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(f"{what}は {' か '.join(names)} です: '{text}'")
        return text

    return parse


@bounded_text  # each round bounded by ROUNDS
def rounds_list(text: str) -> frozenset[int]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise argparse.ArgumentTypeError(f"ラウンドをカンマ区切りで並べてください（例 2,3）: '{text}'")
    return frozenset(ROUNDS(p) for p in parts)


def add_focus_parsers(sub: Any) -> None:
    minimum = aw_session_rules().focus_minimum_difficulty  # as the set-up page's spin box (1 ms)
    difficulty = bounded("難易度", (minimum, MAX_DIFFICULTY))
    af = sub.add_parser(
        "aw-focus",
        help="アナザーワールドSRS のアナザーフォーカス判定（AF判定）: ラウンド制限内に成功する確率",
        description=(
            "参加者は --values の順（行動値の順）に毎ラウンド 2D6 で判定し、達成値を合計する。"
            "クリティカル（12）は達成値 30、ファンブル（2）は AF判定の失敗。"
            "合計が難易度に達した時点で成功。"
        ),
    )
    af.add_argument(
        "--values",
        type=values_list,
        required=True,
        help=f"参加者の判定値（行動値の順、例 4,5,6。{MAX_PARTICIPANTS} 人まで、それぞれ{VALUE.range}）",
    )
    af.add_argument(
        "--difficulty",
        type=difficulty,
        required=True,
        help=f"難易度（{minimum}〜{MAX_DIFFICULTY}。これより大きいと計算が終わらなくなるため）",
    )
    af.add_argument(
        "--rounds",
        type=ROUNDS,
        required=True,
        help=f"ラウンド制限（1〜{MAX_ROUND_LIMIT}。これより長いと計算が終わらなくなるため）",
    )
    af.add_argument(
        "--declarations",
        type=DECLARATIONS,
        default=0,
        help=(
            "1 ラウンドにパーティ全体で所持宣言する特技の数（1 つにつき難易度 −2、AF判定の終わりまで）。"
            "各ラウンド（--redeclare によっては最初のラウンドと許可したラウンド）の"
            f"最初の参加者が判定前にまとめて宣言するものとして計算する{DECLARATIONS.range}"
        ),
    )
    af.add_argument(
        "--current-total",
        type=CURRENT_TOTAL,
        default=0,
        help=f"ここまでの達成値の合計{CURRENT_TOTAL.range}、既定 0",
    )
    af.add_argument(
        "--redeclare",
        type=choice(REDECLARE_NAMES, "特技の再宣言の読み方"),
        metavar="{" + ",".join(REDECLARE_NAMES) + "}",
        default=REDECLARE_EVERY,
        help=(
            f"ハウスルール {FOCUS_REDECLARE}: {REDECLARE_EVERY} = 宣言した特技を毎ラウンド数える（既定）、"
            f"{REDECLARE_ONCE} = 最初のラウンドだけ、{REDECLARE_GM} = 最初のラウンドと --allowed-rounds の"
            "ラウンド（GMが許可したラウンド）"
        ),
    )
    af.add_argument(
        "--allowed-rounds",
        type=rounds_list,
        default=frozenset(),
        help=f"--redeclare {REDECLARE_GM} のとき、GMが特技の再宣言を許可するラウンド（カンマ区切り、例 2,3）",
    )
    af.add_argument(
        "--round-end",
        type=choice(ROUND_END_NAMES, "難易度に達したラウンドの読み方"),
        metavar="{" + ",".join(ROUND_END_NAMES) + "}",
        default=END_AT_ONCE,
        help=(
            f"ハウスルール {FOCUS_ROUND_END}: {END_AT_ONCE} = 合計が難易度に達した時点で成功（既定）、"
            f"{END_PLAYED_OUT} = そのラウンドの残りも判定し、ファンブルが出れば失敗"
        ),
    )
    af.add_argument("--json", action="store_true", help="JSON で出力")


def run_focus(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    session = aw_session_rules()
    if not args.values:
        parser.exit(2, "gmtool prob: 参加者の判定値がありません\n")
    rules = FocusRules(session.focus_critical_achievement, session.focus_declaration_reduction)
    if args.allowed_rounds and args.redeclare != REDECLARE_GM:
        parser.exit(2, f"gmtool prob: --allowed-rounds は --redeclare {REDECLARE_GM} のときだけ使えます\n")
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
        parser.exit(2, f"gmtool prob: {error}\n")
    if args.json:
        print(json.dumps({"system": "aw", "success": float(odds.success)}))
        return 0
    values = "、".join(str(v) for v in args.values)
    print(
        f"アナザーワールドSRS AF判定: 判定値 {values}（行動値の順） / 難易度 {args.difficulty}"
        f" / ラウンド制限 {args.rounds} / 特技宣言 {args.declarations}"
        f" / ここまでの達成値 {args.current_total}"
    )
    allowed = "、".join(str(r) for r in sorted(args.allowed_rounds))
    print(
        f"  特技の再宣言: {REDECLARE_NAMES[args.redeclare]}"
        + (f"（許可したラウンド {allowed}）" if allowed else "")
        + f" / 難易度に達したラウンド: {ROUND_END_NAMES[args.round_end]}"
    )
    for round_number, p in odds.by_round:
        print(f"  {pad(f'ラウンド {round_number} までに成功', 24)}{percent(p)}")
    print(f"  {pad('成功率', 24)}{percent(odds.success)}")
    print(f"  {pad('ファンブルで終了', 24)}{percent(odds.fumble)}")
    return 0
