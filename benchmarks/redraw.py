"""The redraw rows of issue 36 alone, for working on them: the AW difficulty change and the LotR TN
change (`run.difficulty_change`), the 判定 button and a dice-box roll with 300 characters
(`log_scale.bench_roll`), each the median of the same functions `make bench` runs.

`python benchmarks/redraw.py [rounds]` prints each row's median over `rounds` runs of those
functions; `python benchmarks/redraw.py profile OUT` writes a cProfile of each row's repeats to
OUT/<row>.prof (read with pstats, sorted by cumulative and by tottime)."""

from __future__ import annotations

import cProfile
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def measure() -> dict[str, float]:
    """One run of each row, in ms."""
    from log_scale import bench_roll
    from run import difficulty_change

    with tempfile.TemporaryDirectory(prefix="gmtool-bench-redraw-") as tmp:
        folder = Path(tmp)
        (folder / "inproc").mkdir()
        aw, lotr = difficulty_change(folder / "inproc")
        rolled = bench_roll(folder)
    return {"aw": aw * 1000, "lotr": lotr * 1000, "check": rolled["check"], "dice": rolled["dice"]}


def profile(out: Path, repeats: int = 60) -> None:
    """The four rows' timed steps under cProfile (the window built outside it), one file per row."""
    out.mkdir(parents=True, exist_ok=True)
    from log_scale import CHARACTERS, make_campaign
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gmtool.app.demo import open_demo_campaign
    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.lotr.check_odds import degree_stack
    from gmtool.rules.systems.lotr import checks
    from gmtool.store.campaign import Campaign

    app = QApplication.instance() or QApplication([])

    def profiled(name: str, step: Callable[[int], None], before: Callable[[], None] = lambda: None) -> None:
        profiler = cProfile.Profile()
        for i in range(repeats):
            before()
            profiler.enable()
            step(i)
            app.processEvents()
            profiler.disable()
        profiler.dump_stats(str(out / f"{name}.prof"))

    with tempfile.TemporaryDirectory(prefix="gmtool-bench-redraw-") as tmp:
        folder = Path(tmp)
        settings = QSettings(str(folder / "bench.ini"), QSettings.Format.IniFormat)
        window = MainWindow(CampaignModel(open_demo_campaign(folder / "demo")), settings)
        window.show()
        app.processEvents()

        def spin_step(spin: Any, first: int, plots: tuple[Any, Any]) -> Callable[[int], None]:
            """The spin box stepped as run.py steps it, then both plots repainted as it does."""

            def step(i: int) -> None:
                spin.setValue(first + i % 16)
                app.processEvents()
                for plot in plots:
                    plot.viewport().repaint()

            return step

        aw: Any = window.panel_view("aw")
        profiled("aw", spin_step(aw.difficulty_spin, 4, (aw.bars_plot, aw.curve_plot)))
        lotr_character = next(s for s in window.campaign_model.characters() if s.system == "lotr")
        window.select_character(lotr_character.id)
        app.processEvents()
        lotr: Any = window.panel_view("lotr")
        lotr_step = spin_step(lotr.tn_spin, 6, (lotr.stack_plot, lotr.totals_plot))
        profiled(
            "lotr", lotr_step, lambda: (checks.roll_distribution.cache_clear(), degree_stack.cache_clear())
        )
        window.close()
        window.deleteLater()
        app.processEvents()

        path = make_campaign(folder / "roll.gmcampaign", CHARACTERS, 1_000)
        window = MainWindow(CampaignModel(Campaign.open(path)), settings)
        window.show()
        app.processEvents()
        panel: Any = window.panel_view("aw")
        dice: Any = window.dice_box_view

        def typed() -> None:
            dice.line.setText("2D6+3>=10")
            app.processEvents()

        profiled("check", lambda i: panel.roll_button.click())
        profiled("dice", lambda i: dice.roll_button.click(), typed)
        window.close()
        window.campaign_model.campaign.close()
        window.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    if sys.argv[1:2] == ["profile"]:
        profile(Path(sys.argv[2]))
        sys.exit(0)
    rounds = int(sys.argv[1]) if sys.argv[1:] else 1
    runs = [measure() for _ in range(rounds)]
    for row in runs[0]:
        print(f"{row:<6}{statistics.median(r[row] for r in runs):8.2f} ms")
