"""3.9 騎乗戦闘: a rider in the combat tracker.

- 「馬上にいる間,そのキャラクターは非常に背が高いと考えられるので, "Large" size のキャラクターなどと同様
  に, 小さい者に対する攻撃と回避にペナルティを受ける」: against a target smaller than Large the rider
  counts as Large in the size steps (3.2: −2 per step smaller); a rider's dodge against an attacker
  smaller than Large takes the same −2 per step (dodge_modifier; only the penalty: a bigger
  attacker gives the rider no 3.9 bonus).
- 「馬上からの Ranged Combat 攻撃は -4 ペナルティ」.
- 「騎乗時の突撃では, 相手が騎乗していない場合は,「有利な位置」による修正で 目標値を -3 する」.
- 「ダメージの決定および転倒の判定に対して,本人のSTRの代わりに馬のSTRを用いてよい」: the GM enters
  the horse's STR modifier; the attack then uses it instead of the rider's.
- War-Trained: 「乗り手が指定した敵を攻撃するために,1アクション使用できる」: one attack action a turn
  for the horse, without touching the rider's actions.
- 「戦闘中は,特に Ride 判定に -1 〜 -4 のペナルティを受ける」, none if the horse is Steady; Mearas and
  Elven-steeds have Ride: 「乗り手の Ride 技能とどちらか高いほうを用いることができる」.
- Table 9.22's speeds (reference_catalog.HORSE_SPEEDS): a move costs the row's actions (or the
  full round) and Run/Gallop take a Run test at its TN; a 未設定 cost is refused, not guessed.

The mount is kept in the participant's values (MOUNT_KEYS), so it is saved, undone and redone
with the encounter.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.battle import Action, BattleRefused, Encounter, Participant, with_participant
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import combat
from gmtool.rules.systems.lotr.attack_types import SIZE_STEP
from gmtool.rules.systems.lotr.combat_types import ACTIONS_BY_ID, ACTIONS_PER_TURN

# Re-exported: the horse's values
from gmtool.rules.systems.lotr.mounted_types import (
    FROM_HORSEBACK as FROM_HORSEBACK,
    HORSE_ATTACK as HORSE_ATTACK,
    HORSE_FULL as HORSE_FULL,
    HORSE_MOVE as HORSE_MOVE,
    HORSE_STR_BOUNDS as HORSE_STR_BOUNDS,
    LARGE as LARGE,
    MOUNT_KEYS as MOUNT_KEYS,
    MOUNTED_CHARGE_TN as MOUNTED_CHARGE_TN,
    RIDE_BOUNDS as RIDE_BOUNDS,
    RIDE_PENALTY_BOUNDS as RIDE_PENALTY_BOUNDS,
    TABLE as TABLE,
    UNSET as UNSET,
    HorseMove as HorseMove,
    Mount as Mount,
)
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceTable, UnsetCell
from gmtool.rules.systems.lotr.rules_data import SIZE_IDS


def mount_of(p: Participant) -> Mount:
    return Mount(
        mounted=bool(p.value("mounted")),
        war_trained=bool(p.value("horse_war_trained")),
        steady=bool(p.value("horse_steady")),
        ride=p.value("horse_ride") if p.value("horse_has_ride") else None,
        horse_str=p.value("horse_str") if p.value("horse_has_str") else None,
    )


def set_mount(encounter: Encounter, participant_id: str, mount: Mount) -> Encounter:
    for name, value, (low, high) in (
        ("Ride", mount.ride, RIDE_BOUNDS),
        (Message("馬の STR 修正"), mount.horse_str, HORSE_STR_BOUNDS),
    ):
        if value is not None and not low <= value <= high:
            raise BattleRefused(Message("{0} {1} は {2}〜{3} の範囲外です", name, value, low, high))
    return with_participant(
        encounter, participant_id, lambda p: replace(p, values={**p.values, **mount.values()})
    )


def size_steps(attacker: str, target: str, mounted: bool) -> int:
    """The target's size − the attacker's, in steps; a rider counts as Large against a smaller target."""
    a, t = SIZE_IDS.index(attacker), SIZE_IDS.index(target)
    large = SIZE_IDS.index(LARGE)
    if mounted and t < large:
        a = max(a, large)
    return t - a


def size_of(p: Participant) -> str | None:
    """A participant's size, kept when a campaign character joined the tracker; None: unknown."""
    order = p.value("size_order")
    return SIZE_IDS[order - 1] if 1 <= order <= len(SIZE_IDS) else None


