"""The card database dialog: a card file imported off the UI thread with its progress, a damaged file
or a cancel reported with the database unchanged, and a card entered by hand kept and found."""

from __future__ import annotations

import json

import pytest

from gmtool.models.mtg.card_database_model import CardDatabaseModel
from gmtool.views.appearance import tone_colour
from gmtool.views.mtg.card_database_dialog import MTGCardDatabaseDialog
from tests.store.test_card_files import atomic_file, write_file


@pytest.fixture
def dialog(tmp_path, qtbot):
    model = CardDatabaseModel(tmp_path / "cards.sqlite")
    view = MTGCardDatabaseDialog(model)
    qtbot.addWidget(view)
    yield view
    model.close()


def test_the_dialog_shows_the_sample_and_finds_cards_by_japanese_name(dialog):
    assert "枚のカードがあります" in dialog.status_label.text()
    assert "同梱のカードデータ: MTGJSON" in dialog.imports_label.text()
    sources = dialog.sources_label.text()
    assert "all_cards" in sources and "日本語名がありません" in sources
    dialog.search_edit.setText("エルフの神秘家")
    assert "エルフの神秘家" in dialog.results.item(0, 0).text()


@pytest.mark.slow
def test_a_card_file_is_imported_with_progress_off_the_ui_thread(dialog, tmp_path, qtbot):
    path = write_file(tmp_path / "AtomicCards.json.gz", atomic_file(), "gz")
    progress: list[tuple[int, int]] = []
    dialog.start_import(path)
    job = dialog.job
    job.progressed.connect(lambda done, total: progress.append((done, total)))
    assert dialog.progress.isVisibleTo(dialog) and not dialog.import_button.isEnabled()
    assert not dialog.manual_button.isEnabled()  # the import holds the database until it commits
    with qtbot.waitSignal(job.succeeded, timeout=20_000):
        pass
    assert "枚のカードを読み込みました" in dialog.message_label.text()
    assert "AtomicCards.json.gz" in dialog.imports_label.text()
    assert not dialog.progress.isVisibleTo(dialog) and dialog.import_button.isEnabled()
    assert progress and progress[-1][0] == progress[-1][1]
    assert dialog.model.count() > 0


def test_a_damaged_file_is_reported_and_changes_nothing(dialog, tmp_path, qtbot):
    before = dialog.model.count()
    path = tmp_path / "broken.json"
    path.write_text('{"meta": {}, "data": {"Test A": [' + json.dumps({"name": "Test A"}) + ", {", "utf-8")
    dialog.start_import(path)
    with qtbot.waitSignal(dialog.job.failed, timeout=20_000):
        pass
    assert "broken.json" in dialog.message_label.text()
    assert tone_colour("error").name() in dialog.message_label.styleSheet()
    assert dialog.model.count() == before


def test_a_cancelled_import_leaves_the_database_as_it_was(dialog, tmp_path, qtbot):
    before = dialog.model.count()
    path = write_file(tmp_path / "AtomicCards.json", atomic_file(), "plain")
    dialog.start_import(path)
    job = dialog.job
    dialog.cancel_import()  # before the worker reads its first card: cancel is checked then
    with qtbot.waitSignal(job.cancelled, timeout=20_000):
        pass
    assert "キャンセルしました" in dialog.message_label.text()
    assert dialog.model.count() == before


def test_a_card_entered_by_hand_is_kept(dialog, monkeypatch):
    def fill(entry):
        entry.name_edit.setText("Test Hand Card")
        entry.name_ja_edit.setText("手入力のカード")
        entry.mana_spin.setValue(2)
        entry.accept()
        return True

    monkeypatch.setattr(dialog, "run_dialog", fill)
    dialog.enter_manually()
    assert "手入力のカード" in dialog.message_label.text()
    assert dialog.model.find("手入力のカード").mana_value == 2
    assert [dialog.manual_list.item(i).text() for i in range(dialog.manual_list.count())] == [
        "手入力のカード（Test Hand Card）"
    ]
    dialog.manual_list.setCurrentRow(0)
    dialog.remove_manual()
    assert dialog.manual_list.count() == 0 and dialog.model.find("手入力のカード") is None


def test_the_results_show_many_rows_on_a_laptop(dialog, qtbot):
    """Issue 40: under the database's text the results showed five rows."""
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1366 and dialog.height() <= 700  # on a 1366×768 screen, title bar too
    dialog.search_edit.setText("エルフ")
    assert dialog.results.rowCount() >= 1
    rows = dialog.results.viewport().height() // dialog.results.rowHeight(0)
    assert rows >= 15, rows


def test_running_out_of_memory_in_an_import_is_said_not_swallowed(dialog, tmp_path, qtbot, monkeypatch):
    """A file no bound foresaw makes the import thread run out of memory (issue 39, case 10): the
    dialog says so, naming the file, instead of a thread dying with an empty message."""
    from gmtool.models.mtg import card_database_model

    def exhausted(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(card_database_model, "import_card_file", exhausted)
    path = tmp_path / "huge.json"
    path.write_text("{}", "utf-8")
    dialog.start_import(path)
    with qtbot.waitSignal(dialog.job.failed, timeout=20_000):
        pass
    said = dialog.message_label.text()
    assert (
        "huge.json" in said
        and "メモリが足りません" in said
        and "カードのキャッシュは変わっていません" in said
    )
