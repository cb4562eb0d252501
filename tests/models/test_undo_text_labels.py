"""The undo text of a field edit names the field in the UI language (issue 35: "Undo: Change Feat
タイミング"): the generic part translates the label it inserts, whether a table's label marked with
QT_TRANSLATE_NOOP or a Message."""

from __future__ import annotations

from gmtool.models.character_model import CharacterModel
from gmtool.models.shown_text import shown_label
from gmtool.rules.message import Message
from tests.qt_fixtures import english_ui


def first_id(campaign_model) -> str:
    return campaign_model.characters_of("aw")[0].id


def test_a_fields_label_is_english_in_the_undo_text(qapp, campaign_model, tmp_path):
    with english_ui(tmp_path):
        model = CharacterModel(campaign_model, first_id(campaign_model))
        model.set_value("notes", "見張りを立てた", "メモ")
        assert campaign_model.undo_stack.undoText() == "Change Notes"


def test_the_japanese_undo_text_is_as_before(qapp, campaign_model):
    model = CharacterModel(campaign_model, first_id(campaign_model))
    model.set_value("notes", "見張りを立てた", "メモ")
    assert campaign_model.undo_stack.undoText() == "メモを変更"


def test_a_message_label_and_an_unknown_label(qapp, tmp_path):
    with english_ui(tmp_path):
        assert shown_label(Message("シークレットダイス")) == "Secret dice"
        assert shown_label("ユーザーの列") == "ユーザーの列"  # no catalogue knows it: as it is
    assert shown_label(Message("シークレットダイス")) == "シークレットダイス"
