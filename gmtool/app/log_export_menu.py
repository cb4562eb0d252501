"""ファイル → セッションログを書き出す…: a session, a scenario or a period of the log, as one HTML page
or as text, for posting after play.

The log is read twice, a page at a time: once to find its sessions, scenarios and days (kept with the
campaign model and shared with the log window's セッション filter, `gmtool.models.log_sessions`: the
next time reads only the lines added since; forgotten when the log is read again from the file) —
the first time in the background, the dialog open meanwhile and saying it is still counting — and
once to write the chosen lines, under a progress dialog with キャンセル.  The file is
renamed into place only when complete: a failure is said in a message box, a cancel says nothing,
and neither leaves a file behind.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QProgressDialog

from gmtool.store.errors import CampaignError
from gmtool.store.log_export import HTML, SUFFIXES
from gmtool.store.log_spans import Cancelled, LogSpans
from gmtool.views.widgets import show_refusal, show_unwritable

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.log_export import LogExportModel
    from gmtool.views.log_export_dialog import LogExportDialog

T = TypeVar("T")


class LogExportActions(QObject):
    """The File menu's action and what it does; a child of the window."""

    def __init__(self, services: AppServices) -> None:
        super().__init__(services.parent_widget)
        self.services = services
        self.action = QAction(self.tr("セッションログを書き出す…"), services.parent_widget)
        self.action.triggered.connect(self.export_log)
        self.last_written: Path | None = None

    # ---- the steps (each one method, so a test can answer it) -------------------------------
    def ask_range(self, dialog: LogExportDialog) -> bool:
        return dialog.exec() == QDialog.DialogCode.Accepted

    def export_log(self) -> None:
        from gmtool.models.log_export import LogExportModel
        from gmtool.models.log_sessions import log_sessions
        from gmtool.views.log_export_dialog import LogExportDialog

        campaign_model = self.services.campaign_model
        sessions = log_sessions(campaign_model)
        spans: LogSpans | None = LogSpans()  # none yet: counted in the background, offered when done
        if sessions.known:  # only the lines logged since are read
            spans = self._with_progress(
                self.tr("ログを読んでいます…"), lambda p: self._scan(campaign_model, p)
            )
        elif self._has_lines():
            sessions.request()
            spans = sessions.spans() if sessions.known else spans  # a file that cannot be read elsewhere
        if spans is None:
            return
        if not spans.days and not sessions.scanning:
            show_refusal(self.services.parent_widget, self.tr("このキャンペーンのログにはまだ行がありません"))
            return
        model = LogExportModel(campaign_model, spans, counting=sessions)
        dialog = LogExportDialog(model, self.services.parent_widget)
        try:
            if not self.ask_range(dialog):
                return
        finally:
            dialog.deleteLater()
        path = self._ask_path(model)
        if path is None:
            return
        written = self._with_progress(
            self.tr("セッションログを書き出しています…"), lambda p: model.write(path, p)
        )
        if written is None:
            return
        self.last_written = path
        self.services.status_bar.showMessage(
            self.tr("セッションログ（{0} 行）を {1} に書き出しました").format(written, path), 8000
        )

    def _has_lines(self) -> bool:
        try:
            return self.services.campaign_model.campaign.log_span()[2] > 0
        except CampaignError:
            return True  # the scan says why it cannot read the log

    def _ask_path(self, model: LogExportModel) -> Path | None:
        suffix = SUFFIXES[model.format]
        file_filter = self.tr("HTML (*.html)") if model.format == HTML else self.tr("テキスト (*.txt)")
        chosen = self.services.questions.ask_save_path(
            self.tr("セッションログを書き出す"), file_filter, model.suggested_name()
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() not in (suffix, ".htm" if model.format == HTML else suffix):
            path = path.with_name(path.name + suffix)
        return path

    def _scan(self, campaign_model: CampaignModel, progress: Callable[[int, int], bool]) -> LogSpans:
        """The log's sessions, scenarios and days: read once, then only the lines added since."""
        from gmtool.models.log_sessions import log_sessions

        return log_sessions(campaign_model).spans(progress)

    def _with_progress(self, label: str, work: Callable[[Callable[[int, int], bool]], T]) -> T | None:
        """Runs `work(progress)` under a progress dialog with キャンセル (shown after a moment's work);
        None when cancelled, or when it failed (said in a message box)."""
        dialog = QProgressDialog(label, self.tr("キャンセル"), 0, 0, self.services.parent_widget)
        dialog.setWindowTitle(self.tr("セッションログを書き出す"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(500)

        def progress(done: int, total: int) -> bool:
            dialog.setMaximum(max(total, 1))
            dialog.setValue(min(done, max(total, 1) - 1))  # the maximum would close the dialog
            QCoreApplication.processEvents()
            return not dialog.wasCanceled()

        try:
            return work(progress)
        except Cancelled:
            return None
        except CampaignError as error:  # its message names the file and the problem
            show_refusal(self.services.parent_widget, str(error))
            return None
        except OSError as error:
            show_unwritable(self.services.parent_widget, error)
            return None
        except ValueError as refusal:
            show_refusal(self.services.parent_widget, str(refusal))
            return None
        finally:
            dialog.reset()
            dialog.deleteLater()
