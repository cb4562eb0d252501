"""Closing the card database window, or the main window, while a card file is imported (issue 21):
the import is cancelled, the program goes on (or exits) at once and cleanly, and the card cache is
as it was.  Before: the close blocked 60 s, then Qt aborted (``QThread: Destroyed while thread is
still running``).  Run in a real process, since an abort ends the process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.store.test_card_files import face

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import sys, time
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication([])
from gmtool.models.mtg.card_database_model import CardDatabaseModel
from gmtool.views.mtg.card_database_dialog import MTGCardDatabaseDialog

how, cache, card_file = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
if how.startswith("stuck"):  # a store step that does not poll the cancel for 3 s
    import gmtool.models.mtg.card_database_model as m
    from gmtool.store.mtg.importers import ImportCancelled

    def stuck(database, file, progress=None, cancelled=None):
        progress(0, 1)  # it has begun
        time.sleep(3)
        raise ImportCancelled("stuck")

    m.import_card_file, m.STOP_WAIT_MS = stuck, 200
    how = how.split("-")[1]
window = QMainWindow()
model = CardDatabaseModel(cache, parent=window)
before = model.count()
dialog = MTGCardDatabaseDialog(model, window)
dialog.show()
dialog.start_import(card_file)
job = dialog.job
timing = {}

def close(*_progress):
    if "close" in timing:
        return
    timing["close"] = 0.0
    print("running-before-close", job.running)
    start = time.monotonic()
    if how == "dialog":
        dialog.close()  # the dialog's own close (Esc, ×)
    else:
        model.close()  # what the main window's close does (the MTG menu's window_closing)
        window.deleteLater()  # and the window, its dialog, the model and the job go
    timing["close"] = time.monotonic() - start
    QTimer.singleShot(50, app.quit)

job.progressed.connect(close)  # closed once the import has begun: it reports its first progress
app.exec()
print("running-at-close", job.running if how == "dialog" else "-")
print("close-seconds", round(timing["close"], 3))
check = CardDatabaseModel(cache)
print("unchanged", check.count() == before)
check.close()
"""


@pytest.fixture(scope="module")
def slow_card_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _slow_card_file(tmp_path_factory.mktemp("card-import-close") / "AtomicCards.json")


def _slow_card_file(path: Path, cards: int = 20_000) -> Path:
    """An AtomicCards file that takes a few seconds to import (rulings make each card large)."""
    rulings = [{"date": "2020-01-01", "text": "A ruling of some length. " * 8}] * 6
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta": {"version": "5"}, "data": {')
        for i in range(cards):
            name = f"Test Card {i}"
            faces = [face(name, manaValue=2.0, types=["Creature"], rulings=rulings)]
            out.write(("," if i else "") + json.dumps(name) + ":" + json.dumps(faces))
        out.write("}}")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("how", ["dialog", "window", "stuck-dialog", "stuck-window"])
def test_closing_during_an_import_cancels_it_and_exits_cleanly(slow_card_file, card_cache, how):
    card_file = slow_card_file
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, how, str(card_cache), str(card_file)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "QThread: Destroyed" not in done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert lines["running-before-close"] == "True", done.stdout
    if not how.startswith("stuck"):
        assert lines.get("running-at-close") != "True", done.stdout  # the close waited for the rollback
    assert float(lines["close-seconds"]) < 1.0, done.stdout
    assert lines["unchanged"] == "True", done.stdout
