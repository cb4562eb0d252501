"""What the sheets give the LotR tracker's forms before the GM types anything: the attack bonus of
the weapon chosen, a parry's weapon skill, Intimidate and Willpower, each with what it was read
from (the form says so beside the number).

Every total is the engine's (`kinds.check_kinds` through `weapon_skill`, the sheet's reactions):
nothing here adds ranks to modifiers.  A quick NPC has no sheet: None, the GM enters its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.rules_campaign import campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_kind
from gmtool.rules.battle import BattleRefused
from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.kinds import check_kinds
from gmtool.rules.systems.lotr.rules_types import LotRRules
from gmtool.rules.systems.lotr.weapon_skill import weapon_skill

INTIMIDATE_ID = "skill:intimidate"  # the kinds of Intimidate and its fields (Fear, Majesty, Power)


@dataclass(frozen=True)
class SheetValue:
    """A number of the sheet for a field of the tracker, and the check it is (shown beside it)."""

    value: int
    source: str


class LotRSheetValues(QObject):
    def __init__(self, battle: BattleModel) -> None:
        super().__init__(battle)
        self.battle = battle

    def character(self, participant_id: str | None) -> LotRCharacter | None:
        """The campaign character behind a participant (None: a quick NPC, or not a LotR sheet)."""
        if not participant_id:
            return None
        try:
            p = self.battle.participant(participant_id)
        except BattleRefused:  # a choice left from the fight before, while a box refills
            return None
        if not p.character_id:
            return None
        try:
            character = self.battle.campaign_model.character(p.character_id)
        except (KeyError, ValueError):
            return None
        # the boxes stay built while another system's fight runs: only a LotR sheet has these values
        return character if isinstance(character, LotRCharacter) else None

    def has_sheet(self, participant_id: str | None) -> bool:
        return self.character(participant_id) is not None

    def attack_bonus(self, participant_id: str | None, weapon: str | None, ranged: bool) -> SheetValue | None:
        """The attack's skill total with this weapon: Ranged Combat for a missile, else Armed Combat
        (3.2, 3.4), its specialisation when it names the weapon (1.4.1)."""
        character = self.character(participant_id)
        if character is None:
            return None
        kind = weapon_skill(character, self._rules(), ranged, weapon)
        return None if kind is None else self._from_kind(kind)

    def parry_bonus(self, participant_id: str | None) -> SheetValue | None:
        """A parry's test: the weapon held, the best Armed Combat skill (3.3)."""
        return self.attack_bonus(participant_id, None, ranged=False)

    def intimidate(self, participant_id: str | None) -> SheetValue | None:
        """The best Intimidate (ranks + modifier + specialisation) for a fear attack (3.8)."""
        character = self.character(participant_id)
        if character is None:
            return None
        kinds = [k for k in check_kinds(character, self._rules()) if k.id.lower().startswith(INTIMIDATE_ID)]
        return self._from_kind(max(kinds, key=lambda k: k.value)) if kinds else None

    def willpower(self, participant_id: str | None) -> SheetValue | None:
        """The Willpower a fear attack is resisted with (3.8; its penalties are the tracker's)."""
        character = self.character(participant_id)
        if character is None:
            return None
        return SheetValue(int(character.reactions.willpower), "Willpower")

    def _rules(self) -> LotRRules:
        return campaign_lotr_rules(self.battle.campaign_model)

    @staticmethod
    def _from_kind(kind: CheckKind) -> SheetValue:
        return SheetValue(kind.value, shown_kind(kind))
