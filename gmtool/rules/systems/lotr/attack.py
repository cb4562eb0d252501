"""An attack from start to finish (3.2 攻撃, 3.3 回避と防御, 3.4 射撃, 3.5 狙いをつける, 3.6 攻撃の大成功,
3.10): the attack test against the target's Defence, the degree read from the margin (1.5), a parry
that may stop it, and the damage it does.

The TN is the target's Defence, or the dodge total that replaced it (3.3: a tie hits, since the
dodge total is the TN).  A parry is the defender's weapon skill test against the attack's total,
made only when that total reaches Defence (else the attack missed and the parry costs nothing);
a tie is the defender's.  Missiles (3.4) cannot be parried; the shield's Parry/Block bonus always
counts against them, so gmtool adds it to the TN; beyond "L" each range step S adds +2.

The odds are exact: below the top band every attack total is listed, and the infinite exploding
tail is summed in closed form (with a parry, `_tail_parried` sums the geometric series).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.dice import Distribution, Faces
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import exploding

# Re-exported: the attack's values
from gmtool.rules.systems.lotr.attack_types import (
    AIM_BONUS as AIM_BONUS,
    ATTACK_OPTIONS as ATTACK_OPTIONS,
    BOUNDS as BOUNDS,
    BREAK_NAMES as BREAK_NAMES,
    CHARGED_TARGET_BONUS as CHARGED_TARGET_BONUS,
    CLOSE_COMBAT_OPTIONS as CLOSE_COMBAT_OPTIONS,
    ENTANGLED_BONUS as ENTANGLED_BONUS,
    EXTRAORDINARY_CHOICES as EXTRAORDINARY_CHOICES,
    FIELD_NAMES as FIELD_NAMES,
    FROM_HORSEBACK as FROM_HORSEBACK,
    HEAD_SHOT_TN as HEAD_SHOT_TN,
    MOUNTED_CHARGE_TN as MOUNTED_CHARGE_TN,
    OPTIONS_BY_ID as OPTIONS_BY_ID,
    PARRIED as PARRIED,
    RANGE_STEP_TN as RANGE_STEP_TN,
    SIZE_STEP as SIZE_STEP,
    SWEEP_PENALTY as SWEEP_PENALTY,
    AttackOption as AttackOption,
    Outcome as Outcome,
)
from gmtool.rules.systems.lotr.checks import Bands, LotRRoller, RollSpec, degree_of, shipped_bands
from gmtool.rules.systems.lotr.rules_data import DEGREE_ORDER, Degree


def _check(name: str, value: int) -> None:
    low, high = BOUNDS[name]
    if not low <= value <= high:
        raise ValueError(Message("{0} {1} は {2}〜{3} の範囲外です", FIELD_NAMES[name], value, low, high))


@dataclass(frozen=True)
class AttackSpec:
    """bonus: the attacker's rank + attribute modifier + penalties + other modifiers.
    defence: the target's Defence now (a dodge total that raised it included).
    parry: the defender's parry bonus (weapon skill + modifiers; the shield is added), None = none."""

    bonus: int
    defence: int
    option: str = "basic"
    aim: int = 0
    called_shot: int = 0  # the called shot's TN modifier (head: +12)
    ranged: bool = False
    range_steps: int = 0
    shield: int = 0  # the target's shield Parry/Block bonus
    size_steps: int = 0  # the target's size − the attacker's, in steps
    parry: int | None = None
    bands: Bands = field(default_factory=shipped_bands)
    from_horseback: bool = False  # a ranged attack from horseback (3.9: −4)
    mounted_charge: bool = False  # a mounted charge against someone on foot (3.9: TN −3)
    blunt: bool = False  # a blunt blow at a called shot: stuns instead of damaging (3.7)
    sweeping: int = 1  # sweep: the number of people it aims at (2 or 3, 3.2)
    hand_penalty: int = 0  # two weapons: the penalty the GM entered for this hand (3.2)
    defence_mod: int = 0  # the target's own options until its next turn: on its Defence and parry
    against_charger: bool = False  # the attacker was charged by the target: +1 (3.2)
    entangled: bool = False  # the target is entangled by a whip (Grapple): +5 (3.2)

    def __post_init__(self) -> None:
        if self.option not in OPTIONS_BY_ID:
            raise ValueError(Message("攻撃オプション「{0}」はありません", self.option))
        if self.option == "trip":
            raise ValueError(Message("足払い（Trip）は Defence ではなく対決判定です（3.2）"))
        if self.option == "sweep" and self.sweeping not in SWEEP_PENALTY:
            raise ValueError(
                Message("sweep（なぎ払い）は二人か三人を狙います（3.2）: 対象は1人")
                if self.sweeping == 1
                else Message("sweep（なぎ払い）は二人か三人を狙います（3.2）: 対象は {0} 人", self.sweeping)
            )
        if self.option != "sweep" and self.sweeping != 1:
            raise ValueError(Message("二人以上を狙えるのは sweep（なぎ払い）だけです（3.2）"))
        if self.hand_penalty and self.option != "two_weapons":
            raise ValueError(Message("両手の武器のペナルティは「両手に武器」の攻撃だけのものです"))
        _check("defence_mod", self.defence_mod)
        _check("hand_penalty", self.hand_penalty)
        if self.ranged and self.option in CLOSE_COMBAT_OPTIONS:
            raise ValueError(
                Message("{0} は近接の攻撃です（射撃ではできません）", OPTIONS_BY_ID[self.option].name)
            )
        if self.aim not in AIM_BONUS.values():
            raise ValueError(Message("狙いのボーナスは +1（直接）か +3（間接）です（{0}）", self.aim))
        for name in ("bonus", "defence", "called_shot", "range_steps", "shield", "size_steps"):
            _check(name, getattr(self, name))
        if self.parry is not None:
            _check("parry", self.parry)
        if self.ranged and self.parry is not None:
            raise ValueError(Message("飛び道具に対しては Parry/Block できません（3.4）"))
        if self.range_steps and not self.ranged:
            raise ValueError(Message("距離の段階（range step）は射撃だけのものです"))
        if self.from_horseback and not self.ranged:
            raise ValueError(Message("馬上からの −4 は射撃（Ranged Combat）だけのものです（3.9）"))
        if self.mounted_charge and self.option != "charge":
            raise ValueError(Message("騎乗での突撃は攻撃オプション charge のときだけです（3.9）"))
        if self.blunt and not self.called_shot:
            raise ValueError(Message("スタンを起こす Blunt 攻撃は頭などを部位狙いで狙います（3.7 註）"))
        if self.blunt and self.ranged:
            raise ValueError(Message("Blunt 攻撃（スタン）は射撃ではできません"))

    @property
    def attack_option(self) -> AttackOption:
        return OPTIONS_BY_ID[self.option]

    @property
    def tn(self) -> int:
        """Defence + the called shot (− 3 for a mounted charge); missiles: + 2 per range step + the shield."""
        tn = self.defence + self.defence_mod + self.called_shot
        tn += MOUNTED_CHARGE_TN if self.mounted_charge else 0
        if self.ranged:
            tn += RANGE_STEP_TN * self.range_steps + self.shield
        return tn

    @property
    def attack_bonus(self) -> int:
        horseback = FROM_HORSEBACK if self.from_horseback else 0
        situation = (CHARGED_TARGET_BONUS if self.against_charger else 0) + (
            ENTANGLED_BONUS if self.entangled else 0
        )
        sweep = SWEEP_PENALTY.get(self.sweeping, 0) if self.option == "sweep" else 0
        return (
            self.bonus
            + self.attack_option.attack
            + self.aim
            + SIZE_STEP * self.size_steps
            + horseback
            + situation
            + sweep
            + self.hand_penalty
        )

    @property
    def parry_bonus(self) -> int | None:
        """The parry test's bonus: the shield's Parry/Block bonus counts when parrying (3.3), and the
        target's own option (defensive +2, power −2 …) until its next turn."""
        return None if self.parry is None else self.parry + self.shield + self.defence_mod

    def roll_spec(self) -> RollSpec:
        return RollSpec(LotRRoller(modifier=self.attack_bonus), self.tn, self.bands)


