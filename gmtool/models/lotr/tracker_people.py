"""Who the LotR tracker's boxes offer: the participants still in the fight, in the tracker's order.
One place, so the attack, actions, mount and fear boxes list the same people."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel


def in_play(battle: BattleModel) -> list[tuple[str, str]]:
    """(name, id) of each participant who can act or be acted on."""
    return [(p.name, p.id) for p in battle.state().participants if p.in_play]
