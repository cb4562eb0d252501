"""One LotR roller's inputs: the shared roller box plus 関連技能, the bonus breakdown and the
wound/weariness penalty, with 「キャラクターなし」 for an NPC whose bonus is typed; the column
of a group test's helpers; and the scroll area that keeps the narrow panel usable when short."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.check_model import CORRUPTION, WILLPOWER, LotRCheckModel, Side
from gmtool.models.lotr.shown_names import shown_kind
from gmtool.models.outcome_text import percent
from gmtool.models.roller_inputs import CUSTOM
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr.check_types import Contestant
from gmtool.views.appearance import Tone, set_tone
from gmtool.views.check.roller_inputs_box import RollerInputsBox, fill_combo, show_value
from gmtool.views.compact import ElidedLabel, WrappingCheckBox

AFFINITY_MAX = 20
COMBO_CHARS = 8  # a combo's narrowest width in characters: long skill names must not widen the panel
NOTE_STYLE = Tone("warning")
DEAD_STYLE = Tone("error", "font-weight: bold;")


def _take_row(form: QFormLayout, field: QWidget) -> tuple[int, QWidget]:
    """Takes *field*'s row out of *form* (nothing deleted): its index and its label (an empty one
    for a row without)."""
    row = form.getWidgetPosition(field)[0]  # type: ignore[index]  # stub says object; it is (row, role)
    taken = form.takeRow(row)
    label = taken.labelItem.widget() if taken.labelItem is not None else None
    return row, label if label is not None else QLabel()


class LotRRollerBox(RollerInputsBox[LotRCheckModel]):
    value_label = "判定"

    def __init__(self, model: LotRCheckModel, side: Side, title: str, parent: QWidget | None = None) -> None:
        self._sources_named: tuple[list[Any], str, list[tuple[str, object]]] | None = None
        super().__init__(model, side, title, parent)
        self.affinity_spin = QSpinBox()
        self.affinity_spin.setRange(0, AFFINITY_MAX)
        self.affinity_spin.setToolTip(
            self.tr("GM が関連すると認めた技能の数。ランクに関係なく 1 つ +1（1.5 Affinity）")
        )
        self.affinity_spin.valueChanged.connect(lambda v: model.set_affinity(side, v))
        self.wounds_check = WrappingCheckBox(self.tr("負傷のペナルティを適用"))
        self.wounds_check.setToolTip(
            self.tr(
                "負傷は「すべての肉体判定と ほとんどの知識判定」にペナルティ（1.2.1）。"
                "社会判定などで負傷が関係しないときは外す。疲労のペナルティは常に適用（1.2.2）"
            )
        )
        self.wounds_check.toggled.connect(lambda on: model.set_wounds_apply(side, on))
        self.bonus_label = QLabel()
        self.bonus_label.setWordWrap(True)
        self.note_label.setWordWrap(True)
        set_tone(self.note_label, NOTE_STYLE)
        for combo in (self.character_combo, self.source_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(COMBO_CHARS)
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setVerticalSpacing(4)
        # Short fields share a row (the value beside the test it comes from, 関連技能 beside 修正): one
        # field to a row, the box was taller than the panel's share of a laptop's screen.
        row, value_label = _take_row(form, self.value_spin)
        value_label.hide()  # the value sits beside its test: no label of its own
        value_label.deleteLater()
        self.value_spin.setToolTip(self.tr("値"))
        source_row, source_label = _take_row(form, self.source_combo)
        test = QHBoxLayout()
        test.addWidget(self.source_combo, 1)
        test.addWidget(self.value_spin)
        form.insertRow(source_row, source_label, test)
        _, modifier_label = _take_row(form, self.modifier_spin)
        modifiers = QHBoxLayout()
        modifiers.addWidget(self.modifier_spin, 1)
        modifiers.addWidget(QLabel(self.tr("関連技能の数")))
        modifiers.addWidget(self.affinity_spin, 1)
        form.insertRow(row, modifier_label, modifiers)
        # The tick box and the note take the whole width; the note (wounds, weariness, a death) is
        # one line, the whole of it in its tooltip: wrapped, it took up to five lines.
        _take_row(form, self.note_label)
        self.note_label.hide()
        self.note_label.deleteLater()
        self.note_label = ElidedLabel()
        set_tone(self.note_label, NOTE_STYLE)
        form.addRow(self.wounds_check)
        form.addRow(self.note_label)
        form.addRow(self.tr("ボーナス"), self.bonus_label)

    def current_value(self) -> int:
        return self.model.value(self.side)

    def note(self, brief: bool = False) -> str:
        """What the box's one line says (*brief*: the conditions in short, as shown), whole in its tooltip."""
        lines = [self.model.condition_text(self.side, brief)]
        if self.model.dead(self.side):  # a warning, not a block: the GM may still have it roll
            lines.insert(0, self.tr("死亡: 判定できません（GM の判断で振る場合のみ）"))
        # Untrained: in the one line it cut the conditions (「… +0 Untrai…」), and the ボーナス row
        # under it already names its −2 (「技能なし -2」): the whole sentence is the tooltip's.
        if self.model.roller(self.side).untrained and not brief:
            lines.append(self.tr("技能なし判定（ランク 0）: −2 込み"))
        return "\n".join(line for line in lines if line)

    def character_items(self) -> list[tuple[str, str]]:
        return [(s.character.name or self.tr("（名前なし）"), s.id) for s in self.model.characters()]

    def _source_items(self, kinds: list[Any]) -> list[tuple[str, object]]:
        """The 判定 choices' labels, named again only for another list of checks (the model keeps one
        list per character version) or another UI language: a TN step re-syncs the box, and naming a
        character's thirty checks was a tenth of it."""
        language = self.tr("直接入力")
        named = self._sources_named
        if named is None or named[0] is not kinds or named[1] != language:
            items: list[tuple[str, object]] = [
                (self.tr("{0}（{1}）").format(self.tr(shown_kind(k)), f"{k.value:+d}"), k.id) for k in kinds
            ]
            named = self._sources_named = (kinds, language, items)
        return named[2]

    def sync(self) -> None:
        """The shared box's sync, with 「キャラクターなし」 first (an NPC, a typed bonus)."""
        model, side = self.model, self.side
        inputs = model.inputs(side)
        widgets = (
            self.character_combo,
            self.source_combo,
            self.value_spin,
            self.modifier_spin,
            self.affinity_spin,
            self.wounds_check,
        )
        for w in widgets:
            w.blockSignals(True)
        try:
            fill_combo(
                self.character_combo,
                [(self.tr("（キャラクターなし: 直接入力）"), None), *self.character_items()],
                inputs.character_id,
            )
            sources = self._source_items(model.kinds(side))
            fill_combo(self.source_combo, [*sources, (self.tr("直接入力"), CUSTOM)], inputs.source)
            show_value(self.value_spin, self.current_value())
            self.value_spin.setEnabled(inputs.source == CUSTOM)
            locked = model.mode == CORRUPTION and side is Contestant.A and inputs.source == WILLPOWER
            self.source_combo.setEnabled(not locked)  # 1.2.4: the corruption test is Willpower
            show_value(self.modifier_spin, inputs.modifier)
            show_value(self.affinity_spin, inputs.affinity)
            self.wounds_check.setChecked(inputs.wounds)
        finally:
            for w in widgets:
                w.blockSignals(False)
        # The conditions in short fit the box's width ("Wounds Healthy +0, weariness Winded Not …"
        # was cut before its total); the whole sentence is the tooltip.
        self.note_label.setText(self.note(brief=True))
        self.note_label.setToolTip(self.note())
        set_tone(self.note_label, DEAD_STYLE if model.dead(side) else NOTE_STYLE)
        self.note_label.setVisible(bool(self.note_label.text()))
        parts = " ".join(f"{name} {points:+d}" for name, points in model.bonus_parts(side))
        self.bonus_label.setText(f"{parts} = {model.roller(side).bonus:+d}")


