"""The LotR character sheet's model: the character's fields (a `CharacterModel`), what the sheet
works out from them (`values`, `skill_rows`), the sheet's own edits (the favoured attributes,
the skill table), and the models its boxes and dialogs use — `actions` (wounds, weariness,
courage, corruption, renown), `steps` (load, Armed Combat, a renown raise) and `renown` (the
renown test).

A rule-table or house-rule edit re-reads the tables and is told as `changed`, as an edit of the
character is, so the sheet re-syncs once for either.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import ValidationError
from PySide6.QtCore import QObject

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.character_model import CharacterModel
from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.character_steps import LotRCharacterSteps
from gmtool.models.lotr.renown_model import LotRRenownModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.lotr.character import LotRCharacter, Skill
from gmtool.rules.systems.lotr.derived import (
    SheetValues,
    SkillRow,
    corruption_reached_bearing,
    sheet_values,
    skill_rows,
)
from gmtool.rules.systems.lotr.rules_data import LotRRules
from gmtool.store.validation import format_validation_error

MAX_FAVOURED = 2  # 1.1 「得意能力(favored attribute)」を 二つ選択する
SEPARATORS = ("、", ",", "，")  # between the specialisations typed in one box
REACHED, NEAR = "reached", "near"  # where Corruption stands against Bearing


def split_list(text: str) -> tuple[str, ...]:
    """「Hide、Sneak」 (or with , ，) → the parts, trimmed, empty ones left out."""
    for separator in SEPARATORS[1:]:
        text = text.replace(separator, SEPARATORS[0])
    return tuple(part.strip() for part in text.split(SEPARATORS[0]) if part.strip())


class LotRSheetModel(CharacterModel):
    def __init__(
        self, campaign_model: CampaignModel, character_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(campaign_model, character_id, parent)
        self.actions = LotRActions(campaign_model, character_id, parent=self)
        self.steps = LotRCharacterSteps(campaign_model, character_id, parent=self)
        self._renown: LotRRenownModel | None = None
        campaign_model.session_changed.connect(self._on_session_changed)

    @property
    def renown(self) -> LotRRenownModel:
        """The renown test of this character (1.2), made when first asked for."""
        if self._renown is None:
            self._renown = LotRRenownModel(self.campaign_model, self.character_id, parent=self)
        return self._renown

    @property
    def rules(self) -> LotRRules:
        return self.actions.rules

    @property
    def lotr_character(self) -> LotRCharacter:
        return self.character_as(LotRCharacter)

    # ---- what the sheet works out -------------------------------------------------------------
    def values(self) -> SheetValues:
        return sheet_values(self.lotr_character, self.rules)

    def skill_rows(self) -> list[SkillRow]:
        return skill_rows(self.lotr_character, self.rules)

    @property
    def corruption_standing(self) -> str:
        """REACHED once Corruption has reached Bearing (1.2.4: an NPC), NEAR one point before, ''."""
        c = self.lotr_character
        if corruption_reached_bearing(c):
            return REACHED
        return NEAR if c.corruption == c.attributes.brg - 1 else ""

    # ---- the sheet's own edits ----------------------------------------------------------------
    def spend_courage(self, points: int, skill: str = "") -> str:
        """Courage spent on a test of `skill` ('' = none named), each point worth +3 and the traits
        the character has for that skill (1.2.3); refused while such a trait's value is 未設定."""
        value = self.steps.courage_value(skill)
        if value.refusal:
            raise ValueError(value.refusal)
        return self.actions.spend_courage(points, value.total, value.text() if value.parts else "")

    def set_favoured(self, attribute: str, on: bool) -> None:
        """Ticks or unticks a favoured attribute: two at most (1.1); one undo step."""
        current = tuple(self.lotr_character.favoured_attributes)
        if on and len(current) >= MAX_FAVOURED:
            raise ValueError(
                self.tr("得意能力値は {0} つまでです（1.1）。先にどれかを外してください").format(MAX_FAVOURED)
            )
        chosen = (*current, attribute) if on else tuple(a for a in current if a != attribute)
        self.set_value("favoured_attributes", chosen, self.tr("得意能力値"))

    def add_skill(
        self, name: str, attribute: str, ranks: int, specialisations: str, order_skill: bool
    ) -> None:
        skill = self._skill(name, attribute, ranks, specialisations, order_skill)
        skills = self.lotr_character.skills
        if any(s.name == skill.name for s in skills):
            raise ValueError(
                self.tr("{0} はもう技能表にあります（選択して更新してください）").format(skill.name)
            )
        self._store((*skills, skill), self.tr("技能 {0} の追加").format(skill.name))

    def update_skill(
        self, row: int, name: str, attribute: str, ranks: int, specialisations: str, order_skill: bool
    ) -> None:
        self._row(row)
        skill = self._skill(name, attribute, ranks, specialisations, order_skill)
        skills = list(self.lotr_character.skills)
        if any(s.name == skill.name for i, s in enumerate(skills) if i != row):
            raise ValueError(self.tr("{0} はもう技能表にあります").format(skill.name))
        skills[row] = skill
        self._store(tuple(skills), self.tr("技能 {0} の変更").format(skill.name))

    def remove_skill(self, row: int) -> None:
        self._row(row)
        skills = self.lotr_character.skills
        self._store(skills[:row] + skills[row + 1 :], self.tr("技能 {0} の削除").format(skills[row].name))

    # ---- internals ------------------------------------------------------------------------------
    def _row(self, row: int) -> None:
        if not 0 <= row < len(self.lotr_character.skills):
            raise ValueError(self.tr("技能を表で選んでください"))

    def _skill(self, name: str, attribute: str, ranks: int, specialisations: str, order_skill: bool) -> Skill:
        name = name.strip()
        if not name:
            raise ValueError(self.tr("技能名を入力してください"))
        fields = split_list(specialisations)
        if len(set(fields)) != len(fields):
            raise ValueError(self.tr("{0} の特化が重複しています").format(name))
        try:
            return Skill(
                name=name,
                ranks=ranks,
                attribute=attribute,  # type: ignore[arg-type]  # the schema checks it
                specialisations=fields,
                order_skill=order_skill,
            )
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None

    def _store(self, skills: tuple[Skill, ...], undo_text: str) -> None:
        """One undo step named after what happened (set_value would call every edit 「…を変更」)."""
        updated = replace(self.lotr_character, skills=skills)
        try:
            updated = self.system.load_character(self.system.dump_character(updated))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.campaign_model.update_character(self.character_id, updated, undo_text)

    def _on_session_changed(self, key: str) -> None:
        if key in (RULES_KEY, HOUSE_RULES_KEY):  # the wound-penalty reading rides on the tables
            self.actions.reload_rules()
            self.changed.emit()
