"""The tracker's top row: a new encounter — its system and its name, both the new one's own — and the
saved encounters (save, call up, delete); and, placed by the dialog beside the round, the field that
renames the encounter under way.  Replacing a fight or a gathered roster asks the GM first, saying
what would be lost, and offers to keep it in 保存した戦闘 (`Replacing`).

The new encounter's fields never touch the one under way: the system chosen stays chosen whatever
the fight shown changes (it was reset to the running fight's system on every change, so 新しい戦闘
made a fight of the wrong system), and its name is not the running fight's (typing it renamed the
fight under way).  Renaming is one undo step of its own, in its own field."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from gmtool.models.battle_model import BattleModel
from gmtool.views.session_tab import Confirm, SessionTab


class Replacing(Enum):
    """The GM's answer to replacing a fight under way or a gathered roster."""

    SAVE = "save"  # kept in 保存した戦闘 first (under its name, numbered if taken), then replaced
    DISCARD = "discard"  # replaced, lost
    CANCEL = "cancel"  # nothing happens


# Asks (title, question) → the answer; the dialog shows the three buttons (a test answers for it).
AskReplacing = Callable[[str, str], Replacing]


class EncounterBar(SessionTab[BattleModel]):
    def __init__(
        self,
        model: BattleModel,
        confirm: Confirm,
        ask_replacing: AskReplacing,
        system_id: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(model, confirm, parent)
        self.battle = model
        self.ask_replacing = ask_replacing
        self.system_combo = QComboBox()  # the new encounter's system: the one 新しい戦闘 uses
        self.system_combo.setToolTip(self.tr("新しい戦闘のシステム"))
        for system, name in model.systems():
            self.system_combo.addItem(name, system)
        # The fight's own while one is in hand, else the selected character's (then the GM's choice stays).
        shown = model.offered_system(system_id)
        if shown:
            self.system_combo.setCurrentIndex(max(0, self.system_combo.findData(shown)))
        self.name_edit = QLineEdit()  # the new encounter's name only
        self.name_edit.setPlaceholderText(self.tr("新しい戦闘の名前（空欄なら「戦闘」）"))
        self.new_button = self.button(self.tr("新しい戦闘"), self._new_encounter)
        self.name_edit.returnPressed.connect(self.new_button.click)
        self.new_button.setToolTip(self.tr("左のシステムと名前で新しい戦闘を作ります"))
        # The encounter under way: renamed here (one undo step), shown beside the round.
        self.current_name_edit = QLineEdit()
        self.current_name_edit.setPlaceholderText(self.tr("この戦闘の名前"))
        self.current_name_edit.setToolTip(self.tr("進行中の戦闘の名前を変えます（Enter または欄を離れると）"))
        self.current_name_edit.editingFinished.connect(lambda: self.guard(self._rename))
        self.current_name_label = QLabel(self.tr("この戦闘"))
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
        if not self.current_name_edit.hasFocus():
            self.current_name_edit.setText(state.name)
        self.current_name_edit.setEnabled(bool(state.system))
        system = dict(self.battle.systems()).get(state.system)
        self.current_name_label.setText(
            self.tr("{0}の戦闘").format(system) if system else self.tr("この戦闘")
        )
        self.refill(self.saved_combo, [(name, name) for name in self.battle.saved.names()])
        self.load_button.setEnabled(self.saved_combo.count() > 0)
        self.delete_saved_button.setEnabled(self.saved_combo.count() > 0)
        self.save_button.setEnabled(bool(state.system))

    def replacing_question(self) -> str | None:
        """What replacing the encounter would lose, and where 「保存して置き換える」 keeps it (None:
        nothing to lose, no question)."""
        state = self.battle.state()
        if state.active:
            question = self.tr(
                "進行中の戦闘「{0}」（ラウンド {1}・参加者 {2}人）を置き換えますか？"
                "（保存していなければ、参加者と HP などの今の値が失われます）"
            ).format(state.name, state.round, len(state.participants))
            kept = self.tr(
                "「保存して置き換える」は、参加者と今の値を「保存した戦闘」に「{0}」として残します（ラウンドの進み具合は残りません）"
            )
        elif state.participants and not self.battle.saved.holds_current():
            question = self.tr(
                "「{0}」の参加者 {1}人を置き換えますか？（保存していなければ失われます）"
            ).format(state.name, len(state.participants))
            kept = self.tr("「保存して置き換える」は、参加者を「保存した戦闘」に「{0}」として残します")
        else:
            return None
        return question + "\n\n" + kept.format(self.battle.saved.keep_name())

    def _replace(self, title: str, replace: Callable[[bool], None]) -> bool:
        """`replace(keep_current)` once the GM has said whether to keep what it replaces; False when
        the GM cancelled."""
        question = self.replacing_question()
        answer = Replacing.DISCARD if question is None else self.ask_replacing(title, question)
        if answer is Replacing.CANCEL:
            return False
        replace(answer is Replacing.SAVE)
        return True

    def _new_encounter(self) -> None:
        system, name = self.system_combo.currentData(), self.name_edit.text()
        if self._replace(
            self.tr("新しい戦闘"), lambda keep: self.battle.new_encounter(system, name, keep_current=keep)
        ):
            self.name_edit.clear()  # made: the field waits for the next one's name

    def _rename(self) -> None:
        if self.battle.state().system:
            self.battle.rename(self.current_name_edit.text())

    def _load_saved(self) -> None:
        name = self.saved_combo.currentData()
        if name:
            self._replace(
                self.tr("保存した戦闘「{0}」を呼び出す").format(name),
                lambda keep: self.battle.saved.load(name, keep_current=keep),
            )

    def _save(self) -> None:
        name = self.current_name_edit.text().strip() or self.battle.state().name
        if name in self.battle.saved.names() and not self.confirm(
            self.tr("戦闘を保存"), self.tr("保存した戦闘「{0}」を上書きしますか？").format(name)
        ):
            return
        self.battle.saved.save(name)

    def _delete_saved(self) -> None:
        name = self.saved_combo.currentData()
        if name and self.confirm(self.tr("保存した戦闘"), self.tr("「{0}」を削除しますか？").format(name)):
            self.battle.saved.delete(name)
