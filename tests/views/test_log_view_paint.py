"""A new log line paints only itself: the lines above move up by a scroll (Qt copies their pixels),
instead of every shown row being laid out and drawn again on each roll (issue 36: 2 of a roll's
6 ms).  What the GM sees must be what a fresh drawing shows — checked on a real X server, because
the offscreen platform's backing store does not keep scrolled pixels as a screen does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QApplication

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.store.campaign import Campaign
from tests.views.test_log_view_scale import shown_log

ROOT = Path(__file__).resolve().parents[2]


def line(i: int) -> dict:
    return summary_payload("aw", inputs=f"2D6+3 #{i}", who="朝霧 透", dice="3,4", result=f"成功 {i}", seed=i)


class PaintedRegion(QObject):
    """The union of what the watched widget was asked to paint."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRect()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.rect = self.rect.united(event.rect())  # type: ignore[attr-defined]
        return False


def test_a_new_line_paints_only_itself_and_is_shown(qtbot, tmp_path):
    with Campaign.create(tmp_path / "log.gmcampaign") as campaign, campaign.transaction():
        for i in range(60):
            campaign.append_log("command", line(i))
    campaign = Campaign.open(tmp_path / "log.gmcampaign")
    try:
        model = CampaignModel(campaign)
        view = shown_log(qtbot, model)
        painted = PaintedRegion()
        view.viewport().installEventFilter(painted)
        for i in range(60, 63):
            painted.rect = QRect()
            model.append_log("command", line(i))
            QApplication.processEvents()
            newest = view.rowAt(view.viewport().height() - 1)
            assert newest in (-1, i)  # followed: the new line is the last one shown
            assert view.rowViewportPosition(i) + view.rowHeight(i) <= view.viewport().height()
            assert 0 < painted.rect.height() <= 2 * view.rowHeight(i) < view.viewport().height() // 3
            assert painted.rect.bottom() >= view.rowViewportPosition(i) + view.rowHeight(i) - 1
    finally:
        campaign.close()


SCREEN_CHECK = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.log_payload import summary_payload
    from gmtool.models.log_table_model import LogTableModel
    from gmtool.store.campaign import Campaign
    from gmtool.views.log_view import LogView

    def line(i):
        return summary_payload(
            "aw", inputs=f"2D6+{i}>=10", who="朝霧 透", dice="3,4", result=f"成功 {i}", seed=i
        )

    app = QApplication([])
    path = Path(sys.argv[1])
    with Campaign.create(path) as campaign, campaign.transaction():
        for i in range(int(sys.argv[2])):
            campaign.append_log("command", line(i))
    campaign = Campaign.open(path)
    model = CampaignModel(campaign)
    view = LogView(LogTableModel(model))
    view.resize(900, 300)
    view.show()
    for _ in range(50):
        app.processEvents()
    for i in range(100, 112):  # a dozen rolls, each shown before the next
        model.append_log("command", line(i))
        app.processEvents()
    for _ in range(50):
        app.processEvents()
    viewport = view.viewport()
    corner = viewport.mapToGlobal(viewport.rect().topLeft())
    screen = app.primaryScreen().grabWindow(0, corner.x(), corner.y(), viewport.width(), viewport.height())
    shown = screen.toImage()
    fresh = viewport.grab().toImage().convertToFormat(shown.format())
    print("same" if shown == fresh else "differs")
    campaign.close()
    """
)


@pytest.mark.parametrize("lines", [3, 60])  # a log that fills the view as it grows; one already full
def test_the_log_on_a_real_screen_is_what_a_fresh_drawing_shows(tmp_path, lines):
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("needs Xvfb (packaging/sysdeps.sh installs it): the check reads a real X screen")
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as display_number:
            display = display_number.readline().strip()
        env = {**os.environ, "DISPLAY": f":{display}", "QT_QPA_PLATFORM": "xcb"}
        script = tmp_path / "screen_check.py"
        script.write_text(SCREEN_CHECK, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(script), str(tmp_path / "log.gmcampaign"), str(lines)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=90,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "same"
