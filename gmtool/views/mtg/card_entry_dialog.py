"""Entering a card by hand, for a card the database lacks.

The player types what is printed on the card; gmtool invents nothing.  Only the facts the 行動判定
reads are asked for: names, マナ総量, colors, the type line (as the game's English words, offered as
check boxes with their Japanese names) and 欠色.  A preview says how the check will treat the card.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.card_entry_model import CardFields, MTGCardEntryModel
from gmtool.models.mtg.labels import (
    COLOR_CODES,
    card_full_name,
    color_name,
    colors_label,
    land_type_name,
    type_word,
)
from gmtool.rules.systems.mtg.cards import Card
from gmtool.views.appearance import set_tone
from gmtool.views.print.parts import QT_TRANSLATE_NOOP
from gmtool.views.widgets import shown_message

# The game's English words (as the card data writes them), each shown in the UI language.
SUPERTYPES = ("Basic", "Legendary", "Snow")
TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Instant", "Sorcery", "Battle")
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
LAYOUTS = (
    ("normal", QT_TRANSLATE_NOOP("MTGCardEntryDialog", "通常")),
    ("split", QT_TRANSLATE_NOOP("MTGCardEntryDialog", "分割カード（マナ総量は両半分の合計、色は両方）")),
    ("modal_dfc", QT_TRANSLATE_NOOP("MTGCardEntryDialog", "モードを持つ両面カード（第1面）")),
    ("transform", QT_TRANSLATE_NOOP("MTGCardEntryDialog", "変身する両面カード（第1面）")),
    ("adventure", QT_TRANSLATE_NOOP("MTGCardEntryDialog", "出来事")),
)


def _checks(pairs: tuple[tuple[str, str], ...], columns: int) -> tuple[QWidget, dict[str, QCheckBox]]:
    widget = QWidget()
    grid = QGridLayout(widget)
    grid.setContentsMargins(0, 0, 0, 0)
    boxes = {}
    for i, (word, label) in enumerate(pairs):
        box = boxes[word] = QCheckBox(label)
        box.setToolTip(word)
        grid.addWidget(box, i // columns, i % columns)
    return widget, boxes


class MTGCardEntryDialog(QDialog):
    def __init__(self, model: MTGCardEntryModel, name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives with the dialog
            model.setParent(self)
        self.setWindowTitle(self.tr("カードを手で入力"))
        self.card: Card | None = None
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("英語名（分からなければ空欄。分割カードは「A // B」）"))
        self.name_ja_edit = QLineEdit()
        self.name_ja_edit.setPlaceholderText(self.tr("日本語名（あれば）"))
        is_japanese = any(ord(ch) > 0x2E7F for ch in name)
        (self.name_ja_edit if is_japanese else self.name_edit).setText(name.strip("《》「」 "))
        self.mana_spin = QSpinBox()
        self.mana_spin.setRange(0, 1_000_000)
        color_widget, self.color_checks = _checks(tuple((c, color_name(c)) for c in COLOR_CODES), 5)
        super_widget, self.supertype_checks = _checks(tuple((w, type_word(w)) for w in SUPERTYPES), 3)
        type_widget, self.type_checks = _checks(tuple((w, type_word(w)) for w in TYPES), 4)
        land_widget, self.land_type_checks = _checks(tuple((w, land_type_name(w)) for w in LAND_TYPES), 5)
        self.subtypes_edit = QLineEdit()
        self.subtypes_edit.setPlaceholderText(self.tr("ほかのサブタイプ（英語、空白区切り。例: Elf Druid）"))
        self.devoid_check = QCheckBox(self.tr("欠色（Devoid）— 色はあっても無色のカード"))
        self.layout_combo = QComboBox()
        for code, label in LAYOUTS:
            self.layout_combo.addItem(self.tr(label), code)
        self.preview_label = QLabel()
        self.preview_label.setWordWrap(True)
        self.error_label = QLabel()
        set_tone(self.error_label, "error")
        self.error_label.setWordWrap(True)
        note = QLabel(
            self.tr("カードに印刷されているとおりに入力してください（gmtool はカードの情報を補いません）。")
        )
        note.setWordWrap(True)

        form = QFormLayout()
        form.addRow(self.tr("英語名"), self.name_edit)
        form.addRow(self.tr("日本語名"), self.name_ja_edit)
        form.addRow(self.tr("マナ総量"), self.mana_spin)
        form.addRow(self.tr("色"), color_widget)
        form.addRow(self.tr("特殊タイプ"), super_widget)
        form.addRow(self.tr("カード・タイプ"), type_widget)
        form.addRow(self.tr("基本土地タイプ"), land_widget)
        form.addRow(self.tr("サブタイプ"), self.subtypes_edit)
        form.addRow("", self.devoid_check)
        form.addRow(self.tr("カードの形"), self.layout_combo)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)

        for edit in (self.name_edit, self.name_ja_edit, self.subtypes_edit):
            edit.textChanged.connect(self._update)
        self.mana_spin.valueChanged.connect(self._update)
        for box in (
            *self.color_checks.values(),
            *self.supertype_checks.values(),
            *self.type_checks.values(),
            *self.land_type_checks.values(),
            self.devoid_check,
        ):
            box.toggled.connect(self._update)
        self._update()

    def fields(self) -> CardFields:
        def ticked(boxes: dict[str, QCheckBox]) -> list[str]:
            return [word for word, box in boxes.items() if box.isChecked()]

        return CardFields(
            name=self.name_edit.text(),
            name_ja=self.name_ja_edit.text(),
            mana_value=self.mana_spin.value(),
            colors=ticked(self.color_checks),
            supertypes=ticked(self.supertype_checks),
            types=ticked(self.type_checks),
            land_types=ticked(self.land_type_checks),
            subtypes=self.subtypes_edit.text(),
            devoid=self.devoid_check.isChecked(),
            layout=self.layout_combo.currentData(),
        )

    def built_card(self) -> Card:
        """The card as entered; ValueError with the reason when it is not a card."""
        return self.model.build(self.fields())

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            card = self.built_card()
        except ValueError as problem:
            self.error_label.setText(shown_message(str(problem)))
            self.preview_label.setText("")
            ok.setEnabled(False)
            return
        ok.setEnabled(True)
        notes = []  # shown, not blocking: the player may mean it
        known = self.model.known(card)
        if known is not None:
            notes.append(
                self.tr("データベースに {0} があります。保存すると、この入力が優先されます").format(
                    card_full_name(known)
                )
            )
        land_types = card.basic_land_types
        if self.model.land_types_ignored(card):
            notes.append(
                self.tr("基本土地タイプは土地にだけ意味があります（土地ではないので色には数えません）")
            )
        self.error_label.setText(shown_message("\n".join(notes)))
        boost = self.tr("無色として数える") if card.colorless else self.tr("数えない")
        self.preview_label.setText(
            self.tr("行動判定では: マナ総量 {0}・色の修正では {1}{2}・行動判定ブーストでは{3}").format(
                card.mana_value,
                colors_label(card.modifier_colors),
                self.tr("（基本土地タイプによる）") if land_types else "",
                boost,
            )
        )

    def accept(self) -> None:
        try:
            self.card = self.built_card()
        except ValueError as problem:
            self.error_label.setText(shown_message(str(problem)))
            return
        super().accept()
