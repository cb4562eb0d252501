"""シーン: this session's scenes, which one is current (縁故 are formed in it), adding and renaming,
who appears in the current scene (a 縁故 by or to anyone else is warned of), the 印象効果 in force
in the current scene, and the first impressions of earlier scenes and sessions (「第一印象がそうで
あった」として考慮する)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.labels import archetype_label
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.views.sengensho.session_parts import NAME_LENGTH, Host, SengenshoPage

SCENE_HEADERS = ("シーン", "このシーンで結んだ縁故")
IMPRESSION_HEADERS = ("印象を与える側", "印象を受ける側", "類型", "印象効果")
# Short headers: the effect's text needs the room (the table sits in half the dialog).
FIRST_IMPRESSION_HEADERS = ("与える側", "受ける側", "類型", "印象効果", "最初のシーン")
FIRST_IMPRESSION_RULE = (
    "印象効果を使用したあとのシーンでも、「第一印象がそうであった」として考慮することが望ましい"
    "（印象を固定するものではありません）"
)
IMPRESSION_RULE = (
    "縁故を結ぶと印象効果が必ず適用されます。1つのシーンでは、1人（または1つの集団）に対して"
    "1つの類型からの印象効果だけが有効です"
)


class SengenshoScenesPage(SengenshoPage):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, host, parent)
        self.scene_table = self.table(SCENE_HEADERS, stretch=1)
        self.scene_table.setAccessibleName(self.tr("このセッションのシーン"))
        self.scene_table.doubleClicked.connect(lambda _: self.guard(self._make_current))
        self.scene_table.itemSelectionChanged.connect(self._sync_rename)
        self.make_current_button = self.button(self.tr("現在のシーンにする"), self._make_current)

        self.new_scene_edit = QLineEdit(placeholderText=self.tr("シーン名（空なら「シーンn」）"))
        self.new_scene_edit.setMaxLength(NAME_LENGTH)
        self.new_scene_edit.returnPressed.connect(lambda: self.guard(self._add))
        self.add_button = self.button(self.tr("シーンを追加"), self._add)
        self.rename_edit = QLineEdit(placeholderText=self.tr("選んだシーンの新しい名前"))
        self.rename_edit.setMaxLength(NAME_LENGTH)
        self.rename_edit.returnPressed.connect(lambda: self.guard(self._rename))
        self.rename_button = self.button(self.tr("名前を変更"), self._rename)
        self.note = QLabel(
            self.tr(
                "縁故は現在のシーンで結びます（新しい縁故は1シーンに1つ、レベルは最後に変えたシーンより後のシーンで上昇）。"
                "追加したシーンが現在のシーンになります。シーンはセッションとともに終わります。"
            )
        )
        self.note.setWordWrap(True)

        # 「登場したキャラクターや集団に対する縁故」: who appears, recorded by the GM (optional).
        self.present_list = QListWidget()
        self.present_list.setAccessibleName(self.tr("現在のシーンに登場しているキャラクター"))
        self.present_button = self.button(self.tr("登場を記録"), self._record_present)
        present_box = QGroupBox(
            self.tr("現在のシーンの登場キャラクター（記録すると、登場していない人の縁故を警告）")
        )
        present = QVBoxLayout(present_box)
        present.addWidget(self.present_list, 1)
        present.addWidget(self.present_button)

        self.impressions_table = self.table(IMPRESSION_HEADERS, stretch=3)
        self.impressions_table.setAccessibleName(self.tr("このシーンで有効な印象効果"))
        self.impressions_table.setToolTip(self.tr(IMPRESSION_RULE))
        self.impressions_box = QGroupBox()
        impressions = QVBoxLayout(self.impressions_box)
        impressions.addWidget(self.impressions_table, 1)
        rule = QLabel(self.tr(IMPRESSION_RULE))
        rule.setWordWrap(True)
        impressions.addWidget(rule)
        # 「第一印象がそうであった」: impressions of earlier scenes and past sessions still count.
        self.first_table = self.table(FIRST_IMPRESSION_HEADERS, stretch=3)
        self.first_table.setAccessibleName(self.tr("第一印象（前のシーン・セッション）"))
        self.first_table.setToolTip(self.tr(FIRST_IMPRESSION_RULE))
        first_title = QLabel(self.tr("第一印象（前のシーン・セッションで与えた最初の印象効果）"))
        first_title.setStyleSheet("font-weight: bold;")
        first_rule = QLabel(self.tr(FIRST_IMPRESSION_RULE))
        first_rule.setWordWrap(True)
        impressions.addWidget(first_title)
        impressions.addWidget(self.first_table, 1)
        impressions.addWidget(first_rule)

        scenes_box = QGroupBox(self.tr("このセッションのシーン"))
        scenes = QVBoxLayout(scenes_box)
        scenes.addWidget(self.scene_table, 1)
        scenes.addWidget(self.make_current_button)
        edit_box = QGroupBox(self.tr("シーンの追加・名前の変更"))
        form = QFormLayout(edit_box)
        add_row = QHBoxLayout()
        add_row.addWidget(self.new_scene_edit, 1)
        add_row.addWidget(self.add_button)
        form.addRow(self.tr("新しいシーン"), add_row)
        rename_row = QHBoxLayout()
        rename_row.addWidget(self.rename_edit, 1)
        rename_row.addWidget(self.rename_button)
        form.addRow(self.tr("名前の変更"), rename_row)
        form.addRow(self.note)
        top = QHBoxLayout()
        top.addWidget(scenes_box, 1)
        top.addWidget(self.impressions_box, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(present_box)
        layout.addWidget(edit_box)

    # ---- actions ----------------------------------------------------------------------------
    def _selected_scene(self, purpose: str) -> int:
        scene_id = self.selected_number(self.scene_table)
        if scene_id is None:
            raise ValueError(self.tr("{0}シーンを一覧から選んでください").format(purpose))
        return scene_id

    def _make_current(self) -> None:
        self.model.course.set_current_scene(self._selected_scene(self.tr("現在のシーンにする")))

    def _add(self) -> None:
        self.model.course.add_scene(self.new_scene_edit.text())
        self.new_scene_edit.clear()

    def _record_present(self) -> None:
        items = [self.present_list.item(r) for r in range(self.present_list.count())]
        self.model.course.set_present(
            [i.data(Qt.ItemDataRole.UserRole) for i in items if i and i.checkState() == Qt.CheckState.Checked]
        )

    def _rename(self) -> None:
        self.model.course.rename_scene(self._selected_scene(self.tr("名前を変える")), self.rename_edit.text())

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        state = self.model.state()
        rows = []
        for scene in state.scenes:
            formed = [
                self.tr("{0}→{1}").format(
                    self.model.members.name(b.holder), self.model.members.target_name(b)
                )
                for b in state.bonds
                if b.formed_scene == scene.id
            ]
            marker = "▶ " if scene.id == state.current_scene else ""
            rows.append((marker + labels.scene_label(state, scene.id), self.tr("、").join(formed)))
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
        self._sync_present()
        self._sync_rename()
        self._sync_impressions()

    def _sync_present(self) -> None:
        scene = self.model.course.current_scene()
        present = set(scene.present) if scene is not None else set()
        self.present_list.clear()
        for character_id, name in self.model.members.characters():
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, character_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if character_id in present else Qt.CheckState.Unchecked)
            self.present_list.addItem(item)
        self.present_list.setEnabled(scene is not None)
        self.present_button.setEnabled(scene is not None)

    def _sync_impressions(self) -> None:
        state = self.model.state()
        if state.current_scene is None:
            self.impressions_box.setTitle(self.tr("印象効果（シーンがありません）"))
        else:
            self.impressions_box.setTitle(
                self.tr("「{0}」で有効な印象効果").format(labels.scene_label(state, state.current_scene))
            )
        rows: list[tuple[str, ...]] = [
            (
                self.model.members.name(i.holder),
                self.model.members.impression_target(i),
                archetype_label(i.archetype),
                self.model.notes.impression_body(i.archetype),
            )
            for i in self.model.course.impressions_in_scene()
        ]
        self.fill(self.impressions_table, rows)
        firsts: list[tuple[str, ...]] = [
            (
                self.model.members.name(f.impression.holder),
                self.model.members.impression_target(f.impression),
                archetype_label(f.impression.archetype),
                self.model.notes.impression_body(f.impression.archetype),
                self.tr("セッション {0}「{1}」").format(f.session_number, f.scene_name),
            )
            for f in self.model.course.first_impressions()
        ]
        self.fill(self.first_table, firsts)
        for table, texts in ((self.impressions_table, rows), (self.first_table, firsts)):
            for r, row in enumerate(texts):  # a long catalog text is read in full on hover
                item = table.item(r, 3)
                assert item is not None  # fill() has just set every cell of every row
                item.setToolTip(row[3])

    def _sync_rename(self) -> None:
        scene_id = self.selected_number(self.scene_table)
        scene = self.model.state().scene(scene_id) if scene_id is not None else None
        self.rename_button.setEnabled(scene is not None)
        self.rename_edit.setEnabled(scene is not None)
        if scene is not None and not self.rename_edit.hasFocus():
            self.rename_edit.setText(scene.name)
