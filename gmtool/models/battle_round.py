"""The round as the GM runs it in the tracker: start and end the fight, the next turn (or the one
before), the turn handed to someone the GM chooses, and who stands level with the actor.

A part of the combat tracker (`BattleModel.round`).  Who acts next is the system's rule
(`rules/battle_turns.py` asks its `CombatRules`); each step is one undo step and one log line, and a
step that rolls (initiative) takes a fresh seed, logged so the roll can be replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QObject

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.shown_text import listed
from gmtool.rules import battle_turns
from gmtool.rules.battle_types import Encounter, Phase


class BattleRound(QObject):
    def __init__(
        self, encounter: TrackedEncounter, seed: Callable[[], int], parent: QObject | None = None
    ) -> None:
        """`seed` gives a fresh seed for each step that rolls."""
        super().__init__(parent)
        self.encounter = encounter
        self.seed = seed

    # ---- reading ------------------------------------------------------------------------
    def can_take_turn(self, participant_id: str | None) -> bool:
        """Whether the GM may hand the turn to this participant: only in the middle of a round, to
        someone in play who has not acted and is not acting."""
        state = self.encounter.state()
        chosen = state.participant(participant_id)
        return (
            state.active
            and state.phase is Phase.TURN
            and chosen is not None
            and chosen.in_play
            and not chosen.acted
            and chosen.id != state.current
        )

    def tied_names(self) -> list[str]:
        """Who still waiting stands level with the actor by the rules (the GM may choose one of them)."""
        return self._waiting_names(self.encounter.state().tied)

    def ordered_by_principle_names(self) -> list[str]:
        """Who still waiting is level with the actor on 行動値 but was put after them by the text's rule
        of thumb (AW: 反射, 知覚, 幸運), which the GM may overrule."""
        return self._waiting_names(self.encounter.state().ordered_by_principle)

    def _waiting_names(self, ids: tuple[str, ...]) -> list[str]:
        state = self.encounter.state()
        if state.phase is not Phase.TURN:
            return []
        found = (state.participant(t) for t in ids)
        return [p.name for p in found if p and not p.acted]

    # ---- steps --------------------------------------------------------------------------
    def start(self) -> None:
        seed = self.seed()
        encounter = self.encounter
        new = battle_turns.start(encounter.state(), encounter.rules(), random.Random(seed))
        text = self.tr("戦闘開始「{0}」: ラウンド 1").format(new.name)
        encounter.commit(new, self.tr("戦闘開始"), text, seed=seed, dice=self._initiative_dice(new))

    def end(self) -> None:
        state = self.encounter.state()
        text = self.tr("戦闘終了（{0}ラウンド）").format(state.round)
        self.encounter.commit(battle_turns.end(state), self.tr("戦闘終了"), text)

    def next_turn(self) -> None:
        seed = self.seed()
        step = battle_turns.next_turn(self.encounter.state(), self.encounter.rules(), random.Random(seed))
        self._commit_step(step, self.tr("次の手番"), seed)

    def take_turn(self, participant_id: str) -> None:
        step = battle_turns.take_turn(self.encounter.state(), participant_id, self.encounter.rules())
        self._commit_step(step, self.tr("手番を渡す"), None, chosen=True)

    def previous_turn(self) -> None:
        new = battle_turns.previous_turn(self.encounter.state())
        actor = new.participant(new.current)
        text = self.tr("手番を戻す: {0}").format(actor.name if actor else "")
        self.encounter.commit(new, self.tr("前の手番"), text)

    # ---- internals --------------------------------------------------------------------------
    def _commit_step(
        self, step: battle_turns.Step, undo_text: str, seed: int | None, chosen: bool = False
    ) -> None:
        new = step.encounter
        parts = []
        for who, condition in step.ended:
            parts.append(self.tr("{0}の「{1}」が終わった").format(who, condition))
        for who, why in step.skipped:  # a lost turn: 元に戻す (or 前の手番) gives it back
            parts.append(self.tr("{0}の手番は「{1}」で飛ばした").format(who, why))
        actor = new.participant(new.current)
        if new.phase is Phase.CLEANUP:
            end = self.encounter.round_end_label()
            text = self.tr("ラウンド {0}: {1}（全員が行動済み）").format(new.round, end)
        elif new.phase is Phase.SETUP:
            text = self.tr("ラウンド {0} 開始").format(new.round)
        else:
            text = self.tr("ラウンド {0}: {1}の手番").format(new.round, actor.name if actor else "")
            if chosen:
                text += self.tr("（GMが選んだ）")
            if step.tied:
                tied = listed(new.get(t).name for t in step.tied)
                text += self.tr("（{0}と同値: GMが決めてよい）").format(tied)
        if parts:
            text += " — " + listed(parts)
        dice = self._initiative_dice(new) if new.phase is Phase.SETUP else ""
        # A turn passing on: the engine's own step from a state already read, nothing typed in it.
        who = actor.name if actor else ""
        self.encounter.commit(new, undo_text, text, checked=False, who=who, seed=seed, dice=dice)

    @staticmethod
    def _initiative_dice(encounter: Encounter) -> str:
        """The initiative rolls a round start made, for the log (LotR rolls Swiftness each round)."""
        rolled = [p for p in encounter.participants if "initiative_dice" in p.values and p.in_play]
        if not rolled or (encounter.round > 1 and encounter.option("keep_initiative")):
            return ""
        return listed(f"{p.name} {p.initiative}" for p in rolled)
