"""The house-rules page: one tab per system, one box per switch — the rule text's words beside it,
the readings to choose from (gmtool's default marked), and what the chosen reading changes.

A choice takes effect at once (every panel, tracker and limit asks the model before it computes)
and is one undo step (Ctrl+Z in the main window undoes it; the page follows).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.house_rules_types import HouseRule
from gmtool.views.appearance import set_tone
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.widgets import guarded, shown_message

WANTED_SIZE = QSize(760, 640)


class HouseRulesDialog(QDialog):
    def __init__(
        self,
        model: HouseRulesModel,
        systems: list[tuple[str, str]],
        parent: QWidget | None = None,
        current: str | None = None,
    ) -> None:
        """`systems`: (system id, its name) of each tab, in the order shown; `current` opens its tab."""
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("ハウスルール（ルールの読み方）"))
        self.groups: dict[str, QButtonGroup] = {}
        self.effects: dict[str, QLabel] = {}
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        set_tone(self.problem, "error")
        intro = QLabel(
            self.tr(
                "ルールの文章が二通りに読める箇所です。キャンペーンごとに読み方を選べます（選んだ読み方は"
                "キャンペーンに保存され、判定パネル・戦闘トラッカー・prob コマンドの確率もそれに従います。"
                "変更は Ctrl+Z で元に戻せます）。「既定」は引いた本文の言葉が決める読み方です。"
            )
        )
        intro.setWordWrap(True)
        self.tabs = QTabWidget()
        for system_id, name in systems:
            rules = model.switches(system_id)
            self.tabs.addTab(self._system_page(system_id, rules), name)
            if system_id == current:
                self.tabs.setCurrentIndex(self.tabs.count() - 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.problem)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        model.changed.connect(self.refresh)
        self.refresh()
        fit_to_screen(self, WANTED_SIZE, keep_menu_bar=True)  # the GM keeps the menus while it is open

    def _system_page(self, system_id: str, rules: tuple[HouseRule, ...]) -> QWidget:
        inner = QWidget()
        column = QVBoxLayout(inner)
        if not rules:
            column.addWidget(QLabel(self.tr("このシステムには、読み方を選べる箇所はまだありません。")))
        for rule in rules:
            column.addWidget(self._rule_box(rule))
        if rules:
            reset = QPushButton(self.tr("このシステムを既定に戻す"))
            reset.clicked.connect(lambda _=False: guarded(self, lambda: self.model.reset(system_id)))
            column.addWidget(reset, 0, Qt.AlignmentFlag.AlignLeft)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        return scroll

    def _rule_box(self, rule: HouseRule) -> QGroupBox:
        box = QGroupBox(shown_message(rule.title))
        layout = QVBoxLayout(box)
        # The rule text's words stay as written (Japanese): they are what the table argues over.
        quote = QLabel(self.tr("「{0}」（{1}）").format(rule.quote, rule.section))
        quote.setWordWrap(True)
        quote.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = quote.font()
        font.setItalic(True)
        quote.setFont(font)
        layout.addWidget(quote)
        group = QButtonGroup(box)
        for number, reading in enumerate(rule.readings):
            label = shown_message(reading.label)
            if reading.id == rule.default:
                label = self.tr("{0}（既定）").format(label)
            button = QRadioButton(label)
            button.setProperty("reading", reading.id)
            group.addButton(button, number)
            layout.addWidget(button)
        group.idClicked.connect(
            lambda number, rule=rule: guarded(
                self, lambda: self.model.set_reading(rule.id, rule.readings[number].id), self.refresh
            )
        )
        effect = QLabel()
        effect.setWordWrap(True)
        layout.addWidget(effect)
        self.groups[rule.id], self.effects[rule.id] = group, effect
        return box

    def refresh(self) -> None:
        """Every box shows the reading played now (after a choice, an undo or a redo)."""
        problem = self.model.problem
        self.problem.setVisible(bool(problem))
        self.problem.setText(
            self.tr("保存されたハウスルールが読めないため、既定の読み方を使っています: {0}").format(
                shown_message(problem)
            )
        )
        for rule_id, group in self.groups.items():
            chosen = self.model.reading(rule_id)
            for button in group.buttons():
                button.setChecked(button.property("reading") == chosen)
            self.effects[rule_id].setText(shown_message(self.model.effect(rule_id)))

    def choose(self, rule_id: str, reading_id: str) -> None:
        """Clicks the reading's button (the tests' way in, as a user would)."""
        for button in self.groups[rule_id].buttons():
            if button.property("reading") == reading_id:
                button.click()
