"""The GM's editor for the campaign's LotR rule tables (house rules).

Every change is checked against the whole tables (the same checks the shipped
tables pass) and stored with the campaign at once, as one undo step of the
campaign's undo stack; a refused change shows what is wrong and stores nothing.
Not modal: the table keeps playing while the GM looks things up.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.reference_table_types import CellRef
from gmtool.views.appearance import set_tone, tone_colour
from gmtool.views.lotr.rules_fields import EDITED_STYLE, RulesTab
from gmtool.views.lotr.rules_origin_tabs import OrdersView, RacesView
from gmtool.views.lotr.rules_reference_tab import ReferenceTablesView
from gmtool.views.lotr.rules_skills_tab import SkillListView
from gmtool.views.lotr.rules_table_tabs import ConditionsView, DegreesView, ModifierTableView, PicksView
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.widgets import shown_message


class LotRRulesDialog(QDialog):
    def __init__(self, model: LotRRulesModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setModal(False)
        self.setWindowTitle(self.tr("ルール表（指輪物語RPG・ハウスルール）"))
        set_tone(self, None, EDITED_STYLE)

        self.note_label = QLabel(
            self.tr(
                "このキャンペーンで使うルール表です。変更はすぐにキャンペーンに保存され、"
                "元に戻す（Ctrl+Z）で取り消せます。同梱の表から変えた値は <span style='background:{0}'>"
                "<b>色付きの太字</b></span> で示します。空欄の「未設定」はルール要約に値がない項目です。"
                "参照表の未設定の値は 0 として読まれません: それを使う手順は、どの表のどの欄かを示して"
                "止まり（「表を開く」でその欄へ）、値が入ると使えます。ほかのタブの未設定のボーナスと"
                "ペナルティはなし（0）として計算され、シートと判定画面に「未設定」と表示されます"
                "（負傷のペナルティの読み方はハウスルールで選べます）。"
            ).format(tone_colour("mark").name())
        )
        self.note_label.setWordWrap(True)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        self.modifier_tab = ModifierTableView(model)
        self.races_tab = RacesView(model)
        self.orders_tab = OrdersView(model)
        self.skills_tab = SkillListView(model)
        self.conditions_tab = ConditionsView(model)
        self.degrees_tab = DegreesView(model)
        self.picks_tab = PicksView(model)
        self.tabs = QTabWidget()
        for tab, title in (
            (self.modifier_tab, self.tr("能力値修正表")),
            (self.races_tab, self.tr("種族")),
            (self.orders_tab, self.tr("職業")),
            (self.skills_tab, self.tr("技能")),
            (self.conditions_tab, self.tr("負傷・疲労")),
            (self.degrees_tab, self.tr("成功度")),
            (self.picks_tab, self.tr("成長ポイント")),
        ):
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(tab)
            self.tabs.addTab(scroll, title)
        self.reference_tab = ReferenceTablesView(model)  # its own grid scrolls
        self.tabs.addTab(self.reference_tab, self.tr("参照表"))

        # The campaign has one undo stack; this window's own undo/redo act only on a rule-table
        # step, so they never take back, say, a courage point spent at the table meanwhile.
        stack = model.campaign_model.undo_stack
        self.undo_action = QAction(self.tr("元に戻す"), self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(lambda: self._step(undo=True))
        self.redo_action = QAction(self.tr("やり直し"), self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(lambda: self._step(undo=False))
        self.addActions([self.undo_action, self.redo_action])  # Ctrl+Z also while this window is active
        for signal in (stack.indexChanged, stack.undoTextChanged, stack.redoTextChanged):
            signal.connect(self._sync_undo)
        undo_button, redo_button = QToolButton(), QToolButton()
        undo_button.setDefaultAction(self.undo_action)
        redo_button.setDefaultAction(self.redo_action)
        self.reset_all_button = QPushButton(self.tr("すべて既定に戻す"))
        self.reset_all_button.setToolTip(self.tr("すべての表を同梱の値に戻します（元に戻すで取り消せます）"))
        self.reset_all_button.clicked.connect(lambda: self.reset_all())
        close_button = QPushButton(self.tr("閉じる"))
        close_button.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addWidget(undo_button)
        bottom.addWidget(redo_button)
        bottom.addStretch(1)
        bottom.addWidget(self.reset_all_button)
        bottom.addWidget(close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.note_label)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)
        fit_to_screen(self, QSize(1060, 660), keep_menu_bar=True)  # used beside the menus, not over them

        model.changed.connect(self.reload)
        self.reload()
        self._sync_undo()

    def show_cell(self, cell: CellRef) -> None:
        """参照表 at a cell a step waits for, selected with its editor open."""
        self.tabs.setCurrentWidget(self.reference_tab)
        self.reference_tab.show_cell(cell)

    def rule_tabs(self) -> tuple[RulesTab, ...]:
        return (
            self.modifier_tab,
            self.races_tab,
            self.orders_tab,
            self.skills_tab,
            self.conditions_tab,
            self.degrees_tab,
            self.picks_tab,
            self.reference_tab,
        )

    def reload(self) -> None:
        """Shows the tables in force again (after an edit, an undo, a refusal)."""
        problem = self.model.problem
        if problem:
            problem = self.tr("{0}（何か編集するか「すべて既定に戻す」で置き換えます）").format(
                shown_message(problem)
            )
        self.problem_label.setText(shown_message(problem or ""))
        self.problem_label.setVisible(bool(problem))
        for tab in self.rule_tabs():
            tab.reload()
        self.reset_all_button.setEnabled(self.model.edits.is_edited_any() or bool(problem))

    # ---- undo / redo of rule-table steps only ---------------------------------------------------
    def is_rules_step(self, text: str) -> bool:
        """Whether an undo text is one the rules model gives its steps (LotRRulesModel._store)."""
        tr = self.model.tr  # the model's own translation context: the same texts it pushed
        prefixes = (tr("ルール表: {0}").format(""), tr("ルール表を既定に戻す: {0}").format(""))
        return bool(text) and (text.startswith(prefixes) or text == tr("ルール表をすべて既定に戻す"))

    def _sync_undo(self, *_args: object) -> None:
        stack = self.model.campaign_model.undo_stack
        if not shiboken6.isValid(stack):  # the stack clears itself while the campaign is torn down
            return
        rows = (
            (
                self.undo_action,
                stack.canUndo(),
                stack.undoText(),
                self.tr("元に戻す"),
                self.tr("最後の操作はルール表の編集ではありません（メインウィンドウの Ctrl+Z で戻せます）"),
            ),
            (
                self.redo_action,
                stack.canRedo(),
                stack.redoText(),
                self.tr("やり直し"),
                self.tr(
                    "次にやり直す操作はルール表の編集ではありません"
                    "（メインウィンドウの Ctrl+Shift+Z でやり直せます）"
                ),
            ),
        )
        for action, can, text, verb, not_ours in rows:
            ours = can and self.is_rules_step(text)
            action.setEnabled(ours)
            action.setText(f"{verb} {text}" if ours else verb)
            action.setToolTip(not_ours if can and not ours else action.text())

    def _step(self, undo: bool) -> None:
        stack = self.model.campaign_model.undo_stack
        text = stack.undoText() if undo else stack.redoText()
        if not self.is_rules_step(text):
            return
        if undo and stack.canUndo():
            stack.undo()
        elif not undo and stack.canRedo():
            stack.redo()

    def reset_all(self) -> None:
        if not self.ask(self.tr("すべての表を同梱の値に戻しますか？（元に戻すで取り消せます）")):
            return
        self.model.edits.reset_all()

    def ask(self, question: str) -> bool:
        """Yes/no from the GM; tests replace it instead of opening a modal box."""
        answer = QMessageBox.question(self, self.tr("ルール表"), question)
        return answer == QMessageBox.StandardButton.Yes