class HelperBox(LotRRollerBox):
    """A helper in a group test: tests at TN − 5; shows what it is likely to give the leader."""

    def __init__(
        self,
        model: LotRCheckModel,
        index: int,
        on_remove: Callable[[int], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(model, index, self.tr("助ける人 {0}").format(index + 1), parent)
        self.gives_label = QLabel()
        self.gives_label.setWordWrap(True)
        self.remove_button = QPushButton(self.tr("外す"))
        self.remove_button.clicked.connect(lambda: on_remove(index))
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.addRow(self.tr("リーダーへ"), self.gives_label)
        form.addRow("", self.remove_button)

    def character_items(self) -> list[tuple[str, str]]:
        """Everyone but the leader: a leader cannot help their own test."""
        leader = self.model.a.character_id
        return [item for item in super().character_items() if item[1] != leader]

    def sync(self) -> None:
        super().sync()
        helper_bonus = self.model.odds.helper_bonus
        if self.side < len(helper_bonus):
            self.gives_label.setText(
                listed(f"+{bonus}: {percent(float(p))}" for bonus, p in helper_bonus[self.side].items())
            )


class HelpersColumn(QWidget):
    """A group test's helpers and the 追加 button under them.  With no helper only the button
    shows (no empty column); one whole helper, its 外す button too, shows without scrolling."""

    def __init__(
        self, model: LotRCheckModel, on_add: Callable[[], Any], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.boxes: list[HelperBox] = []
        self.add_button = QPushButton(self.tr("助ける人を追加"))
        self.add_button.clicked.connect(on_add)
        inner = QWidget()
        self._list = QVBoxLayout(inner)
        self._list.setContentsMargins(0, 0, 0, 0)
        self._list.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(inner)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.viewport().installEventFilter(self)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.scroll_area, 1)
        column.addWidget(self.add_button)

    def sync(self) -> None:
        if len(self.boxes) != len(self.model.helpers):
            for box in self.boxes:
                box.hide()
                box.deleteLater()
            self.boxes = [
                HelperBox(self.model, i, self.model.remove_helper) for i in range(len(self.model.helpers))
            ]
            for index, box in enumerate(self.boxes):
                self._list.insertWidget(index, box)
        for box in self.boxes:
            box.sync()
        self.scroll_area.setVisible(bool(self.boxes))
        if self.boxes:
            scrollbar = self.scroll_area.verticalScrollBar().sizeHint().width()
            self.scroll_area.setMinimumWidth(self.boxes[0].minimumSizeHint().width() + scrollbar)
            self._fit_height()

    def _fit_height(self) -> None:
        """Tall enough for the first helper at the width it has now (its notes wrap)."""
        if not self.boxes:
            return
        first = self.boxes[0]
        width = max(self.scroll_area.viewport().width(), first.minimumSizeHint().width())
        height = first.heightForWidth(width) if first.hasHeightForWidth() else first.sizeHint().height()
        self.scroll_area.setMinimumHeight(max(height, first.minimumSizeHint().height()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.scroll_area.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_height()
        return super().eventFilter(watched, event)


class PanelScroll(QScrollArea):
    """Scrolls the panel down when the window is short, never sideways: the content is as wide
    as the view and as tall as it needs at that width.  (QScrollArea's own resizing gives a
    content with wrapping labels its preferred height, far taller than it needs.)"""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)
        content.installEventFilter(self)
        self.viewport().installEventFilter(self)

    def fit(self) -> None:
        content, viewport = self.widget(), self.viewport()
        layout = content.layout() if content is not None else None
        if content is None or layout is None:
            return  # nothing to fit: no content, or one not laid out yet
        width = max(viewport.width(), layout.minimumSize().width())
        need = layout.minimumSize().height()
        if layout.hasHeightForWidth():
            need = max(need, layout.minimumHeightForWidth(width))
        content.resize(width, max(need, viewport.height()))

    def minimumSizeHint(self) -> QSize:
        """As wide as the content at its narrowest, with room for the scroll bar."""
        content = self.widget()
        if content is None:
            return super().minimumSizeHint()
        width = content.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(width, super().minimumSizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the narrowest width may have changed (mode, helpers)
            self.fit()
        elif watched is self.viewport() and event.type() == QEvent.Type.Resize:
            self.fit()
        return super().eventFilter(watched, event)
