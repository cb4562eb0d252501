"""令呪 and the battle tracker's running AW fight: the servant a 令呪 calls in joins the fight, and
the servant it sends away leaves it.

契約ルール「令呪の使用方法」:
  A「シーンに登場していないサーヴァントを瞬間的に呼び出すことができる。戦闘中で令呪によるシーン
    登場を行なった場合、そのラウンドは即座にクリンナッププロセスに移行する。」
  B「既にシーンに登場しているサーヴァントを、強制的に退場させる事ができる。…ダメージを受ける前に
    戦闘から退場させる事ができる。」

Pure operations on the tracker's encounter (`rules/battle.py`); each returns None when the fight
does not change, so the caller writes nothing to the tracker then.  Moving the round to cleanup is
`battle_turns.to_cleanup`'s.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.battle import Encounter, Participant, Status, add_participants, with_participant


def servant_in_fight(encounter: Encounter, servant: str) -> Participant | None:
    """The participant that is the campaign character `servant` (None: not in the fight)."""
    return next((p for p in encounter.participants if p.character_id == servant), None)


def has_left(participant: Participant) -> bool:
    """逃走: out of the fight, so a 令呪A may call it back in."""
    return participant.status is Status.FLED


def dismiss_from_fight(encounter: Encounter, servant: str) -> Encounter | None:
    """B: the servant leaves the fight: its participant becomes 逃走 (left the scene), so it takes
    no more turns and the GM still sees it in the list.  None when it is not in the fight, has
    already left, or is dead (a dead servant's state is kept as it is)."""
    participant = servant_in_fight(encounter, servant)
    if participant is None or participant.status in (Status.FLED, Status.DEAD):
        return None
    return with_participant(encounter, participant.id, lambda p: replace(p, status=Status.FLED))


def join_fight(encounter: Encounter, servant: str, newcomer: Participant, master: str) -> Encounter | None:
    """A: the summoned servant joins the fight.

    A servant that had left it (逃走, e.g. sent away by an earlier 令呪B) comes back in play; one not
    in it yet joins as `newcomer`, on its master's side when the master is in the fight (the servant
    fights for the one who called it).  None when the servant is already in the fight, in play,
    defeated or dead: the GM's tracker is left as it is."""
    participant = servant_in_fight(encounter, servant)
    if participant is not None:
        if not has_left(participant):
            return None
        return with_participant(encounter, participant.id, lambda p: replace(p, status=Status.ACTIVE))
    ally = servant_in_fight(encounter, master)
    joined = newcomer if ally is None else replace(newcomer, side=ally.side)
    return add_participants(encounter, [joined])
