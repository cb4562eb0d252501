"""What the window says about the campaign file itself: a write refused, a wait for a lock, a file
opened read-only or gone from under it.

- A refused step (`CampaignModel.write_failed`) is said in a message box naming the cause; the
  model has already taken it back, so the views show the stored values again.
- Waiting for another program's lock shows in the status bar (and a wait cursor, set by the model).
- The demo campaign says so in the banner, with 新しいキャンペーン… beside it.
- A read-only campaign (another gmtool edits it, the file or folder cannot be written) or one whose
  file was deleted, moved away or replaced shows a banner across the window with what to do:
  名前を付けて保存 keeps what the window holds in a new file; 編集用に開き直す tries again.
- An exception the model has already reported (``reported``) is not reported a second time by the
  exception hook.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QMessageBox, QSizePolicy, QToolBar, QWidget

from gmtool.app.demo import is_demo_campaign
from gmtool.models.campaign_model import CampaignModel
from gmtool.views.appearance import set_tone
from gmtool.views.compact import ElidedLabel
from gmtool.views.message_catalog import translate_message
from gmtool.views.widgets import show_refusal

if TYPE_CHECKING:
    from gmtool.app.file_actions import FileActions
    from gmtool.app.services import AppServices

BANNER_NAME = "file_banner"


def _tr(text: str) -> str:
    return QCoreApplication.translate("FileState", text)


ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


class _ReportedErrorHook:
    """`sys.excepthook`: an error a model has already said to the user prints one line; any other
    goes on to the hook that was there before."""

    def __init__(self, previous: ExceptHook) -> None:
        self.previous = previous

    def __call__(self, kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        if getattr(error, "reported", False):
            print(f"gmtool: {error}", file=sys.stderr)
            return
        self.previous(kind, error, trace)


def install_reported_error_hook() -> None:
    """Errors the models have already said to the user print one line, not a traceback."""
    if not isinstance(sys.excepthook, _ReportedErrorHook):  # once, however many windows
        sys.excepthook = _ReportedErrorHook(sys.excepthook)


class FileBanner(QToolBar):
    """The bar across the top of the window while the campaign cannot be written."""

    def __init__(self, window: QWidget, files: FileActions) -> None:
        super().__init__(window)
        self.setObjectName(BANNER_NAME)
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)  # not one of the 表示 menu's panels
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        # One line (a wrapped label in a tool bar takes three lines' height), cut with "…" in a
        # narrow window, the whole text in its tooltip.
        self.label = ElidedLabel()
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The theme's warning text on its "look here" background, in light and dark alike.
        set_tone(self.label, "warning", "font-weight: bold; padding: 0px 8px; background-color: @mark;")
        self.label.setFixedHeight(self.label.fontMetrics().height() + 12)
        self.addWidget(self.label)
        self.save_as = self.addAction(_tr("名前を付けて保存…"), files.save_campaign_as)
        self.reopen = self.addAction(_tr("編集用に開き直す"), files.reopen_for_writing)
        self.new_campaign = self.addAction(_tr("新しいキャンペーン…"), files.new_campaign)  # the demo's
        self.setVisible(False)

    def show_state(self, model: CampaignModel) -> None:
        campaign = model.campaign
        if campaign.detached is not None:
            text = _tr("このキャンペーンのファイルには書き込めません — {0}。名前を付けて保存で残せます")
            reason = campaign.detached
        elif campaign.read_only is not None:
            text = _tr("読み取り専用で開いています — {0}。変更は保存されません")
            reason = campaign.read_only
        elif is_demo_campaign(campaign.path):
            self.label.setText(
                _tr(
                    "デモキャンペーンです — 試すためのもので、あなたのキャンペーンではありません。"
                    "自分のキャンペーンは「新しいキャンペーン…」で作れます"
                )
            )
            for action, shown in ((self.save_as, False), (self.reopen, False), (self.new_campaign, True)):
                action.setVisible(shown)
            self.setVisible(True)
            return
        else:
            self.setVisible(False)
            return
        self.save_as.setVisible(True)
        self.new_campaign.setVisible(False)
        self.reopen.setVisible(campaign.detached is None)
        self.label.setText(text.format(translate_message(reason)))
        self.setVisible(True)


class FileStateBinding(QObject):
    """Connects one campaign model to the window's banner, status bar and message boxes."""

    def __init__(self, services: AppServices, banner: FileBanner, model: CampaignModel) -> None:
        super().__init__(model)  # gone with the model
        self.services, self.banner, self.model = services, banner, model
        model.write_failed.connect(self._failed)
        model.write_waiting.connect(self._waiting)
        model.file_state_changed.connect(self._state_changed)
        self._state_changed()

    def _failed(self, message: str) -> None:
        self.services.status_bar.showMessage(translate_message(message), 10_000)
        show_refusal(self.services.parent_widget, message)

    def _waiting(self, message: str) -> None:
        if message:
            self.services.status_bar.showMessage(translate_message(message))
        else:
            self.services.status_bar.clearMessage()

    def _state_changed(self) -> None:
        if self.services.campaign_model is self.model:
            self.banner.show_state(self.model)

    def say_notices(self) -> None:
        """What opening did that the user should hear of (an old WAL set aside)."""
        for notice in self.model.campaign.notices:
            QMessageBox.information(
                self.services.parent_widget, _tr("キャンペーンを開きました"), translate_message(notice)
            )
