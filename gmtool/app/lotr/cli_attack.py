"""`prob lotr-attack`: an attack's degrees against the target's Defence (3.2–3.6), exactly; with a
blunt head blow the odds of each stun outcome (3.7), mounted combat's modifiers (3.9) and the range
steps from a distance and the weapon's L and S (3.4)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gmtool.app.cli_common import bounded, pad, percent
from gmtool.app.lotr import cli_attack_options as extra
from gmtool.app.lotr.cli_text import TITLE, exit_text, rule_name, say, shown
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import mounted, stun, weapons
from gmtool.rules.systems.lotr.attack import (
    AIM_BONUS,
    BOUNDS,
    HEAD_SHOT_TN,
    PARRIED,
    AttackSpec,
    attack_distribution,
    hit_probability,
)
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, SIZE_IDS, lotr_rules

ATTACK_KINDS = ("lotr-attack",)
BONUS = bounded(Message("攻撃のボーナス"), BOUNDS["bonus"])
DEFENCE = bounded("Defence", BOUNDS["defence"])
CALLED = bounded(Message("部位狙いの目標値修正"), BOUNDS["called_shot"])
RANGE_STEP = bounded(Message("距離の段階"), BOUNDS["range_steps"])
SHIELD = bounded(Message("盾のボーナス"), BOUNDS["shield"])
SIZE = bounded(Message("サイズの差"), BOUNDS["size_steps"])
PARRY = bounded(Message("防御（Parry/Block）のボーナス"), BOUNDS["parry"])
AIMS = {"0": 0, "1": 1, "3": 3}
STUN_TN = bounded(Message("スタン表の目標値"), (0, 99))
STAMINA = bounded("Stamina", stun.STAMINA_BOUNDS)
DISTANCE = bounded(Message("距離（ヤード）"), weapons.DISTANCE_BOUNDS)
LONG = bounded(Message("武器の L（ヤード）"), weapons.DISTANCE_BOUNDS)
STEP = bounded(Message("武器の S（ヤード）"), (1, weapons.DISTANCE_BOUNDS[1]))


def add_attack_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "lotr-attack",
        help=shown(
            Message("指輪物語RPG（CODA）の攻撃: 目標値 Defence に対する成功度（オプション・狙い・射撃）")
        ),
    )
    p.add_argument(
        "--bonus",
        type=BONUS,
        required=True,
        help=shown(Message("攻撃側の技能ランク + 能力値修正 + 修正{0}", BONUS.range)),
    )
    p.add_argument(
        "--defence",
        type=DEFENCE,
        required=True,
        help=shown(Message("対象の Defence（回避で上がったらその値）{0}", DEFENCE.range)),
    )
    options = p.add_mutually_exclusive_group()
    for name, text in (
        ("defensive", Message("defensive: 攻撃 −2")),
        ("power", Message("power: ダメージ +3")),
        ("precise", Message("precise: 攻撃 +2、ダメージ −2")),
        ("two-handed", Message("two-handed: ダメージ +4")),
        ("charge", Message("charge: 攻撃 +1、ダメージ 1.5 倍")),
    ):
        options.add_argument(f"--{name}", action="store_true", help=shown(text))
    extra.add_option_arguments(p, options)
    p.add_argument(
        "--aim",
        choices=list(AIMS),
        default="0",
        help=shown(Message("狙いをつけた: 1（直接攻撃）か 3（間接攻撃）")),
    )
    p.add_argument(
        "--called-shot",
        type=CALLED,
        default=0,
        help=shown(Message("部位狙いの目標値修正（頭部は {0}）{1}", HEAD_SHOT_TN, CALLED.range)),
    )
    p.add_argument(
        "--head", action="store_true", help=shown(Message("頭部狙い（目標値 +{0}）", HEAD_SHOT_TN))
    )
    p.add_argument(
        "--ranged",
        action="store_true",
        help=shown(Message("射撃（飛び道具）: Parry/Block できず、盾のボーナスは常に働く")),
    )
    p.add_argument(
        "--range-step",
        type=RANGE_STEP,
        default=0,
        help=shown(Message('射撃: "L" を越えた距離の段階 S の数（1 つ +2）{0}', RANGE_STEP.range)),
    )
    p.add_argument(
        "--shield",
        type=SHIELD,
        default=0,
        help=shown(Message("対象の盾の Parry/Block ボーナス{0}", SHIELD.range)),
    )
    p.add_argument(
        "--size",
        type=SIZE,
        default=0,
        help=shown(Message("対象のサイズ − 攻撃側のサイズ（1 段階 +2）{0}", SIZE.range)),
    )
    p.add_argument(
        "--parry",
        type=PARRY,
        default=None,
        help=shown(Message("対象が防御（Parry/Block）するときのボーナス（盾は --shield）{0}", PARRY.range)),
    )
    p.add_argument(
        "--blunt-head",
        action="store_true",
        help=shown(
            Message(
                "Blunt 攻撃で頭部狙い（目標値 +{0}）: 命中すればダメージのかわりにスタン（3.7）", HEAD_SHOT_TN
            )
        ),
    )
    p.add_argument(
        "--stun-tn", type=STUN_TN, help=shown(Message("スタン表（Table 9.17）の目標値{0}", STUN_TN.range))
    )
    p.add_argument(
        "--stun-stamina",
        type=STAMINA,
        help=shown(Message("対象の Stamina（ペナルティ込み）{0}", STAMINA.range)),
    )
    p.add_argument(
        "--mounted",
        action="store_true",
        help=shown(Message("攻撃側が騎乗: 小さい相手には Large として数える（3.9）")),
    )
    p.add_argument(
        "--attacker-size", choices=SIZE_IDS, default="medium", help=shown(Message("騎乗時: 攻撃側のサイズ"))
    )
    p.add_argument(
        "--target-size", choices=SIZE_IDS, default="medium", help=shown(Message("騎乗時: 対象のサイズ"))
    )
    p.add_argument(
        "--mounted-charge",
        action="store_true",
        help=shown(Message("騎乗の突撃で相手は徒歩: 目標値 −3（--mounted --charge と）")),
    )
    p.add_argument(
        "--from-horseback",
        action="store_true",
        help=shown(Message("馬上からの射撃: −4（--mounted --ranged と）")),
    )
    p.add_argument(
        "--distance",
        type=DISTANCE,
        help=shown(Message("射撃: 距離（ヤード）。--long と --step から段階を出す{0}", DISTANCE.range)),
    )
    p.add_argument("--long", type=LONG, help=shown(Message("武器の射程 L（ヤード）{0}", LONG.range)))
    p.add_argument(
        "--step", type=STEP, help=shown(Message('武器の "L" より先の1段階 S（ヤード）{0}', STEP.range))
    )
    p.add_argument("--json", action="store_true", help=shown(Message("JSON で出力")))


def _fail(parser: argparse.ArgumentParser, text: str) -> None:
    parser.exit(2, exit_text("lotr-attack", text))


def _range_steps(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.distance is None:
        if args.long is not None or args.step is not None:
            _fail(parser, Message("--long と --step は --distance と一緒に使います"))
        return int(args.range_step)
    if args.range_step:
        _fail(parser, Message("--distance と --range-step は一緒に使えません"))
    if args.long is None or args.step is None:
        _fail(parser, Message("--distance には武器の --long と --step（ヤード）が要ります"))
    w = weapons.Weapon("--distance", None, (None, None, None, args.long), args.step, None)
    return weapons.range_steps(w, args.distance)


def _stun(args: argparse.Namespace, parser: argparse.ArgumentParser) -> stun.StunRow | None:
    given = args.stun_tn is not None or args.stun_stamina is not None
    if not args.blunt_head:
        if given:
            _fail(parser, Message("--stun-tn と --stun-stamina は --blunt-head と一緒に使います"))
        return None
    if args.head or args.called_shot:
        _fail(parser, Message("--blunt-head は頭部狙いを含みます（--head / --called-shot は不要）"))
    if args.stun_tn is None:
        return None
    # the penalty and rounds do not change the odds: only the TN is read here
    return stun.StunRow("--stun-tn", args.stun_tn, 0, 0)


def run_attack(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.head and args.called_shot:
        _fail(parser, Message("--head と --called-shot は一緒に使えません"))
    row = _stun(args, parser)
    if row is not None and args.stun_stamina is None:
        _fail(parser, Message("--stun-tn には対象の --stun-stamina が要ります"))
    size = (
        mounted.size_steps(args.attacker_size, args.target_size, mounted=True) if args.mounted else args.size
    )
    if args.mounted and args.size:
        _fail(parser, Message("--mounted では --size のかわりに --attacker-size と --target-size を使います"))
    option = extra.option_of(args)
    refused = extra.refusal(args, option)
    if refused is not None:
        _fail(parser, refused)
    try:
        steps = _range_steps(args, parser)
        spec = AttackSpec(
            bonus=args.bonus,
            defence=args.defence,
            option="basic" if option == "trip" else option,
            sweeping=1 + len(args.sweep_target) if option == "sweep" else 1,
            aim=AIMS[args.aim],
            called_shot=HEAD_SHOT_TN if args.head or args.blunt_head else args.called_shot,
            ranged=args.ranged,
            range_steps=steps,
            shield=args.shield,
            size_steps=size,
            parry=args.parry,
            from_horseback=args.from_horseback,
            mounted_charge=args.mounted_charge,
            blunt=args.blunt_head,
            defence_mod=extra.own_defence(args),
            against_charger=args.charged_by_target,
            entangled=args.entangled,
        )
        specs, stops = extra.strikes(args, spec)
    except ValueError as refusal:
        _fail(parser, str(refusal))
    if option == "trip":
        return _trip(args, spec)
    if len(specs) > 1:
        return _series(args, specs, stops)
    dist = attack_distribution(spec)
    hit = hit_probability(spec)
    stun_odds = None if row is None else stun.stun_distribution(args.stun_stamina, row)
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
        if spec.ranged:
            out["range_steps"] = spec.range_steps
        _extras_json(out, args, spec)
        if stun_odds is not None:
            # the Stamina test's outcomes, and each as a share of all attacks (hit × outcome)
            out["stun"] = {str(k): float(stun_odds[k]) for k in stun.OUTCOME_ORDER}
            out["stunned_by_attack"] = {str(k): float(hit * stun_odds[k]) for k in stun.OUTCOME_ORDER}
        print(json.dumps(out))
        return 0
    rules = lotr_rules()
    kind = Message("射撃") if spec.ranged else Message("攻撃")
    say(
        Message(
            "{0}{1}: 攻撃 {2:+d} / 目標値 {3}（Defence {4}）",
            TITLE,
            kind,
            spec.attack_bonus,
            spec.tn,
            spec.defence,
        )
    )
    for degree in reversed(DEGREE_ORDER):
        print(f"  {pad(rule_name(rules.band(degree)), 44)}{percent(dist[degree])}")
    if spec.parry is not None:
        print(f"  {pad(shown(Message('防御（Parry/Block）された')), 44)}{percent(dist[PARRIED])}")
    unparried = Message("（防御されずに）") if spec.parry is not None else ""
    say(Message("  命中する確率{0} {1}", unparried, percent(hit)))
    _say_extras(args, spec)
    if stun_odds is not None:
        say(
            Message("  スタンの Stamina 判定（目標値 {0}、Stamina {1:+d}）:", args.stun_tn, args.stun_stamina)
        )
        for outcome in stun.OUTCOME_ORDER:
            print(f"    {pad(shown(stun.OUTCOME_TEXT[outcome]), 42)}{percent(stun_odds[outcome])}")
    return 0


def _extras_json(out: dict[str, Any], args: argparse.Namespace, spec: AttackSpec) -> None:
    if spec.option == "grapple":
        out["held"] = float(extra.grapple_probability(spec))
    contest = extra.hold_contest(args, spec.option)
    if contest is not None:
        out["breaks_free" if spec.option == "grab" else "wins_strength_test"] = float(contest)
    falls = extra.knockdown(args)
    if falls is not None:
        out["knockdown"] = float(falls)
        out["knocked_down_by_attack"] = float(hit_probability(spec) * falls)


def _say_extras(args: argparse.Namespace, spec: AttackSpec) -> None:
    if spec.option == "grapple":
        extra.say_extra(Message("絡め取る（Superior 以上の命中）"), extra.grapple_probability(spec))
    if spec.option == "grab":
        extra.say_extra(Message("つかむ（命中）"), hit_probability(spec))
    contest = extra.hold_contest(args, spec.option)
    if contest is not None:
        what = (
            Message("つかまれた側が抜け出す（STR 対抗判定）")
            if spec.option == "grab"
            else Message("捕縛の Strength 対決判定に勝つ（+4）")
        )
        extra.say_extra(what, contest)
    falls = extra.knockdown(args)
    if falls is not None:
        extra.say_extra(Message("転倒（Strength 判定に失敗）"), falls)
        extra.say_extra(Message("命中して転倒"), hit_probability(spec) * falls)


def _trip(args: argparse.Namespace, spec: AttackSpec) -> int:
    tripped = extra.trip_probability(args, spec.attack_bonus)
    if args.json:
        print(json.dumps({"system": "lotr", "attack_bonus": spec.attack_bonus, "tripped": float(tripped)}))
        return 0
    say(
        Message(
            "{0}足払い: 攻撃 {1:+d} / 抵抗 {2:+d}（対決判定、同点は振り直し）",
            TITLE,
            spec.attack_bonus,
            args.resist,
        )
    )
    extra.say_extra(Message("転倒させる"), tripped)
    return 0


def _series(args: argparse.Namespace, specs: list[AttackSpec], stops: bool) -> int:
    if args.json:
        print(json.dumps({"system": "lotr", "strikes": extra.series_json(specs, stops)}))
        return 0
    name = Message("sweep（なぎ払い）") if stops else Message("両手に武器")
    say(Message("{0}{1}: {2} 回の攻撃", TITLE, name, len(specs)))
    extra.say_series(specs, stops)
    return 0


assert set(AIMS.values()) <= set(AIM_BONUS.values())
