"""Who the LotR tracker's boxes offer: the participants still in the fight, in the tracker's order.
One place, so the attack, actions, mount and fear boxes list the same people."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel


def in_play(battle: BattleModel) -> list[tuple[str, str]]:
    """(name, id) of each participant who can act or be acted on."""
    return [(p.name, p.id) for p in battle.state().participants if p.in_play]


def target_for(battle: BattleModel, attacker: str | None, current: str | None) -> str | None:
    """The target a form offers for `attacker`: the one chosen while it is an opponent (another
    side, still in play), else the first opponent in the tracker's order, else the first other
    participant (everyone on one side); None when nobody else is in the fight."""
    state = battle.state()
    people = [p for p in state.participants if p.in_play]
    me = state.participant(attacker) if attacker else None
    others = [p for p in people if p.id != attacker]
    opponents = [p for p in others if me is None or p.side != me.side]
    if current in {p.id for p in opponents}:
        return current
    for group in (opponents, others):
        if group:
            return group[0].id
    return None
