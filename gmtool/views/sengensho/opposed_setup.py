"""The opposed-check stepper's set-up: each side's character, {特性値}+〈スキル〉 or typed 判定値, 修正;
the text's hint on who attacks, and the swap it suggests.

Everything is read from the model on `sync`; the whole box is disabled once the attacker has
rolled (the model refuses set-up changes then, and 「やり直し」 brings it back).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.opposed_model import Role, SengenshoOpposedModel
from gmtool.models.sengensho.opposed_setup import ROLE_LABELS
from gmtool.rules.systems.sengensho.character import ATTRIBUTES
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.check.roller_inputs_box import fill_combo

Guard = Callable[[Callable[[], object]], None]  # runs a model action, showing a refusal's reason
HINT_STYLE = Tone("note")
OFFER_STYLE = Tone("warning", "font-weight: bold;")


class OpposedSideBox(QGroupBox):
    """キャラクター, 特性値, 〈スキル〉, 直接入力 of the 判定値, 修正 — for one side."""

    def __init__(self, model: SengenshoOpposedModel, role: Role, guard: Guard) -> None:
        super().__init__(self.tr(ROLE_LABELS[role]))
        self.model, self.role, self._guard = model, role, guard
        self.character_combo = QComboBox()
        self.attribute_combo = QComboBox()
        self.skill_combo = QComboBox()
        self.custom_check = QCheckBox(self.tr("判定値を直接入力"))
        self.value_spin = QSpinBox()
        self.value_spin.setRange(-99, 999)
        self.value_spin.setKeyboardTracking(False)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(-99, 99)
        self.modifier_spin.setKeyboardTracking(False)
        self.summary_label = QLabel()
        form = QFormLayout(self)
        form.addRow(self.tr("キャラクター"), self.character_combo)
        form.addRow(self.tr("特性値"), self.attribute_combo)
        form.addRow(self.tr("〈スキル〉"), self.skill_combo)
        form.addRow(self.custom_check, self.value_spin)
        form.addRow(self.tr("修正"), self.modifier_spin)
        form.addRow("", self.summary_label)
        self.character_combo.currentIndexChanged.connect(self._character_chosen)
        self.attribute_combo.currentIndexChanged.connect(self._attribute_chosen)
        self.skill_combo.currentIndexChanged.connect(self._skill_chosen)
        self.custom_check.toggled.connect(self._custom_toggled)
        self.value_spin.valueChanged.connect(self._value_typed)
        self.modifier_spin.valueChanged.connect(self._modifier_typed)

    # Bound methods, not lambdas: the box may be deleted with the dialog while the model lives on.
    def _character_chosen(self, _: int) -> None:
        self._guard(lambda: self.model.setup.set_character(self.role, self.character_combo.currentData()))

    def _attribute_chosen(self, _: int) -> None:
        self._guard(lambda: self.model.setup.set_attribute(self.role, self.attribute_combo.currentData()))

    def _skill_chosen(self, _: int) -> None:
        self._guard(lambda: self.model.setup.set_skill(self.role, self.skill_combo.currentData()))

    def _custom_toggled(self, on: bool) -> None:
        self._guard(lambda: self.model.setup.set_custom(self.role, on))

    def _value_typed(self, value: int) -> None:
        self._guard(lambda: self.model.setup.set_custom_value(self.role, value))

    def _modifier_typed(self, value: int) -> None:
        self._guard(lambda: self.model.setup.set_modifier(self.role, value))

    def sync(self) -> None:
        model, role = self.model, self.role
        inputs, character = model.setup.inputs(role), model.setup.character(role)
        unnamed = self.tr("（名前なし）")
        characters: list[tuple[str, str | None]] = [(self.tr("（キャラクターなし: 判定値を直接入力）"), None)]
        for stored in model.setup.characters():
            pc = self.tr("PC") if stored.character.is_pc else self.tr("NPC")
            characters.append((self.tr("{0}（{1}）").format(stored.character.name or unnamed, pc), stored.id))
        attributes = [
            (
                self.tr("{0}（{1}）").format(self.tr(label), character.attribute(key))
                if character
                else self.tr(label),
                key,
            )
            for key, label in ATTRIBUTES
        ]
        skills: list[tuple[str, str | None]] = [(self.tr("なし"), None)]
        skills += [
            (self.tr("〈{0}〉（{1}）").format(s.name, s.level), s.name)
            for s in (character.skills if character else ())
        ]
        custom = model.setup.is_custom(role)
        widgets = (
            self.character_combo,
            self.attribute_combo,
            self.skill_combo,
            self.custom_check,
            self.value_spin,
            self.modifier_spin,
        )
        blockers = [QSignalBlocker(w) for w in widgets]
        fill_combo(self.character_combo, characters, inputs.character_id)
        fill_combo(self.attribute_combo, attributes, inputs.attribute)
        fill_combo(self.skill_combo, skills, inputs.skill)
        self.custom_check.setChecked(custom)
        self.value_spin.setValue(model.setup.value(role))
        self.modifier_spin.setValue(inputs.modifier)
        for blocker in blockers:
            blocker.unblock()
        self.attribute_combo.setEnabled(not custom)
        self.skill_combo.setEnabled(not custom)
        self.custom_check.setEnabled(character is not None)  # without one the value is always typed
        self.value_spin.setEnabled(custom)
        self.summary_label.setText(
            self.tr("{0} 判定値 {1} 修正 {2:+d}").format(
                model.source_label(role), model.setup.value(role), inputs.modifier
            )
        )


class OpposedSetupBox(QGroupBox):
    """Both sides, the text's hint on who is the 攻撃側, and the swap."""

    def __init__(self, model: SengenshoOpposedModel, guard: Guard, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("設定（攻撃側が振るまで変更できます）"), parent)
        self.model, self._guard = model, guard
        self.side_boxes = {role: OpposedSideBox(model, role, guard) for role in Role}
        self.hint_label = QLabel(self.tr("指針: {0}").format(model.setup.role_hint))
        self.hint_label.setWordWrap(True)
        set_tone(self.hint_label, HINT_STYLE)
        self.offer_label = QLabel(self.tr("PCが攻撃側、NPCが防御側になっています"))
        set_tone(self.offer_label, OFFER_STYLE)
        self.pc_defends_button = QPushButton(self.tr("PCを防御側に"))
        self.pc_defends_button.clicked.connect(self._swap)
        self.swap_button = QPushButton(self.tr("攻撃側と防御側を入れ替え"))
        self.swap_button.clicked.connect(self._swap)
        sides = QHBoxLayout()
        for box in self.side_boxes.values():
            sides.addWidget(box)
        swap_row = QHBoxLayout()
        swap_row.addWidget(self.offer_label)
        swap_row.addWidget(self.pc_defends_button)
        swap_row.addStretch(1)
        swap_row.addWidget(self.swap_button)
        # Once the attacker has rolled the inputs cannot change: one line says what was rolled with.
        self.editing = QWidget()
        editing_layout = QVBoxLayout(self.editing)
        editing_layout.setContentsMargins(0, 0, 0, 0)
        editing_layout.addLayout(sides)
        editing_layout.addWidget(self.hint_label)
        editing_layout.addLayout(swap_row)
        self.started_label = QLabel()
        self.started_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editing)
        layout.addWidget(self.started_label)

    def _swap(self) -> None:
        self._guard(self.model.setup.swap)

    def sync(self) -> None:
        for box in self.side_boxes.values():
            box.sync()
        model = self.model
        offered = model.setup.swap_offered()
        self.offer_label.setVisible(offered)
        self.pc_defends_button.setVisible(offered)
        self.editing.setVisible(not model.started)
        self.started_label.setVisible(model.started)
        sides = [
            self.tr("{0}: {1} {2} 判定値 {3} 修正 {4:+d}").format(
                self.tr(ROLE_LABELS[role]),
                model.name(role),
                model.source_label(role),
                model.roller(role).value,
                model.roller(role).modifier,
            )
            for role in Role
        ]
        self.started_label.setText(self.tr(" ／ ").join(sides) + self.tr("（設定の変更は「やり直し」から）"))
