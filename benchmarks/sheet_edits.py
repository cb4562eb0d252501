"""A sheet edit in the main window, per system: one step of the first character's first attribute
(the sheet's first value field where the sheet names no attributes), saved as one undo step,
then the sheet, the judgement panel and its plots redrawn — until the event loop has nothing
left to do.  The window is the demo campaign's at 1366×768, every system's panel built (a GM
who has shown them all), so a hidden panel's work is counted too.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/sheet_edits.py

MTGでTRPG's sheet is a deck: it has no value a step changes, and is left out.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STEPS = 24
SYSTEMS = ("aw", "sengensho", "fourcard", "lotr")


def first_value_field(sheet: Any) -> Any:
    """The spin box the benchmark steps: the first attribute's, else the first value field shown."""
    from PySide6.QtWidgets import QSpinBox

    spins = getattr(sheet, "attribute_spins", None)
    if spins:
        return next(iter(spins.values()))
    shown = [s for s in sheet.findChildren(QSpinBox) if s.isVisibleTo(sheet) and s.isEnabled()]
    return next(s for s in shown if s.maximum() - s.value() > 2)


def bench_sheet_edits(folder: Path, steps: int = STEPS) -> dict[str, float]:
    """Median ms of a sheet value step, per system."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gmtool.app.demo import open_demo_campaign
    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(folder / "sheet.ini"), QSettings.Format.IniFormat)
    window = MainWindow(CampaignModel(open_demo_campaign(folder / "demo")), settings)
    window.resize(1366, 768)
    window.show()
    app.processEvents()
    first = {}
    for stored in window.campaign_model.characters():
        first.setdefault(stored.system, stored.id)
    for system in SYSTEMS:  # every panel built, as after a session's first hour
        window.select_character(first[system])
        app.processEvents()
    medians = {}
    for system in SYSTEMS:
        window.select_character(first[system])
        app.processEvents()
        spin = first_value_field(window.sheet_view)
        base = min(spin.value(), spin.maximum() - 2)
        samples = []
        for i in range(steps):
            start = time.perf_counter()
            spin.setValue(base + 1 + i % 2)  # up and down by one: a value the sheet accepts
            spin.editingFinished.emit()
            app.processEvents()
            samples.append(time.perf_counter() - start)
        medians[system] = statistics.median(samples) * 1000
    window.close()
    window.campaign_model.campaign.close()
    window.deleteLater()
    app.processEvents()
    return medians


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gmtool-bench-sheet-") as tmp:
        for system, ms in bench_sheet_edits(Path(tmp)).items():
            print(f"{system:10s} {ms:6.2f} ms")
