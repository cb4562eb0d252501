"""The LotR (CODA) character sheet.

"Recalculate everything, then re-sync the widgets": every change arrives as
CharacterModel.changed (and a rule-table edit as the campaign's session_changed),
and `_sync()` re-reads every value with the editors' signals blocked, so undo/redo
and edits made elsewhere (the check panel spending courage, the advancement
dialog) show at once.  Plain fields go through `CharacterModel.set_value`, which
validates against the schema; the tracks (wounds, weariness, courage, corruption,
renown) go through `LotRActions`.  A refused value is explained and the widget
snaps back.  The attributes and the secondary values are stored apart (1.2):
the reactions and Health do not follow attribute growth, Defence, encumbrance and
the damage bonus do (1.3).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.sheet_model import LotRSheetModel
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.derived_types import DEFENCE_BASE, REACTION_SOURCES
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, REACTION_IDS, REACTION_NAMES
from gmtool.views.appearance import set_tone
from gmtool.views.compact import ElidedLabel
from gmtool.views.lotr.armed_combat_box import LotRArmedCombatBox
from gmtool.views.lotr.condition_box import NOTE_STYLE, LotRConditionBox
from gmtool.views.lotr.load_row import LotRLoadRow
from gmtool.views.lotr.sheet_parts import CheckList, TextsBox, fill_combo
from gmtool.views.lotr.skills_box import LotRSkillsBox
from gmtool.views.lotr.spirit_box import LotRSpiritBox
from gmtool.views.sheet.sheet_editing import SheetEditing
from gmtool.views.sheet.two_columns import TwoColumns


class LotRSheetView(SheetEditing, QWidget):
    model: LotRSheetModel

    def __init__(self, model: LotRSheetModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.character_actions = model.actions
        self._init_editing()

        self.character_steps = model.steps
        self.condition_box = LotRConditionBox(self.character_actions)
        self.spirit_box = LotRSpiritBox(model)
        self.skills_box = LotRSkillsBox(model)
        self.armed_combat_box = LotRArmedCombatBox(self.character_steps)
        self.texts_box = TextsBox(model, self._refuse)
        left_column, right_column = QWidget(), QWidget()
        left = QVBoxLayout(left_column)
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self._build_header())
        left.addWidget(self._build_attributes())
        left.addWidget(self._build_reactions())
        left.addWidget(self._build_secondary())
        left.addWidget(self.spirit_box)
        left.addStretch(1)
        right = QVBoxLayout(right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.condition_box)
        right.addWidget(self.skills_box, 1)
        right.addWidget(self.armed_combat_box)
        right.addWidget(self.texts_box, 1)
        self.columns = TwoColumns(left_column, right_column)  # one above the other when narrow
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.columns)

        model.changed.connect(self._sync)  # a rule-table edit too: the model re-reads the tables
        self._sync()

    # ---- sections -------------------------------------------------------------------------
    def _build_header(self) -> QGroupBox:
        box = QGroupBox(self.tr("人物"))
        self.name_edit = self._editor(QLineEdit())
        self.name_edit.setAccessibleName(self.tr("名前"))
        self.name_edit.editingFinished.connect(
            lambda: self._commit("name", self.name_edit.text(), self.tr("名前"))
        )
        self.pc_check = self._editor(QCheckBox(self.tr("PC")))
        self.pc_check.toggled.connect(lambda on: self._commit("is_pc", on, self.tr("PC/NPC")))
        self.race_combo = self._editor(QComboBox())
        self.race_combo.setToolTip(
            self.tr("種族を変えると Size と負傷段階数も種族表の値になります。能力値ボーナスはやり直しません")
        )
        self.subrace_combo = self._editor(QComboBox())
        self.race_combo.currentIndexChanged.connect(
            lambda _i: self._set_race(self.race_combo.currentData(), "")
        )
        self.subrace_combo.currentIndexChanged.connect(
            lambda _i: self._set_race(self.character.race, self.subrace_combo.currentData())
        )
        self.order_combo = self._combo("order", self.tr("職業"))
        self.other_orders = self._editor(CheckList())
        self.other_orders.setToolTip(self.tr("兼業している職業（1.6.2）"))
        self.other_orders.toggled_items.connect(
            lambda ids: self._commit("other_orders", tuple(ids), self.tr("兼業の職業"))
        )
        self.size_combo = self._combo("size", self.tr("Size"))
        self.wound_levels_spin = self._spin("wound_levels", 1, 5, self.tr("負傷段階数"))
        self.wound_levels_spin.setToolTip(
            self.tr("Healthy を除く負傷段階の数: 五段階、Small のホビットは四段階")
        )
        self._syncers += [
            lambda: self.name_edit.setText(self.character.name),
            lambda: self.pc_check.setChecked(self.character.is_pc),
            self._sync_origin,
        ]
        form = QFormLayout(box)
        row = QHBoxLayout()
        row.addWidget(self.name_edit, 1)
        row.addWidget(self.pc_check)
        form.addRow(self.tr("名前"), row)
        row = QHBoxLayout()
        row.addWidget(self.race_combo, 1)
        row.addWidget(self.subrace_combo, 1)
        form.addRow(self.tr("種族 / 亜種族"), row)
        form.addRow(self.tr("職業"), self.order_combo)
        form.addRow(self.tr("兼業"), self.other_orders)
        row = QHBoxLayout()
        row.addWidget(self.size_combo, 1)
        row.addWidget(QLabel(self.tr("負傷段階数")))
        row.addWidget(self.wound_levels_spin)
        form.addRow(self.tr("Size"), row)
        return box

    def _build_attributes(self) -> QGroupBox:
        box = QGroupBox(self.tr("能力値（1.1）"))
        grid = QGridLayout(box)
        for column, title in enumerate((self.tr("能力値"), self.tr("修正"), self.tr("得意"), "")):
            grid.addWidget(QLabel(title), 0, column + 1)
        self.attribute_spins: dict[str, QSpinBox] = {}
        self.modifier_labels: dict[str, QLabel] = {}
        self.favoured_checks: dict[str, QCheckBox] = {}
        self.cap_labels: dict[str, QLabel] = {}
        for row, attribute in enumerate(ATTRIBUTE_IDS, start=1):
            name = ATTRIBUTE_NAMES[attribute]
            grid.addWidget(QLabel(self.tr("{0}（{1}）").format(name, attribute.upper())), row, 0)
            spin = self.attribute_spins[attribute] = self._spin(f"attributes.{attribute}", 0, 99, name)
            grid.addWidget(spin, row, 1)
            self.modifier_labels[attribute] = QLabel()
            grid.addWidget(self.modifier_labels[attribute], row, 2)
            check = self.favoured_checks[attribute] = self._editor(QCheckBox(self.tr("★ 得意")))
            check.setToolTip(self.tr("得意能力値（2つ）: 成長に必要なポイントが少なくなる"))
            check.toggled.connect(lambda on, a=attribute: self._toggle_favoured(a, on))
            grid.addWidget(check, row, 3)
            self.cap_labels[attribute] = QLabel()
            set_tone(self.cap_labels[attribute], NOTE_STYLE)
            grid.addWidget(self.cap_labels[attribute], row, 4)
        self._syncers.append(self._sync_attributes)
        return box

    def _build_reactions(self) -> QGroupBox:
        box = QGroupBox(self.tr("リアクション（1.2）"))
        grid = QGridLayout(box)
        self.reaction_spins: dict[str, QSpinBox] = {}
        self.reaction_hints: dict[str, QLabel] = {}
        self.reaction_marks: dict[str, QLabel] = {}
        for row, reaction in enumerate(REACTION_IDS):
            grid.addWidget(QLabel(REACTION_NAMES[reaction]), row, 0)
            spin = self._spin(f"reactions.{reaction}", -20, 99, REACTION_NAMES[reaction])
            self.reaction_spins[reaction] = spin
            grid.addWidget(spin, row, 1)
            self.reaction_marks[reaction] = QLabel()
            grid.addWidget(self.reaction_marks[reaction], row, 2)
            self.reaction_hints[reaction] = QLabel()
            self.reaction_hints[reaction].setWordWrap(True)  # on one line the sheet was too wide
            grid.addWidget(self.reaction_hints[reaction], row, 3)
        grid.setColumnStretch(3, 1)  # the hints take the room, not the spin boxes
        self.favoured_reaction_combo = self._editor(QComboBox())
        self.favoured_reaction_combo.addItem("—", "")
        for reaction in REACTION_IDS:
            self.favoured_reaction_combo.addItem(REACTION_NAMES[reaction], reaction)
        self.favoured_reaction_combo.currentIndexChanged.connect(
            lambda _i: self._commit(
                "favoured_reaction", self.favoured_reaction_combo.currentData(), self.tr("得意リアクション")
            )
        )
        grid.addWidget(QLabel(self.tr("得意リアクション")), len(REACTION_IDS), 0)
        grid.addWidget(self.favoured_reaction_combo, len(REACTION_IDS), 1, 1, 2)
        self.reaction_note = QLabel(
            self.tr("リアクションは作成時に決まった値です。能力値が成長しても上がりません（1.2）")
        )
        self.reaction_note.setWordWrap(True)
        set_tone(self.reaction_note, NOTE_STYLE)
        grid.addWidget(self.reaction_note, len(REACTION_IDS) + 1, 0, 1, 4)
        self._syncers.append(self._sync_reactions)
        return box

    def _build_secondary(self) -> QGroupBox:
        box = QGroupBox(self.tr("副能力値・その他の修正（1.2 / 1.3）"))
        self.health_spin = self._spin("health", 1, 999, self.tr("Health"))
        # The long explanations are one line each, cut where the sheet ends, the rest in the
        # tooltip: whole, they made the sheet wider than a laptop's half.
        self.health_hint = ElidedLabel()
        self.health_hint.setToolTip(
            self.tr("Health は作成時の式で決まり、能力値が成長しても上がりません（1.2）")
        )
        self.defence_label = QLabel()
        # Short fixed lines, no word wrap: a wrapped label in a form row overlapped the next row.
        self.encumbrance_label = QLabel()
        self.encumbrance_label.setToolTip(
            self.tr(
                "STR × 10 まで普通に運べる、× 20 まで重荷（疲労判定の目標値 +10）、"
                "× 30 まで超重荷（疲労判定の目標値 +20）"
            )
        )
        # 1.3 / 3.1: what is carried, its level, and the moves at ×3/4 (重荷) or ×1/2 (超重荷).
        self.load_row = LotRLoadRow(self.character_steps, self._guard)
        self.damage_bonus_label = ElidedLabel()
        self.damage_bonus_label.setToolTip(
            self.tr("STR 修正: 手持ち・手投げ武器のダメージに加算、射撃武器には影響しない（1.3）")
        )
        self.xp_label = QLabel()
        self.advancements_label = ElidedLabel()
        self._syncers.append(self._sync_secondary)
        form = QFormLayout(box)
        row = QHBoxLayout()
        row.addWidget(self.health_spin)
        row.addWidget(self.health_hint, 1)
        form.addRow(self.tr("Health"), row)
        form.addRow(self.tr("Defence"), self.defence_label)
        form.addRow(self.tr("荷重"), self.encumbrance_label)
        form.addRow(self.tr("運んでいる荷重"), self.load_row)
        form.addRow(self.tr("移動（ヤード）"), self.load_row.movement_label)
        form.addRow(self.tr("ダメージ修正"), self.damage_bonus_label)
        form.addRow(self.tr("経験点"), self.xp_label)
        form.addRow(self.tr("成長"), self.advancements_label)
        return box

    # ---- construction helpers -------------------------------------------------------------
    def _combo(self, path: str, label: str) -> QComboBox:
        combo = self._editor(QComboBox())
        combo.setAccessibleName(label)
        combo.currentIndexChanged.connect(lambda _i: self._commit(path, combo.currentData(), label))
        return combo

    # ---- editing --------------------------------------------------------------------------
    @property
    def character(self) -> LotRCharacter:
        return self.model.lotr_character

    def _set_race(self, race: str, subrace: str) -> None:
        c = self.character
        if (race, subrace) != (c.race, c.subrace):
            self._guard(lambda: self.character_actions.set_race(race, subrace))

    def _toggle_favoured(self, attribute: str, on: bool) -> None:
        if self.model.exists and (attribute in self.character.favoured_attributes) != on:
            self._guard(lambda: self.model.set_favoured(attribute, on))

    # ---- re-sync --------------------------------------------------------------------------
    def _sync_origin(self) -> None:
        c, rules = self.character, self.model.rules
        fill_combo(self.race_combo, [(r.id, shown_name(r)) for r in rules.races], c.race)
        race = rules.race(c.race)
        subraces = [(s.id, shown_name(s)) for s in race.subraces] if race else []
        fill_combo(self.subrace_combo, subraces, c.subrace)
        self.subrace_combo.setEnabled(bool(subraces) or bool(c.subrace))
        fill_combo(self.order_combo, [(o.id, shown_name(o)) for o in rules.orders], c.order)
        others = [(o.id, shown_name(o)) for o in rules.orders if o.id != c.order]
        self.other_orders.set_items(others, c.other_orders)
        fill_combo(self.size_combo, [(s.id, shown_name(s)) for s in rules.sizes], c.size, blank=False)

    def _sync_attributes(self) -> None:
        c, values = self.character, self.model.values()
        for attribute in ATTRIBUTE_IDS:
            self.modifier_labels[attribute].setText(f"{values.modifiers[attribute]:+d}")
            self.favoured_checks[attribute].setChecked(attribute in c.favoured_attributes)
            self.cap_labels[attribute].setText(
                self.tr("上限 12+種族修正 = {0} を超えています（魔法などの一時的な場合のみ）").format(
                    values.caps[attribute]
                )
                if attribute in values.over_cap
                else ""
            )

    def _sync_reactions(self) -> None:
        c, formula = self.character, self.model.values().creation_reactions
        for reaction in REACTION_IDS:
            favoured = reaction == c.favoured_reaction
            self.reaction_marks[reaction].setText(self.tr("★ 得意") if favoured else "")
            a, b = REACTION_SOURCES[reaction]
            self.reaction_hints[reaction].setText(
                self.tr("作成時の式: max({0}, {1} 修正) = {2:+d}").format(
                    a.upper(),
                    b.upper(),
                    formula[reaction],
                )
            )
        index = self.favoured_reaction_combo.findData(c.favoured_reaction)
        self.favoured_reaction_combo.setCurrentIndex(max(0, index))

    def _sync_secondary(self) -> None:
        c, values = self.character, self.model.values()
        self.health_hint.setText(
            self.tr("作成時 VIT + STR 修正 = {0}（成長で上がらない）").format(values.creation_health)
        )
        self.defence_label.setText(
            self.tr("{0}（{1} + NIM 修正 {2:+d}）").format(
                values.defence, DEFENCE_BASE, values.modifiers["nim"]
            )
        )
        light, heavy, very_heavy = values.encumbrance
        self.encumbrance_label.setText(
            self.tr("普通 ≤{0}\n重荷 ≤{1}（疲労 TN+10）\n超重荷 ≤{2}（+20）").format(light, heavy, very_heavy)
        )
        self.damage_bonus_label.setText(
            self.tr("{0:+d}（STR 修正、手持ち・手投げ武器に加算）").format(values.damage_bonus)
        )
        self.load_row.sync(c)
        self.xp_label.setText(self.tr("合計 {0}").format(c.xp_total))
        self.advancements_label.setText(
            self.tr("{0} 回（経験点と成長の画面で記録します）").format(len(c.advancements))
        )

    def _sync_parts(self) -> None:
        for box in (self.condition_box, self.spirit_box, self.skills_box, self.texts_box):
            box.sync()
        self.armed_combat_box.sync()
