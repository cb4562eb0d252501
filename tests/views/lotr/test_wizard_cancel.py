"""Closing the LotR wizard after rolling asks first (No keeps it open); closed, its rolls' log
lines are marked 取り消し — they belong to no character — and one line says so."""

from __future__ import annotations

from tests.models.lotr.creation_fixtures import logs
from tests.views.lotr.test_wizard import fill_origin, make_wizard


def rolled_wizard(qtbot, campaign_model):
    wizard = make_wizard(qtbot, campaign_model, seeds=(1, 2))
    fill_origin(wizard, "dwarf", "warrior")
    wizard.model.attributes.set_method("random")
    wizard.model.attributes.roll_attributes()
    asked: list[str] = []
    # answered in turn; then 破棄 (the test's teardown closes the wizard)
    wizard.ask_close_rolled = lambda: (
        asked.append(wizard.close_rolled_question()) or (answers.pop(0) if answers else True)
    )
    answers: list[bool] = []
    return wizard, asked, answers


def roll_line_ids(campaign_model) -> set[int]:
    return {
        e.id
        for e in campaign_model.log_entries()
        if e.kind == "lotr-creation" and e.payload["roll"] == "attributes"
    }


def test_closing_after_a_roll_asks_and_no_keeps_it_open(qtbot, empty_campaign_model):
    wizard, asked, answers = rolled_wizard(qtbot, empty_campaign_model)
    answers.append(False)
    wizard.reject()
    assert asked == ["出目を破棄して閉じますか？\n振った出目はセッションログに（取り消し）として残ります。"]
    assert wizard.isVisible()
    assert not (roll_line_ids(empty_campaign_model) & empty_campaign_model.cancelled_log_ids())


def test_closing_after_a_roll_marks_its_lines_cancelled(qtbot, empty_campaign_model):
    wizard, asked, answers = rolled_wizard(qtbot, empty_campaign_model)
    answers.append(True)
    wizard.reject()
    assert len(asked) == 1 and not wizard.isVisible()
    rolls = roll_line_ids(empty_campaign_model)
    assert rolls and rolls <= empty_campaign_model.cancelled_log_ids()
    (cancel,) = logs(empty_campaign_model, "cancel")
    assert cancel["summary"]["who"] == "（作成中のキャラクター）"
    assert cancel["summary"]["result"] == "キャラクターは作られていません"
    assert empty_campaign_model.characters() == []


def test_closing_before_any_roll_asks_nothing(qtbot, empty_campaign_model):
    wizard = make_wizard(qtbot, empty_campaign_model)
    wizard.ask_close_rolled = lambda: (_ for _ in ()).throw(AssertionError("asked"))
    wizard.reject()
    assert not wizard.isVisible() and logs(empty_campaign_model, "cancel") == []
