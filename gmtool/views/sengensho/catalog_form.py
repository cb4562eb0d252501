"""The form for one 類型 in the 類型 catalog editor: its texts and its three 幻想能力.

The form only shows and reads a draft; the dialog decides when the draft goes into its working
copy.  Empty fields say 「未設定」: the rule text gives no 類型 content, the GM fills it in.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.catalog_model import ArchetypeDraft
from gmtool.rules.systems.sengensho.catalog_types import (
    ABILITIES_PER_ARCHETYPE,
    ABILITY_KIND_LABELS,
    AbilityKind,
    FantasyAbility,
)

UNSET_REQUIRED = -1  # the spin box's 「未設定」 (0 is a real 必要幻想値)
MAX_REQUIRED = 999
NAME_LENGTH = 60
ABILITY_NAME_LENGTH = 200


def _shown(text: str) -> str:
    """`text` as a QPlainTextEdit gives it back (it turns every line break into \\n)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")


def as_shown(draft: ArchetypeDraft) -> ArchetypeDraft:
    """`draft` as the form will read it back, so loading alone never counts as an edit."""
    abilities = tuple(replace(a, effect=_shown(a.effect)) for a in draft.abilities)
    return replace(
        draft,
        description=_shown(draft.description),
        impression=_shown(draft.impression),
        bond_guidance=_shown(draft.bond_guidance),
        abilities=abilities,
    )


def _text_box(height: int = 72) -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setTabChangesFocus(True)
    box.setMinimumHeight(height)
    box.setMaximumHeight(height * 2)
    return box


class AbilityBox(QGroupBox):
    """名前, 種類, 必要幻想値, 効果 of one 幻想能力."""

    edited = Signal()

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("幻想能力{0}").format(index + 1))
        unset = self.tr("未設定")
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(ABILITY_NAME_LENGTH)
        self.name_edit.setPlaceholderText(unset)
        self.kind_combo = QComboBox()
        for kind, label in ABILITY_KIND_LABELS.items():
            self.kind_combo.addItem(self.tr(label), kind.value)
        self.required_spin = QSpinBox()
        self.required_spin.setRange(UNSET_REQUIRED, MAX_REQUIRED)
        self.required_spin.setSpecialValueText(unset)
        self.required_spin.setValue(UNSET_REQUIRED)
        self.required_spin.setToolTip(
            self.tr("この類型の幻想値がこの値以上で使えます。未設定のあいだは使えません")
        )
        self.effect_edit = _text_box()
        self.effect_edit.setPlaceholderText(unset)

        self.name_edit.textEdited.connect(self._emit_edited)
        self.kind_combo.currentIndexChanged.connect(self._emit_edited)
        self.required_spin.valueChanged.connect(self._emit_edited)
        self.effect_edit.textChanged.connect(self._emit_edited)
        self._loading = False

        form = QFormLayout(self)
        form.addRow(self.tr("名前"), self.name_edit)
        form.addRow(self.tr("種類"), self.kind_combo)
        form.addRow(self.tr("必要幻想値"), self.required_spin)
        form.addRow(self.tr("効果"), self.effect_edit)

    def set_ability(self, ability: FantasyAbility) -> None:
        self._loading = True
        try:
            self.name_edit.setText(ability.name)
            self.kind_combo.setCurrentIndex(max(self.kind_combo.findData(ability.kind.value), 0))
            self.required_spin.setValue(UNSET_REQUIRED if ability.required is None else ability.required)
            self.effect_edit.setPlainText(ability.effect)
        finally:
            self._loading = False

    def ability(self) -> FantasyAbility:
        required = self.required_spin.value()
        return FantasyAbility(
            name=self.name_edit.text(),
            kind=AbilityKind(self.kind_combo.currentData()),
            required=None if required == UNSET_REQUIRED else required,
            effect=self.effect_edit.toPlainText(),
        )

    def _emit_edited(self, *_signal_arguments: object) -> None:
        if not self._loading:
            self.edited.emit()


class ArchetypeForm(QWidget):
    """名前, 解説, 印象効果, 縁故の指針 and the three 幻想能力 of the selected 類型."""

    edited = Signal()  # any field typed in
    name_committed = Signal()  # the name field was left (or Enter pressed)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        unset = self.tr("未設定")
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(NAME_LENGTH)
        self.users_label = QLabel()
        self.users_label.setWordWrap(True)
        self.description_edit = _text_box()
        self.impression_edit = _text_box()
        self.guidance_edit = _text_box()
        for box in (self.description_edit, self.impression_edit, self.guidance_edit):
            box.setPlaceholderText(unset)
            box.textChanged.connect(self._emit_edited)
        self.impression_edit.setToolTip(self.tr("縁故を結んだ相手に必ず適用される、他者に与える印象"))
        self.guidance_edit.setToolTip(self.tr("この類型で縁故を結べる対象・状況の指針"))
        self.name_edit.textEdited.connect(self._emit_edited)
        self.name_edit.editingFinished.connect(self.name_committed)
        self.ability_boxes = [AbilityBox(i) for i in range(ABILITIES_PER_ARCHETYPE)]
        for ability_box in self.ability_boxes:
            ability_box.edited.connect(self.edited)
        self._loading = False

        texts = QFormLayout()
        texts.addRow(self.tr("名前"), self.name_edit)
        texts.addRow("", self.users_label)
        texts.addRow(self.tr("解説"), self.description_edit)
        texts.addRow(self.tr("印象効果"), self.impression_edit)
        texts.addRow(self.tr("縁故の指針"), self.guidance_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(texts)
        for ability_box in self.ability_boxes:
            layout.addWidget(ability_box)
        layout.addStretch(1)

    def set_draft(self, draft: ArchetypeDraft | None) -> None:
        """Shows `draft` (None: nothing selected, the form is disabled and empty)."""
        shown = draft or ArchetypeDraft()
        self.setEnabled(draft is not None)
        if draft is None:
            self.users_label.clear()
        self._loading = True
        try:
            self.name_edit.setText(shown.name)
            self.description_edit.setPlainText(shown.description)
            self.impression_edit.setPlainText(shown.impression)
            self.guidance_edit.setPlainText(shown.bond_guidance)
            for ability_box, ability in zip(self.ability_boxes, shown.abilities, strict=True):
                ability_box.set_ability(ability)
        finally:
            self._loading = False

    def draft(self) -> ArchetypeDraft:
        return ArchetypeDraft(
            name=self.name_edit.text().strip(),
            description=self.description_edit.toPlainText(),
            impression=self.impression_edit.toPlainText(),
            bond_guidance=self.guidance_edit.toPlainText(),
            abilities=tuple(box.ability() for box in self.ability_boxes),
        )

    def set_name(self, name: str) -> None:
        self.name_edit.setText(name)

    def set_users(self, names: list[str]) -> None:
        """Who uses the 類型 under its current name: renaming or removing it leaves them without it."""
        if names:
            self.users_label.setText(
                self.tr("この類型を使うキャラクター: {0}").format(self.tr("、").join(names))
            )
        else:
            self.users_label.setText(self.tr("この類型を使うキャラクターはいません"))

    def _emit_edited(self, *_signal_arguments: object) -> None:
        if not self._loading:
            self.edited.emit()
