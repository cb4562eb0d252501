"""What a 令呪 A (summon) or B (dismiss) does to the battle tracker's running AW fight, as
`AWSessionModel.use_command_spell` writes it in the same undo step as the 令呪.

A summon adds the servant to the fight (or brings it back from 逃走) and moves the round to
クリンナッププロセス; a dismissal marks the servant 逃走.  The rules are
`rules/systems/aw/spell_combat.py`'s; this module builds the tracker's document and the words of
the encounter's log and the session log.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject

from gmtool.rules.systems.aw import session as rules, spell_combat

if TYPE_CHECKING:
    from gmtool.models.aw.session_model import AWSessionModel


class FightChange(NamedTuple):
    document: dict[str, Any]  # the tracker's new encounter, ready to store
    before: Any  # the stored encounter it replaces (undo brings it back)
    text: str  # added to the session log line
    result: str  # added to the log line's result


class AWSpellFight(QObject):
    """Reads the running fight through the session model; changes nothing itself."""

    def __init__(self, session: AWSessionModel) -> None:
        super().__init__()  # made for one 令呪 and dropped: no parent to pile up on
        self.session = session

    def servant_in_play(self, servant: str) -> bool | None:
        """None when no AW fight is running; else whether `servant` is in it and has not left it
        (逃走): during a fight, that is what decides whether a 令呪 may summon it."""
        running = self.session.combat.running_encounter()
        if running is None:
            return None
        participant = spell_combat.servant_in_fight(running[0], servant)
        return participant is not None and not spell_combat.has_left(participant)

    def change(self, effect: rules.SpellEffect, master: str, servant: str, label: str) -> FightChange | None:
        """The tracker's next document for this 令呪, None when the fight does not change (no running
        AW fight, another effect, or a servant the dismissal does not concern)."""
        if effect not in (rules.SpellEffect.SUMMON, rules.SpellEffect.DISMISS):
            return None
        running = self.session.combat.running_encounter()
        if running is None:
            return None
        encounter, before = running
        # The tracker loads with the first fight: the session dialog opens without it.
        from gmtool.rules import battle, battle_turns

        roster = self.session.roster()
        spell = self.tr("令呪: {0} → {1}「{2}」").format(roster.name(master), roster.name(servant), label)
        name = roster.name(servant)
        if effect is rules.SpellEffect.DISMISS:
            left = spell_combat.dismiss_from_fight(encounter, servant)
            if left is None:
                return None
            event = self.tr("{0}: {1}は戦闘から退場（逃走）").format(spell, name)
            moved = battle.log_event(left, event)
            return FightChange(
                battle.dump_encounter(moved),
                before,
                self.tr(" — {0}は戦闘から退場（戦闘トラッカーで逃走）").format(name),
                self.tr("・戦闘から退場"),
            )
        joined = spell_combat.join_fight(encounter, servant, self._newcomer(servant), master)
        text = self.tr(" — 戦闘中のため、ラウンドはクリンナッププロセスへ")
        result = self.tr("・クリンナッププロセスへ")
        if joined is not None:
            encounter = battle.log_event(joined, self.tr("{0}: {1}が戦闘に加わった").format(spell, name))
            text = self.tr(" — {0}が戦闘に加わり、ラウンドはクリンナッププロセスへ").format(name)
            result = self.tr("・戦闘に参加・クリンナッププロセスへ")
        event = self.tr("令呪: {0} → {1}「{2}」のため、ラウンド {3} はクリンナッププロセスへ").format(
            roster.name(master), name, label, encounter.round
        )
        moved = battle.log_event(battle_turns.to_cleanup(encounter), event)
        return FightChange(battle.dump_encounter(moved), before, text, result)

    def _newcomer(self, servant: str) -> Any:
        """The servant as a new participant, built from its sheet as the tracker's 「参加」 does."""
        from gmtool.rules import battle_turns
        from gmtool.rules.battle_rules import combat_rules

        rules_of_aw = combat_rules("aw")
        seed = rules_of_aw.from_character(self.session.campaign_model.character(servant))
        return rules_of_aw.settle(battle_turns.participant_from(seed, uuid.uuid4().hex, servant))
