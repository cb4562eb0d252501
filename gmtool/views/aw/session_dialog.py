"""セッション管理（アナザーワールド）: scenario and scenes, contracts and 令呪, event keys, and where the
battle tracker's round stands.  A non-modal tool window beside the sheets.

Every change (its own actions, undo/redo in the main window, a sheet renaming a character) arrives
as AWSessionModel.changed and `_sync()` re-reads every page; the pages keep what the GM is typing.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QTabWidget, QVBoxLayout, QWidget

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.views.appearance import set_tone
from gmtool.views.aw.session_combat_tab import AWCombatTab
from gmtool.views.aw.session_contracts_tab import AWContractsTab
from gmtool.views.aw.session_keys_tab import AWKeysTab
from gmtool.views.aw.session_rest_tab import AWRestTab
from gmtool.views.aw.session_scenes_tab import AWScenesTab
from gmtool.views.screen_fit import fit_to_screen
from gmtool.views.session_tab import SessionTab
from gmtool.views.widgets import close_only_buttons, shown_message


class AWSessionDialog(QDialog):
    tracker_requested = Signal()  # the 戦闘 page's 「戦闘トラッカーを開く」 (the menu opens the tracker)

    def __init__(self, model: AWSessionModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the model lives (and stops listening) with the dialog
            model.setParent(self)
        self.setModal(False)  # the GM keeps it open during the session
        self.setWindowTitle(self.tr("セッション管理（アナザーワールド）"))

        self.problem_label = QLabel()  # a stored state that cannot be read
        self.problem_label.setWordWrap(True)
        set_tone(self.problem_label, "error")

        # Pages ask through the dialog at call time, so a test (or a subclass) can answer for the GM.
        def confirm(title: str, text: str) -> bool:
            return self.ask_confirm(title, text)

        self.scenes_tab = AWScenesTab(model, confirm)
        self.contracts_tab = AWContractsTab(model, confirm)
        self.keys_tab = AWKeysTab(model, confirm)
        self.combat_tab = AWCombatTab(model, confirm)
        self.combat_tab.tracker_requested.connect(self.tracker_requested)
        self.rest_tab = AWRestTab(model, confirm)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.scenes_tab, self.tr("シナリオ・シーン"))
        self.tabs.addTab(self.contracts_tab, self.tr("契約・令呪"))
        self.tabs.addTab(self.keys_tab, self.tr("イベントキー"))
        self.tabs.addTab(self.combat_tab, self.tr("戦闘"))
        self.tabs.addTab(self.rest_tab, self.tr("生命力の回復"))

        buttons = close_only_buttons(self)

        layout = QVBoxLayout(self)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, QSize(1100, 700), keep_menu_bar=True)  # its menus stay in reach

        model.changed.connect(self._sync)
        self._sync()

    def pages(self) -> list[SessionTab[AWSessionModel]]:
        return [self.scenes_tab, self.contracts_tab, self.keys_tab, self.combat_tab, self.rest_tab]

    def ask_confirm(self, title: str, text: str) -> bool:
        """Asks the GM before an action that resets or bends the rules (tests replace it)."""
        answer = QMessageBox.question(
            self, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        )
        return answer == QMessageBox.StandardButton.Yes

    def _sync(self) -> None:
        problem = self.model.problem()
        self.problem_label.setText(
            ""
            if problem is None
            else self.tr("{0}（次の操作で新しい状態に置き換わります）").format(shown_message(problem))
        )
        self.problem_label.setVisible(problem is not None)
        for page in self.pages():
            page.sync()
