"""The AF's house rules as the running page shows them: which reading of each switch is played
(aw.focus_redeclare, aw.focus_round_end), and under the "GM allows it" reading the GM's tick for
the current round.  The switches themselves are flipped in 編集 → ハウスルール.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from gmtool.models.aw.focus_model import AWFocusModel
from gmtool.views.message_catalog import shown_message


class FocusRulesBox(QWidget):
    def __init__(self, model: AWFocusModel, guard: Callable[[Callable[[], object]], None]) -> None:
        super().__init__()
        self.model = model
        self.readings_label = QLabel()
        self.readings_label.setWordWrap(True)
        self.allow_box = QCheckBox()
        self.allow_box.setToolTip(
            self.tr(
                "「ラウンドが経過した…GM判断で特技使用が許可される」: "
                "このラウンドに宣言済みの特技をもう一度数える"
            )
        )
        self.allow_box.toggled.connect(lambda on: guard(lambda: model.allow_redeclare(on)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.readings_label)
        layout.addWidget(self.allow_box)

    def sync(self) -> None:
        doc, standing = self.model.doc(), self.model.standing()
        parts = [
            f"{shown_message(title)}: {shown_message(label)}" for title, label in self.model.readings.played()
        ]
        self.readings_label.setText(self.tr("ハウスルール — {0}").format(self.tr(" ／ ").join(parts)))
        self.allow_box.setVisible(self.model.readings.gm_allows_redeclaring() and doc is not None)
        if doc is not None and standing is not None:
            self.allow_box.setText(
                self.tr("ラウンド {0}: 宣言済みの特技をもう一度数える（GMが許可）").format(
                    standing.round_shown
                )
            )
            with QSignalBlocker(self.allow_box):
                self.allow_box.setChecked(self.model.redeclare_allowed())
            self.allow_box.setEnabled(doc.running and not doc.pending_fumble)
