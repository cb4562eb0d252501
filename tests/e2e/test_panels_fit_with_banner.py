"""Issue 40: 「the AW panel's 2D6 axis is cut when the panel scrolls」.  The panels share one scroll
area through a stack that asked for the room of its largest page: once the 千幻抄 panel had been
shown, the AW panel scrolled at 1366×768 under the demo's banner, and its plots' axes went under
the bottom edge.  Each panel, shown after all the others, fits without scrolling, its plots whole,
in Japanese and English."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.app.main_window import MainWindow
from tests.e2e.test_docks_at_1366 import laptop as laptop  # the window at 1366×768, ja and en
from tests.e2e.test_mtg_results_at_1366 import in_view
from tests.e2e.test_mtg_with_demo_banner import campaign_path as campaign_path  # the demo's file

SYSTEMS = ("aw", "fourcard", "lotr", "sengensho", "mtg")


def show_system(window: MainWindow, system_id: str) -> None:
    window.select_character(next(s.id for s in window.campaign_model.characters() if s.system == system_id))
    for _ in range(3):
        QApplication.processEvents()


def test_each_panel_fits_under_the_banner_after_the_others(laptop: MainWindow) -> None:
    assert laptop.file_banner.isVisible()
    for system_id in SYSTEMS:
        show_system(laptop, system_id)
    for system_id in SYSTEMS:  # every panel built: each is shown again after taller ones
        show_system(laptop, system_id)
        area = laptop.panel_area
        assert area.verticalScrollBar().maximum() == 0, f"the {system_id} panel scrolls"
        panel = laptop.check_stack.currentWidget()
        shown = area.viewport().rect()
        for name in ("bars_plot", "curve_plot"):
            plot = getattr(panel, name, None)
            if plot is not None and plot.isVisible():
                assert shown.contains(in_view(plot, laptop)), (system_id, name, in_view(plot, laptop), shown)