def dodge_modifier(rider: str, attacker: str) -> int:
    """3.9: a rider's dodge (Swiftness, 3.3) against this attacker — −2 per step the attacker is
    smaller than the rider counted as Large; 0 against a Large or bigger attacker."""
    return SIZE_STEP * min(0, size_steps(rider, attacker, mounted=True))


def size_dodge_bonus(defender: str, attacker: str) -> int:
    """1.5: 「SmallのキャラクターはMediumのキャラクターに対して 攻撃・防御に+2ボーナス」 — a defender on
    foot dodges a larger attacker at +2 per step (3.2's 「防御判定は修正を受けない」 is read as the
    parry, 3.3's 防御(Parry/Block), which keeps no size modifier); 0 against an equal or smaller one."""
    return SIZE_STEP * max(0, SIZE_IDS.index(attacker) - SIZE_IDS.index(defender))


def ride_bonus(rider: int, mount: Mount, penalty: int) -> int:
    """A Ride test's bonus in combat: the better Ride (Mearas, Elven-steed) and −1〜−4 unless Steady."""
    low, high = RIDE_PENALTY_BOUNDS
    if penalty and not low <= penalty <= high:
        raise BattleRefused(
            Message("戦闘中の Ride 判定のペナルティは {0}〜{1} です（{2}）", low, high, penalty)
        )
    best = rider if mount.ride is None else max(rider, mount.ride)
    return best + (0 if mount.steady else penalty)


def horse_move(table: ReferenceTable, name: str) -> HorseMove:
    row = table.row(name)
    if row is None:
        raise BattleRefused(Message("{0}に「{1}」はありません", TABLE, name))
    yards, actions, full, tn = (row.get(c) for c in ("yards", "actions", "full_round", "run_tn"))
    if full is True:
        cost = None
    elif isinstance(actions, int) and not isinstance(actions, bool):
        cost = actions
    else:
        refusal = Message("{0}の「{1}」のアクション数が{2}", TABLE, name, UNSET)
        raise BattleRefused(UnsetCell(CellRef(table.id, name, "actions"), refusal))
    return HorseMove(
        name,
        yards if isinstance(yards, int) and not isinstance(yards, bool) else None,
        cost,
        tn if isinstance(tn, int) and not isinstance(tn, bool) else None,
    )


def spend_horse_move(encounter: Encounter, participant_id: str, move: HorseMove) -> combat.Spent:
    """The rider's actions for the horse's move: its cost, or the whole turn for a full-round one."""
    p = encounter.get(participant_id)
    if not mount_of(p).mounted:
        raise BattleRefused(Message("{0}は騎乗していません", p.name))
    if move.cost is None:
        return combat.spend_action(encounter, participant_id, HORSE_FULL)
    spent = combat.spend_action(encounter, participant_id, HORSE_MOVE)
    if move.cost == 1:
        return spent
    # Table 9.22's cost is the GM's: the recorded action carries it (Run: 2).
    q = spent.encounter.get(participant_id)
    allowance = q.value("actions", ACTIONS_PER_TURN)
    used_before = combat.actions_used(p)
    last = replace(q.actions[-1], cost=move.cost)
    changed = replace(q, actions=(*q.actions[:-1], last))
    penalty = combat.extra_penalty(allowance, used_before + move.cost) if move.cost else 0
    return combat.Spent(with_participant(spent.encounter, participant_id, lambda _p: changed), penalty)


def spend_horse_attack(encounter: Encounter, participant_id: str) -> Encounter:
    """War-Trained: the horse's one attack action this turn; the rider's actions are untouched."""
    p = encounter.get(participant_id)
    mount = mount_of(p)
    if not mount.mounted or not mount.war_trained:
        raise BattleRefused(Message("{0}の馬は War-Trained ではありません（3.9）", p.name))
    if any(a.kind == HORSE_ATTACK for a in p.actions):
        raise BattleRefused(
            Message("{0}の馬はこのターンにもう攻撃しました（War-Trained は1アクション）", p.name)
        )
    if not p.in_play:
        raise BattleRefused(Message("{0}は行動できません", p.name))
    kind = ACTIONS_BY_ID[HORSE_ATTACK]
    changed = replace(p, actions=(*p.actions, Action(kind.id, kind.name, 0)))
    return with_participant(encounter, participant_id, lambda _p: changed)
