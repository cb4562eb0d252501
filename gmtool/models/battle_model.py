"""The combat tracker as Qt sees it: every step one undo step, one line in the encounter's own
log and one in the campaign's session log.

The encounter is one JSON document in the campaign's session state (ENCOUNTER_KEY), saved
encounters another (SAVED_KEY); the engine (`rules/battle*.py` and each system's `combat.py`)
decides what is allowed.  Rolls use a fresh seed each, logged so any roll can be replayed.

`BattleModel` starts, names and annotates the encounter and holds the tracker's parts, each one
responsibility over the same tracked encounter (`battle_encounter.TrackedEncounter`):

- `roster` (`battle_roster`): who joins, leaves and changes places; シートに反映 at the end;
- `round` (`battle_round`): start, the next and previous turn, the turn handed on, the end;
- `edit` (`battle_participant`): one participant's resources, status, side, secrecy, conditions;
- `saved` (`battle_saved`): encounters saved under a name and called up again;
- `exports` (`battle_exports`): the turn order for the players, CCFolia and Udonarium.

Each system's tracker box (AW, LotR) reads the encounter and commits its own steps through
`state`, `participant`, `rules`, `seed_source` and `commit` here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.battle_encounter import TrackedEncounter
from gmtool.models.battle_exports import EncounterExports
from gmtool.models.battle_keys import ENCOUNTER_KEY, SAVED_KEY
from gmtool.models.battle_participant import ParticipantEdits
from gmtool.models.battle_roster import BattleRoster
from gmtool.models.battle_round import BattleRound
from gmtool.models.battle_saved import SavedEncounters
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.system_names import system_choices, system_name
from gmtool.rules.battle_rules import CombatRules
from gmtool.rules.battle_types import BattleRefused, Encounter, Participant
from gmtool.rules.dice import new_seed
from gmtool.rules.systems import SYSTEMS


class BattleModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        parent: QObject | None = None,
        seed_source: Callable[[], int] = new_seed,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.seed_source = seed_source  # replaceable (tests fix the dice): read at every roll
        self.encounter = TrackedEncounter(campaign_model, self)
        self.roster = BattleRoster(self.encounter, self)
        self.round = BattleRound(self.encounter, lambda: self.seed_source(), self)
        self.edit = ParticipantEdits(self.encounter, self)
        self.saved = SavedEncounters(self.encounter, self)
        self.exports = EncounterExports(self.encounter, self)
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.characters_changed.connect(self.changed)

    # ---- reading ------------------------------------------------------------------------
    def state(self) -> Encounter:
        return self.encounter.state()

    def problem(self) -> str | None:
        """Why the stored encounter could not be read (shown; the next action replaces it)."""
        return self.encounter.problem()

    def rules(self) -> CombatRules:
        return self.encounter.rules()

    def participant(self, participant_id: str) -> Participant:
        return self.encounter.participant(participant_id)

    def round_end_label(self) -> str:
        """What the end of a round is called: クリンナップ in an SRS round (AW), else ラウンド終了."""
        return self.encounter.round_end_label()

    def systems(self) -> list[tuple[str, str]]:
        """(id, name) of each system an encounter can be started for, in the registry's order."""
        return system_choices()

    def offered_system(self, selected: str = "") -> str:
        """The system the tracker offers for 新しい戦闘 when it opens: the fight's own while one is
        under way or being gathered (reopening the campaign offered the selected AW character's
        system over the LotR fight shown below it), else the selected character's (`selected`),
        else the last fight's."""
        state = self.state()
        in_hand = state.active or (bool(state.participants) and state.round == 0)
        if state.system and in_hand:
            return state.system
        return selected or state.system

    # ---- the encounter ---------------------------------------------------------------------
    def new_encounter(self, system_id: str, name: str = "", keep_current: bool = False) -> None:
        """A new encounter replaces the one under way; with `keep_current` that one is saved first
        (`saved.keep_name()`), in the same undo step."""
        if system_id not in SYSTEMS:
            raise BattleRefused(self.tr("未対応のシステムです: {0}").format(system_id))
        name = name.strip() or self.tr("戦闘")
        encounter = Encounter(name=name, system=system_id)
        text = self.tr("新しい戦闘「{0}」（{1}）").format(name, system_name(system_id))
        with self.saved.replacing(keep_current):
            self.commit(encounter, text, text)

    def rename(self, name: str) -> None:
        if name.strip() and name.strip() != self.state().name:
            text = self.tr("戦闘の名前:「{0}」").format(name.strip())
            self.commit(replace(self.state(), name=name.strip()), text, text)

    def note(self, text: str) -> None:
        """A line of the GM's own in the encounter's log."""
        if text.strip():
            self.commit(self.state(), self.tr("メモ"), text.strip())

    # ---- for the systems' tracker boxes ------------------------------------------------------
    def commit(
        self, new: Encounter, undo_text: str, log_text: str | None, checked: bool = True, **log: Any
    ) -> None:
        """A system's step on the encounter (`new`, worked out by its engine from `state()`): one undo
        step named `undo_text`, and, when `log_text` is given, its line in the encounter's log and in
        the session log (`log` holds the line's who, dice, result, seed …)."""
        self.encounter.commit(new, undo_text, log_text, checked, **log)

    def log(self, text: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.encounter.log(text, who, dice, result, **extra)

    def _on_session_changed(self, key: str) -> None:
        # The fight, or what its rules read from the campaign (LotR: the GM's tables, a house rule)
        if key in (ENCOUNTER_KEY, SAVED_KEY) or key in self.rules().session_keys:
            self.changed.emit()
