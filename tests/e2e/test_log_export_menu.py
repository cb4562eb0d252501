"""ファイル → セッションログを書き出す… from the main window: the dialog offers the sessions the log
marks (and no シナリオ where the log names none), the page is written where the user said, a failed
write is said in a message box and leaves nothing, and an empty log is refused with a reason."""

from __future__ import annotations

from pathlib import Path

from gmtool.app.main_window import MainWindow
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.views.log_export_dialog import LogExportDialog


def file_action(window: MainWindow, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "ファイル(&F)")
    return next(a for a in menu.actions() if a.text() == text)


def play(window: MainWindow) -> None:
    box = DiceBoxModel(window.campaign_model, seed_source=lambda: 99)
    box.set_variables({}, "朝霧 透")
    for text in ("2D6 一夜目", "S2D6 秘密"):
        box.set_text(text)
        box.roll()
    AWSessionModel(window.campaign_model).end_session()
    box.set_text("2D6 二夜目")
    box.roll()


def answer(window: MainWindow, monkeypatch, path: Path, choose=None, qtbot=None) -> list[LogExportDialog]:
    """The dialog answered once its ranges are there (after `choose(dialog)`: the sessions are
    counted in the background, the dialog open meanwhile), the save dialog answered with `path`."""
    shown: list[LogExportDialog] = []

    def ask_range(dialog: LogExportDialog) -> bool:
        shown.append(dialog)
        assert qtbot is not None or not dialog.model.counting
        if dialog.model.counting:
            assert not dialog.ok_button.isEnabled() and dialog.counting.isVisibleTo(dialog)
            qtbot.waitUntil(lambda: not dialog.model.counting, timeout=10000)
            assert dialog.ok_button.isEnabled() and not dialog.counting.isVisibleTo(dialog)
        if choose is not None:
            choose(dialog)
        return True

    monkeypatch.setattr(window.log_export, "ask_range", ask_range)
    monkeypatch.setattr(window, "ask_save_path", lambda title, file_filter, suggested: str(path))
    return shown


def test_the_file_menu_exports_the_chosen_session_as_html(window, monkeypatch, tmp_path, qtbot):
    play(window)
    choose = lambda d: d.session_combo.setCurrentIndex(0)  # noqa: E731
    shown = answer(window, monkeypatch, tmp_path / "夜", choose, qtbot)
    file_action(window, "セッションログを書き出す…").trigger()
    dialog = shown[0]
    assert [dialog.session_combo.itemText(i).split("（")[0] for i in range(2)] == [
        "セッション 1",
        "セッション 2",
    ]
    assert dialog.scenario_radio.isHidden()  # this log names no scenario
    page = (tmp_path / "夜.html").read_text(encoding="utf-8")  # the suffix of the chosen format
    assert "一夜目" in page and "二夜目" not in page and "秘密" not in page
    assert "夜.html" in window.statusBar().currentMessage()


def test_text_is_written_when_the_dialog_chooses_it(window, monkeypatch, tmp_path, qtbot):
    play(window)
    answer(window, monkeypatch, tmp_path / "log.txt", lambda d: d.text_radio.setChecked(True), qtbot)
    file_action(window, "セッションログを書き出す…").trigger()
    text = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert text.startswith("table — セッションログ\n") and "二夜目" in text and "一夜目" not in text


def test_a_failure_while_writing_is_said_and_leaves_nothing(window, monkeypatch, tmp_path, refusals, qtbot):
    """A disk that fills half way through: the message box says so, and no part of the page stays."""
    from gmtool.store import log_export

    play(window)
    real_row = log_export.HtmlWriter.row

    def full(self, row):
        if self.rows == 1:
            raise OSError(28, "No space left on device")
        real_row(self, row)

    monkeypatch.setattr(log_export.HtmlWriter, "row", full)
    choose = lambda d: d.session_combo.setCurrentIndex(0)  # noqa: E731
    answer(window, monkeypatch, tmp_path / "out" / "log.html", choose, qtbot)
    (tmp_path / "out").mkdir()
    file_action(window, "セッションログを書き出す…").trigger()
    assert refusals == ["書き込めません（No space left on device）"]
    assert list((tmp_path / "out").iterdir()) == []


def test_an_empty_log_is_refused_with_a_reason(window, refusals):
    file_action(window, "セッションログを書き出す…").trigger()
    assert refusals == ["このキャンペーンのログにはまだ行がありません"]
