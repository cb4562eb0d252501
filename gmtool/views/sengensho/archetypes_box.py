"""The character's 類型: up to three, chosen from the campaign's catalog, fixed while a session runs.

「キャラクターは3つの類型を持つ」「類型はセッション開始時に決定できる」: the controls are disabled
with the model's reason beside them while a session is running (and a click that still gets through
is refused with it).  A name the catalog no longer has stays on the character and is marked, never
silently dropped.  Removing a 類型 that has preset 縁故 asks first; the model removes them in the
same undo step (`models/sengensho/sheet_archetypes.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.labels import archetype_label
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.models.sengensho.sheet_archetypes import SheetArchetypes
from gmtool.rules.systems.sengensho.character import MAX_ARCHETYPES
from gmtool.views.appearance import set_tone
from gmtool.views.sengensho.sheet_parts import guarded, lock_label, show_lock
from gmtool.views.widgets import shown_message

Confirm = Callable[[str, str], bool]


class SengenshoArchetypesBox(QGroupBox):
    def __init__(
        self,
        archetypes: SheetArchetypes,
        session: SengenshoSessionModel,
        confirm: Confirm,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("類型（最大{0}つ）").format(MAX_ARCHETYPES))
        self.archetypes = archetypes
        self._confirm = confirm
        self.list = QListWidget()
        # Room for the three 類型 and no more: the space below belongs to the 縁故.
        self.list.setFixedHeight(self.list.fontMetrics().height() * MAX_ARCHETYPES + 16)
        self.list.setAccessibleName(self.tr("キャラクターの類型"))
        self.catalog_combo = QComboBox()
        self.catalog_combo.setAccessibleName(self.tr("追加する類型"))
        self.add_button = QPushButton(self.tr("類型を追加"))
        self.remove_button = QPushButton(self.tr("選択した類型を外す"))
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        self.lock_label = lock_label()  # why the 類型 cannot change now
        self.problem_label = QLabel()  # a campaign catalog that cannot be read
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        row.addWidget(self.catalog_combo, 1)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        layout.addLayout(row)
        layout.addWidget(self.lock_label)
        layout.addWidget(self.problem_label)

        # The lock follows the session, the choices the catalog.
        session.changed.connect(self.sync)
        self.sync()

    # ---- reading --------------------------------------------------------------------------
    def shown(self) -> list[str]:
        """The 類型 as the list shows them."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def offered(self) -> list[str]:
        return [self.catalog_combo.itemData(i) for i in range(self.catalog_combo.count())]

    def sync(self) -> None:
        if not self.archetypes.character_model.exists:
            return
        chosen = self.archetypes.chosen()
        rows = [
            archetype_label(a.name) if a.in_catalog else self.tr("{0}（カタログにない類型）").format(a.name)
            for a in chosen
        ]
        if self.shown() != rows:
            current = self.list.currentRow()
            self.list.clear()
            for archetype, row_text in zip(chosen, rows, strict=True):
                item = QListWidgetItem(row_text)
                item.setData(Qt.ItemDataRole.UserRole, archetype.name)
                if not archetype.in_catalog:
                    item.setToolTip(self.tr("類型カタログにこの名前はありません（幻想能力は表示されません）"))
                self.list.addItem(item)
            self.list.setCurrentRow(min(current, self.list.count() - 1))
        offered = self.archetypes.offered()
        if self.offered() != offered:
            selected = self.catalog_combo.currentData()
            self.catalog_combo.blockSignals(True)
            self.catalog_combo.clear()
            for name in offered:
                self.catalog_combo.addItem(archetype_label(name), name)
            self.catalog_combo.setCurrentIndex(max(0, self.catalog_combo.findData(selected)))
            self.catalog_combo.blockSignals(False)
        problem = self.archetypes.catalog_problem()
        self.problem_label.setText(shown_message(problem or ""))
        self.problem_label.setVisible(problem is not None)
        reason = self.archetypes.lock_reason()
        text = (
            None
            if reason is None
            else self.tr("類型はセッション開始時に決めます。{0}").format(shown_message(reason))
        )
        show_lock(self.lock_label, (self.list, self.catalog_combo, self.add_button, self.remove_button), text)

    # ---- editing --------------------------------------------------------------------------
    def select(self, name: str) -> None:
        self.list.setCurrentRow(self.archetypes.character_model.character.archetypes.index(name))

    def add_archetype(self) -> None:
        self.archetypes.add(self.catalog_combo.currentData())

    def remove_archetype(self) -> None:
        self.archetypes.require_unlocked()
        item = self.list.currentItem()
        if item is None:
            raise ValueError(self.tr("外す類型を一覧で選んでください"))
        name = item.data(Qt.ItemDataRole.UserRole)
        presets = self.archetypes.presets_of(name)
        if presets:
            question = self.tr(
                "類型「{0}」には事前設定の縁故が{1}個あります。類型を外すと、これらの縁故も削除します。外しますか？"
            ).format(name, presets)
            if not self._confirm(self.tr("類型を外す"), question):
                return  # the GM said no: nothing changes, as asked
        self.archetypes.remove(name)

    def _on_add(self) -> None:
        guarded(self, self.add_archetype)

    def _on_remove(self) -> None:
        guarded(self, self.remove_archetype)
