"""What every creation wizard shares: its pages, the GM override box at the side, `created_id`,
and closing without a character: asked first once it has rolled (`ask_close_rolled`), then the
model's `cancel()` marks its log lines 取り消し."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from gmtool.models.shown_text import QT_TRANSLATE_NOOP
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.screen_fit import fit_to_screen, scrolling
from gmtool.views.widgets import show_refusal, shown_message

REASON_STYLE = Tone("error")
WARNING_STYLE = Tone("warning")


class CreationWizard(QWizard):
    """Creates one character through `model.finish()`; `created_id` holds its id after 完了.

    `override` reads the model's GM override switch and `set_override` sets it.  The model's
    `has_rolled` says whether closing throws rolls away, `cancel()` is called when it closes without a
    character.
    """

    def __init__(
        self,
        model: Any,
        title: str,
        pages: Sequence[QWizardPage],
        override: Callable[[], bool],
        set_override: Callable[[bool], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.created_id: str | None = None
        self._override = override
        self.setWindowTitle(title)
        for page in pages:
            self.addPage(page)
        # PySide does not hand the side widget's ownership to the wizard: without this
        # reference Python deletes it and the wizard crashes when shown.
        self.side_widget = side = QWidget()
        side_layout = QVBoxLayout(side)
        self.override_check = QCheckBox(self.tr("GM オーバーライド"))
        set_tone(self.override_check, REASON_STYLE)
        self.override_check.toggled.connect(set_override)
        explanation = QLabel(
            self.tr(
                "ルールの制限を GM の判断で越えます。"
                "越えた制限は作成したキャラクターとセッションログに記録されます。"
            )
        )
        explanation.setWordWrap(True)
        side_layout.addWidget(self.override_check)
        side_layout.addWidget(explanation)
        side_layout.addStretch(1)
        side.setMaximumWidth(180)
        self.setSideWidget(side)
        fit_to_screen(self, self._natural_size)
        model.changed.connect(self._sync_override)
        self.finished.connect(self._on_finished)

    def _natural_size(self) -> QSize:
        """Room for the biggest page without scrolling (the screen may still cut it down)."""
        bodies = [
            p.body_widget.sizeHint() for p in map(self.page, self.pageIds()) if isinstance(p, CreationPage)
        ]
        width = max((b.width() for b in bodies), default=400) + self.side_widget.sizeHint().width()
        height = max((b.height() for b in bodies), default=300)
        return QSize(width + 80, height + 190)  # margins, the page title, the warnings and the buttons

    def _sync_override(self) -> None:
        self.override_check.blockSignals(True)
        self.override_check.setChecked(self._override())
        self.override_check.blockSignals(False)

    def close_rolled_question(self) -> str:
        """What closing a wizard that has rolled asks (a wizard whose rolls outlive it says so)."""
        return self.tr("出目を破棄して閉じますか？\n振った出目はセッションログに（取り消し）として残ります。")

    def ask_close_rolled(self) -> bool:
        """The wizard's question before it closes with rolls made (a test answers it instead)."""
        answer = QMessageBox.question(
            self,
            self.windowTitle(),
            self.close_rolled_question(),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def reject(self) -> None:
        """キャンセル, Esc and the title bar's ×: once the wizard has rolled, only after asking
        (No keeps it open)."""
        if self.isVisible() and self.model.has_rolled and not self.ask_close_rolled():
            return
        super().reject()

    def _on_finished(self, result: int) -> None:
        """Closed without a character: the model marks its log lines 取り消し."""
        if result != QDialog.DialogCode.Accepted:
            self.model.cancel()

    def accept(self) -> None:
        try:
            self.created_id = self.model.finish()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return
        super().accept()


class CreationPage(QWizardPage):
    """A creation-wizard page: its body, an orange warning line and the red reasons it is blocked.

    Subclasses say what blocks them (`blockers`, objects with `reason` and `overridable`),
    what to warn about, which widgets `sync` writes into (their signals are blocked
    meanwhile), and read the GM override through `override_on`.
    """

    override_note = QT_TRANSLATE_NOOP("CreationPage", "GM オーバーライドが有効です。越えた制限は記録されます")

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        outer = QVBoxLayout(self)
        # scrolls: a long page (LotR's last) keeps 次へ/完了 on a laptop's screen
        self.body_widget = QWidget()
        self.body = QVBoxLayout(self.body_widget)
        self.body.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolling(self.body_widget), 1)
        self.warning_label = QLabel()
        set_tone(self.warning_label, WARNING_STYLE)
        self.reason_label = QLabel()
        set_tone(self.reason_label, REASON_STYLE)
        for label in (self.warning_label, self.reason_label):
            label.setWordWrap(True)
            outer.addWidget(label)
        model.changed.connect(self.refresh)

    # ---- what subclasses say ----------------------------------------------------------
    def blockers(self) -> list[Any]:
        return []

    def warnings(self) -> list[str]:
        return []

    def editors(self) -> Sequence[QWidget]:
        """Widgets whose signals are blocked while `sync` writes the model's values into them."""
        return ()

    def sync(self) -> None:
        """Re-reads the model into the widgets."""

    def override_on(self) -> bool:
        raise NotImplementedError

    # ---- the common part -------------------------------------------------------------
    def refresh(self) -> None:
        editors = list(self.editors())
        for editor in editors:
            editor.blockSignals(True)
        try:
            self.sync()
        finally:
            for editor in editors:
                editor.blockSignals(False)
        # a page's warnings and reasons are often the engine's Messages: shown in the UI language
        self.warning_label.setText("\n".join(shown_message(w) for w in self.warnings()))
        self.warning_label.setVisible(bool(self.warning_label.text()))
        self.reason_label.setText(self.reason_text(self.blockers()))
        self.reason_label.setVisible(bool(self.reason_label.text()))
        self.completeChanged.emit()

    def reason_text(self, blockers: list[Any]) -> str:
        if not blockers:
            return ""
        lines = [
            self.tr("進めません:"),
            *(self.tr("・{0}").format(shown_message(b.reason)) for b in blockers),
        ]
        if all(b.overridable for b in blockers):
            if self.override_on():
                lines.append(self.tr(self.override_note))
            else:
                lines.append(self.tr("GM オーバーライドを有効にすると進めます（記録されます）"))
        return "\n".join(lines)

    def initializePage(self) -> None:
        self.refresh()

    def guard(self, action: Callable[[], object]) -> bool:
        """Runs a step; a refusal is explained and the widgets snap back to the model."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self.refresh()
            return False
        return True
