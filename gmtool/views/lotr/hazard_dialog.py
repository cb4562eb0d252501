"""「危険（溺れる・落下・火炎・毒）…」 (1.2.1.1): one tab per hazard, its row chosen from the campaign's
table, the exact chance of its test, and a button that rolls and applies it (one undo step and a log
line, the model's).  A table the GM has not filled in says so and its buttons stay off.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QWidget,
)

from gmtool.models.lotr.care_base import CUSTOM, percent_text
from gmtool.models.lotr.fire_model import MAX_HELPERS
from gmtool.models.lotr.hazard_model import LotRHazardModel
from gmtool.models.lotr.table_requests import CellRef, TableRequests, table_requests
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.healing_types import UNSET
from gmtool.views.lotr.care_dialog import bonus_spin, fill_people, lay_out_tabbed, run_step
from gmtool.views.lotr.refusal_line import RefusalLine, add_line
from gmtool.views.message_catalog import translate_message


class HazardPage(QWidget):
    """A row combo, a description of its odds, and the hazard's buttons."""

    def __init__(self, table_id: str, requests: TableRequests, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.row_combo = QComboBox()
        self.row_combo.setAccessibleName(self.tr("表の行"))
        self.info_label = QLabel()
        self.info_label.setWordWrap(True)
        self.odds_label = RefusalLine(requests)
        self.form = QFormLayout(self)
        self.form.addRow(self.info_label)
        self.form.addRow(self.tr("表の行"), self.row_combo)
        add_line(self.form, self.odds_label)
        self.buttons: list[QPushButton] = []

    def button(self, text: str) -> QPushButton:
        button = QPushButton(text)
        self.buttons.append(button)
        self.form.addRow(button)
        return button

    @property
    def row(self) -> str:
        return self.row_combo.currentText()


class LotRHazardDialog(QDialog):
    def __init__(self, model: LotRHazardModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("危険（溺れる・落下・火炎・毒）（1.2.1.1）"))
        self.pages = {
            t: HazardPage(t, table_requests(model.actions.campaign_model))
            for t in (catalog.DROWNING, catalog.FALLING, catalog.FIRE, catalog.POISONS)
        }
        drowning, falling, fire, poison = self.pages.values()
        self.drown_button = drowning.button(self.tr("Stamina 判定を振る（失敗で意識を失いダメージ）"))
        self.drown_button.clicked.connect(lambda: self._run(lambda: model.drowning_test(drowning.row)))
        self.breath_rest_button = QPushButton(self.tr("15 分休んで 1d6 回復"))
        self.breath_rest_button.clicked.connect(lambda: self._run(model.drowning_rest))
        drowning.form.addRow(self.breath_rest_button)
        self.fall_button = falling.button(self.tr("落下する（Acrobatics 判定とダメージ）"))
        self.fall_button.clicked.connect(lambda: self._run(lambda: model.fall(falling.row)))
        self.fire_button = fire.button(self.tr("炎の中で 1 ラウンド（ダメージと Swiftness 判定）"))
        self.fire_button.clicked.connect(lambda: self._run(lambda: model.fire.round(fire.row)))
        self.helpers_spin = QSpinBox()
        self.helpers_spin.setRange(0, MAX_HELPERS)
        self.helpers_spin.setAccessibleName(self.tr("援護する人数"))
        self.helper_combo = QComboBox()
        self.helper_combo.setAccessibleName(self.tr("援護する人"))
        self.helper_bonus = bonus_spin(self.tr("援護する人の Swiftness"))
        helpers = QHBoxLayout()
        helpers.addWidget(self.helpers_spin)
        helpers.addWidget(self.helper_combo, 1)
        helpers.addWidget(self.helper_bonus)
        fire.form.addRow(self.tr("援護（人数・誰）"), helpers)
        self.extinguish_button = fire.button(self.tr("火を消す（全ラウンド、Swiftness の再判定）"))
        self.extinguish_button.clicked.connect(
            lambda: self._run(lambda: model.fire.extinguish(fire.row, self._helpers()))
        )
        # 1.2.1.1: burning costs 2d6+4 every round until put out, in the fire or out of it.
        self.burn_button = QPushButton(self.tr("炎の外で燃えたまま 1 ラウンド（2d6+4）"))
        self.burn_button.clicked.connect(lambda: self._run(model.fire.burn_round))
        self.put_out_button = QPushButton(self.tr("炎に包まれた状態を解除（GM）"))
        self.put_out_button.clicked.connect(lambda: self._run(model.fire.put_out))
        burning_row = QHBoxLayout()
        burning_row.addWidget(self.burn_button)
        burning_row.addWidget(self.put_out_button)
        fire.form.addRow(burning_row)
        self.healer_combo = QComboBox()
        self.healer_combo.setAccessibleName(self.tr("中和する人"))
        self.healer_bonus = bonus_spin(self.tr("中和する人の Healing ボーナス"))
        healer = QHBoxLayout()
        healer.addWidget(self.healer_combo, 1)
        healer.addWidget(self.healer_bonus)
        self.resist_button = poison.button(self.tr("抵抗判定を振る（Stamina）"))
        self.resist_button.clicked.connect(lambda: self._run(lambda: model.resist_poison(poison.row)))
        poison.form.addRow(self.tr("中和する人"), healer)
        self.treat_label = RefusalLine(table_requests(model.actions.campaign_model))
        add_line(poison.form, self.treat_label)
        self.treat_button = poison.button(self.tr("中和する（Healing 判定）"))
        self.treat_button.clicked.connect(
            lambda: self._run(lambda: model.treat_poison(poison.row, *self._healer()))
        )
        tabs = QTabWidget()
        self.tabs = tabs
        for page, title in zip(
            self.pages.values(),
            (self.tr("溺れる"), self.tr("落下"), self.tr("火炎"), self.tr("毒")),
            strict=True,
        ):
            tabs.addTab(page, title)
            page.row_combo.currentIndexChanged.connect(lambda _i: self.sync())
        for signal in (
            self.helpers_spin.valueChanged,
            self.helper_combo.currentIndexChanged,
            self.helper_bonus.valueChanged,
            self.healer_combo.currentIndexChanged,
            self.healer_bonus.valueChanged,
        ):
            signal.connect(lambda _v: self.sync())
        self.status_label = lay_out_tabbed(self, tabs)
        model.changed.connect(self.sync)
        self.sync()

    def _helpers(self) -> list[tuple[str, int]]:
        """The same helper (a character, or the bonus entered) counted as many times as given."""
        return [
            (self.helper_combo.currentData() or CUSTOM, self.helper_bonus.value())
        ] * self.helpers_spin.value()

    def _healer(self) -> tuple[str, int]:
        return self.healer_combo.currentData() or CUSTOM, self.healer_bonus.value()

    # ---- state ------------------------------------------------------------------------------
    def sync(self) -> None:
        if not self.model.actions.exists:
            return
        model = self.model
        people = model.others()
        fill_people(self.helper_combo, people, self.tr("ボーナスを入力"))
        fill_people(self.healer_combo, people, self.tr("ボーナスを入力"))
        self.helper_bonus.setEnabled(self.helper_combo.currentData() in (CUSTOM, None))
        self.healer_bonus.setEnabled(self.healer_combo.currentData() in (CUSTOM, None))
        for page in self.pages.values():
            rows = model.rows(page.table_id)
            if [page.row_combo.itemText(i) for i in range(page.row_combo.count())] != rows:
                current = page.row_combo.currentText()
                page.row_combo.blockSignals(True)
                page.row_combo.clear()
                page.row_combo.addItems(rows)
                page.row_combo.setCurrentIndex(max(page.row_combo.findText(current), 0))
                page.row_combo.blockSignals(False)
            page.row_combo.setEnabled(bool(rows))
        drowning, falling, fire, poison = self.pages.values()
        drowning.info_label.setText(
            self.tr(
                "息を止めていられるのは {0} 分（1 + Stamina、最低 1 分）。その後ラウンドごとに Stamina 判定。"
                "煙による窒息も同じ（煙の毒の効果は別）"
            ).format(model.breath_minutes())
        )
        self._show(
            drowning,
            lambda: self.tr("目標値 {0}、意識を保つ確率 {1}。失敗でダメージ {2}").format(
                model.row(catalog.DROWNING, drowning.row).tn,
                percent_text(model.drowning_odds(drowning.row)),
                model.row(catalog.DROWNING, drowning.row).damage,
            ),
            [self.drown_button],
        )
        self.breath_rest_button.setEnabled(model.can_rest_after_drowning())
        falling.info_label.setText(self.tr("Acrobatics 判定に成功するとダメージを半減（端数は四捨五入）"))
        self._show(
            falling,
            lambda: self._falling_text(falling.row),
            [self.fall_button],
        )
        burning = (
            self.tr("炎に包まれています: 毎ラウンド 2d6+4")
            if model.fire.on_fire
            else self.tr("炎に包まれていません")
        )
        fire.info_label.setText(burning)
        self._show(fire, lambda: self._fire_text(fire.row), [self.fire_button, self.extinguish_button])
        if self.extinguish_button.isEnabled():
            self.extinguish_button.setEnabled(model.fire.on_fire)
        self.put_out_button.setEnabled(model.fire.on_fire)
        self.burn_button.setEnabled(model.fire.on_fire)
        self.fire_button.setText(  # burning: no new test, the 2d6+4 again (1.2.1.1)
            self.tr("炎の中で 1 ラウンド（ダメージと燃えている 2d6+4）")
            if model.fire.on_fire
            else self.tr("炎の中で 1 ラウンド（ダメージと Swiftness 判定）")
        )
        poison.info_label.setText(
            self.tr(
                "抵抗は Stamina で目標値 7 + Potency（Stages があっても最初の結果が続く）。"
                "中和は Healing で目標値 10 + Treatment"
                "（毒の正体を知らなければ先に GM が決める Healing 判定）"
            )
        )
        self._show(poison, lambda: self._poison_text(poison.row), [self.resist_button])
        try:
            self.treat_label.setText(
                self.tr("中和: 目標値 {0}、成功 {1}").format(
                    model.poison(poison.row).treatment_tn,
                    percent_text(model.treatment_odds(poison.row, *self._healer())),
                )
            )
            self.treat_button.setEnabled(True)
        except ValueError as why:
            self.treat_label.show_refusal(str(why))
            self.treat_button.setEnabled(False)

    def _falling_text(self, row: str) -> str:
        hazard = self.model.row(catalog.FALLING, row)
        p, mean = self.model.falling_odds(row)
        return self.tr(
            "ダメージ {0}、目標値 {1}: 半減する確率 {2}、受けるダメージの期待値 {3:.2f} 点"
        ).format(hazard.damage, hazard.tn, percent_text(p), float(mean))

    def _fire_text(self, row: str) -> str:
        hazard = self.model.row(catalog.FIRE, row)
        text = self.tr("1 ラウンドのダメージ {0}、目標値 {1}: 炎に包まれない確率 {2}").format(
            hazard.damage, hazard.tn, percent_text(self.model.fire.odds(row))
        )
        out, catch = self.model.fire.extinguish_odds(row, self._helpers())
        text += self.tr("。消火できる確率 {0}").format(percent_text(out))
        if catch:
            text += self.tr("（援護した人に火がつく確率 それぞれ {0}）").format(percent_text(catch[0]))
        return text

    def _poison_text(self, row: str) -> str:
        poison = self.model.poison(row)
        resisted, failed = self.model.poison_odds(row)
        text = self.tr(
            "目標値 {0}: 抵抗（Secondary）{1}、失敗（Primary）{2}。Primary: {3} / Secondary: {4}"
        ).format(
            poison.resist_tn,
            percent_text(resisted),
            percent_text(failed),
            translate_message(poison.effect(False)),
            translate_message(poison.effect(True)),
        )
        facts = (("Type", poison.kind), ("Onset", poison.onset), ("Stages", poison.stages))
        known = [f"{label}: {value}" for label, value in facts if value]
        return text + ("\n" + " / ".join(known) if known else "")

    def _show(self, page: HazardPage, text: Callable[[], str], buttons: list[QPushButton]) -> None:
        if not page.row_combo.count():
            title, source = self.model.table_name(page.table_id)
            page.odds_label.show_refusal(
                self.tr("{0}（{1}）: {2}").format(translate_message(title), source, translate_message(UNSET)),
                CellRef(page.table_id),  # no row yet: the GM adds one
            )
            for button in buttons:
                button.setEnabled(False)
            return
        try:
            page.odds_label.setText(text())
            enabled = True
        except ValueError as why:
            page.odds_label.show_refusal(str(why))
            enabled = False
        for button in buttons:
            button.setEnabled(enabled)

    def _run(self, action: Callable[[], str]) -> None:
        run_step(self, self.status_label, action)
        self.sync()
