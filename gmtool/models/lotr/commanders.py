"""Who tests for a unit in the army tracker: a campaign LotR character and one of his check kinds
(the judgement panel's `roller_for`: ranks + attribute modifier + wound and weariness), or a bonus
the GM types.  The army model holds one (`army_model.commanders`); the commander pickers ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.check_log import bonus_parts
from gmtool.models.lotr.shown_names import shown_kind
from gmtool.rules.checks import CheckKind
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.kinds import check_kinds, roller_for
from gmtool.rules.systems.lotr.rules_data import LotRRules
from gmtool.rules.systems.lotr.units import ArmyRefused

SYSTEM_ID = "lotr"
ATTACK_SKILL, FALLBACK_KIND = "Siegecraft", "attribute:brg"  # 「Siegecraft 技能(ないときは Bearing)」
INTIMIDATE_SKILL = "Intimidate"


@dataclass(frozen=True)
class Commander:
    """Who tests: a campaign character and one of his check kinds, or a typed bonus."""

    character_id: str | None = None
    kind_id: str = ""  # a CheckKind id of the character
    bonus: int = 0  # typed in when no character is picked
    modifier: int = 0  # the situation's modifier to the roll


class LotRCommanders(QObject):
    def __init__(
        self, campaign_model: CampaignModel, rules: Callable[[], LotRRules], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._rules = rules  # the campaign's tables as they are now (house rules included)

    def characters(self) -> list[tuple[str, str]]:
        """(id, name) of the campaign's LotR characters: who may command."""
        return [(s.id, s.character.name) for s in self.campaign_model.characters_of(SYSTEM_ID)]

    def kinds(self, character_id: str) -> list[CheckKind]:
        return check_kinds(self.campaign_model.character(character_id), self._rules())

    def default_kind(self, character_id: str, skill: str = ATTACK_SKILL) -> str:
        """The character's `skill` test, else for an attack his Bearing; "" when he has neither
        (the GM picks: no other substitute is in the rules)."""
        kinds = [k.id for k in self.kinds(character_id)]
        for kind_id in kinds:
            name = kind_id.partition(":")[2]
            if kind_id.startswith("skill:") and (name == skill or name.startswith(f"{skill}:")):
                return kind_id
        return FALLBACK_KIND if skill == ATTACK_SKILL else ""

    def roller(self, commander: Commander) -> LotRRoller:
        if commander.character_id is None:
            return LotRRoller(rank=commander.bonus, modifier=commander.modifier)
        character = self.campaign_model.character(commander.character_id)
        try:
            return roller_for(character, commander.kind_id, self._rules(), commander.modifier)
        except KeyError:
            raise ArmyRefused(
                self.tr("{0} の判定（技能・能力値）を選んでください").format(character.name)
            ) from None

    def text(self, commander: Commander) -> str:
        """「ナール: Bearing（能力値修正 +1 負傷・疲労 −1 = +0）」: where each point comes from."""
        roller = self.roller(commander)
        if commander.character_id is None:
            return self.tr("直接入力 {0:+d}").format(roller.bonus)
        character = self.campaign_model.character(commander.character_id)
        kind = next((k for k in self.kinds(commander.character_id) if k.id == commander.kind_id), None)
        parts = " ".join(f"{name} {points:+d}" for name, points in bonus_parts(roller, commander.kind_id))
        label = shown_kind(kind) if kind else commander.kind_id
        if not parts:  # an attribute test with a modifier of 0: nothing to break down
            return f"{character.name}: {label} {roller.bonus:+d}"
        return f"{character.name}: {label}（{parts} = {roller.bonus:+d}）"
