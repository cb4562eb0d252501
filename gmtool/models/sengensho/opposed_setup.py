"""The opposed-check stepper's set-up: who attacks and who defends, with what 判定値.

Each side is a 千幻抄 character's {特性値}+〈スキル〉 plus 修正, or a 判定値 typed in.  The set-up
can change only before the attacker rolls (the procedure keeps the rollers it started with): the
stepper (`SengenshoOpposedModel`, which holds this as `setup`) says when through `started`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.state import SYSTEM_ID, read_session
from gmtool.rules.systems.sengensho.character import ATTRIBUTE_LABELS, ATTRIBUTES, SengenshoCharacter
from gmtool.rules.systems.sengensho.opposed import StepRefused, TieRule
from gmtool.store.campaign import StoredCharacter

# 「その他、裁定の指針 — 対抗判定時の能力の適用」, as the text words it.
ROLE_HINT = (
    "攻撃側・防御側が不明確な場合、PCとNPCであれば、PCを防御側とする。"
    "PC同士であればイニシアティブが低い方を攻撃側とする"
)
TIE_RULE_LABELS = {
    TieRule.UNSET: "同値: GMが裁定（未設定）",
    TieRule.DEFENDER: "同値: 防御側の勝ち",
    TieRule.ATTACKER: "同値: 攻撃側の勝ち",
}


class Role(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


ROLE_LABELS = {Role.ATTACKER: "攻撃側", Role.DEFENDER: "防御側"}


@dataclass
class SideInputs:
    """One side's set-up: a character's {特性値}+〈スキル〉, or a typed 判定値; then 修正."""

    character_id: str | None = None
    attribute: str = ATTRIBUTES[0][0]
    skill: str | None = None
    custom: bool = False  # the 判定値 is typed (forced when there is no character)
    custom_value: int = 0
    modifier: int = 0


def percent_text(p: Fraction) -> str:
    """Never "0.0%" for a chance that exists, nor "100.0%" for one that can still fail."""
    if p in (0, 1):
        return f"{int(p) * 100}%"
    if p < Fraction(1, 2000):
        return "<0.1%"
    if p > 1 - Fraction(1, 2000):
        return ">99.9%"
    return f"{float(p) * 100:.1f}%"


class OpposedSetup(QObject):
    changed = Signal()

    def __init__(
        self, campaign_model: CampaignModel, started: Callable[[], bool], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._started = started  # True once the attacker has rolled: the set-up is fixed then
        self.sides = {Role.ATTACKER: SideInputs(), Role.DEFENDER: SideInputs()}
        self._default_sides()
        campaign_model.characters_changed.connect(self._on_characters_changed)
        campaign_model.character_changed.connect(self._on_characters_changed)

    # ---- set-up ---------------------------------------------------------------------------
    def characters(self) -> list[StoredCharacter]:
        return self.campaign_model.characters_of(SYSTEM_ID)

    def inputs(self, role: Role) -> SideInputs:
        return self.sides[role]

    def set_character(self, role: Role, character_id: str | None) -> None:
        inputs = self._editable(role)
        if character_id is not None and self._character_by_id(character_id) is None:
            raise StepRefused(self.tr("そのキャラクターは千幻抄のキャラクターではありません"))
        inputs.character_id = character_id
        character = self.character(role)
        if character is None or (inputs.skill and character.skill(inputs.skill) is None):
            inputs.skill = None  # another character's skill would be a number the sheet does not have
        self.changed.emit()

    def set_attribute(self, role: Role, key: str) -> None:
        if key not in ATTRIBUTE_LABELS:
            raise StepRefused(self.tr("特性値「{0}」はありません").format(key))
        self._editable(role).attribute = key
        self.changed.emit()

    def set_skill(self, role: Role, name: str | None) -> None:
        inputs = self._editable(role)
        character = self.character(role)
        if name is not None and (character is None or character.skill(name) is None):
            raise StepRefused(self.tr("〈{0}〉はこのキャラクターのスキルにありません").format(name))
        inputs.skill = name
        self.changed.emit()

    def set_custom(self, role: Role, custom: bool) -> None:
        inputs = self._editable(role)
        if custom and not inputs.custom:
            inputs.custom_value = self.value(role)  # start typing from the value shown
        inputs.custom = custom
        self.changed.emit()

    def set_custom_value(self, role: Role, value: int) -> None:
        inputs = self._editable(role)
        inputs.custom, inputs.custom_value = True, value
        self.changed.emit()

    def set_modifier(self, role: Role, modifier: int) -> None:
        self._editable(role).modifier = modifier
        self.changed.emit()

    def swap_offered(self) -> bool:
        """The text's hint applies: a PC attacks an NPC (「PCとNPCであれば、PCを防御側とする」)."""
        attacker, defender = self.character(Role.ATTACKER), self.character(Role.DEFENDER)
        return (
            not self._started()
            and attacker is not None
            and defender is not None
            and attacker.is_pc
            and not defender.is_pc
        )

    def swap(self) -> None:
        """攻撃側と防御側を入れ替える (set-up only)."""
        self._editable(Role.ATTACKER)
        self.sides = {Role.ATTACKER: self.sides[Role.DEFENDER], Role.DEFENDER: self.sides[Role.ATTACKER]}
        self.changed.emit()

    def center_on(self, character_id: str | None) -> None:
        """The dialog opened for the selected character: it takes the side the text's hint gives
        it (a PC defends, an NPC attacks) and the other side goes to someone of the other kind who
        appears in the current scene (else anyone of that kind, else anyone else).  Nothing
        changes for a character that is not 千幻抄's or is already on a side, or once the attacker
        has rolled."""
        chosen = self._character_by_id(character_id)
        if chosen is None or self._started():
            return
        if any(inputs.character_id == chosen.id for inputs in self.sides.values()):
            return  # already set up around it (a dialog raised again keeps the GM's set-up)
        own = Role.DEFENDER if chosen.character.is_pc else Role.ATTACKER
        other = Role.ATTACKER if own is Role.DEFENDER else Role.DEFENDER
        present = self._present()
        others = [s for s in self.characters() if s.id != chosen.id]
        ranked = sorted(
            others,
            key=lambda s: (s.character.is_pc == chosen.character.is_pc, s.id not in present),
        )
        self.sides[own] = SideInputs(character_id=chosen.id)
        self.sides[other] = SideInputs(character_id=ranked[0].id if ranked else None)
        self.changed.emit()

    def _present(self) -> tuple[str, ...]:
        """Who the GM recorded in the 千幻抄 session's current scene (() when none)."""
        session, _ = read_session(self.campaign_model)
        scene = session.scene(session.current_scene)
        return scene.present if scene is not None else ()

    @property
    def role_hint(self) -> str:
        return self.tr(ROLE_HINT)

    # ---- derived values ---------------------------------------------------------------------
    def character(self, role: Role) -> SengenshoCharacter | None:
        stored = self._character_by_id(self.sides[role].character_id)
        return stored.character if stored is not None else None

    def is_custom(self, role: Role) -> bool:
        return self.sides[role].custom or self.character(role) is None

    def value(self, role: Role) -> int:
        """判定値: {特性値}+〈スキル〉 of the character, or the typed value."""
        inputs, character = self.sides[role], self.character(role)
        if self.is_custom(role) or character is None:
            return inputs.custom_value
        skill = character.skill(inputs.skill) if inputs.skill else None
        return character.attribute(inputs.attribute) + (skill.level if skill else 0)

    def source_label(self, role: Role) -> str:
        """「{知性}+〈交渉〉」 as the text writes a check, or 直接入力."""
        if self.is_custom(role):
            return self.tr("直接入力")
        inputs = self.sides[role]
        # The text writes a 特性値 in braces; the English UI names it in English (as the panel does).
        label = self.tr("{{{0}}}").format(self.tr(ATTRIBUTE_LABELS[inputs.attribute]))
        return label + (f"+〈{inputs.skill}〉" if inputs.skill else "")

    def _editable(self, role: Role) -> SideInputs:
        if self._started():
            raise StepRefused(
                self.tr("攻撃側がダイスを振った後は設定を変えられません（「やり直し」で最初から）")
            )
        return self.sides[role]

    def _character_by_id(self, character_id: str | None) -> StoredCharacter | None:
        return next((s for s in self.characters() if s.id == character_id), None)

    def _default_sides(self) -> None:
        """Following the text's hint where it can: an NPC attacks, a PC defends."""
        characters = self.characters()
        npcs = [s.id for s in characters if not s.character.is_pc]
        pcs = [s.id for s in characters if s.character.is_pc]
        if npcs and pcs:
            self.sides[Role.ATTACKER].character_id, self.sides[Role.DEFENDER].character_id = npcs[0], pcs[0]
        elif characters:
            self.sides[Role.ATTACKER].character_id = characters[0].id
            self.sides[Role.DEFENDER].character_id = characters[min(1, len(characters) - 1)].id

    def _on_characters_changed(self, *_: object) -> None:
        if not self._started():  # a started procedure keeps what was rolled with
            for role, inputs in self.sides.items():
                character = self.character(role)
                if inputs.character_id is not None and character is None:
                    inputs.character_id = None
                    inputs.custom_value, inputs.custom = 0, False
                if inputs.skill and (character is None or character.skill(inputs.skill) is None):
                    inputs.skill = None
        self.changed.emit()
