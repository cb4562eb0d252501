"""縁故・幻想能力: choose a character, see its 縁故 (with the 幻想値 each gives), form, raise, re-tie
and discard them, and use its 幻想能力 (the box in sengensho_abilities_box.py)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS
from gmtool.rules.systems.sengensho.session_types import Bond
from gmtool.views.sengensho.abilities_box import SengenshoAbilitiesBox
from gmtool.views.sengensho.bond_dialog import SengenshoBondDialog
from gmtool.views.sengensho.session_parts import Host, SengenshoPage, labels_tr

BOND_HEADERS = ("類型", "種類", "対象", "レベル", "幻想値", "結んだシーン", labels.NOTES_HEADER)
VALUE_COLUMN = 4
MARKS = "、"  # as the sheet joins them


class SengenshoBondsTab(SengenshoPage):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, host, parent)
        self.holder_combo = self.holder_combo_box()
        # Why 縁故 cannot be formed now; the current scene itself is named once, in the session row.
        self.scene_label = QLabel()
        self.scene_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("キャラクター")))
        top.addWidget(self.holder_combo, 1)
        top.addWidget(self.scene_label, 2)

        self.bonds_table = self.table(BOND_HEADERS, stretch=2)
        self.bonds_table.setAccessibleName(self.tr("縁故"))
        self.bonds_table.setToolTip(labels_tr(labels.HALVED_NOTE))
        self.form_button = self.button(self.tr("縁故を結ぶ…"), self._form)
        self.raise_button = self.button(self.tr("レベルを上げる"), self._raise)
        self.raise_override_check = QCheckBox(self.tr("GM裁定で制限を超える"))
        self.raise_override_check.setToolTip(
            self.tr("同じシーンでのレベル上昇を GM が認めるとき（記録されます）")
        )
        self.retie_button = self.button(self.tr("結び直す…"), self._retie)
        self.discard_button = self.button(self.tr("破棄…"), self._discard)
        self.rules_note = QLabel(
            self.tr(
                "縁故は最大7個・1シーンに1つ（結び直しを含む）。記憶は最大2つ、目的は最大1つ。"
                "同じ対象には1つの類型からだけ（別の類型からは破棄してから）。"
                "レベルは最後に変えたシーンより後のシーンで上げられます。{0}。{1}。"
            ).format(labels_tr(labels.RETIE_NOTE), labels_tr(labels.HALVED_NOTE))
        )
        self.rules_note.setWordWrap(True)
        bonds_box = QGroupBox(self.tr("縁故"))
        bonds = QVBoxLayout(bonds_box)
        bonds.addWidget(self.bonds_table, 1)
        buttons = QHBoxLayout()
        for widget in (self.form_button, self.raise_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        buttons.addWidget(self.retie_button)
        buttons.addWidget(self.discard_button)
        bonds.addLayout(buttons)
        # The ruling's tick box under the buttons: beside them, its English set the 縁故 side's least
        # width, and the 幻想能力 table beside it was left too narrow to read its 効果 (issue 37).
        bonds.addWidget(self.raise_override_check)
        bonds.addWidget(self.rules_note)

        self.abilities = SengenshoAbilitiesBox(model, host)
        split = QSplitter()
        split.addWidget(bonds_box)
        split.addWidget(self.abilities)
        # The 幻想能力 side the wider (2 : 3): its table's 必要幻想値 and 状態 columns must show without
        # scrolling, in English too (half each cut the English header to 「Required fa…」); the
        # 縁故 table's 対象 column gives the room.
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)

    def select_holder(self, character_id: str | None) -> None:
        self.choose_holder(self.holder_combo, character_id)

    def holder(self) -> str | None:
        holder = self.holder_combo.currentData()
        return holder if isinstance(holder, str) else None

    # ---- actions ----------------------------------------------------------------------------
    def _require_holder(self) -> str:
        holder = self.holder()
        if holder is None:
            raise ValueError(self.tr("千幻抄のキャラクターがいません（キャラクターを追加してください）"))
        return holder

    def _selected_bond(self) -> Bond:
        bond_id = self.selected_number(self.bonds_table)
        if bond_id is None:
            raise ValueError(self.tr("縁故を一覧から選んでください"))
        if bond_id < 0:
            raise ValueError(
                self.tr(
                    "事前設定の縁故はキャラクターシートで編集します（セッション開始時点で設定済みの縁故）"
                )
            )
        return self.model.state().bond(bond_id)

    def _open(self, retie: Bond | None) -> None:
        holder = self._require_holder()
        self.model.course.require_scene()  # refused here, with the reason, before the dialog opens
        dialog = SengenshoBondDialog(self.model, holder, retie, self)
        self.host.exec_bond_dialog(dialog)
        dialog.deleteLater()

    def _form(self) -> None:
        self._open(None)

    def _retie(self) -> None:
        self._open(self._selected_bond())

    def _raise(self) -> None:
        self.model.bonds.raise_level(self._selected_bond().id, self.raise_override_check.isChecked())
        self.raise_override_check.setChecked(False)  # a ruling is for one change, not the next

    def _discard(self) -> None:
        bond = self._selected_bond()
        value, given = self.model.bonds.discard_loss(bond)
        question = self.tr(
            "{0}の縁故「{1}」（{2}・{3}・Lv{4}）を破棄しますか？\n\n{2}の幻想値は {5} から {6} 点減ります。"
            "\n（メインウィンドウの「元に戻す」で取り消せます）"
        ).format(
            self.model.members.name(bond.holder),
            self.model.members.target_name(bond),
            labels.archetype_label(bond.archetype),
            self.tr(KIND_LABELS[bond.kind]),
            bond.level,
            value,
            given,
        )
        if self.host.ask(question):
            self.model.bonds.discard(bond.id)

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        self.refill_holders(self.holder_combo)
        holder = self.holder()
        state = self.model.state()
        if not state.running:
            warning = self.tr("セッションが始まっていません（縁故はセッション中のシーンで結びます）")
        elif state.current_scene is None:
            warning = self.tr("シーンがありません（「シーン」でシーンを追加してください）")
        else:
            warning = ""
        self.scene_label.setText(warning)
        self.scene_label.setVisible(bool(warning))
        rows, ids = self._rows(holder)
        self.fill(self.bonds_table, rows, ids)
        has_bonds = any(i > 0 for i in ids)
        for button in (self.raise_button, self.retie_button, self.discard_button):
            button.setEnabled(has_bonds)
        self.form_button.setEnabled(holder is not None)
        self.abilities.set_holder(holder)

    def _rows(self, holder: str | None) -> tuple[list[tuple[str, ...]], list[int]]:
        """An NPC's preset 縁故 first, as the sheet lists them (negative ids: the sheet edits them),
        then the session's 縁故 in the order formed."""
        if holder is None:
            return [], []
        rows: list[tuple[str, ...]] = []
        ids: list[int] = []
        cast = self.model.cast()
        for n, preset in enumerate(cast[holder].presets if holder in cast else ()):
            level = str(preset.level)
            kind = self.tr(KIND_LABELS[preset.kind])
            before = self.tr("セッション開始前")
            rows.append(
                (
                    labels.archetype_label(preset.archetype),
                    kind,
                    preset.target,
                    level,
                    level,
                    before,
                    labels_tr(labels.MARK_PRESET),
                )
            )
            ids.append(-(n + 1))
        state = self.model.state()
        values, halved = self.model.bonds.values(holder), self.model.bonds.halved(holder)
        for bond in sorted(state.bonds_of(holder), key=lambda b: b.id):
            rows.append(
                (
                    labels.archetype_label(bond.archetype),
                    self.tr(KIND_LABELS[bond.kind]),
                    self.model.members.target_name(bond),
                    str(bond.level),
                    labels.bond_value_text(values.get(bond.id, bond.level), bond.id in halved),
                    labels.scene_label(state, bond.formed_scene),
                    self.tr(MARKS).join(labels.bond_marks(bond)),
                )
            )
            ids.append(bond.id)
        return rows, ids
