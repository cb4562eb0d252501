"""The 千幻抄 session's course (`SessionCourse`): starting and ending it and its scenes, each one undo
step and one log line; a refusal stores, logs and stacks nothing."""

from __future__ import annotations

from tests.models.sengensho.session_helpers import (
    last_summary,
    refused,
    to,
    trace,
    undo_restores,
)


def test_starting_and_scenes_are_undoable_and_logged(model, cast, path):
    undo_restores(model, path, model.course.start)
    assert model.state().running
    assert last_summary(model) == ("", "セッション 1 開始", "セッション 1（進行中）")
    scene = undo_restores(model, path, lambda: model.course.add_scene("神社"))
    assert model.course.current_scene().name == "神社"
    assert last_summary(model)[1:] == ("シーン「神社」を追加", "現在のシーン")
    second = model.course.add_scene("")
    assert last_summary(model)[1] == f"シーン「シーン{second}」を追加"
    undo_restores(model, path, lambda: model.course.set_current_scene(scene))
    assert model.course.current_scene().id == scene and last_summary(model)[1] == "現在のシーン: 「神社」"
    undo_restores(model, path, lambda: model.course.rename_scene(scene, "夜の神社"))
    assert last_summary(model)[1] == "シーン名の変更: 「神社」→「夜の神社」"


def test_the_same_scene_or_name_again_records_nothing(model, running):
    scene = model.course.current_scene()
    before = trace(model)
    model.course.set_current_scene(scene.id)
    model.course.rename_scene(scene.id, "神社")
    assert trace(model) == before


def test_ending_is_refused_before_the_session_starts(model, cast):
    refused(model, model.course.require_running, "セッションが始まっていません")
    model.course.start()
    model.course.require_running()


def test_scenes_wait_for_the_session(model, cast):
    refused(model, lambda: model.course.add_scene("神社"), "セッションが始まっていません")
    model.course.start()
    refused(model, model.course.start, "セッション 1 はもう始まっています")
    refused(model, lambda: model.course.set_current_scene(99), "シーン 99 はこのセッションにありません")


def test_an_over_long_scene_name_is_refused_and_the_session_stays_readable(model, running):
    refused(model, lambda: model.course.add_scene("あ" * 250), "この内容は保存できません")
    assert model.problem() is None


def test_ending_resets_uses_scenes_and_the_boss(model, running, path):
    saku, shiori, _, lord, _ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    model.fantasy.use_ability(saku, "狩猟者", 0, borrow_if_short=True)
    model.boss.choose(lord)
    undo_restores(model, path, model.course.end)
    state = model.state()
    assert (state.session_number, state.running, state.scenes, state.uses, state.last_boss) == (
        2,
        False,
        (),
        (),
        None,
    )
    assert state.bonds == () and state.borrowings == () and state.history[0].bonds
    assert last_summary(model) == (
        "",
        "セッション 1 終了: 幻想能力の使用回数、シーン、ラスボスをリセット。"
        "このセッションの縁故と前借りは記録へ（縁故は各セッションで結ぶもの）",
        "セッション 2（開始前）へ",
    )
    refused(model, model.course.end, "セッションが始まっていません")


def test_the_gm_may_keep_the_bonds(model, running):
    saku, shiori, *_ = running
    model.bonds.form(to(saku, "狩猟者", shiori))
    model.fantasy.use_ability(saku, "狩猟者", 1, borrow_if_short=True)
    model.course.end(keep_bonds=True)
    assert len(model.state().bonds) == 1 and model.fantasy.values(saku)["狩猟者"].debt == 3
    assert model.state().uses == ()
    assert "縁故と前借りは次のセッションに持ち越し（GMの判断）" in last_summary(model)[1]
