"""戦闘トラッカー: the encounter, its turn order and round, each participant's resources and
conditions, the system's own actions, saved encounters and the encounter's log.

A non-modal tool window.  Every change (its own, undo/redo in the main window) arrives as
BattleModel.changed and `_sync()` re-reads everything; what the GM is typing stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.file_names import with_suffix
from gmtool.models.battle_model import BattleModel
from gmtool.models.battle_table_model import ID_ROLE, BattleTableModel
from gmtool.models.shown_text import listed
from gmtool.rules.battle_types import Phase
from gmtool.views.appearance import set_tone
from gmtool.views.battle.ccfolia_queue_dialog import CCFoliaQueueDialog
from gmtool.views.battle.encounter_bar import EncounterBar, Replacing
from gmtool.views.battle.participant_box import ParticipantBox
from gmtool.views.battle.quick_npc_dialog import QuickNpcDialog
from gmtool.views.battle.tracker_pages import TrackerPages
from gmtool.views.screen_fit import fit_to_screen, scrolling
from gmtool.views.session_tab import SessionTab
from gmtool.views.table_fit import ColumnFit
from gmtool.views.widgets import close_only_buttons, show_refusal, shown_message

NEXT_TURN_KEY = "Ctrl+Right"
NOTE_LINES = 2  # the tie notes' room beside a turn's status: either note holds in two, in English too
NAME_CHARS = 12  # the add-character combo's narrowest width: a name and its copy number
PREVIOUS_TURN_KEY = "Ctrl+Left"


class ReservedNote(QLabel):
    """A wrapped note with its room kept whether it says anything or not: appearing with a tie, a
    note that took its own height pushed the round's buttons down and the export row out of the
    docked tracker (a wrapped label made the pane's scroll area size it for the table's preferred
    height, not the room there is).  Its whole text is its tooltip, should a narrow pane need a third
    line."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFixedHeight(lines * self.fontMetrics().lineSpacing() + 2)

    def hasHeightForWidth(self) -> bool:
        return False

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)


class BattleControls(SessionTab[BattleModel]):
    """The dialog's own buttons and fields (a SessionTab for its guarded actions)."""

    def sync(self) -> None:
        pass


# Makes a system's action box from the tracker's model and the dialog's question (title, text) → yes;
# the box shows a model of the system's own, built over the tracker's.
ActionBoxFactory = Callable[[BattleModel, Callable[[str, str], bool]], SessionTab[Any]]


