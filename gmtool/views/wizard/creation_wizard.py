"""What every creation wizard shares: its pages, the GM override box at the side, `created_id`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget, QWizard, QWizardPage

from gmtool.views.widgets import show_refusal

REASON_STYLE = "color: #b00020;"


class CreationWizard(QWizard):
    """Creates one character through `model.finish()`; `created_id` holds its id after 完了.

    `override` reads the model's GM override switch and `set_override` sets it.
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
        self.override_check.setStyleSheet(REASON_STYLE)
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
        model.changed.connect(self._sync_override)

    def _sync_override(self) -> None:
        self.override_check.blockSignals(True)
        self.override_check.setChecked(self._override())
        self.override_check.blockSignals(False)

    def accept(self) -> None:
        try:
            self.created_id = self.model.finish()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            return
        super().accept()
