"""`prob lotr-attack`'s part for 3.2's options beyond one attack test: sweep (each further target's
Defence and parry), two weapons (the GM's penalty on each hand, or Ambidextrous), trip (an opposed
test), grapple (held at Superior or better), the charge's knockdown, and the target's own options
that move its Defence and parry until its next turn (defensive +2, power −2, two-handed −2,
charge −3; a charged attacker +1 against the charger; an entangled target +5)."""

from __future__ import annotations

import argparse
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gmtool.app.cli_common import bounded, bounded_text, pad, percent
from gmtool.app.lotr.cli_text import say, shown
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.attack import (
    BOUNDS,
    PARRIED,
    AttackSpec,
    attack_distribution,
    hit_probability,
)
from gmtool.rules.systems.lotr.attack_series import (
    MAX_SWEEP,
    ContestSpec,
    KnockdownSpec,
    Strike,
    contest_odds,
    knockdown_probability,
    series_odds,
)
from gmtool.rules.systems.lotr.attack_types import GRABBED_TN, GRAPPLE_STR_BONUS, OPTIONS_BY_ID, PIN_BONUS
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree

OWN_OPTIONS = ("defensive", "power", "two_handed", "charge")
HAND = bounded(Message("両手に武器を持つときのペナルティ"), BOUNDS["hand_penalty"])
RESIST = bounded(Message("抵抗のボーナス"), BOUNDS["bonus"])
STR_SCORE = bounded("STR", BOUNDS["str_score"])
STR_BONUS = bounded(Message("Strength 判定のボーナス"), BOUNDS["bonus"])


def _sweep_target(text: str) -> tuple[int, int | None]:
    """「12」 or 「12:3」: a further target's Defence and, after the colon, its parry bonus."""
    defence, _, parry = text.partition(":")
    try:
        values = int(defence), (int(parry) if parry else None)
    except ValueError:
        raise argparse.ArgumentTypeError(
            shown(Message("「Defence」か「Defence:防御のボーナス」で書きます（入力: {0}）", text[:20]))
        ) from None
    low, high = BOUNDS["defence"]
    if not low <= values[0] <= high:
        raise argparse.ArgumentTypeError(
            shown(Message("Defence {0} は {1}〜{2} の範囲外です", values[0], low, high))
        )
    return values


SWEEP_TARGET = bounded_text(_sweep_target)


