"""AWSessionModel.keys (AWEventKeys): event keys given, moved by the GM and removed — each one undo
step that also takes the campaign file back."""

from __future__ import annotations

from tests.models.aw.test_session_model import last_log, refused, undo_restores


def test_a_key_is_given_with_its_scene_and_logged(model, campaign_path, pair):
    toru, _, _ = pair
    undo_restores(model, campaign_path, lambda: model.keys.give("不審な人物", toru))
    key = model.state().keys_of(toru)[0]
    assert (key.name, key.scene, key.session) == ("不審な人物", "廃ビル", 1)
    assert last_log(model) == "イベントキー:不審な人物 → 朝霧 透（シーン「廃ビル」）"


def test_keys_for_npcs_and_duplicates_are_refused(model, pair):
    toru, _, shadow = pair
    model.keys.give("不審な人物", toru)
    refused(model, lambda: model.keys.give("鍵", shadow), "影の使徒はPCではありません")
    refused(
        model, lambda: model.keys.give("不審な人物", toru), "既に「イベントキー:不審な人物」を持っています"
    )


def test_the_gm_moves_a_key_logged(model, campaign_path, pair):
    toru, mina, _ = pair
    model.keys.give("古い鍵", toru)
    key_id = model.state().keys_of(toru)[0].id
    undo_restores(model, campaign_path, lambda: model.keys.move(key_id, mina))
    assert model.state().keys_of(toru) == [] and model.state().keys_of(mina)[0].name == "古い鍵"
    assert last_log(model) == "GMがイベントキー:古い鍵 を 朝霧 透 から ミナ・クローデル へ移した"


def test_removing_a_key(model, campaign_path, pair):
    toru, _, _ = pair
    model.keys.give("古い鍵", toru)
    key_id = model.state().keys_of(toru)[0].id
    undo_restores(model, campaign_path, lambda: model.keys.remove(key_id))
    assert model.state().event_keys == () and "削除" in last_log(model)
