"""イベントキー: the GM gives a PC a named key (the current scene is recorded), the keys in play,
the GM's explicit move (keys are not transferable by the rules) and the retired keys."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.views.appearance import tone_colour
from gmtool.views.session_tab import Confirm, SessionTab

KEY_HEADERS = ("イベントキー", "持っているPC", "シーン", "セッション")
RETIRED_HEADERS = ("イベントキー", "持っていたPC", "シーン", "セッション", "シナリオ")


class AWKeysTab(SessionTab[AWSessionModel]):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self.key_name_edit = QLineEdit(placeholderText=self.tr("例: 不審な人物"))
        self.key_name_edit.setAccessibleName(self.tr("イベントキーの名前"))
        self.key_name_edit.setMaxLength(200)  # the session document's limit for a key's name
        self.key_name_edit.returnPressed.connect(lambda: self.guard(self._give))
        self.holder_combo = QComboBox()
        self.holder_combo.setAccessibleName(self.tr("イベントキーを受け取るPC"))
        self.scene_label = QLabel()
        self.give_button = self.button(self.tr("キーを渡す"), self._give)
        give_box = QGroupBox(self.tr("イベントキーを渡す（PCだけが持てます）"))
        give = QFormLayout(give_box)
        give.addRow(self.tr("名前"), self.key_name_edit)
        give.addRow(self.tr("PC"), self.holder_combo)
        give.addRow(self.tr("シーン"), self.scene_label)
        give.addRow(self.give_button)

        self.keys_table = self.table(KEY_HEADERS, stretch=0)
        self.move_combo = QComboBox()
        self.move_combo.setAccessibleName(self.tr("キーの移し先"))
        self.move_button = self.button(self.tr("キーを移す…"), self._move)
        self.move_button.setToolTip(
            self.tr(
                "ルールではイベントキーは譲渡できません（特殊な特技が必要）。GMの判断で移し、ログに残します"
            )
        )
        self.remove_button = self.button(self.tr("削除"), self._remove)
        keys_box = QGroupBox(self.tr("このシナリオのイベントキー"))
        keys = QVBoxLayout(keys_box)
        keys.addWidget(self.keys_table, 1)
        actions = QHBoxLayout()
        actions.addWidget(QLabel(self.tr("選んだキーを")))
        actions.addWidget(self.move_combo, 1)
        actions.addWidget(self.move_button)
        actions.addWidget(self.remove_button)
        keys.addLayout(actions)

        self.retired_table = self.table(RETIRED_HEADERS, stretch=0)
        self.retired_table.setToolTip(
            self.tr("終わったシナリオのイベントキー（履歴。判定の条件には使われません）")
        )
        retired_box = QGroupBox(self.tr("終わったシナリオのイベントキー"))
        QVBoxLayout(retired_box).addWidget(self.retired_table)

        top = QHBoxLayout()
        top.addWidget(give_box, 2)
        top.addWidget(keys_box, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 2)
        layout.addWidget(retired_box, 1)

    # ---- actions ----------------------------------------------------------------------------
    def _give(self) -> None:
        holder = self.holder_combo.currentData()
        if holder is None:
            raise ValueError(self.tr("PCがいません。イベントキーはPCに渡すものです"))
        scene = self.model.current_scene()
        if scene is not None and holder not in scene.present and self.key_name_edit.text().strip():
            # 「シーンに登場していないPCはそのシーンで生じた情報を得ることができない」: the GM may have a
            # reason (a skill, a message), so ask instead of refusing.
            text = self.tr(
                "{0}は現在のシーン「{1}」に登場していません。それでも「イベントキー:{2}」を渡しますか？\n\n"
                "ルールでは、シーンに登場していないPCはそのシーンで生じた情報を得られません。"
            ).format(self.model.name(holder), scene.name, self.key_name_edit.text().strip())
            if not self.confirm(self.tr("キーを渡す"), text):
                return
        self.model.keys.give(self.key_name_edit.text(), holder)
        self.key_name_edit.clear()

    def _selected_key(self) -> str:
        key_id = self.selected_id(self.keys_table)
        if key_id is None:
            raise ValueError(self.tr("イベントキーを一覧から選んでください"))
        return key_id

    def _move(self) -> None:
        key_id = self._selected_key()
        target = self.move_combo.currentData()
        if target is None:
            raise ValueError(self.tr("移し先のPCを選んでください"))
        key = next(k for k in self.model.state().event_keys if k.id == key_id)
        text = self.tr(
            "イベントキー:{0} を {1} から {2} へ移しますか？\n\n"
            "ルールでは、イベントキーは他人に譲渡できません（譲渡には特殊な特技が必要です）。"
            "これはGMの判断による操作として、ログに残ります。"
        ).format(key.name, self.model.name(key.holder), self.model.name(target))
        if self.confirm(self.tr("キーを移す"), text):
            self.model.keys.move(key_id, target)

    def _remove(self) -> None:
        self.model.keys.remove(self._selected_key())

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        state = self.model.state()
        pcs = [(name, i) for i, name in self.model.pcs()]
        self.refill(self.holder_combo, pcs)
        self.refill(self.move_combo, pcs)
        scene = state.scene(state.current_scene)
        self.scene_label.setText(
            scene.name if scene else self.tr("（現在のシーンなし: シーンは記録されません）")
        )
        live = [k for k in state.event_keys if not k.retired]
        self.fill(
            self.keys_table,
            [(k.name, self.model.name(k.holder), k.scene, str(k.session)) for k in live],
            [k.id for k in live],
        )
        retired = [k for k in state.event_keys if k.retired]
        self.fill(
            self.retired_table,
            [(k.name, self.model.name(k.holder), k.scene, str(k.session), str(k.scenario)) for k in retired],
            [k.id for k in retired],
            color=tone_colour("muted"),
        )
        self.move_button.setEnabled(bool(live))
        self.remove_button.setEnabled(bool(live))
