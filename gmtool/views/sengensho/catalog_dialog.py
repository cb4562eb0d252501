"""The GM's editor for the campaign's 千幻抄 類型 catalog.

Edits go to a working copy; 「保存」 validates the whole catalog (empty and duplicate names, the
reserved ラスボス, lengths) and stores it with the campaign as one undo step, or shows what is
wrong and stores nothing.  Import merges an export file into the stored catalog (one undo step);
export writes the stored catalog.  The rule text has no 類型リスト: every field starts empty.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gmtool.file_names import with_suffix
from gmtool.models.sengensho.catalog_model import (
    ArchetypeDraft,
    SengenshoCatalogModel,
    build_catalog,
    drafts_of,
)
from gmtool.models.sengensho.labels import archetype_label
from gmtool.views.appearance import set_tone
from gmtool.views.file_dialogs import open_file_name, save_file_name
from gmtool.views.sengensho.catalog_form import ArchetypeForm, as_shown
from gmtool.views.widgets import show_refusal, shown_message

FILE_FILTER = "類型カタログ (*.json)"  # translated where shown (en/issue35_sgs.json)
SUFFIX = ".json"


class SengenshoCatalogDialog(QDialog):
    def __init__(self, model: SengenshoCatalogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._drafts: list[ArchetypeDraft] = []
        self._loaded: list[ArchetypeDraft] = []  # what the working copy was loaded from
        self._row = -1  # the row the form shows
        self._busy = False  # our own store: reload once it is done, not in between
        self.setWindowTitle(self.tr("類型カタログ（千幻抄）"))

        self.note_label = QLabel(
            self.tr(
                "類型リストの内容はルール文にありません。空欄は未設定です（GMが入力してください）。"
                "必要幻想値が未設定の幻想能力は使えません。保存したカタログはキャンペーンに保存され、"
                "元に戻す（Ctrl+Z）で戻せます。"
            )
        )
        self.note_label.setWordWrap(True)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        self.archetype_list = QListWidget()
        self.archetype_list.currentRowChanged.connect(self._on_row_changed)
        self.add_button = QPushButton(self.tr("類型を追加"))
        self.add_button.clicked.connect(self.add_archetype)
        self.remove_button = QPushButton(self.tr("選んだ類型を削除"))
        self.remove_button.clicked.connect(self.remove_archetype)
        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.add_button)
        list_buttons.addWidget(self.remove_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.archetype_list, 1)
        left_layout.addLayout(list_buttons)

        self.form = ArchetypeForm()
        self.form.edited.connect(self._on_form_edited)
        self.form.name_committed.connect(self._on_name_committed)
        self.form_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 620])

        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.export_button = QPushButton(self.tr("エクスポート…"))
        self.export_button.setToolTip(self.tr("保存済みの類型カタログをファイルに書き出します"))
        self.export_button.clicked.connect(self.export_catalog)
        self.import_button = QPushButton(self.tr("インポート…"))
        self.import_button.setToolTip(self.tr("ファイルの類型をこのキャンペーンのカタログに加えます"))
        self.import_button.clicked.connect(self.import_catalog)
        self.reset_button = QPushButton(self.tr("出荷時に戻す"))
        self.reset_button.clicked.connect(self.reset_to_shipped)
        self.save_button = QPushButton(self.tr("保存"))
        self.save_button.clicked.connect(self.save)
        close_button = QPushButton(self.tr("閉じる"))
        close_button.clicked.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status_label, 1)
        for button in (self.export_button, self.import_button, self.reset_button, self.save_button):
            bottom.addWidget(button)
        bottom.addWidget(close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.note_label)
        layout.addWidget(self.problem_label)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self.resize(900, 720)

        model.changed.connect(self._on_catalog_changed)
        self._reload()

    # ---- the working copy ---------------------------------------------------------------
    def drafts(self) -> list[ArchetypeDraft]:
        """The working copy with what the form shows (nothing is asked or stored)."""
        drafts = list(self._drafts)
        if 0 <= self._row < len(drafts):
            drafts[self._row] = self.form.draft()
        return drafts

    def has_unsaved_edits(self) -> bool:
        return self.drafts() != self._loaded

    def current_row(self) -> int:
        return self.archetype_list.currentRow()

    def select_row(self, row: int) -> None:
        self.archetype_list.setCurrentRow(row)

    def _commit_form(self) -> None:
        """The form into the working copy; renaming a 類型 characters use asks first."""
        if not 0 <= self._row < len(self._drafts):
            return
        old, draft = self._drafts[self._row], self.form.draft()
        if draft.name != old.name and old.name:
            users = self.model.in_use(old.name)
            question = self.tr(
                "類型「{0}」は次のキャラクターが使っています: {1}。"
                "名前を変えてもキャラクターの類型は「{0}」のままで、カタログにない類型になります。"
                "名前を変えますか？"
            )
            if users and not self.ask(question.format(old.name, self.tr("、").join(users))):
                draft = replace(draft, name=old.name)
                self.form.set_name(old.name)
        self._drafts[self._row] = draft
        self._show_row_label(self._row)
        self.form.set_users(self.model.in_use(draft.name))

    def _on_row_changed(self, row: int) -> None:
        # The form still shows the previous 類型: keep what was typed there.
        self._commit_form()
        self._row = row
        self.form.set_draft(self._drafts[row] if 0 <= row < len(self._drafts) else None)
        if 0 <= row < len(self._drafts):
            self.form.set_users(self.model.in_use(self._drafts[row].name))
        self._show_dirty()

    def _on_name_committed(self) -> None:
        self._commit_form()
        self._show_dirty()

    def _on_form_edited(self) -> None:
        self._show_dirty()

    def _show_row_label(self, row: int) -> None:
        item = self.archetype_list.item(row)
        if item is not None:
            item.setText(archetype_label(self._drafts[row].name) or self.tr("（名前なし）"))

    # ---- 類型 -------------------------------------------------------------------------------
    def add_archetype(self) -> None:
        self._commit_form()
        taken = {d.name for d in self._drafts}
        base = self.tr("新しい類型")
        name = next(n for i in range(1, 1000) if (n := base if i == 1 else f"{base}{i}") not in taken)
        self._drafts.append(ArchetypeDraft(name))
        self.archetype_list.addItem(name)
        self.select_row(len(self._drafts) - 1)
        # The form may be scrolled down to the last 類型's 幻想能力: bring the new name into view.
        self.archetype_list.scrollToItem(self.archetype_list.item(len(self._drafts) - 1))
        self.form_scroll.verticalScrollBar().setValue(0)
        self.form_scroll.ensureWidgetVisible(self.form.name_edit)
        self.form.name_edit.setFocus()
        self.form.name_edit.selectAll()

    def remove_archetype(self) -> None:
        self._commit_form()
        row = self.current_row()
        if not 0 <= row < len(self._drafts):
            show_refusal(self, self.tr("削除する類型を選んでください"))
            return
        name = self._drafts[row].name
        users = self.model.in_use(name)
        question = self.tr(
            "類型「{0}」は次のキャラクターが使っています: {1}。"
            "削除してもキャラクターの類型は「{0}」のままで、カタログにない類型になります。削除しますか？"
        )
        if users and not self.ask(question.format(name, self.tr("、").join(users))):
            return
        self._row = -1  # the removed row's form is not committed anywhere
        del self._drafts[row]
        self.archetype_list.takeItem(row)
        self._row = self.current_row()
        self.form.set_draft(self._drafts[self._row] if self._row >= 0 else None)
        self._show_dirty()

    # ---- saving and files ------------------------------------------------------------------
    def save(self) -> bool:
        self._commit_form()  # a name typed without leaving the field still counts
        try:
            catalog = build_catalog(self._drafts)
            self._busy = True
            try:
                stored = self.model.save(catalog)
            finally:
                self._busy = False
        except ValueError as refusal:
            show_refusal(
                self, self.tr("類型カタログを保存できません: {0}").format(shown_message(str(refusal)))
            )
            return False
        self._reload()
        self._show_status(self.tr("保存しました") if stored else self.tr("変更はありません（保存済みです）"))
        return True

    def reset_to_shipped(self) -> None:
        lost = [
            self.tr("「{0}」（{1}）").format(name, self.tr("、").join(users))
            for name, users in self.model.lost_on_reset()
        ]
        question = self.tr(
            "類型カタログを出荷時の状態（狩猟者・芸術家、内容は空欄）に戻しますか？"
            "保存していない変更も破棄されます。元に戻す（Ctrl+Z）で取り消せます。"
        )
        if lost:
            question += self.tr("\nカタログからなくなる、キャラクターが使っている類型: {0}").format(
                self.tr("、").join(lost)
            )
        if not self.ask(question):
            return
        self._busy = True
        try:
            reset = self.model.reset_to_shipped()
        finally:
            self._busy = False
        self._reload()
        self._show_status(
            self.tr("出荷時のカタログに戻しました")
            if reset
            else self.tr("保存済みのカタログは出荷時のままです（保存していない変更は破棄しました）")
        )

    def export_catalog(self) -> None:
        if self.has_unsaved_edits() and not self.ask(
            self.tr("保存していない変更は書き出されません（保存済みのカタログを書き出します）。続けますか？")
        ):
            return
        path = self.ask_save_path(
            self.tr("類型カタログをエクスポート"), self.tr(FILE_FILTER), self.tr("類型カタログ.json")
        )
        if not path:
            return
        path = with_suffix(path, SUFFIX)
        try:
            self.model.export_to(path)
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return
        self._show_status(self.tr("{0} に書き出しました").format(path))

    def import_catalog(self) -> None:
        if self.has_unsaved_edits() and not self.ask(
            self.tr("保存していない変更を破棄してインポートしますか？")
        ):
            return
        path = self.ask_open_path(self.tr("類型カタログをインポート"), self.tr(FILE_FILTER))
        if not path:
            return
        try:
            incoming = self.model.read_import(path)
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return
        ours = set(self.model.catalog().names())
        same = [n for n in incoming.names() if n in ours]
        replace_existing = bool(same) and self.ask(
            self.tr(
                "同じ名前の類型がすでにあります: {0}。\n"
                "「はい」: ファイルの内容で置き換えます。「いいえ」: こちらの内容を残します。"
            ).format(self.tr("、").join(same))
        )
        self._busy = True
        try:
            summary = self.model.import_catalog(incoming, replace_existing)
        except ValueError as refusal:
            show_refusal(
                self, self.tr("類型カタログをインポートできません: {0}").format(shown_message(str(refusal)))
            )
            return
        finally:
            self._busy = False
        self._reload()
        self._show_status(
            self.tr("インポートしました: 追加 {0}、置き換え {1}、残した類型 {2}").format(
                len(summary.added), len(summary.replaced), len(summary.kept)
            )
        )

    def reject(self) -> None:
        if self.has_unsaved_edits() and not self.ask(self.tr("保存していない変更を破棄して閉じますか？")):
            return
        super().reject()

    # ---- questions (tests replace these instead of opening modal boxes) ---------------------
    def ask(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("類型カタログ"), question)
        return answer == QMessageBox.StandardButton.Yes

    def ask_open_path(self, title: str, file_filter: str) -> str:
        return open_file_name(self, title, file_filter)

    def ask_save_path(self, title: str, file_filter: str, suggested: str) -> str:
        return save_file_name(self, title, file_filter, suggested)

    # ---- internals ----------------------------------------------------------------------------
    def _reload(self) -> None:
        """The working copy from the campaign again, keeping the selected row."""
        row = max(self.current_row(), 0)
        problem = self.model.problem()
        text = self.tr("{0}（出荷時のカタログを表示しています。保存すると置き換えます）").format(
            shown_message(problem or "")
        )
        self.problem_label.setText(text if problem else "")
        self.problem_label.setVisible(bool(problem))
        self._loaded = [as_shown(d) for d in drafts_of(self.model.catalog())]
        self._drafts = list(self._loaded)
        row = min(row, len(self._drafts) - 1)
        self.archetype_list.blockSignals(True)  # nothing to carry over from the form
        try:
            self.archetype_list.clear()
            for draft in self._drafts:
                self.archetype_list.addItem(archetype_label(draft.name))
            self.archetype_list.setCurrentRow(row)
        finally:
            self.archetype_list.blockSignals(False)
        self._row = -1
        self._on_row_changed(row)
        self._show_status("")

    def _show_dirty(self) -> None:
        self._show_status(self.tr("保存していない変更があります") if self.has_unsaved_edits() else "")

    def _show_status(self, text: str) -> None:
        self.status_label.setText(text)

    def _on_catalog_changed(self) -> None:
        if self._busy:
            return
        # Undo/redo of a save: follow it unless the GM has edits of their own in progress.
        if self.has_unsaved_edits():
            self._show_status(
                self.tr(
                    "カタログが変更されました（元に戻す・やり直し）。保存すると今の編集内容で置き換えます"
                )
            )
        else:
            self._reload()
