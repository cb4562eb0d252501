"""The card database: what it holds, looking a card up, importing a card file, entering a card by hand.

Importing runs off the UI thread: the progress bar follows the bytes read and キャンセル stops it.  A
cancelled or failed import leaves the database as it was, and the dialog says so.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.mtg.card_database_model import CardDatabaseModel, CardImportJob, ImportSummary, StoreError
from gmtool.models.mtg.labels import card_full_name, colors_label, type_line
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.file_dialogs import open_file_name
from gmtool.views.widgets import close_only_buttons, read_only_table, shown_message

CARD_FILE_FILTER = "カードファイル (*.json *.jsonl *.gz *.bz2 *.xz *.zip);;すべてのファイル (*)"
ERROR_STYLE = Tone("error")


class MTGCardDatabaseDialog(QDialog):
    def __init__(self, model: CardDatabaseModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("カードデータベース"))
        self.resize(1100, 600)
        self.model = model
        self.job: CardImportJob | None = None
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.imports_label = QLabel()
        self.imports_label.setWordWrap(True)
        self.sources_label = QLabel(self.sources_text())
        self.sources_label.setWordWrap(True)
        self.sources_label.setOpenExternalLinks(True)
        self.sources_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText(self.tr("カード名で探す（日本語・英語、一部でも可）"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self.show_matches)
        self.results = read_only_table(("カード", "マナ総量", "色", "タイプ"), stretch=0)
        self.import_button = QPushButton(self.tr("カードファイルを読み込む…"))
        self.import_button.setToolTip(
            self.tr(
                "MTGJSON の AtomicCards・AllPrintings・セットごとのファイルか Scryfall の一括データ"
                "（圧縮されたままで可）"
            )
        )
        self.import_button.clicked.connect(self.choose_file)
        self.manual_button = QPushButton(self.tr("手で入力…"))
        self.manual_button.clicked.connect(self.enter_manually)
        self.manual_list = QListWidget()
        self.manual_list.setMaximumHeight(90)
        self.manual_list.setToolTip(
            self.tr("手で入力したカード（読み込みで消えず、同じ名前のカードより優先されます）")
        )
        self.remove_manual_button = QPushButton(self.tr("手入力のカードを削除"))
        self.remove_manual_button.clicked.connect(self.remove_manual)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setVisible(False)
        self.cancel_button = QPushButton(self.tr("キャンセル"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel_import)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)

        buttons = QHBoxLayout()
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.manual_button)
        buttons.addStretch(1)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        # Looking a card up on the left, the full height of the dialog; what the database holds
        # and how to fill it on the right.  One column left the results five rows under the text.
        about = QVBoxLayout()
        about.addWidget(self.status_label)
        about.addWidget(self.imports_label)
        about.addWidget(self.sources_label)
        about.addLayout(buttons)
        about.addLayout(progress_row)
        about.addWidget(self.message_label)
        about.addWidget(QLabel(self.tr("手で入力したカード")))
        about.addWidget(self.manual_list)
        about.addWidget(self.remove_manual_button, 0, Qt.AlignmentFlag.AlignRight)
        about.addStretch(1)
        lookup = QVBoxLayout()
        lookup.addWidget(self.search_edit)
        lookup.addWidget(self.results, 1)
        columns = QHBoxLayout()
        columns.addLayout(lookup, 3)
        columns.addLayout(about, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(close_only_buttons(self))
        model.changed.connect(self.refresh)
        self.refresh()
        self.search_edit.setFocus()  # looking a card up is what the dialog is opened for most

    # ---- showing -------------------------------------------------------------------------
    def refresh(self) -> None:
        try:
            count, imports = self.model.count(), self.model.imports()
        except StoreError as problem:  # the message names the file and the fault
            self.status_label.setText(str(problem))
            set_tone(self.status_label, ERROR_STYLE)
            for widget in (self.import_button, self.manual_button, self.search_edit):
                widget.setEnabled(False)
            return
        status = self.tr("{0} 枚のカードがあります（{1}）").format(count, self.model.path.name)
        self.status_label.setText(status)
        if imports:
            lines = [
                self.tr("{0}: 「{1}」から {2} 枚").format(_local_time(r.date), r.file_name, r.cards)
                for r in imports[-3:]
            ]
            self.imports_label.setText(
                self.shipped_text() + "\n" + self.tr("読み込んだファイル:\n") + "\n".join(lines)
            )
        else:
            self.imports_label.setText(self.shipped_text())
        self.manual_list.clear()
        for card in self.model.manual_cards():
            item = QListWidgetItem(card_full_name(card))
            item.setData(Qt.ItemDataRole.UserRole, card.name)
            self.manual_list.addItem(item)
        self.remove_manual_button.setEnabled(self.manual_list.count() > 0)
        self.show_matches(self.search_edit.text())

    def shipped_text(self) -> str:
        """What gmtool brought: the bundled table's source, date and size."""
        meta = self.model.shipped_data()
        if not meta:
            return self.tr("同梱のサンプルだけです。カードファイルを読み込むと、すべてのカードを引けます。")
        return self.tr(
            "同梱のカードデータ: {0}（{1} 時点、{2:,} 枚、うち日本語名 {3:,} 枚）。"
            "それより新しいカードは、カードファイルを読み込むと加わります（同梱のカードは消えません）。"
        ).format(
            meta.get("source", ""), meta.get("source_date", ""), meta.get("cards", 0), meta.get("cards_ja", 0)
        )

    def sources_text(self) -> str:
        """The files the import takes, where to get them and how large they are."""
        return self.tr(
            "読み込めるファイル（大きさは 2025 年の目安）:<br>"
            '・<a href="https://mtgjson.com/downloads/all-files/">MTGJSON</a>: '
            "AtomicCards（約 120 MB）、AllPrintings（約 500 MB）、"
            "セットごとのファイル（M20.json など、数 MB）。"
            "日本語名あり（AllPrintings とセットごとのファイルは全印刷から集めます）。<br>"
            '・<a href="https://scryfall.com/docs/api/bulk-data">Scryfall</a>: '
            "oracle_cards（約 160 MB）と default_cards（約 500 MB）には日本語名がありません。"
            "日本語名は all_cards（約 2 GB）にだけあります。"
        )

    def show_matches(self, text: str) -> None:
        cards = self.model.search(text, 200) if text.strip() else []
        self.results.setRowCount(len(cards))
        for row, card in enumerate(cards):
            colors = colors_label(card.card_colors)
            cells = (card_full_name(card), str(card.mana_value), colors, type_line(card))
            for column, value in enumerate(cells):
                self.results.setItem(row, column, QTableWidgetItem(value))

    # ---- manual entry --------------------------------------------------------------------
    def enter_manually(self) -> None:
        from gmtool.views.mtg.card_entry_dialog import MTGCardEntryDialog

        dialog = MTGCardEntryDialog(self.model.card_entry(), self.search_edit.text(), self)
        if self.run_dialog(dialog) and dialog.card is not None:
            try:
                self.model.add_manual(dialog.card)
            except StoreError as problem:
                self._say(str(problem), error=True)
                return
            self._say(self.tr("{0} を追加しました").format(card_full_name(dialog.card)))

    def remove_manual(self) -> None:
        item = self.manual_list.currentItem()
        if item is None:
            self._say(self.tr("削除する手入力のカードを選んでください"), error=True)
            return
        name, shown = item.data(Qt.ItemDataRole.UserRole), item.text()  # the list is rebuilt
        try:
            self.model.remove_manual(name)
        except StoreError as problem:
            self._say(str(problem), error=True)
            return
        self._say(self.tr("手入力の {0} を削除しました").format(shown))

    def _say(self, message: str, error: bool = False) -> None:
        self.message_label.setText(message)
        set_tone(self.message_label, ERROR_STYLE if error else None)

    def run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    # ---- importing -----------------------------------------------------------------------
    def ask_open_path(self) -> str:
        return open_file_name(self, self.tr("カードファイルを開く"), self.tr(CARD_FILE_FILTER))

    def choose_file(self) -> None:
        path = self.ask_open_path()
        if path:
            self.start_import(Path(path))

    def start_import(self, path: Path) -> None:
        try:
            self.job = self.model.start_import(path)
        except StoreError as problem:  # the message names the file and the fault
            self._finish(str(problem), error=True)
            return
        self.job.progressed.connect(self._progressed)
        self.job.succeeded.connect(self._succeeded)
        self.job.failed.connect(lambda message: self._finish(shown_message(message), error=True))
        self.job.cancelled.connect(
            lambda: self._finish(self.tr("キャンセルしました。カードデータベースは変わっていません。"))
        )
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.import_button.setEnabled(False)
        self.manual_button.setEnabled(False)  # the import holds the database until it commits
        self.remove_manual_button.setEnabled(False)
        self._say(self.tr("「{0}」を読み込んでいます…").format(path.name))

    def cancel_import(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.cancel_button.setEnabled(False)
            self._say(self.tr("キャンセルしています…"))

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(int(1000 * done / total) if total else 0)

    def _succeeded(self, summary: ImportSummary) -> None:
        self._finish(
            self.tr("{0}: {1} 枚のカードを読み込みました（日本語名 {2} 枚）").format(
                summary.found, summary.cards, summary.cards_ja
            )
        )

    def _finish(self, message: str, error: bool = False) -> None:
        self.job = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.import_button.setEnabled(True)
        self.manual_button.setEnabled(True)
        # An import that went through has already refreshed the dialog (the model's `changed`).
        self.remove_manual_button.setEnabled(self.manual_list.count() > 0)
        self._say(message, error)

    def reject(self) -> None:
        if self.job is not None:  # closing while importing cancels: nothing half-written remains
            self.job.stop()  # the store sees the cancel within 0.1 s; the wait is brief
        super().reject()


def _local_time(iso: str) -> str:
    """An import's UTC time stamp as the player's local date and time."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
