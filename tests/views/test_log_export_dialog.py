"""The session-log export dialog: a range that holds no line cannot be exported (and says why), the
シナリオ choice appears only where the log names scenarios, and the choice reaches the model."""

from __future__ import annotations

from PySide6.QtCore import QDate

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.log_export import PERIOD, SCENARIO, TEXT, LogExportModel
from gmtool.models.log_payload import summary_payload
from gmtool.store.log_spans import scan
from gmtool.views.log_export_dialog import LogExportDialog


def dialog_for(qtbot, campaign_model) -> LogExportDialog:
    dialog = LogExportDialog(LogExportModel(campaign_model, scan(campaign_model.campaign)))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def log_on(campaign_model, day: str, text: str) -> None:
    payload = summary_payload("fourcard", text, who="ガルド")
    payload["time"] = f"{day}T20:00:00+09:00"
    campaign_model.append_log("command", payload)


def test_a_period_without_lines_cannot_be_exported(qtbot, empty_campaign_model):
    log_on(empty_campaign_model, "2026-11-01", "一")
    log_on(empty_campaign_model, "2026-11-20", "二")
    dialog = dialog_for(qtbot, empty_campaign_model)
    assert dialog.session_radio.isChecked() and dialog.ok_button.isEnabled()
    assert dialog.scenario_radio.isHidden()
    dialog.period_radio.setChecked(True)
    dialog.from_edit.setDate(QDate(2026, 11, 5))
    dialog.to_edit.setDate(QDate(2026, 11, 10))
    assert not dialog.ok_button.isEnabled()
    assert dialog.problem.text() == "選んだ範囲にログの行がありません"
    dialog.to_edit.setDate(QDate(2026, 11, 20))
    dialog.text_radio.setChecked(True)
    assert dialog.ok_button.isEnabled() and not dialog.problem.isVisibleTo(dialog)
    model = dialog.model
    assert (model.range_kind, model.format) == (PERIOD, TEXT)
    assert model.suggested_name() == "empty-log-2026-11-05_2026-11-20.txt"


def test_scenarios_appear_where_the_log_names_them(qtbot, campaign_model):
    session = AWSessionModel(campaign_model)
    session.set_scenario_name("紅い月")
    session.end_scenario()
    dialog = dialog_for(qtbot, campaign_model)
    assert not dialog.scenario_radio.isHidden()
    dialog.scenario_radio.setChecked(True)
    assert dialog.model.range_kind == SCENARIO and dialog.scenario_combo.isEnabled()
    assert dialog.scenario_combo.currentText().startswith("紅い月（")
