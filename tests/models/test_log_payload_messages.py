"""A log line gmtool writes reads in the UI language of the day it is read (issue 35): a column given
as a Message keeps its template and values beside its Japanese text, the log window shows it
translated; the user's text, an old line and a hand-edited one show as stored."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.log_payload import MESSAGES_KEY, decoded, encoded, summary_payload
from gmtool.models.log_table_model import LogTableModel
from gmtool.rules.message import Message
from tests.qt_fixtures import english_ui


def shown_row(campaign_model, row: int = -1) -> list[str]:
    table = LogTableModel(campaign_model)
    try:
        row = row % table.rowCount()
        return [
            table.data(table.index(row, c), Qt.ItemDataRole.DisplayRole) for c in range(table.columnCount())
        ]
    finally:
        table.deleteLater()


def test_a_message_survives_the_json_of_the_log():
    message = Message("{0}: {1}", Message("シークレットダイス公開: {0}", "2D6"), 3)
    again = decoded(encoded(message))
    assert isinstance(again, Message) and again == message and again.template == message.template


def test_a_line_written_in_japanese_reads_english_in_the_english_ui(qapp, campaign_model, tmp_path):
    payload = summary_payload(
        "dice", Message("シークレットダイス公開: {0}", "2D6"), who="朝霧 透", result="7"
    )
    assert payload["summary"]["inputs"] == "シークレットダイス公開: 2D6"  # what the search reads
    campaign_model.append_log("dice", payload)
    assert shown_row(campaign_model)[2] == "シークレットダイス公開: 2D6"
    with english_ui(tmp_path):
        row = shown_row(campaign_model)
    assert row[2] == "Secret dice revealed: 2D6"
    assert row[1] == "朝霧 透" and row[4] == "7"  # the user's and BCDice's texts as written


def test_a_hand_edited_message_shows_its_stored_text(qapp, campaign_model, tmp_path):
    payload = summary_payload("dice", Message("シークレットダイス公開: {0}", "2D6"))
    payload[MESSAGES_KEY]["inputs"] = {"template": "{0}{1}", "args": ["only one"]}
    campaign_model.append_log("dice", payload)
    with english_ui(tmp_path):
        assert shown_row(campaign_model)[2] == "シークレットダイス公開: 2D6"
