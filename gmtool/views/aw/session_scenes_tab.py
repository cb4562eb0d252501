"""シナリオ・シーン: the scenario's name and numbers, the ends of session and scenario, the scene
list and who is present in the current scene."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.views.session_tab import Confirm, SessionTab

SCENE_HEADERS = ("シーン", "セッション", "登場")
NAME_LENGTH = 200  # the session document's limit for a name


class AWScenesTab(SessionTab[AWSessionModel]):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self._new_scene_known: set[str] | None = None  # characters the add-scene list has offered

        self.scenario_edit = QLineEdit(placeholderText=self.tr("シナリオ名"))
        self.scenario_edit.setAccessibleName(self.tr("シナリオ名"))
        self.scenario_edit.setMaxLength(NAME_LENGTH)
        self.scenario_edit.editingFinished.connect(
            lambda: self.guard(lambda: self.model.set_scenario_name(self.scenario_edit.text()))
        )
        self.numbers_label = QLabel()
        self.end_session_button = self.button(self.tr("セッション終了…"), self._end_session)
        self.end_scenario_button = self.button(self.tr("シナリオ終了…"), self._end_scenario)
        scenario_box = QGroupBox(self.tr("シナリオ"))
        form = QFormLayout(scenario_box)
        form.addRow(self.tr("シナリオ名"), self.scenario_edit)
        ends = QHBoxLayout()
        ends.addWidget(self.numbers_label, 1)
        ends.addWidget(self.end_session_button)
        ends.addWidget(self.end_scenario_button)
        form.addRow(ends)

        self.scene_table = self.table(SCENE_HEADERS, stretch=2)
        self.scene_table.doubleClicked.connect(lambda _: self.guard(self._make_current))
        self.make_current_button = self.button(self.tr("現在のシーンにする"), self._make_current)
        self.new_scene_edit = QLineEdit(placeholderText=self.tr("シーン名（空なら「シーン n」）"))
        self.new_scene_edit.setMaxLength(NAME_LENGTH)
        self.new_scene_edit.returnPressed.connect(lambda: self.guard(self._add_scene))
        self.new_scene_checks = QListWidget()
        self.new_scene_checks.setAccessibleName(self.tr("新しいシーンに登場するキャラクター"))
        self.add_scene_button = self.button(self.tr("シーンを追加"), self._add_scene)
        scenes_box = QGroupBox(self.tr("このシナリオのシーン"))
        scenes = QVBoxLayout(scenes_box)
        scenes.addWidget(self.scene_table, 1)
        scenes.addWidget(self.make_current_button)
        new_box = QGroupBox(self.tr("新しいシーン（追加すると現在のシーンになります）"))
        new_form = QFormLayout(new_box)
        new_form.addRow(self.tr("シーン名"), self.new_scene_edit)
        new_form.addRow(self.tr("登場"), self.new_scene_checks)
        new_form.addRow(self.add_scene_button)
        scenes.addWidget(new_box)

        self.current_label = QLabel()
        self.current_label.setWordWrap(True)
        self.present_checks = QListWidget()
        self.present_checks.setAccessibleName(self.tr("現在のシーンに登場しているキャラクター"))
        self.present_checks.itemChanged.connect(lambda _: self.guard(self._set_present))
        present_box = QGroupBox(self.tr("現在のシーンの登場キャラクター"))
        present = QVBoxLayout(present_box)
        present.addWidget(self.current_label)
        present.addWidget(self.present_checks, 1)

        columns = QHBoxLayout()
        columns.addWidget(scenes_box, 3)
        columns.addWidget(present_box, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(scenario_box)
        layout.addLayout(columns, 1)

    # ---- actions ----------------------------------------------------------------------------
    def _end_session(self) -> None:
        state = self.model.state()
        if self.model.contracts.restores_at_session_end():
            spells = self.tr("・すべてのマスターの令呪が最大値（{0}）まで回復します")
        else:  # house rule: 「1シナリオに3回」 over the whole scenario
            spells = self.tr("・令呪は回復しません（ハウスルール: シナリオ終了時に最大値（{0}）まで回復）")
        text = self.tr(
            "セッション {0} を終了しますか？\n\n"
            "{1}\n"
            "・戦闘と現在のシーンが終わります\n"
            "・シーンの一覧、契約、イベントキーはそのまま続きます\n"
            "{2}\n"
            "（メインウィンドウの「元に戻す」で取り消せます）"
        ).format(state.session_number, spells.format(self.model.rules.command_spells), self._focus_line())
        if self.confirm(self.tr("セッション終了"), text):
            self.model.end_session()

    def _end_scenario(self) -> None:
        state = self.model.state()
        name = state.scenario or self.tr("シナリオ {0}").format(state.scenario_number)
        text = self.tr(
            "「{0}」を終了しますか？\n\n"
            "・すべてのマスターの令呪が最大値（{1}）まで回復します\n"
            "・このシナリオのシーンは閉じ、戦闘も終わります\n"
            "・イベントキーはシナリオとともに役目を終えます（履歴として灰色で残ります）\n"
            "・契約は続きます（3版: 令呪を使い切っても契約は続行）\n"
            "・シナリオ番号とセッション番号が 1 つ進みます\n"
            "{2}\n"
            "（メインウィンドウの「元に戻す」で取り消せます）"
        ).format(name, self.model.rules.command_spells, self._focus_line())
        if self.confirm(self.tr("シナリオ終了"), text):
            self.model.end_scenario()

    def _focus_line(self) -> str:
        """A running AF判定 is not ended with the session: the GM hears so before confirming."""
        goal = self.model.running_focus()
        if goal is None:
            return ""
        label = self.tr("AF判定「{0}」").format(goal) if goal else self.tr("AF判定")
        return self.tr("・進行中の{0}は終わらず、そのまま残ります（AF判定の画面で終えてください）\n").format(
            label
        )

    def _make_current(self) -> None:
        scene_id = self.selected_id(self.scene_table)
        if scene_id is None:
            raise ValueError(self.tr("現在のシーンにするシーンを一覧から選んでください"))
        self.model.set_current_scene(scene_id)

    def _add_scene(self) -> None:
        self.model.add_scene(self.new_scene_edit.text(), tuple(self.ticked(self.new_scene_checks)))
        self.new_scene_edit.clear()
        self._new_scene_known = None  # the next scene starts again from the PCs
        self.sync()

    def _set_present(self) -> None:
        scene = self.model.current_scene()
        if scene is None:
            raise ValueError(self.tr("現在のシーンがありません。先にシーンを追加してください"))
        # Characters no longer in the campaign stay present: this list cannot show them.
        shown = {i for i, _ in self.model.characters()}
        kept = tuple(c for c in scene.present if c not in shown)
        self.model.set_present(scene.id, (*kept, *self.ticked(self.present_checks)))

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        state = self.model.state()
        if not self.scenario_edit.hasFocus() or self.scenario_edit.text() == state.scenario:
            self.scenario_edit.setText(state.scenario)
        self.numbers_label.setText(
            self.tr("シナリオ {0}・セッション {1}").format(state.scenario_number, state.session_number)
        )
        rows: list[tuple[str, ...]] = [
            (
                ("▶ " if s.id == state.current_scene else "") + s.name,
                str(s.session),
                self.tr("、").join(self.model.name(c) for c in s.present),
            )
            for s in state.scenes
        ]
        self.fill(self.scene_table, rows, [s.id for s in state.scenes])
        for r, scene in enumerate(state.scenes):
            if scene.id == state.current_scene:
                font = QFont(self.scene_table.font())
                font.setBold(True)
                for c in range(len(SCENE_HEADERS)):
                    item = self.scene_table.item(r, c)
                    assert item is not None  # fill() has just set every cell of every row
                    item.setFont(font)
        self.make_current_button.setEnabled(bool(state.scenes))
        self._sync_new_scene()

        characters = self.model.characters()
        current = self.model.current_scene()
        if current is None:
            self.current_label.setText(
                self.tr("現在のシーンはありません。シーンを追加するか、一覧から選んでください。")
            )
        else:
            self.current_label.setText(
                self.tr("現在のシーン: {0}（セッション {1}）").format(current.name, current.session)
            )
        self.fill_checks(self.present_checks, characters, set(current.present) if current else set())
        self.present_checks.setEnabled(current is not None)

    def _sync_new_scene(self) -> None:
        """The GM's ticks stay; a character the list has not offered yet starts ticked if a PC."""
        characters = self.model.characters()
        pcs = {i for i, _ in self.model.pcs()}
        if self._new_scene_known is None:
            ticked = pcs
        else:
            kept = set(self.ticked(self.new_scene_checks))
            ticked = kept | {i for i, _ in characters if i not in self._new_scene_known and i in pcs}
        self._new_scene_known = {i for i, _ in characters}
        self.fill_checks(self.new_scene_checks, characters, ticked)
