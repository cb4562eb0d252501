"""File menu actions: campaigns (new, open, save as, recent) and character files."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from gmtool.file_names import with_suffix
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_record_model import CreationRecordModel
from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.store.campaign import Campaign
from gmtool.store.campaign_file import reset_session_value
from gmtool.store.campaign_lock import CampaignLocked
from gmtool.store.errors import CampaignError, StoreError
from gmtool.store.exchange import export_character, read_character
from gmtool.views.widgets import show_refusal, shown_message

if TYPE_CHECKING:
    from gmtool.app.services import AppServices

CAMPAIGN_FILTER = QT_TRANSLATE_NOOP("FileActions", "gmtool キャンペーン (*.gmcampaign)")
CHARACTER_FILTER = QT_TRANSLATE_NOOP("FileActions", "gmtool キャラクター (*.gmchar.json)")
RECENT_KEY = "recent_campaigns"
MAX_RECENT = 8
SAVED_MESSAGE_MS = 8000  # longer than an export's 5 s note: a new user reads it whole


class FileActions(QObject):
    def __init__(self, services: AppServices, show_campaign: Callable[[CampaignModel], None]) -> None:
        """`show_campaign`: the window shows another campaign (and closes the one it showed)."""
        super().__init__(services.parent_widget)
        self.services = services
        self.show_campaign = show_campaign
        # Told each campaign the window shows (set by `follow_campaigns` for the user's own start).
        self.on_shown: Callable[[str | Path], None] | None = None
        self.recent_menu: QMenu | None = None  # ファイル → 最近使ったファイル (`follow_recent`)
        self.player_windows: list[QMainWindow] = []  # open beside the GM's (`open_player_window`)

    # ---- campaigns -----------------------------------------------------------------
    def new_campaign(self) -> None:
        path = ask_new_campaign_path(self.services.questions)
        if path:
            self._switch(lambda: create_campaign(path))

    def open_demo(self) -> None:
        """ファイル → デモキャンペーンを開く: the bundled demo, made in the data folder the first time."""
        from gmtool.app.demo import open_demo_campaign

        self._switch(open_demo_campaign)

    def open_player_window(self) -> None:
        """ファイル → プレイヤーとしてキャラクターを作る…: the start page's player path, also once a
        campaign is open (the start page shows only while none is remembered: a player who once
        looked at the demo would have no way back to it).  A window of its own, with its throwaway
        campaign, closed with the GM's window (`close_player_windows`)."""
        from gmtool.app.player import PlayerWindow  # its models load when used

        window = PlayerWindow(self.services.settings)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.player_windows.append(window)
        window.destroyed.connect(lambda: self.player_windows.remove(window))
        window.show()
        window.raise_()

    def close_player_windows(self) -> None:
        """The player's windows close with the GM's: each removes its throwaway campaign."""
        for window in list(self.player_windows):
            window.close()

    def open_campaign(self, path: str | None = None) -> None:
        ask = self.services.questions.ask_open_path
        path = path or ask(self.tr("キャンペーンを開く"), self.tr(CAMPAIGN_FILTER))
        if not path:
            return
        current = self.services.campaign_model.campaign
        if Path(path).resolve() == current.path and current.read_only is None and current.detached is None:
            self.services.status_bar.showMessage(self.tr("このキャンペーンは開いています"), 5000)
            return
        self._switch(lambda: self._open_asking(path))

    def reopen_for_writing(self) -> None:
        """The banner's 編集用に開き直す: the same file again, for writing if it can be now."""
        path = self.services.campaign_model.campaign.path
        self.services.campaign_model.campaign.close()  # its read-only connection: not a writer
        try:
            campaign = Campaign.open(path)
        except StoreError as error:
            show_refusal(self.services.parent_widget, str(error))
            campaign = Campaign.open(path, read_only=self.services.campaign_model.read_only)
        self.show_campaign(CampaignModel(campaign))

    def _open_asking(self, path: str) -> Campaign:
        """Open for writing; when another gmtool edits it, ask whether to open it read-only (or, for
        a lock from another computer, to take it over)."""
        try:
            return Campaign.open(path)
        except CampaignLocked as locked:
            if locked.holder is not None and locked.holder.this_process:
                raise
            box = QMessageBox(self.services.parent_widget)
            box.setIcon(QMessageBox.Icon.Question)
            box.setWindowTitle(self.tr("キャンペーンを開く"))
            box.setText(shown_message(str(locked)))
            read_only = box.addButton(self.tr("読み取り専用で開く"), QMessageBox.ButtonRole.AcceptRole)
            take_over = None
            if locked.other_host:
                box.setInformativeText(
                    self.tr("別のコンピューターのロックです。そちらの gmtool が終了していれば引き継げます。")
                )
                role = QMessageBox.ButtonRole.DestructiveRole
                take_over = box.addButton(self.tr("引き継いで編集する"), role)
            box.addButton(QMessageBox.StandardButton.Cancel)
            box.exec()
            if box.clickedButton() is read_only:
                return Campaign.open(path, read_only=locked.reason)
            if take_over is not None and box.clickedButton() is take_over:
                return Campaign.open(path, take_over=True)
            raise _Cancelled from None
        except CampaignError as refused:
            if refused.session_key is None:
                raise
            return self._open_with_value_reset(Path(path), refused, refused.session_key)

    def _open_with_value_reset(self, path: Path, refused: CampaignError, key: str | bytes) -> Campaign:
        """A campaign refused for one unreadable session value (a hand-edited house-rules value):
        offered to open with that value reset to its default, the file first copied aside."""
        question = self.tr(
            "{0}\n\nこの部分だけを既定の状態に戻して開きますか？\n"
            "その前に、元のファイルをそのまま同じフォルダに控えとして残します"
            "（「{1}-before-repair-日時{2}」）。"
        ).format(shown_message(str(refused)), path.stem, path.suffix)
        if not self.services.questions.ask_confirm(self.tr("キャンペーンを開く"), question):
            raise _Cancelled
        aside = reset_session_value(path.resolve(), key)
        campaign = Campaign.open(path)
        notice = self.tr("読めなかった部分を既定の状態に戻して開きました。元のファイルの控え: {0}").format(
            aside
        )
        campaign.notices = (*campaign.notices, notice)
        return campaign

    def save_now(self) -> None:
        """保存 (Ctrl+S): every step is written to the file as it is made, so there is nothing left to
        save; the step still being made is committed now, and the status bar says so (a new user's
        Ctrl+S, by habit, did nothing and said nothing).  A campaign opened read-only says why and
        where its changes can go."""
        model = self.services.campaign_model
        if model.read_only is not None:
            self.services.status_bar.showMessage(
                self.tr(
                    "このキャンペーンは読み取り専用で開いています（{0}）。「名前を付けて保存…」で別のファイルに保存できます"
                ).format(shown_message(model.read_only)),
                SAVED_MESSAGE_MS,
            )
            return
        if model.flush():  # refused: the step was taken back and said so
            self.services.status_bar.showMessage(
                self.tr("保存済みです — 変更はその都度ファイルに保存されています"), SAVED_MESSAGE_MS
            )

    def save_campaign_as(self) -> None:
        current = self.services.campaign_model.campaign
        path = self.services.questions.ask_save_path(
            self.tr("名前を付けて保存"), self.tr(CAMPAIGN_FILTER), current.path
        )
        if path:
            # The dialog has already asked before overwriting.
            self._switch(lambda: current.save_as(with_suffix(path, ".gmcampaign"), overwrite=True))

    def _switch(self, make_campaign: Callable[[], Campaign]) -> None:
        if not self.services.campaign_model.flush():  # the last step first (refused: it was said)
            return
        try:
            campaign = make_campaign()
        except _Cancelled:
            return
        except StoreError as error:
            show_refusal(self.services.parent_widget, str(error))
            return
        self.show_campaign(CampaignModel(campaign))

    def remember(self, path: str | Path) -> None:
        recent = [str(path), *(p for p in self.recent() if p != str(path))][:MAX_RECENT]
        self.services.settings.setValue(RECENT_KEY, recent)
        if self.on_shown is not None:
            self.on_shown(path)

    def recent(self) -> list[str]:
        value = self.services.settings.value(RECENT_KEY, [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            return [value]
        return [str(v) for v in value] if isinstance(value, Iterable) else []

    def follow_recent(self, menu: QMenu) -> None:
        """`menu` lists the recent campaigns each time it opens."""
        self.recent_menu = menu
        menu.aboutToShow.connect(self.fill_recent_menu)

    def fill_recent_menu(self) -> None:
        menu = self.recent_menu
        if menu is None:
            return
        menu.clear()
        for path in self.recent():

            def open_recent(p: str = path) -> None:
                self.open_campaign(p)

            menu.addAction(path, open_recent)
        if menu.isEmpty():
            menu.addAction(self.tr("（なし）")).setEnabled(False)

    # ---- characters ------------------------------------------------------------------
    def import_character(self) -> None:
        ask = self.services.questions.ask_open_path
        path = ask(self.tr("キャラクターをインポート"), self.tr(CHARACTER_FILTER))
        if not path:
            return
        try:
            imported = read_character(path)  # its creation record's rolls replayed from their seeds
        except StoreError as error:
            show_refusal(self.services.parent_widget, str(error))
            return
        character = imported.character
        record = CreationRecordModel(imported.system_id, character.name, imported.creation)
        if not self.services.questions.confirm_import(record):
            return
        name = self._name_for_import(character.name)
        if name is None:
            return
        model = self.services.campaign_model
        new_id = model.insert_character(
            imported.system_id, character, self.tr("キャラクターのインポート"), name=name
        )
        if imported.creation is not None:  # exported again, the character still says how it was made
            model.keep_creation_record(new_id, imported.creation)
        self.services.select_character(new_id)

    def _name_for_import(self, name: str) -> str | None:
        """The imported character's name; when a character of the campaign has it already, the
        user chooses another or 「名前 (2)」 (two alike could not be told apart); None: cancelled."""
        model, questions = self.services.campaign_model, self.services.questions
        if not model.name_taken(name):
            return name
        title, numbered = self.tr("キャラクターのインポート"), model.free_name(name)
        choice = questions.ask_choice(
            title,
            self.tr(
                "「{0}」はこのキャンペーンにもういます。インポートするキャラクターの名前をどうしますか？"
            ).format(name),
            [self.tr("名前を変える…"), self.tr("「{0}」として両方残す").format(numbered)],
        )
        if choice == 1:
            return numbered
        if choice != 0:
            return None
        label = self.tr("インポートするキャラクターの名前:")
        while True:
            typed, ok = questions.ask_text(title, label, numbered)
            typed = typed.strip()
            if not ok:
                return None
            if typed and not model.name_taken(typed):
                return typed
            label = (
                self.tr("「{0}」もこのキャンペーンにいます。別の名前を入力してください:").format(typed)
                if typed
                else self.tr("名前を入力してください:")
            )
            numbered = model.free_name(typed or name)

    def export_character(self) -> None:
        character_id = self.services.selected_or_refuse(
            self.tr("エクスポートするキャラクターを選んでください")
        )
        if character_id is None:
            return
        stored = self.services.campaign_model.stored(character_id)
        suggested = f"{stored.character.name or 'character'}.gmchar.json"
        path = self.services.questions.ask_save_path(
            self.tr("キャラクターをエクスポート"), self.tr(CHARACTER_FILTER), suggested
        )
        if not path:
            return
        try:
            creation = self.services.campaign_model.creation_record(character_id)
            export_character(with_suffix(path, ".gmchar.json"), stored.system, stored.character, creation)
        except (StoreError, OSError) as error:
            show_refusal(self.services.parent_widget, str(error))
            return
        self.services.status_bar.showMessage(self.tr("{0} に書き出しました").format(path), 5000)


class AsksSavePath(Protocol):
    def ask_save_path(self, title: str, file_filter: str, suggested: str | Path = "") -> str: ...


def ask_new_campaign_path(questions: AsksSavePath) -> str:
    """Where a new campaign goes (ファイル → 新しいキャンペーン, the start page's); "" when cancelled."""
    title = QCoreApplication.translate("FileActions", "新しいキャンペーン")
    return questions.ask_save_path(title, QCoreApplication.translate("FileActions", CAMPAIGN_FILTER))


def create_campaign(path: str) -> Campaign:
    """A new, empty campaign at `path` (``.gmcampaign`` added when missing); CampaignError if it
    cannot be made there."""
    return Campaign.create(with_suffix(path, ".gmcampaign"))


class _Cancelled(Exception):
    """The user cancelled the question while opening."""


def follow_campaigns(files: FileActions) -> None:
    """The next start reopens the campaign the window shows last (when there is none to reopen,
    the start page says why: gmtool.app.start_page)."""
    from gmtool.app.last_campaign import remember_last_campaign

    files.on_shown = remember_last_campaign
    remember_last_campaign(files.services.campaign_model.campaign.path)