@dataclass(frozen=True)
class AttackResult:
    faces: Faces
    total: int  # 達成値
    tn: int
    degree: Degree  # read from total − TN
    parry_faces: Faces = ()
    parry_total: int | None = None

    @property
    def parried(self) -> bool:
        return self.parry_total is not None and self.parry_total >= self.total

    @property
    def hit(self) -> bool:
        return self.degree.succeeded and not self.parried

    @property
    def extraordinary(self) -> bool:
        return self.hit and self.degree is Degree.EXTRAORDINARY_SUCCESS

    @property
    def outcome(self) -> Outcome:
        return PARRIED if self.parried else self.degree


def judge(spec: AttackSpec, faces: Faces, parry_faces: Faces = ()) -> AttackResult:
    """The attack as these dice made it; the parry dice count only when the attack reached the TN
    (without them: the attack alone, before the parry is rolled)."""
    total = sum(faces) + spec.attack_bonus
    degree = degree_of(total - spec.tn, spec.bands)
    result = AttackResult(tuple(faces), total, spec.tn, degree)
    if spec.parry_bonus is None or not degree.succeeded or not parry_faces:
        return result
    return AttackResult(
        tuple(faces), total, spec.tn, degree, tuple(parry_faces), sum(parry_faces) + spec.parry_bonus
    )


def resolve(spec: AttackSpec, rng: random.Random) -> AttackResult:
    faces = exploding.roll_test(rng)
    result = judge(spec, faces)
    if spec.parry_bonus is not None and result.degree.succeeded:
        return judge(spec, faces, exploding.roll_test(rng))
    return result


def needs_parry_roll(spec: AttackSpec, faces: Faces) -> bool:
    """Whether the declared parry is rolled (and its action spent): the attack reached Defence."""
    return spec.parry is not None and judge(spec, faces).degree.succeeded


