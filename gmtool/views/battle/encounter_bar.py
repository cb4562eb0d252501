"""The tracker's top row: a new encounter for a system, its name, and the saved encounters
(save, call up, delete).  Replacing a fight or a gathered roster asks the GM first."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from gmtool.models.battle_model import BattleModel
from gmtool.views.session_tab import Confirm, SessionTab


class EncounterBar(SessionTab[BattleModel]):
    def __init__(
        self, model: BattleModel, confirm: Confirm, system_id: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(model, confirm, parent)
        self.battle = model
        self.system_combo = QComboBox()
        for system, name in model.systems():
            self.system_combo.addItem(name, system)
        if system_id:
            self.system_combo.setCurrentIndex(self.system_combo.findData(system_id))
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("戦闘の名前"))
        self.name_edit.editingFinished.connect(lambda: self.guard(self._rename))
        self.new_button = self.button(self.tr("新しい戦闘"), self._new_encounter)
        self.saved_combo = QComboBox()
        self.save_button = self.button(self.tr("保存"), self._save)
        self.load_button = self.button(self.tr("呼び出す"), self._load_saved)
        self.delete_saved_button = self.button(self.tr("削除"), self._delete_saved)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for w in (self.system_combo, self.name_edit, self.new_button):
            row.addWidget(w)
        row.addSpacing(16)
        row.addWidget(QLabel(self.tr("保存した戦闘")))
        for w in (self.saved_combo, self.load_button, self.save_button, self.delete_saved_button):
            row.addWidget(w)

    def sync(self) -> None:
        state = self.battle.state()
        if state.system:
            self.system_combo.setCurrentIndex(self.system_combo.findData(state.system))
        if not self.name_edit.hasFocus():
            self.name_edit.setText(state.name)
        self.refill(self.saved_combo, [(name, name) for name in self.battle.saved.names()])
        self.load_button.setEnabled(self.saved_combo.count() > 0)
        self.delete_saved_button.setEnabled(self.saved_combo.count() > 0)
        self.save_button.setEnabled(bool(state.system))

    def _replacing_confirmed(self, title: str) -> bool:
        """A fight under way, or a roster already gathered, is replaced only when the GM says so."""
        state = self.battle.state()
        if state.active:
            question = self.tr("進行中の戦闘「{0}」を終えて置き換えますか？").format(state.name)
        elif state.participants:
            question = self.tr(
                "「{0}」の参加者 {1}人を置き換えますか？（保存していなければ失われます）"
            ).format(state.name, len(state.participants))
        else:
            return True
        return self.confirm(title, question)

    def _new_encounter(self) -> None:
        if self._replacing_confirmed(self.tr("新しい戦闘")):
            self.battle.new_encounter(self.system_combo.currentData(), self.name_edit.text())

    def _rename(self) -> None:
        if self.battle.state().system:
            self.battle.rename(self.name_edit.text())

    def _load_saved(self) -> None:
        name = self.saved_combo.currentData()
        if name and self._replacing_confirmed(self.tr("保存した戦闘「{0}」を呼び出す").format(name)):
            self.battle.saved.load(name)

    def _save(self) -> None:
        name = self.name_edit.text().strip() or self.battle.state().name
        if name in self.battle.saved.names() and not self.confirm(
            self.tr("戦闘を保存"), self.tr("保存した戦闘「{0}」を上書きしますか？").format(name)
        ):
            return
        self.battle.saved.save(name)

    def _delete_saved(self) -> None:
        name = self.saved_combo.currentData()
        if name and self.confirm(self.tr("保存した戦闘"), self.tr("「{0}」を削除しますか？").format(name)):
            self.battle.saved.delete(name)
