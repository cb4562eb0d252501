"""縁故を結ぶ / 結び直す: one holder's 縁故, tied to the current scene (the title names it).

The hints say what the rules will count before the GM asks: the 類型's 縁故の指針, the 印象効果 the
target will get, the halving of PC 縁故 after the first, and the limits with what the holder has
used.  Targets the holder already holds a 縁故 to are marked with its 類型 (one target, one 類型), and
a free one is chosen first.  A refusal is shown inside the dialog, which stays open so the GM can
change the request.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.sengensho import labels as labels
from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.rules.systems.sengensho.bonds_types import KIND_LABELS, BondRequest
from gmtool.rules.systems.sengensho.character import BondKind
from gmtool.rules.systems.sengensho.session_types import Bond
from gmtool.views.appearance import set_tone
from gmtool.views.sengensho.session_parts import (
    NAME_LENGTH,
    character_label,
    kind_choices,
    labels_tr,
)
from gmtool.views.widgets import shown_message

FREE_TARGET = ""  # the target combo's entry for a group or anyone not in the campaign
PLACEHOLDERS = {
    BondKind.CHARACTER: "集団やキャンペーンにいない人物の名前",
    BondKind.MEMORY: "場面・言葉・文字など（夢でもよい）",
    BondKind.PURPOSE: "セッション中の目的",
}
NO_ARCHETYPE = "類型は次のセッションの開始前にシートで選びます"


class SengenshoBondDialog(QDialog):
    def __init__(
        self,
        model: SengenshoSessionModel,
        holder: str,
        retie: Bond | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.holder = holder
        self.retie = retie
        scene = model.course.require_scene()  # the caller has checked; a 縁故 is always formed in a scene
        scene_name = labels.scene_label(model.state(), scene.id)
        title = self.tr("縁故を結び直す") if retie else self.tr("縁故を結ぶ")
        self.setWindowTitle(self.tr("{0} — シーン「{1}」").format(title, scene_name))

        self.holder_label = QLabel(self.tr("{0}の縁故").format(character_label(model, holder)))
        self.holder_label.setWordWrap(True)
        if retie is not None:
            self.holder_label.setText(
                self.tr(
                    "{0}の縁故「{1}」（{2}・{3}・Lv{4}）を結び直します。レベルはそのままです（{5}）"
                ).format(
                    model.members.name(holder),
                    model.members.target_name(retie),
                    labels.archetype_label(retie.archetype),
                    self.tr(KIND_LABELS[retie.kind]),
                    retie.level,
                    labels_tr(labels.RETIE_NOTE),
                )
            )
        self.archetype_combo = QComboBox()
        self.archetype_combo.setAccessibleName(self.tr("類型"))
        for name in model.members.archetypes(holder):
            self.archetype_combo.addItem(labels.archetype_label(name), name)
        self.kind_combo = QComboBox()
        self.kind_combo.setAccessibleName(self.tr("種類"))
        for kind, label in kind_choices():
            self.kind_combo.addItem(label, kind)
        self.target_combo = QComboBox()
        self.target_combo.setAccessibleName(self.tr("対象のキャラクター"))
        for character_id, _name in model.members.characters():
            if character_id != holder:
                self.target_combo.addItem(self._target_label(character_id), character_id)
        self.target_combo.addItem(self.tr("集団・その他（名前を入力）"), FREE_TARGET)
        self.target_edit = QLineEdit()
        self.target_edit.setAccessibleName(self.tr("対象"))
        self.target_edit.setMaxLength(NAME_LENGTH)
        self.level_spin = QSpinBox()
        self.level_spin.setRange(1, 99)  # the session document's limit
        self.level_spin.setAccessibleName(self.tr("レベル"))
        self.level_note = QLabel()
        self.level_note.setWordWrap(True)
        self.override_check = QCheckBox(self.tr("GM裁定で制限を超える（記録されます）"))
        self.hints = QLabel()
        self.hints.setWordWrap(True)
        self.presence_label = QLabel()  # the holder or the target not recorded in the scene: a warning
        self.presence_label.setWordWrap(True)
        set_tone(self.presence_label, "warning")
        self.refusal_label = QLabel()
        self.refusal_label.setWordWrap(True)
        set_tone(self.refusal_label, "error")
        self.refusal_label.setVisible(False)

        self._preselect()
        for combo in (self.archetype_combo, self.kind_combo, self.target_combo):
            combo.currentIndexChanged.connect(self._sync)
        self.override_check.toggled.connect(self._sync)

        buttons = QDialogButtonBox()
        self.ok_button = buttons.addButton(
            self.tr("結び直す") if retie else self.tr("結ぶ"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        buttons.addButton(self.tr("キャンセル"), QDialogButtonBox.ButtonRole.RejectRole)
        # Not `accepted`: the dialog closes only when the session takes the 縁故.
        self.ok_button.clicked.connect(self._submit)
        buttons.rejected.connect(self.reject)
        if self.archetype_combo.count() == 0:  # 類型 are fixed while the session runs
            self.ok_button.setEnabled(False)
            self.ok_button.setToolTip(self.tr(NO_ARCHETYPE))

        form = QFormLayout()
        form.addRow(self.tr("類型"), self.archetype_combo)
        form.addRow(self.tr("種類"), self.kind_combo)
        form.addRow(self.tr("対象"), self.target_combo)
        form.addRow("", self.target_edit)
        form.addRow(self.tr("レベル"), self.level_spin)
        form.addRow("", self.level_note)
        layout = QVBoxLayout(self)
        layout.addWidget(self.holder_label)
        layout.addLayout(form)
        layout.addWidget(self.override_check)
        layout.addWidget(self.presence_label)
        layout.addWidget(self.hints)
        layout.addWidget(self.refusal_label)
        layout.addStretch(1)  # spare height goes below the hints, not between the rows
        layout.addWidget(buttons)
        self.resize(560, 480)
        self._sync()

    def _preselect(self) -> None:
        """A re-tie starts from the 縁故 being moved (the GM changes what moves); a new 縁故 from
        someone in the current scene the holder holds no 縁故 to (the model's suggestion)."""
        retie = self.retie
        if retie is not None:
            self.archetype_combo.setCurrentIndex(max(0, self.archetype_combo.findData(retie.archetype)))
            self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(retie.kind)))
            target = retie.target_id if retie.target_id is not None else FREE_TARGET
            index = self.target_combo.findData(target)
            self.target_combo.setCurrentIndex(index if index >= 0 else self.target_combo.count() - 1)
            if retie.target_id is None:
                self.target_edit.setText(retie.target)
            return
        suggested = self.model.course.suggested_target(self.holder)
        free = self.target_combo.findData(suggested if suggested is not None else FREE_TARGET)
        self.target_combo.setCurrentIndex(free)

    # ---- what is asked -------------------------------------------------------------------
    def kind(self) -> BondKind:
        return BondKind(self.kind_combo.currentData())  # Qt may hand the enum back as a plain str

    def request(self) -> BondRequest:
        kind = self.kind()
        chosen = self.target_combo.currentData() if kind is BondKind.CHARACTER else FREE_TARGET
        target_id = chosen or None
        return BondRequest(
            self.holder,
            self.archetype_combo.currentData() or "",
            kind,
            "" if target_id else self.target_edit.text(),
            target_id,
            self.level_spin.value() if self.level_spin.isEnabled() else 1,
            self.override_check.isChecked(),
        )

    def _submit(self) -> None:
        try:
            if self.retie is None:
                self.model.bonds.form(self.request())
            else:
                self.model.bonds.retie(self.retie.id, self.request())
        except ValueError as refusal:  # SessionRefused, or a document the session cannot store
            self.refusal_label.setText(shown_message(str(refusal)))
            self.refusal_label.setVisible(True)
            return
        self.accept()

    # ---- hints ---------------------------------------------------------------------------
    def _to_revealed_boss(self) -> bool:
        target_id = self.target_combo.currentData() if self.kind() is BondKind.CHARACTER else None
        return self.model.boss.to_boss(self.holder, target_id or None)

    def _target_label(self, character_id: str) -> str:
        label = character_label(self.model, character_id)
        state = self.model.state()
        if state.last_boss == character_id and state.last_boss_revealed:
            label += self.tr("・ラスボス")
        held = self.model.members.held_archetype(self.holder, character_id)
        if held is not None:
            label += self.tr("（縁故あり・{0}）").format(held)
        return label

    def _sync(self) -> None:
        kind = self.kind()
        character = kind is BondKind.CHARACTER
        self.target_combo.setEnabled(character)
        free = not character or self.target_combo.currentData() == FREE_TARGET
        self.target_edit.setEnabled(free)
        self.target_edit.setPlaceholderText(self.tr(PLACEHOLDERS[kind]))
        boss = self._to_revealed_boss()
        level_free = self.retie is None and (boss or self.override_check.isChecked())
        self.level_spin.setEnabled(level_free)
        if not level_free:
            self.level_spin.setValue(1)
        if self.retie is not None:
            self.level_note.setText(
                self.tr("結び直しではレベルはそのままです（Lv{0}）").format(self.retie.level)
            )
        elif boss:
            cap = self.model.boss.binding_cap()
            if self.override_check.isChecked() or cap is None:
                self.level_note.setText(
                    self.tr("明かされたラスボスへの縁故は、レベルの制限を無視して結べます")
                )
            else:  # the BOSS_LEVEL house rule's capped reading
                self.level_note.setText(
                    self.tr("明かされたラスボスへの縁故は、GMの決めた上限（Lv{0}）まで結べます").format(cap)
                )
        else:
            self.level_note.setText(
                self.tr("新しい縁故はレベル1から（レベルはこの後のシーンで上げられます）")
            )
        self.hints.setText("\n".join(self._hint_lines(kind)))
        target_id = self.target_combo.currentData() if character else None
        warning = self.model.course.presence_warning(self.holder, target_id or None)
        self.presence_label.setText(warning)
        self.presence_label.setVisible(bool(warning))

    def _hint_lines(self, kind: BondKind) -> list[str]:
        model, holder = self.model, self.holder
        archetype = self.archetype_combo.currentData()
        lines = []
        if archetype:
            lines.append(model.notes.bond_guidance(archetype))
            if kind is BondKind.CHARACTER:
                lines.append(
                    self.tr("結ぶと対象に必ず適用されます — {0}").format(
                        model.notes.impression_text(archetype)
                    )
                )
        else:
            lines.append(
                self.tr("{0}には類型がありません（{1}）").format(
                    model.members.name(holder), self.tr(NO_ARCHETYPE)
                )
            )
        usage = model.bonds.usage(holder)
        maximum, kind_limits = model.bonds.limits()
        lines.append(
            self.tr("{0}（{1}のPCとの縁故: {2}）").format(
                labels_tr(labels.HALVED_NOTE), model.members.name(holder), usage.to_pcs
            )
        )
        used = {BondKind.MEMORY: usage.memories, BondKind.PURPOSE: usage.purposes}
        counts = [self.tr("縁故 {0}/{1}").format(usage.total, maximum)]
        counts += [
            self.tr("{0} {1}/{2}").format(self.tr(KIND_LABELS[k]), used.get(k, 0), limit)
            for k, limit in kind_limits.items()
        ]
        lines.append(self.tr("使用中: {0}").format(self.tr("・").join(counts)))
        taken = usage.taken_in_scene
        if taken is None:
            lines.append(
                self.tr("このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: まだ結んでいません")
            )
        else:
            lines.append(
                self.tr("このシーンの新しい縁故（結び直しを含む、1シーンに1つ）: 「{0}」と結びました").format(
                    model.members.target_name(taken)
                )
            )
        if any(v.debt for v in model.fantasy.values(holder).values()):
            lines.append(labels_tr(labels.DEBT_NOTE))
        return lines