# ---- exact odds -------------------------------------------------------------------------------
def _parry_fails(roll: int, c: int) -> Fraction:
    """P(parry total < attack total) for an attack roll `roll`: R_P < roll + c."""
    return 1 - exploding.at_least(roll + c)


def _tail_parried(start: int, c: int) -> Fraction:
    """Σ_{r ≥ start} P(R_A = r)·P(R_P ≥ r + c), exactly.

    From r0 on (both rolls in the exploding tail, r0 ≥ 13 and r0 + c ≥ 13) every term of a period
    of 6 is 1/36 of the one six before (each tail falls ×1/6 per 6), so the rest is the first
    period × 36/35."""
    r0 = max(start, exploding.DOUBLE_SIX + 1, exploding.DOUBLE_SIX + 1 - c)
    head = sum(
        (exploding.pmf(r) * exploding.at_least(r + c) for r in range(start, r0)),
        Fraction(0),
    )
    period = sum(
        (exploding.pmf(r) * exploding.at_least(r + c) for r in range(r0, r0 + exploding.SIDES)),
        Fraction(0),
    )
    return head + period * Fraction(36, 35)


@lru_cache(maxsize=2048)
def attack_distribution(spec: AttackSpec) -> Distribution[Outcome]:
    """Exact P of each degree (read against the TN) and, with a parry, of being parried."""
    roll = spec.roll_spec()
    top_band = spec.bands[-1][1]
    assert top_band is not None
    low = min(exploding.PLAIN_TOTALS)
    top = max(low, spec.tn + top_band - spec.attack_bonus)  # dice total from which all is top band
    c = spec.attack_bonus - (spec.parry_bonus or 0)  # parry holds when R_P ≥ R_A + c
    weights: dict[Outcome, Fraction] = {}

    def add(key: Outcome, p: Fraction) -> None:
        if p:
            weights[key] = weights.get(key, Fraction(0)) + p

    for r in range(low, top):
        p = exploding.pmf(r)
        degree = roll.judge(r)
        if spec.parry_bonus is None or not degree.succeeded:
            add(degree, p)
        else:
            kept = p * _parry_fails(r, c)
            add(degree, kept)
            add(PARRIED, p - kept)
    tail = exploding.at_least(top)
    degree = roll.judge(top)
    if spec.parry_bonus is None or not degree.succeeded:
        add(degree, tail)
    else:
        parried = _tail_parried(top, c)
        add(degree, tail - parried)
        add(PARRIED, parried)
    order: tuple[Outcome, ...] = (*DEGREE_ORDER, PARRIED)
    return Distribution({k: weights[k] for k in order if weights.get(k)})


def hit_probability(spec: AttackSpec) -> Fraction:
    return attack_distribution(spec).probability(lambda k: k != PARRIED and Degree(k).succeeded)


# ---- damage (3.2, 3.6, 3.10) ------------------------------------------------------------------
_DICE = re.compile(r"^\s*(\d{1,2})\s*[dDｄＤ]\s*(\d{1,3})\s*(?:([+\-−])\s*(\d{1,3}))?\s*$")


@dataclass(frozen=True)
class DamageDice:
    """A weapon's damage as the GM wrote it in the weapon table: NdS+K (no exploding, 3.2)."""

    count: int
    sides: int
    plus: int = 0

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.plus

    def roll(self, rng: random.Random) -> tuple[Faces, int]:
        faces = tuple(rng.randint(1, self.sides) for _ in range(self.count))
        return faces, sum(faces) + self.plus

    def __str__(self) -> str:
        plus = f"{self.plus:+d}" if self.plus else ""
        return f"{self.count}d{self.sides}{plus}"


def parse_damage(text: str) -> DamageDice:
    """「2d6+1」「1d6」 → the dice; anything else is refused with what was typed."""
    found = _DICE.match(text)
    if not found or int(found.group(1)) < 1 or int(found.group(2)) < 2:
        raise ValueError(Message("ダメージは「2d6+1」のように書きます（入力: {0}）", text[:20]))
    plus = int(found.group(4) or 0) * (-1 if found.group(3) in ("-", "−") else 1)
    return DamageDice(int(found.group(1)), int(found.group(2)), plus)


def half_up(value: int) -> int:
    """5. 「割り算を行ったときは,端数を四捨五入する」: x/2 rounded half up."""
    return (value + 1) // 2 if value >= 0 else -((-value) // 2)


def damage_total(rolled: int, str_bonus: int, option: str = "basic") -> int:
    """The damage: what was rolled (or the maximum, 3.6) + the STR bonus (3.10) + the option's
    (power +3, precise −2, two-handed +4); charge ×1.5 of all of it, rounded half up.  Never < 0."""
    chosen = OPTIONS_BY_ID[option]
    total = rolled + str_bonus + chosen.damage
    if chosen.damage_times_half != 2:
        total = half_up(total * chosen.damage_times_half)
    return max(0, total)
