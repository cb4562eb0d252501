"""SengenshoSessionModel over a real campaign file: every model on one campaign sees a change, and a
stored session or catalog that cannot be read is reported (the actions of its collaborators are
tested in test_session_course, test_session_bonds, test_session_fantasy and test_last_boss)."""

from __future__ import annotations

from gmtool.models.sengensho.session_model import SengenshoSessionModel
from gmtool.models.sengensho.state import CATALOG_KEY, SESSION_KEY
from tests.models.sengensho.session_helpers import to


def test_every_model_on_the_campaign_sees_a_change(model, running, qtbot):
    saku, shiori, *_ = running
    other = SengenshoSessionModel(model.campaign_model)
    with qtbot.waitSignal(other.changed):
        model.bonds.form(to(saku, "狩猟者", shiori))
    assert other.state() == model.state() and other.fantasy.values(saku)["狩猟者"].value == 1
    with qtbot.waitSignal(other.changed):
        model.campaign_model.undo_stack.undo()
    assert other.state().bonds == ()
    with qtbot.waitSignal(other.changed):
        model.campaign_model.rename_character(shiori, "綾瀬 しおり")
    with qtbot.waitSignal(other.changed):
        model.campaign_model.set_session_value(CATALOG_KEY, None, "カタログを戻す")
    assert other.notes.impression_text("狩猟者") == "印象効果: 未設定（類型カタログ）"


def test_a_bad_stored_state_is_reported_and_replaced_by_the_next_action(model, cast):
    model.campaign_model.set_session_value(SESSION_KEY, {"session_number": "x"}, "壊す")
    assert "session_number" in model.problem() and model.state().session_number == 1
    model.course.start()
    assert model.problem() is None and model.state().running


def test_a_bad_catalog_is_reported_and_the_shipped_one_used(model, cast):
    model.campaign_model.set_session_value(CATALOG_KEY, {"archetypes": "x"}, "壊す")
    assert "類型カタログが正しくありません" in model.catalog_problem()
    assert model.catalog().names() == ["狩猟者", "芸術家"]


def test_a_deleted_holder_has_nothing_to_show(model, running):
    saku, shiori, *_ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    model.campaign_model.delete_character(saku)
    assert model.fantasy.values(saku) == {} and model.fantasy.statuses(saku) == []
    assert model.members.name(saku) == "（削除されたキャラクター）"