class BattleDialog(QDialog):
    # An export succeeded: the sentence to say where the window says such things (its status line).
    exported = Signal(str)

    def __init__(
        self,
        model: BattleModel,
        parent: QWidget | None = None,
        system_id: str = "",
        action_boxes: Mapping[str, ActionBoxFactory] | None = None,
    ) -> None:
        """`action_boxes`: per system id, the box of that system's own actions (shown while the
        encounter is of that system); the window passes the registry's (gmtool.app.systems)."""
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives (and stops listening) with the dialog
            model.setParent(self)
        self.setModal(False)
        self.setWindowTitle(self.tr("戦闘トラッカー"))
        # Every part asks through `ask_confirm` as it is when asked (a test answers for it).
        ask = self._ask
        controls = self.controls = BattleControls(model, ask)

        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        # ---- the encounter: new, name, saved ones (asking through this dialog's ask_confirm)
        self.encounter_bar = EncounterBar(
            model,
            lambda title, text: self.ask_confirm(title, text),
            lambda title, text: self.ask_replacing(title, text),
            system_id,
        )
        bar = self.encounter_bar
        self.system_combo, self.name_edit, self.new_button = bar.system_combo, bar.name_edit, bar.new_button
        self.current_name_edit = bar.current_name_edit
        self.saved_combo, self.save_button = bar.saved_combo, bar.save_button
        self.load_button, self.delete_saved_button = bar.load_button, bar.delete_saved_button

        # ---- the round
        self.status_label = QLabel()
        self.status_label.setStyleSheet("font-size: 14pt;")
        self.tie_label = ReservedNote(NOTE_LINES)  # the round's note (a tie): its room is kept
        self.start_button = controls.button(self.tr("戦闘開始"), model.round.start)
        self.next_button = controls.button(self.tr("次の手番 ▶"), model.round.next_turn)
        self.next_button.setToolTip(self.tr("次の手番（{0}）").format(NEXT_TURN_KEY))
        self.previous_button = controls.button(self.tr("◀ 前の手番"), model.round.previous_turn)
        self.previous_button.setToolTip(self.tr("前の手番（{0}）").format(PREVIOUS_TURN_KEY))
        self.take_button = controls.button(self.tr("選んだ参加者の手番にする"), self._take_turn)
        self.end_button = controls.button(self.tr("戦闘を終了する"), self._end)
        self.write_back_button = controls.button(self.tr("シートに反映"), self._write_back)
        self.write_back_button.setToolTip(
            self.tr(
                "キャンペーンのキャラクターのHP・ダメージなどを、この戦闘の値に書き換えます（元に戻せます）"
            )
        )
        # Keys of the tracker while the focus is in it: docked in the main window (gmtool.app.tool_dock)
        # a window-wide key would also turn the fight from the sheet's fields.
        for key, button in ((NEXT_TURN_KEY, self.next_button), (PREVIOUS_TURN_KEY, self.previous_button)):
            turn_key = QShortcut(QKeySequence(key), self)
            turn_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            turn_key.activated.connect(button.click)
        round_row = QHBoxLayout()
        for w in (
            self.start_button,
            self.previous_button,
            self.next_button,
            self.take_button,
            self.end_button,
        ):  # シートに反映 sits with the roster, below: one row fits in English
            round_row.addWidget(w)
        round_row.addStretch(1)

        # ---- participants
        self.table_model = BattleTableModel(model, self)
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        # the row fits the pane: the long texts give up width (cut, whole in the tooltip) rather
        # than push 「このラウンド」 out of sight behind a sideways scroll bar
        ColumnFit(self.table, shrinkable=BattleTableModel.SHRINKABLE)
        self.table_model.modelReset.connect(self._reselect)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selection_changed())
        delete_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table)
        delete_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        delete_key.activated.connect(self._remove)
        self.character_combo = QComboBox()
        # Sized by characters, not by its empty first show (「ナール (2)」 read 「ナール (2」), and
        # growing into the row's free room.
        self.character_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.character_combo.setMinimumContentsLength(NAME_CHARS)
        self.add_character_button = controls.button(self.tr("キャラクターを追加"), self._add_character)
        self.add_npc_button = controls.button(self.tr("NPCを追加…"), self._add_npc)
        self.remove_button = controls.button(self.tr("退場させる"), self._remove)
        self.up_button = controls.button(self.tr("↑"), lambda: self._move(-1))
        self.down_button = controls.button(self.tr("↓"), lambda: self._move(1))
        self.copy_button = controls.button(self.tr("行動順をコピー"), self.copy_order)
        self.copy_button.setToolTip(self.tr("非公開のNPCを除いた行動順をクリップボードへ"))
        self.ccfolia_button = controls.button(self.tr("CCFoliaへコピー"), self._copy_ccfolia)
        self.ccfolia_button.setToolTip(
            self.tr(
                "選んだ参加者を CCFolia のキャラクターとしてクリップボードへ（CCFolia は1人ずつ貼り付けます）"
            )
        )
        self.ccfolia_all_button = controls.button(self.tr("全員を CCFolia へ…"), self._copy_ccfolia_all)
        self.ccfolia_all_button.setToolTip(
            self.tr("参加者を1人ずつ CCFolia 形式でコピーします（CCFolia は1回に1人だけ貼り付けます）")
        )
        self.udonarium_button = controls.button(self.tr("Udonarium 形式で保存…"), self._save_udonarium)
        self.udonarium_button.setToolTip(
            self.tr("参加者を Udonarium のルームにドラッグ＆ドロップできる ZIP ファイルに保存します")
        )
        self.ccfolia_queue_dialog: CCFoliaQueueDialog | None = None  # 全員を CCFolia へ…, while open
        self.include_hidden_check = QCheckBox(self.tr("非公開も含める"))
        # Where the GM chooses it: CCFolia's "secret" hides the status only, the piece is on the board.
        self.include_hidden_check.setToolTip(
            self.tr(
                '非公開の NPC も書き出します。CCFolia では "secret": true でステータスが隠れるだけで、'
                "コマは盤面に立ちプレイヤーに見えます。Udonarium では普通のコマになります。"
            )
        )
        # Two rows: who is in the fight (and their values written back to the sheets), and what goes
        # out to the clipboard or a file; with シートに反映 among the exports the English row was
        # wider than the pane and scrolled sideways.
        people_row = QHBoxLayout()
        for widget in (
            self.character_combo,
            self.add_character_button,
            self.add_npc_button,
            self.remove_button,
            self.up_button,
            self.down_button,
            self.write_back_button,
        ):
            people_row.addWidget(widget)
        people_row.addStretch(1)
        people_row.setStretchFactor(self.character_combo, 1)
        clipboard_row = QHBoxLayout()
        for clipboard_widget in (
            self.copy_button,
            self.ccfolia_button,
            self.ccfolia_all_button,
            self.udonarium_button,
            self.include_hidden_check,
        ):
            clipboard_row.addWidget(clipboard_widget)
        clipboard_row.addStretch(1)

        # ---- the side panel: the selected participant and the system's actions
        self.participant_box = ParticipantBox(model, ask)
        self.action_boxes: dict[str, SessionTab[Any]] = {
            key: make(model, ask) for key, make in (action_boxes or {}).items()
        }
        # One tab per step (the participant, then the system's): the step at hand fits the pane.
        self.side_tabs = TrackerPages(self.participant_box, self.action_boxes)

        # ---- the log
        self.log_list = QListWidget()
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText(self.tr("ログにメモを書く（Enter）"))
        self.note_edit.returnPressed.connect(self._note)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.addWidget(self.log_list)
        log_layout.addWidget(self.note_edit)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        name_row = QHBoxLayout()  # the fight under way: its system and its name (renamed here)
        name_row.addWidget(bar.current_name_label)
        name_row.addWidget(self.current_name_edit, 1)
        name_row.addStretch(1)
        left_layout.addLayout(name_row)
        # The round's note beside its status, in room of its own: the table keeps its five rows.
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label)
        status_row.addWidget(self.tie_label, 1)
        left_layout.addLayout(status_row)
        left_layout.addLayout(round_row)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(people_row)
        left_layout.addLayout(clipboard_row)
        # The log is the side pane's last tab: docked at the bottom of the main window (about 340 px
        # high at 1366×768) the table beside it showed two rows; the session log is a tab away too.
        self.log_tab = self.side_tabs.addTab(log_box, self.tr("戦闘ログ"))
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(scrolling(left))
        splitter.addWidget(self.side_tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)

        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.encounter_bar)
        layout.addWidget(splitter, 1)
        layout.addWidget(close_only_buttons(self))
        fit_to_screen(self, QSize(1300, 800))
        self._followed_turn: str | None = None  # the actor the table last moved the selection to
        model.changed.connect(self._sync)
        self._sync()

    # ---- questions (tests replace them) ------------------------------------------------------
    def _ask(self, title: str, text: str) -> bool:
        return self.ask_confirm(title, text)

    def ask_confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        )
        return answer == QMessageBox.StandardButton.Yes

    def ask_replacing(self, title: str, text: str) -> Replacing:
        """保存して置き換える (the default) / 保存せずに置き換える / キャンセル (Escape)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self)
        save = box.addButton(self.tr("保存して置き換える"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(self.tr("保存せずに置き換える"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(self.tr("キャンセル"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.exec()
        clicked = box.clickedButton()
        if clicked == save:
            return Replacing.SAVE
        return Replacing.DISCARD if clicked == discard else Replacing.CANCEL

    def ask_quick_npc(self) -> tuple[str, dict[str, int], int, bool] | None:
        dialog = QuickNpcDialog(self.model.roster, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return (
            dialog.name_edit.text(),
            dialog.values(),
            dialog.count_spin.value(),
            dialog.hidden_check.isChecked(),
        )

    # ---- reading -----------------------------------------------------------------------------
    def selected_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return self.table_model.data(rows[0], ID_ROLE) if rows else None

    def select(self, participant_id: str) -> None:
        row = self.table_model.row_of(participant_id)
        if row >= 0:
            self.table.selectRow(row)

    def _sync(self) -> None:
        model = self.model
        state = model.state()
        problem = model.problem()
        self.problem_label.setText(
            ""
            if problem is None
            else self.tr("{0}（次の操作で新しい記録に置き換わります）").format(shown_message(problem))
        )
        self.problem_label.setVisible(problem is not None)
        self.encounter_bar.sync()
        self.status_label.setText(self._status_text())
        self.tie_label.setText(self._tie_text())
        has_system = bool(state.system)
        self.add_npc_button.setEnabled(has_system)
        self.start_button.setEnabled(has_system and not state.active)
        for w in (self.next_button, self.previous_button, self.end_button):
            w.setEnabled(state.active)
        self.write_back_button.setEnabled(model.roster.has_linked_characters())
        self._enable_take()
        SessionTab.refill(self.character_combo, [(name, cid) for cid, name in model.roster.characters()])
        # Everyone of the system is in already: nothing to add (and no button that does nothing).
        self.add_character_button.setEnabled(has_system and self.character_combo.count() > 0)
        self.character_combo.setEnabled(has_system and self.character_combo.count() > 0)
        self.side_tabs.show_system(state.system)
        self.participant_box.sync()
        for key, box in self.action_boxes.items():
            if state.system == key:
                box.sync()
        self.log_list.clear()
        for event in state.events[-300:]:
            self.log_list.addItem(
                self.tr("R{0} {1}").format(event.round, event.text) if event.round else event.text
            )
        self.log_list.scrollToBottom()
        self._follow_turn(state.current if state.active else None)

    def _follow_turn(self, current: str | None) -> None:
        """A new turn selects its actor, so the side panel shows who is acting; in between, the GM's
        own choice of row stays."""
        if current != self._followed_turn:
            self._followed_turn = current
            if current:
                self.select(current)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Escape closes a QDialog: in the middle of a fight a stray Escape (leaving a cell editor, a
        # combo's popup) must not. The 閉じる button and the window's close box still do.
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            return
        super().keyPressEvent(event)

    def _status_text(self) -> str:
        state = self.model.state()
        if not state.system:
            return self.tr("「新しい戦闘」でシステムを選んで始めます")
        if not state.active:
            count = len(state.participants)
            if count == 1:  # English: "(1 participant)", not "(1 participants)"
                return self.tr("{0}: 戦闘前（参加者 1人）").format(state.name)
            return self.tr("{0}: 戦闘前（参加者 {1}人）").format(state.name, count)
        box = self.action_boxes.get(state.system)
        named = getattr(box, "NAMED_PROCESSES", False)  # an SRS round names its processes
        if state.phase is Phase.SETUP:
            phase = self.tr("セットアッププロセス") if named else self.tr("セットアップ")
            phase += self.tr("（「次の手番」で最初の手番へ）")
        elif state.phase is Phase.CLEANUP:
            phase = self.tr("クリンナッププロセス") if named else self.model.round_end_label()
            phase += self.tr("（全員が行動済み。「次の手番」で次のラウンドへ）")
        else:
            actor = state.participant(state.current)
            name = actor.name if actor else ""
            main = self.tr("メインプロセス: {0}") if named else self.tr("{0}の手番")
            phase = main.format(name)
        return self.tr("ラウンド {0}・{1}").format(state.round, phase)

    def _tie_text(self) -> str:
        tied = self.model.round.tied_names()
        if tied:
            return self.tr(
                "同値: {0}も同じ順位です。GMが選ぶなら、表で選んで「選んだ参加者の手番にする」"
            ).format(listed(tied))
        ordered = self.model.round.ordered_by_principle_names()
        if ordered:
            return self.tr(
                "行動値が同じ{0}とは、原則（反射→知覚→幸運）で順番を決めました。GMが変えてもかまいません"
            ).format(listed(ordered))
        return ""

    def _reselect(self) -> None:
        """A reset keeps the chosen participant chosen (or the actor when none is)."""
        wanted = self.participant_box.participant_id or self.model.state().current
        if wanted:
            self.select(wanted)

    def _selection_changed(self) -> None:
        self.participant_box.select(self.selected_id())
        self._enable_take()

    def _enable_take(self) -> None:
        self.take_button.setEnabled(self.model.round.can_take_turn(self.selected_id()))

    # ---- actions -----------------------------------------------------------------------------
    def _end(self) -> None:
        if self.ask_confirm(self.tr("戦闘を終了する"), self.tr("戦闘を終了しますか？")):
            self.model.round.end()

    def _write_back(self) -> None:
        names = self.model.roster.write_back()
        if not names:
            show_refusal(
                self, self.tr("シートに書き戻す値はありません（キャンペーンのキャラクターの値は同じです）")
            )

    def _take_turn(self) -> None:
        chosen = self.selected_id()
        if chosen:
            self.model.round.take_turn(chosen)

    def _add_character(self) -> None:
        character_id = self.character_combo.currentData()
        if character_id:
            self.select(self.model.roster.add_character(character_id))

    def _add_npc(self) -> None:
        answer = self.ask_quick_npc()
        if answer is not None:
            name, values, count, hidden = answer
            made = self.model.roster.add_quick(name, values, count, hidden)
            self.select(made[0])

    def _remove(self) -> None:
        chosen = self.selected_id()
        if chosen and self.ask_confirm(
            self.tr("退場"), self.tr("{0}を戦闘から外しますか？").format(self.model.participant(chosen).name)
        ):
            self.model.roster.remove(chosen)

    def _move(self, offset: int) -> None:
        chosen = self.selected_id()
        if chosen:
            self.model.roster.move(chosen, offset)
            self.select(chosen)

    def _note(self) -> None:
        text = self.note_edit.text()
        if self.controls.guard(lambda: self.model.note(text)):
            self.note_edit.clear()

    def _copy_ccfolia(self) -> None:
        chosen = self.selected_id()
        if chosen is None:
            raise ValueError(self.tr("CCFolia へコピーする参加者を表で選んでください"))
        text = self.model.exports.ccfolia_participant_text(chosen, self.include_hidden_check.isChecked())
        QGuiApplication.clipboard().setText(text)

    def _copy_ccfolia_all(self) -> None:
        """CCFolia へ1人ずつ: its clipboard takes one character per paste, not a list."""
        queue = self.model.exports.ccfolia_queue(self.include_hidden_check.isChecked())
        self.ccfolia_queue_dialog = CCFoliaQueueDialog(queue, self)
        self.ccfolia_queue_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.ccfolia_queue_dialog.open()

    def _save_udonarium(self) -> None:
        from gmtool.views.file_dialogs import save_file_name

        title = (self.model.state().name or self.tr("戦闘")).replace("/", "_").replace("\\", "_")
        path = save_file_name(
            self, self.tr("Udonarium 形式で保存"), self.tr("Udonarium の ZIP (*.zip)"), f"{title}.zip"
        )
        if not path:
            return
        path = with_suffix(path, ".zip")
        count = self.model.exports.write_udonarium(path, self.include_hidden_check.isChecked())
        self.exported.emit(self.tr("{0} 人を {1} に書き出しました").format(count, path))

    def copy_order(self) -> None:
        QGuiApplication.clipboard().setText(self.model.exports.public_order_text())