def add_option_arguments(p: Any, options: Any) -> None:
    """The options (in the command's group of options, one at a time) and what they need."""
    for name, text in (
        ("sweep", Message("sweep（なぎ払い）: 2人なら −4、3人なら −6（ほかの対象は --sweep-target）")),
        (
            "two-weapons",
            Message("両手に武器: 利き腕と逆腕で1回ずつ（--main-hand と --off-hand か --ambidextrous）"),
        ),
        ("grab", Message("つかむ（Grab）: 命中で相手のあらゆる目標値 +5")),
        ("grapple", Message("捕縛（Grapple、鞭）: Superior 以上の命中で絡め取る")),
        ("punch", Message("殴る（Punch/Kick）: ダメージ 1d6+2+STR 修正")),
        ("trip", Message("足払い（Trip）: Nimbleness の対決判定（相手は --resist）")),
    ):
        options.add_argument(f"--{name}", action="store_true", help=shown(text))
    p.add_argument(
        "--sweep-target",
        type=SWEEP_TARGET,
        action="append",
        default=[],
        help=shown(Message("sweep: 2人目・3人目の対象の「Defence」か「Defence:防御のボーナス」（順に）")),
    )
    for hand, text in (("main-hand", Message("利き腕")), ("off-hand", Message("逆腕"))):
        p.add_argument(
            f"--{hand}",
            type=HAND,
            help=shown(
                Message(
                    "両手に武器: {0}の攻撃のペナルティ（本文に数がないので GM が入力）{1}", text, HAND.range
                )
            ),
        )
    p.add_argument(
        "--ambidextrous",
        action="store_true",
        help=shown(Message("両手に武器: Ambidextrous があるのでペナルティなし")),
    )
    p.add_argument(
        "--resist",
        type=RESIST,
        help=shown(
            Message("足払い: 相手の Nimbleness か Swiftness のボーナス（相手が選ぶ）{0}", RESIST.range)
        ),
    )
    p.add_argument(
        "--target-option",
        choices=OWN_OPTIONS,
        action="append",
        default=[],
        help=shown(
            Message(
                "対象が自分の手番に使った攻撃オプション（次の手番まで防御に: {0}）",
                "defensive +2, power −2, two_handed −2, charge −3",
            )
        ),
    )
    p.add_argument(
        "--charged-by-target",
        action="store_true",
        help=shown(Message("攻撃側は対象にチャージされた: 攻撃 +1（3.2）")),
    )
    p.add_argument(
        "--entangled", action="store_true", help=shown(Message("対象は鞭で絡め取られている: 攻撃 +5（3.2）"))
    )
    p.add_argument(
        "--knockdown-str",
        type=STR_SCORE,
        help=shown(
            Message("charge: 転倒判定の目標値になるチャージする側の STR（目標値 STR+2）{0}", STR_SCORE.range)
        ),
    )
    p.add_argument(
        "--knockdown-bonus",
        type=STR_BONUS,
        help=shown(
            Message("charge: 対象の Strength 判定のボーナス（STR 修正 + ペナルティ）{0}", STR_BONUS.range)
        ),
    )
    for flag, whose in (
        ("--holder-str", Message("つかむ側・鞭の側")),
        ("--held-str", Message("つかまれた側・絡め取られた側（つかまれている −5 は自動）")),
    ):
        p.add_argument(
            flag,
            type=STR_BONUS,
            help=shown(
                Message(
                    "grab・grapple の STR 対抗判定: {0}の STR 修正 + ペナルティ{1}", whose, STR_BONUS.range
                )
            ),
        )
    p.add_argument(
        "--pinned", action="store_true", help=shown(Message("grab: 押さえつけた（STR 対抗判定 +3）"))
    )


def option_of(args: argparse.Namespace) -> str:
    for name in ("defensive", "power", "precise", "two_handed", "charge", *OPTIONS_EXTRA):
        if getattr(args, name):
            return name
    return "basic"


OPTIONS_EXTRA = ("sweep", "two_weapons", "grab", "grapple", "punch", "trip")


def refusal(args: argparse.Namespace, option: str) -> Message | None:
    """What the options' flags lack or have too many of (None: fine)."""
    if (args.mounted_charge or args.from_horseback) and not args.mounted:
        flag = "--mounted-charge" if args.mounted_charge else "--from-horseback"
        return Message("{0} は騎乗した攻撃側のものです: --mounted を付けてください（3.9）", flag)
    if args.sweep_target and option != "sweep":
        return Message("--sweep-target は --sweep と一緒に使います")
    if option == "sweep" and not 1 <= len(args.sweep_target) <= MAX_SWEEP - 1:
        return Message(
            "sweep（なぎ払い）は二人か三人を狙います: --sweep-target で1人か2人を加えてください（3.2）"
        )
    hands = args.main_hand is not None or args.off_hand is not None or args.ambidextrous
    if hands and option != "two_weapons":
        return Message("--main-hand・--off-hand・--ambidextrous は --two-weapons と一緒に使います")
    if (
        option == "two_weapons"
        and not args.ambidextrous
        and (args.main_hand is None or args.off_hand is None)
    ):
        return Message(
            "両手に武器: Ambidextrous がなければペナルティがありますが、本文に数がありません（未設定）。"
            "--main-hand と --off-hand に GM が入力するか、--ambidextrous を付けてください"
        )
    if (args.resist is None) == (option == "trip"):
        return Message("--resist は --trip と一緒に使います（足払いには相手の --resist が要ります）")
    if option == "trip" and (args.parry is not None or args.ranged):
        return Message("足払いは対決判定です: --parry や --ranged とは使えません")
    hold = args.holder_str is not None, args.held_str is not None
    if (any(hold) or args.pinned) and (option not in ("grab", "grapple") or not all(hold)):
        return Message("STR 対抗判定には --grab か --grapple と --holder-str・--held-str の両方が要ります")
    if args.pinned and option != "grab":
        return Message("--pinned は --grab のものです")
    knock = args.knockdown_str is not None, args.knockdown_bonus is not None
    if any(knock) and (option != "charge" or not all(knock)):
        return Message("転倒の判定には --charge と --knockdown-str・--knockdown-bonus の両方が要ります")
    return None


