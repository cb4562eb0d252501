"""The start page's choices, acted on: shown by the user's start (gmtool.app.gui) when there is no
campaign to reopen — the first start, or the last campaign is gone or unreadable (the page then says
why).  An explicit `--demo`, a campaign argument and the offscreen starts never show it.

新しいキャンペーン asks where, as ファイル → 新しいキャンペーン does (`ask_new_campaign_path`,
`create_campaign`); デモを見る opens the demo; 開く… a campaign file; プレイヤーとしてキャラクターを作る
starts the player's window (gmtool.app.player) instead of the GM's.  A refusal (a file that cannot
be made or opened) is said and the page stays; closing it quits.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from gmtool.app.file_actions import CAMPAIGN_FILTER, ask_new_campaign_path, create_campaign
from gmtool.app.help_menu import WindowHelp
from gmtool.store.errors import StoreError
from gmtool.version import with_version
from gmtool.views.file_dialogs import open_file_name, save_file_name
from gmtool.views.start_page import StartChoice, StartPage
from gmtool.views.widgets import show_refusal, shown_message

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from gmtool.store.campaign import Campaign


def _tr(text: str) -> str:
    return QCoreApplication.translate("StartFlow", text)


@dataclass(frozen=True)
class StartOutcome:
    """What the start page led to: the GM's campaign to show, or the player's path."""

    campaign: Campaign | None = None
    player: bool = False


def unopened_reason(unopened: tuple[Path, StoreError] | None, *, named: bool = False) -> str:
    """Why the last campaign is not reopened — or, `named`, the one the start named (a double-click
    on a campaign file in the file manager) — in the UI language ("" when there was none)."""
    if unopened is None:
        return ""
    path, error = unopened
    said = (
        _tr("キャンペーン {0} を開けませんでした（{1}）。")
        if named
        else _tr("前回のキャンペーン {0} を開けませんでした（{1}）。")
    )
    text = said.format(path, shown_message(error.problem))
    print(f"gmtool: {text}", file=sys.stderr)
    return text


class StartFlow(QObject):
    """The page and what each of its buttons does; `outcome` once one led somewhere."""

    def __init__(
        self, settings: QSettings, unopened: tuple[Path, StoreError] | None = None, *, named: bool = False
    ) -> None:
        super().__init__()
        self.settings = settings
        self.page = StartPage(unopened_reason(unopened, named=named))
        self.page.setWindowTitle(with_version(self.page.windowTitle()))  # the packaged build's version
        self.page.chosen.connect(self.choose)
        self.help = WindowHelp(self.page)  # F1: the manual's start, over the page
        self.outcome: StartOutcome | None = None

    def run(self) -> StartOutcome | None:
        """Shows the page until a choice leads somewhere; None when it was closed (quit)."""
        self.page.exec()
        return self.outcome

    # ---- the questions, one method each so a test can answer them ----------------------------
    def ask_save_path(self, title: str, file_filter: str, suggested: str | Path = "") -> str:
        return save_file_name(self.page, title, file_filter, suggested, self.settings)

    def ask_open_path(self, title: str, file_filter: str) -> str:
        return open_file_name(self.page, title, file_filter, self.settings)

    # ---- the choices --------------------------------------------------------------------------
    def choose(self, choice: StartChoice) -> None:
        if choice is StartChoice.PLAYER:
            self._finish(StartOutcome(player=True))
            return
        try:
            campaign = self._campaign(choice)
        except StoreError as error:
            show_refusal(self.page, str(error))
            return
        if campaign is not None:
            self._finish(StartOutcome(campaign=campaign))

    def _campaign(self, choice: StartChoice) -> Campaign | None:
        """The campaign the choice opens; None when its question was cancelled."""
        from gmtool.app.demo import open_demo_campaign
        from gmtool.app.last_campaign import open_or_read_only

        if choice is StartChoice.DEMO:
            return open_demo_campaign()
        if choice is StartChoice.NEW:
            path = ask_new_campaign_path(self)
            return create_campaign(path) if path else None
        path = self.ask_open_path(
            _tr("キャンペーンを開く"), QCoreApplication.translate("FileActions", CAMPAIGN_FILTER)
        )
        return open_or_read_only(path) if path else None

    def _finish(self, outcome: StartOutcome) -> None:
        self.outcome = outcome
        self.page.accept()
