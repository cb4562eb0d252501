"""令呪の使用: master, one of that master's servants, the effect and the order's text.

The +20 boost is not spent here: the judgement panel's 「令呪 +20」 box spends it when the dice are
rolled, so one boost can never cost two 令呪."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from gmtool.models.aw.session_contracts import EFFECT_LABELS
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.rules.systems.aw.session_state import SpellEffect
from gmtool.views.session_tab import Confirm, SessionTab


class AWSpellsBox(SessionTab[AWSessionModel]):
    def __init__(self, model: AWSessionModel, confirm: Confirm, parent: QWidget | None = None) -> None:
        super().__init__(model, confirm, parent)
        self._summoned_into: int | None = None  # the tracker's round a summon just moved to cleanup

        self.master_combo = QComboBox()
        self.master_combo.setAccessibleName(self.tr("令呪を使うマスター"))
        self.master_combo.currentIndexChanged.connect(lambda _: self._sync_servants())
        self.servant_combo = QComboBox()
        self.servant_combo.setAccessibleName(self.tr("対象のサーヴァント"))
        self.effect_combo = QComboBox()
        for effect, label in EFFECT_LABELS.items():
            self.effect_combo.addItem(self.tr(label), effect)
        self.effect_combo.currentIndexChanged.connect(lambda _: self._sync_effect())
        self.note_edit = QLineEdit(placeholderText=self.tr("命令の内容など（ログに残ります）"))
        self.effect_note = QLabel()
        self.effect_note.setWordWrap(True)
        self.use_button = self.button(self.tr("令呪を使う"), self._use)
        self.status_label = QLabel()  # the scene and the combat round the effects act on
        self.status_label.setWordWrap(True)

        self.box = box = QGroupBox()  # its title says when 令呪 come back (a house rule): see sync
        form = QFormLayout(box)
        form.addRow(self.tr("マスター"), self.master_combo)
        form.addRow(self.tr("サーヴァント"), self.servant_combo)
        form.addRow(self.tr("効果"), self.effect_combo)
        form.addRow(self.tr("メモ"), self.note_edit)
        # The effect's explanation under the button: its length changes with the effect, and above
        # it moved 令呪を使う by a line, so a click meant for it missed.
        form.addRow(self.use_button)
        form.addRow(self.effect_note)
        form.addRow(self.status_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

    def effect(self) -> SpellEffect:
        return SpellEffect(self.effect_combo.currentData())  # Qt may hand the enum back as a plain str

    def _use(self) -> None:
        master, servant = self.master_combo.currentData(), self.servant_combo.currentData()
        if master is None:
            raise ValueError(self.tr("マスターがいません（契約を結ぶとマスターに令呪刻印が現れます）"))
        if servant is None:
            raise ValueError(self.tr("{0}にはサーヴァントがいません").format(self.model.name(master)))
        effect = self.effect()
        if effect is SpellEffect.BOOST:  # the button is disabled then; a stray call must not spend
            raise ValueError(self.tr("達成値+20 は判定パネルの「令呪 +20」で使ってください"))
        in_combat = self.model.combat.round() is not None
        self.model.contracts.use_command_spell(master, servant, effect, self.note_edit.text())
        self.note_edit.clear()
        self._summoned_into = (
            self.model.combat.round() if effect is SpellEffect.SUMMON and in_combat else None
        )
        self.sync()

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        maximum = self.model.rules.command_spells
        if self.model.contracts.restores_at_session_end():
            title = self.tr("令呪を使う（1シナリオに{0}回まで・セッション終了時に回復）")
        else:
            title = self.tr("令呪を使う（1シナリオに{0}回まで・シナリオ終了時に回復）")
        self.box.setTitle(title.format(maximum))
        masters = [
            (
                self.tr("{0}（令呪 残り {1}/{2}）").format(
                    name, self.model.contracts.spells_left(i), maximum
                ),
                i,
            )
            for i, name in self.model.characters()
            if self.model.contracts.is_master(i)
        ]
        self.refill(self.master_combo, masters)
        self._sync_servants()
        self._sync_effect()
        self._sync_status()

    def _sync_servants(self) -> None:
        master = self.master_combo.currentData()
        servants = self.model.state().servants_of(master) if master else []
        self.refill(self.servant_combo, [(self.model.name(s), s) for s in servants])

    def _sync_effect(self) -> None:
        effect = self.effect()
        notes = {
            SpellEffect.ORDER: self.tr(
                "サーヴァントが「絶対にしたくない」と拒否することを実行させます。命令の内容をメモに。"
            ),
            SpellEffect.SUMMON: self.tr(
                "タイミング:オート。シーンにいないサーヴァントを呼び出します。"
                "戦闘中なら、そのラウンドは即座にクリンナッププロセスに移行します。"
                "戦闘トラッカーの戦闘中なら、サーヴァントはその戦闘に加わります。"
            ),
            SpellEffect.DISMISS: self.tr(
                "タイミング:オート。シーンにいるサーヴァントを退場させます"
                "（回避判定の失敗後、ダメージの前でも。「離脱できない」効果を無視）。"
                "戦闘トラッカーの戦闘中なら、サーヴァントはその戦闘から退場します（逃走）。"
            ),
            SpellEffect.BOOST: self.tr(
                "達成値+20 は判定パネルで適用します: パネルの「令呪 +20」にチェックを入れると、"
                "ダイスを振ったときに令呪を 1 つ使います。ここでは使いません（二重に使わないため）。"
                "通常は不可能な行動にも挑戦でき、目標値は {0} が目安です。"
            ).format(self.model.rules.command_spell_target_guideline),
        }
        self.effect_note.setText(notes[effect])
        boost = effect is SpellEffect.BOOST
        self.use_button.setEnabled(not boost)
        self.use_button.setToolTip(self.tr("判定パネルの「令呪 +20」で使います") if boost else "")

    def _sync_status(self) -> None:
        state = self.model.state()
        scene = state.scene(state.current_scene)
        lines = [
            self.tr("現在のシーン: {0}").format(scene.name)
            if scene
            else self.tr("現在のシーンはありません（登場・退場にはシーンが必要です）")
        ]
        summary = self.model.combat.summary()
        if summary is not None:
            lines.append(summary)
            if self.model.combat.in_cleanup(self._summoned_into):
                lines.append(
                    self.tr(
                        "令呪でサーヴァントが登場したため、ラウンド {0} はクリンナッププロセスに移行しました"
                    ).format(self._summoned_into)
                )
        else:
            self._summoned_into = None
        self.status_label.setText("\n".join(lines))