def own_defence(args: argparse.Namespace) -> int:
    return sum(OPTIONS_BY_ID[o].own_defence for o in args.target_option)


def hands(args: argparse.Namespace) -> tuple[int, int]:
    if args.ambidextrous:
        return 0, 0
    return int(args.main_hand), int(args.off_hand)


def strikes(args: argparse.Namespace, spec: AttackSpec) -> tuple[list[AttackSpec], bool]:
    """The attack tests the option makes (sweep: one per target; two weapons: one per hand) and
    whether a parry stops the rest."""
    if spec.option == "sweep":
        more = [replace(spec, defence=d, parry=p) for d, p in args.sweep_target]
        return [spec, *more], True
    if spec.option == "two_weapons":
        main, off = hands(args)
        return [replace(spec, hand_penalty=main), replace(spec, hand_penalty=off)], False
    return [spec], False


def _degrees(strike: Strike) -> dict[str, float]:
    return {str(d): float(strike.odds[d]) for d in DEGREE_ORDER}


def series_json(specs: list[AttackSpec], stops: bool) -> list[dict[str, Any]]:
    out = []
    for spec, strike in zip(specs, series_odds(specs, stops), strict=True):
        one: dict[str, Any] = {
            "tn": spec.tn,
            "attack_bonus": spec.attack_bonus,
            "reached": float(strike.reached),
            "hit": float(strike.reached * hit_probability(spec)),
            "degrees": _degrees(strike),
        }
        if spec.parry is not None:
            one["parried"] = float(strike.odds[PARRIED])
        out.append(one)
    return out


def say_series(specs: list[AttackSpec], stops: bool) -> None:
    for n, (spec, strike) in enumerate(zip(specs, series_odds(specs, stops), strict=True), start=1):
        say(
            Message(
                "  {0} 回目: 攻撃 {1:+d} / 目標値 {2} — 振る確率 {3}、命中 {4}",
                n,
                spec.attack_bonus,
                spec.tn,
                percent(strike.reached).strip(),
                percent(strike.reached * hit_probability(spec)).strip(),
            )
        )


def grapple_probability(spec: AttackSpec) -> Fraction:
    """P that the whip holds: a hit at Superior or better (parried hits do not count)."""
    dist = attack_distribution(spec)
    return sum(
        (dist[d] for d in (Degree.SUPERIOR_SUCCESS, Degree.EXTRAORDINARY_SUCCESS) if d in dist), Fraction(0)
    )


def trip_probability(args: argparse.Namespace, bonus: int) -> Fraction:
    return contest_odds(ContestSpec(bonus, int(args.resist)))


def hold_contest(args: argparse.Namespace, option: str) -> Fraction | None:
    """After a grab: P the held one breaks free (its −5 for every TN +5; the holder +3 once pinned).
    After a grapple: P the wielder wins the round's Strength test (+4)."""
    if args.holder_str is None:
        return None
    holder, held = int(args.holder_str), int(args.held_str)
    if option == "grab":
        return contest_odds(ContestSpec(held - GRABBED_TN, holder + (PIN_BONUS if args.pinned else 0)))
    return contest_odds(ContestSpec(holder + GRAPPLE_STR_BONUS, held))


def knockdown(args: argparse.Namespace) -> Fraction | None:
    if args.knockdown_str is None:
        return None
    return knockdown_probability(KnockdownSpec(int(args.knockdown_str), int(args.knockdown_bonus)))


def say_extra(name: str, p: Fraction) -> None:
    print(f"  {pad(shown(name), 44)}{percent(p)}")
