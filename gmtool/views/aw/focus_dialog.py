"""アナザーフォーカス判定（AF判定）: set up, run in 行動値 order, live exact odds.

Two pages: the set-up (shown while no AF runs, or when the GM prepares the next one) and the
running AF.  Every change arrives as AWFocusModel.changed — a step, Ctrl+Z in the main window,
another window — and `_sync()` shows the stored AF again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.focus_model import AWFocusModel
from gmtool.models.aw.focus_state import SpecialRule
from gmtool.rules.systems.aw.session_state import SessionRefused
from gmtool.views.appearance import set_tone
from gmtool.views.aw.focus_run import FocusRunPage
from gmtool.views.aw.focus_setup import FocusSetupPage
from gmtool.views.widgets import show_refusal, shown_message


class AWFocusDialog(QDialog):
    def __init__(self, model: AWFocusModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._preparing = False  # the GM asked for the set-up page after an AF ended
        self.setModal(False)  # kept open beside the main window for the whole AF
        self.setWindowTitle(self.tr("アナザーフォーカス判定（AF判定）"))

        self.problem_label = QLabel()  # a damaged stored AF: shown, replaced by the next 開始
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")
        self.setup_page = FocusSetupPage(model)
        self.setup_page.start_requested.connect(self._start)
        self.run_page = FocusRunPage(model, self._guard)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.setup_page)
        self.pages.addWidget(self.run_page)

        buttons = QDialogButtonBox()
        self.new_button = QPushButton(self.tr("新しいAF判定を準備…"))
        self.new_button.setToolTip(self.tr("終了したAF判定の結果はログに残っています"))
        self.new_button.clicked.connect(self._prepare)
        self.back_button = QPushButton(self.tr("結果に戻る"))
        self.back_button.clicked.connect(self._back)
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.back_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.tr("閉じる"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.pages, 1)
        layout.addWidget(buttons)
        self.resize(900, 700)  # fits a 768-px laptop screen; the run page scrolls below the roll

        model.changed.connect(self._sync)
        model.thresholds_crossed.connect(self._announce)
        self._sync()

    # ---- what tests replace ----------------------------------------------------------------
    def notify(self, text: str) -> None:
        """A special rule's note, when the running total reaches its threshold."""
        QMessageBox.information(self, self.tr("特別ルール"), text)

    # ---- actions ---------------------------------------------------------------------------
    def _guard(self, action: Callable[[], object]) -> None:
        try:
            action()
        except SessionRefused as refusal:
            show_refusal(self, str(refusal))
            self._sync()  # put back what the refused edit had changed on screen

    def _start(self) -> None:
        self._preparing = False
        self._guard(lambda: self.model.start(self.setup_page.setup()))
        self._sync()

    def _prepare(self) -> None:
        self._preparing = True
        self._sync()

    def _back(self) -> None:
        self._preparing = False
        self._sync()

    def _announce(self, rules: list[SpecialRule]) -> None:
        for rule in rules:
            self.notify(
                self.tr("達成値の合計が {0} に達しました。\n特別ルール: {1}").format(
                    rule.threshold, rule.note
                )
            )

    # ---- syncing ---------------------------------------------------------------------------
    def _sync(self) -> None:
        doc = self.model.doc()
        problem = self.model.problem()
        self.problem_label.setText(shown_message(problem or ""))
        self.problem_label.setVisible(bool(problem))
        if doc is not None and doc.running:
            self._preparing = False  # an AF in progress is always what the dialog shows
        show_setup = doc is None or self._preparing
        if show_setup:  # the run page's rolls and ticks leave the (hidden) set-up alone
            self.setup_page.sync_candidates()
        else:
            self.run_page.sync()
        self.pages.setCurrentWidget(self.setup_page if show_setup else self.run_page)
        self.new_button.setVisible(doc is not None and not doc.running and not show_setup)
        self.back_button.setVisible(doc is not None and show_setup)
