"""セッション管理（千幻抄）: the session's number and state, its scenes, each character's 縁故,
幻想値 and 幻想能力 (with 前借り), the ラスボス, and 過去のセッション (what each character formed,
borrowed and used in the sessions that have ended).  A non-modal tool window beside the sheets.

Every change (its own actions, undo/redo in the main window, a sheet renaming a character or
changing its 類型, the catalog editor) arrives as SengenshoSessionModel.changed and `_sync()`
re-reads every page.  Questions to the GM go through `ask` and the bond dialog through
`exec_bond_dialog`, so tests (or a subclass) can answer for the GM.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho.labels import session_status
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.views.appearance import set_tone
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.sengensho.bond_dialog import SengenshoBondDialog
from gmtool.views.sengensho.bonds_tab import SengenshoBondsTab
from gmtool.views.sengensho.history_page import SengenshoHistoryPage
from gmtool.views.sengensho.last_boss_box import SengenshoLastBossBox
from gmtool.views.sengensho.session_parts import SengenshoPage
from gmtool.views.sengensho.session_scenes import SengenshoScenesPage
from gmtool.views.widgets import close_only_buttons, show_refusal, shown_message

KEEP_READING = "本文の読み: 縁故は各セッションで結ぶもの。持ち越すかどうかはGMの判断です"


class SengenshoSessionDialog(QDialog):
    def __init__(self, model: SengenshoSessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives (and stops listening) with the dialog
            model.setParent(self)
        self.setModal(False)  # the GM keeps it open during the session
        self.setWindowTitle(self.tr("セッション管理（千幻抄）"))

        self.problem_label = QLabel()  # a stored state or catalog that cannot be read
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        self.session_label = (
            QLabel()
        )  # 「セッション 1（進行中・現在のシーン: 神社）」: the one place it is named
        self.start_button = self._button(self.tr("セッション開始"), self._start)
        self.end_button = self._button(self.tr("セッション終了…"), self._end)
        self.keep_check = QCheckBox(self.tr("縁故と前借りを次のセッションに持ち越す"))
        self.keep_check.setToolTip(self.tr(KEEP_READING))
        keep_note = QLabel(self.tr("（{0}）").format(self.tr(KEEP_READING)))
        keep_note.setWordWrap(True)
        session_box = QGroupBox(self.tr("セッション"))
        session = QVBoxLayout(session_box)
        row = QHBoxLayout()
        row.addWidget(self.session_label, 1)
        row.addWidget(self.start_button)
        row.addWidget(self.end_button)
        session.addLayout(row)
        keep_row = QHBoxLayout()
        keep_row.addWidget(self.keep_check)
        keep_row.addWidget(keep_note, 1)
        session.addLayout(keep_row)
        # Shown only under 「1シナリオに1回」 (the ABILITY_PERIOD house rule): the GM says whether
        # the scenario goes on, and the 幻想能力 used so far stay used if it does.
        self.scenario_check = QCheckBox(
            self.tr("シナリオは次のセッションに続く（幻想能力の使用回数を持ち越す）")
        )
        session.addWidget(self.scenario_check)

        self.bonds_tab = SengenshoBondsTab(model, self)
        self.scenes_tab = SengenshoScenesPage(model, self)
        self.last_boss_box = SengenshoLastBossBox(model, self)
        self.history_page = SengenshoHistoryPage(model, self)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.bonds_tab, self.tr("縁故・幻想能力"))
        self.tabs.addTab(self.scenes_tab, self.tr("シーン"))
        self.tabs.addTab(self.last_boss_box, self.tr("ラスボス"))
        self.tabs.addTab(self.history_page, self.tr("過去のセッション"))

        buttons = close_only_buttons(self)

        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(session_box)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, QSize(1360, 720), keep_menu_bar=True)  # its menus stay in reach

        model.changed.connect(self._sync)
        self._sync()

    def show_character(self, character_id: str | None) -> None:
        """Opens on the character selected in the main window (a 千幻抄 one; else as it was)."""
        self.bonds_tab.select_holder(character_id)
        self.history_page.select_holder(character_id)

    def pages(self) -> list[SengenshoPage]:
        return [self.bonds_tab, self.scenes_tab, self.last_boss_box, self.history_page]

    # ---- the GM's answers (tests replace these) ----------------------------------------------
    def ask(self, question: str) -> bool:
        """Asks the GM before an action that resets or bends the rules."""
        answer = QMessageBox.question(
            self,
            self.tr("千幻抄のセッション"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def exec_bond_dialog(self, dialog: SengenshoBondDialog) -> int:
        """Runs the bond dialog; it stores the 縁故 itself and stays open on a refusal."""
        return dialog.exec()

    # ---- the session's course ----------------------------------------------------------------
    def _button(self, text: str, action: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _=False: self.guard(action))
        return button

    def guard(self, action: Callable[[], object]) -> bool:
        """Runs an action; a refusal is explained (nothing changed)."""
        try:
            action()
        except ValueError as refusal:
            show_refusal(self, str(refusal))
            self._sync()
            return False
        return True

    def _start(self) -> None:
        state = self.model.state()
        missing = self.model.members.pcs_without_archetypes()
        if not state.running and missing:  # 類型 are fixed for the whole session once it starts
            question = self.tr(
                "類型のないPCがいます: {0}\n\n"
                "類型はセッション中には変えられないため、このセッションでは縁故を結べません"
                "（類型は次のセッションの開始前にシートで選びます）。\n\n"
                "このままセッション {1} を開始しますか？"
            ).format(self.tr("、").join(missing), state.session_number)
            if not self.ask(question):
                return
        self.model.course.start()

    def _end(self) -> None:
        self.model.course.require_running()  # refused before asking: there is nothing to end
        state = self.model.state()
        keep = self.keep_check.isChecked()
        goes_on = self.model.per_scenario() and self.scenario_check.isChecked()
        kept = (
            self.tr("・縁故と前借りは次のセッションに持ち越します（GMの判断）")
            if keep
            else self.tr("・このセッションの縁故と前借りは記録に移ります（縁故は各セッションで結ぶもの）")
        )
        reset = (
            self.tr("・リセット: シーン、ラスボス（シナリオが続くため幻想能力の使用回数は持ち越し）")
            if goes_on
            else self.tr("・リセット: 幻想能力の使用回数、シーン、ラスボス")
        )
        question = self.tr(
            "セッション {0} を終了しますか？\n\n"
            "{2}\n"
            "{1}\n"
            "・類型は次のセッションの開始前に変更できます\n"
            "（メインウィンドウの「元に戻す」で取り消せます）"
        ).format(state.session_number, kept, reset)
        if self.ask(question):
            self.model.course.end(keep_bonds=keep, scenario_goes_on=goes_on)
            self.keep_check.setChecked(False)  # the GM decides again next time
            self.scenario_check.setChecked(False)

    # ---- sync ------------------------------------------------------------------------------
    def _sync(self) -> None:
        problems = []
        problem = self.model.problem()
        if problem is not None:
            problems.append(
                self.tr("{0}（次の操作で新しい状態に置き換わります）").format(shown_message(problem))
            )
        catalog_problem = self.model.catalog_problem()
        if catalog_problem is not None:
            problems.append(shown_message(catalog_problem))
        self.problem_label.setText("\n".join(problems))
        self.problem_label.setVisible(bool(problems))

        state = self.model.state()
        self.session_label.setText(session_status(state))
        self.start_button.setEnabled(not state.running)
        self.end_button.setEnabled(state.running)
        self.scenario_check.setVisible(self.model.per_scenario())
        for page in self.pages():
            page.sync()
