"""ラスボス: the session's one special 類型, chosen in secret and revealed at the climax.

「原則的にセッションに一人のNPCのみ」: choosing a PC asks first (the text allows it by the GM's
ruling).  Revealing it gives it a level-1 縁故 to every PC it holds no 縁故 to yet, and each PC may
then form a 縁故 to it ignoring the level limits (in the bond dialog) — up to the GM's cap entered
here when the BOSS_LEVEL house rule plays one (the text gives no number: empty means Lv99).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from gmtool.models.sengensho.labels import archetype_label
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds_types import MAX_LEVEL
from gmtool.views.sengensho.session_parts import Host, SengenshoPage, character_label


class SengenshoLastBossBox(SengenshoPage):
    def __init__(self, model: SengenshoSessionModel, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(model, host, parent)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.boss_combo = QComboBox()
        self.boss_combo.setAccessibleName(self.tr("ラスボスにするキャラクター"))
        self.choose_button = self.button(self.tr("ラスボスにする"), self._choose)
        self.clear_button = self.button(self.tr("解除"), self._clear)
        self.reveal_button = self.button(self.tr("明かす（クライマックス）"), self._reveal)
        self.note = QLabel(
            self.tr(
                "類型「ラスボス」は原則としてセッションに一人のNPCだけ（他の類型に加えて、数に含めずに）。"
                "クライマックスの戦闘の開始時に明かすと、ラスボスはPC全員に縁故Lv1を取得し"
                "（既に縁故のあるPCには結びません: 同じ対象に2つの類型からは結べないため）、"
                "PCはラスボスへの縁故を選択している類型から、レベルの制限を無視して結べます"
                "（「縁故・幻想能力」の「縁故を結ぶ…」で）。"
            )
        )
        self.note.setWordWrap(True)
        self.cap_label = QLabel(self.tr("ラスボスへの縁故の上限（ハウスルール）"))
        self.cap_spin = QSpinBox()
        self.cap_spin.setRange(0, MAX_LEVEL)  # 0 shows as 「なし」: no number entered
        self.cap_spin.setSpecialValueText(self.tr("なし（Lv99まで）"))
        self.cap_spin.setPrefix("Lv")
        self.cap_spin.setAccessibleName(self.tr("ラスボスへの縁故の上限"))
        self.cap_spin.editingFinished.connect(self._set_cap)

        box = QGroupBox(self.tr("ラスボス"))
        layout = QVBoxLayout(box)
        layout.addWidget(self.status_label)
        row = QHBoxLayout()
        row.addWidget(self.boss_combo, 1)
        row.addWidget(self.choose_button)
        row.addWidget(self.clear_button)
        layout.addLayout(row)
        layout.addWidget(self.reveal_button)
        layout.addWidget(self.note)
        cap_row = QHBoxLayout()
        cap_row.addWidget(self.cap_label)
        cap_row.addWidget(self.cap_spin)
        cap_row.addStretch(1)
        layout.addLayout(cap_row)
        outer = QVBoxLayout(self)
        outer.addWidget(box)
        outer.addStretch(1)

    # ---- actions ----------------------------------------------------------------------------
    def _choose(self) -> None:
        chosen = self.boss_combo.currentData()
        if chosen is None:
            raise ValueError(self.tr("千幻抄のキャラクターがいません"))
        if self.model.members.is_pc(chosen) and self.model.state().last_boss != chosen:
            name = self.model.members.name(chosen)
            question = self.tr(
                "{0}はPCです。類型「ラスボス」は原則としてセッションに一人のNPCだけに認められます。"
                "PCをラスボスにするのはGMの裁定です（その時点でPCの有効な類型に「ラスボス」が加わります）。\n\n"
                "{0}をラスボスにしますか？"
            ).format(name)
            if not self.host.ask(question):
                return
        self.model.boss.choose(chosen)

    def _clear(self) -> None:
        if self.model.state().last_boss is None:
            raise ValueError(self.tr("ラスボスは決まっていません"))
        self.model.boss.choose(None)

    def _reveal(self) -> None:
        self.model.boss.reveal()

    def _set_cap(self) -> None:
        value = self.cap_spin.value()
        self.model.boss.set_cap(value or None)

    # ---- sync ------------------------------------------------------------------------------
    def sync(self) -> None:
        # NPCs first: the ラスボス is an NPC unless the GM rules otherwise.
        characters = sorted(self.model.members.characters(), key=lambda c: self.model.members.is_pc(c[0]))
        self.refill(self.boss_combo, [(character_label(self.model, i), i) for i, _ in characters])
        state = self.model.state()
        boss = state.last_boss
        if boss is None:
            text = self.tr("ラスボスは決まっていません")
        elif not state.last_boss_revealed:
            text = self.tr("ラスボス: {0}（まだ明かしていません）").format(self.model.members.name(boss))
        else:
            formed = [self.model.members.target_name(b) for b in self.model.boss.revealed_bonds()]
            text = self.tr("ラスボス: {0}（明かしました）。ラスボスの縁故Lv1 → {1}").format(
                self.model.members.name(boss), self.tr("、").join(formed) or self.tr("なし")
            )
            # The reveal gave none to a PC the ラスボス already held a 縁故 to from another 類型.
            held = [
                self.tr("{0}（{1}）").format(self.model.members.name(pc), archetype_label(archetype))
                for pc, archetype in self.model.boss.skipped()
            ]
            if held:
                text += self.tr("\n既に縁故があるため結ばなかったPC: {0}").format(self.tr("、").join(held))
            to_boss = [
                self.tr("{0}（{1}・Lv{2}）").format(
                    self.model.members.name(b.holder), archetype_label(b.archetype), b.level
                )
                for b in self.model.boss.bonds_to_boss()
            ]
            if to_boss:
                text += self.tr("\nラスボスへの縁故: {0}").format(self.tr("、").join(to_boss))
        self.status_label.setText(text)
        revealed = state.last_boss_revealed
        self.choose_button.setEnabled(not revealed)
        self.clear_button.setEnabled(boss is not None and not revealed)
        self.reveal_button.setEnabled(boss is not None and not revealed)
        capped = self.model.boss.cap_in_force()
        self.cap_label.setVisible(capped)
        self.cap_spin.setVisible(capped)
        if not self.cap_spin.hasFocus():  # never overwrite what the GM is typing
            self.cap_spin.setValue(self.model.boss.cap() or 0)
