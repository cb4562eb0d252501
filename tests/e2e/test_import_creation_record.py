"""ファイル → キャラクターをインポート shows the GM how the character was made before it is added:
the method, every roll with its seed (replayed on reading), the re-rolls and the overrides; a file
without a record says so; キャンセル adds nothing; a tampered roll is refused naming it."""

from __future__ import annotations

import json

from gmtool.models.creation_record_model import CreationRecordModel
from gmtool.store.exchange import read_character
from gmtool.views.creation_record_dialog import CreationRecordDialog
from tests.store.test_creation_record_exchange import fourcard_file


def importing(window, monkeypatch, path):
    monkeypatch.setattr(window, "ask_open_path", lambda *_: str(path))
    window.files.import_character()


def test_the_import_shows_the_record_then_adds_the_character(
    window, empty_campaign_model, tmp_path, monkeypatch
):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    count = len(window.campaign_model.characters())
    importing(window, monkeypatch, path)
    (shown,) = window.imports_shown
    assert shown.has_record and shown.name == "リナ" and shown.rerolls == 1
    assert len(window.campaign_model.characters()) == count + 1
    new_id = window.selected_character_id()
    assert window.campaign_model.creation_record(new_id) == shown.record  # exported again, it says so


def test_the_record_dialog_lists_method_rolls_rerolls_and_overrides(qtbot, empty_campaign_model, tmp_path):
    imported = read_character(fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json"))
    dialog = CreationRecordDialog(CreationRecordModel("fourcard", "リナ", imported.creation))
    qtbot.addWidget(dialog)
    dialog.show()
    summary = dialog.summary_label.text()
    assert "作成方法: 能力値はダイス（2D3+1）（GM の画面で作成）" in summary
    assert "出目: 4 回（すべてシードから再現できました）" in summary
    assert "GM の同意による振り直し: 1 回" in summary
    table = dialog.rolls_table
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    assert [row[0] for row in rows] == [
        "能力値 2D3+1 ×5",
        "能力値の振り直し（GM の同意）",
        "利き腕 2D6",
        "所持金 3D6×100+1000 CP",
    ]
    assert rows[0][1].startswith("IQ[") and rows[0][2] == "11" and rows[1][3] == "あり"
    assert "GM オーバーライド（GMがチェック）:\n・能力値: 試しの理由" == dialog.overrides_label.text()


def test_a_file_without_a_record_is_shown_as_such(qtbot):
    dialog = CreationRecordDialog(CreationRecordModel("aw", "透", None))
    qtbot.addWidget(dialog)
    dialog.show()
    assert "作成の記録はありません" in dialog.summary_label.text()
    assert not dialog.rolls_table.isVisible() and not dialog.overrides_label.isVisible()


def test_cancelling_the_record_imports_nothing(window, empty_campaign_model, tmp_path, monkeypatch):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    count, steps = len(window.campaign_model.characters()), window.campaign_model.undo_stack.count()
    window.confirm_import = lambda _record: False
    importing(window, monkeypatch, path)
    assert len(window.campaign_model.characters()) == count
    assert window.campaign_model.undo_stack.count() == steps


def test_a_tampered_roll_is_refused_before_anything_is_shown(
    window, empty_campaign_model, tmp_path, monkeypatch, refusals
):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["creation"]["rolls"][0]["faces"]["st"] = [3, 3]
    envelope["creation"]["rolls"][0]["faces"]["iq"] = [3, 3]
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    count = len(window.campaign_model.characters())
    importing(window, monkeypatch, path)
    assert window.imports_shown == []
    assert len(refusals) == 1 and "1 番目（能力値 2D3+1 ×5）: 出目 IQ[3,3]" in refusals[0]
    assert len(window.campaign_model.characters()) == count


def test_the_record_dialog_reads_english_in_the_english_ui(qtbot, tmp_path):
    """Issue 40's walk: the overrides' bullet and separator were 「・」 and 「、」 in English."""
    from gmtool.rules.creation_record import MADE_IN_PLAYER, CreationRecord, RecordedOverride
    from tests.qt_fixtures import english_ui

    record = CreationRecord(
        "random", MADE_IN_PLAYER, overrides=(RecordedOverride("Attributes", ("too high", "too low")),)
    )
    with english_ui(tmp_path):
        dialog = CreationRecordDialog(CreationRecordModel("fourcard", "Rina", record))
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.overrides_label.text() == (
            "GM overrides (ticked by the player):\n• Attributes: too high, too low"
        )
        assert dialog.add_button.width() >= dialog.add_button.sizeHint().width()
