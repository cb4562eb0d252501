"""Character list editing through the model: undoable and written through to the file."""

from __future__ import annotations

from dataclasses import replace

from tests.qt_fixtures import DEMO_NAMES, reopen_characters


def names(model) -> list[str]:
    return [s.character.name for s in model.characters()]


def test_add_is_written_through_and_undoable(campaign_model, campaign_path):
    new_id = campaign_model.add_character("aw", "新人")
    assert names(campaign_model)[-1] == "新人"
    assert "新人" in reopen_characters(campaign_path)  # no save needed
    campaign_model.undo_stack.undo()
    assert "新人" not in names(campaign_model)
    assert "新人" not in reopen_characters(campaign_path)
    campaign_model.undo_stack.redo()
    assert campaign_model.has_character(new_id)
    assert "新人" in reopen_characters(campaign_path)


def test_rename_duplicate_delete_round_trip_through_undo(campaign_model, campaign_path):
    first = campaign_model.characters()[0]
    campaign_model.rename_character(first.id, "改名後")
    copy_id = campaign_model.duplicate_character(first.id)
    assert campaign_model.character(copy_id).name == "改名後のコピー"
    assert campaign_model.character(copy_id).attributes == first.character.attributes
    campaign_model.delete_character(first.id)
    assert names(campaign_model) == [*DEMO_NAMES[1:], "改名後のコピー"]

    for _ in range(3):
        campaign_model.undo_stack.undo()
    assert names(campaign_model) == DEMO_NAMES
    assert set(reopen_characters(campaign_path)) == set(DEMO_NAMES)


def test_delete_then_undo_restores_the_same_position_and_values(campaign_model):
    middle = campaign_model.characters()[1]
    campaign_model.delete_character(middle.id)
    campaign_model.undo_stack.undo()
    restored = campaign_model.characters()[1]
    assert restored.id == middle.id
    assert restored.character == middle.character


def test_an_unchanged_edit_adds_no_undo_step(campaign_model):
    first = campaign_model.characters()[0]
    campaign_model.update_character(first.id, replace(first.character), "なし")
    assert campaign_model.undo_stack.count() == 0


def test_signals_tell_the_views_what_changed(campaign_model, qtbot):
    first = campaign_model.characters()[0]
    with qtbot.waitSignal(campaign_model.characters_changed):
        campaign_model.rename_character(first.id, "別名")
    with qtbot.waitSignal(campaign_model.character_changed) as blocker:
        campaign_model.update_character(first.id, replace(campaign_model.character(first.id), hp=1), "HP")
    assert blocker.args == [first.id]


def test_a_free_name_is_the_first_number_no_character_has(campaign_model, campaign_path):
    toru = campaign_model.characters()[0]
    name = toru.character.name
    assert campaign_model.name_taken(name) and not campaign_model.name_taken(f"{name} (2)")
    assert campaign_model.free_name("まだいない人") == "まだいない人"
    assert campaign_model.free_name(name) == f"{name} (2)"
    campaign_model.insert_character("aw", toru.character, "インポート", name=f"{name} (3)")
    assert campaign_model.free_name(name) == f"{name} (2)"  # the first free, not after the highest
    second = campaign_model.insert_character("aw", toru.character, "インポート", name=f"{name} (2)")
    assert campaign_model.undo_stack.count() == 2  # each insert one step, renamed or not
    assert campaign_model.free_name(name) == f"{name} (4)"
    assert campaign_model.free_name(f"{name} (2)") == f"{name} (4)"  # counted from its base
    assert reopen_characters(campaign_path)[f"{name} (2)"] == replace(toru.character, name=f"{name} (2)")
    campaign_model.delete_character(second)
    assert campaign_model.free_name(name) == f"{name} (2)"
