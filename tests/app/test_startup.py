"""Start-up: the sheet first, the rest once the window has painted; offscreen runs leave no folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.app.gui import SCRATCH_PREFIX
from gmtool.app.main_window import MainWindow
from gmtool.app.systems import hooks_for

# Each test starts gmtool in a process of its own: slow.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_the_users_start_shows_the_sheet_then_builds_the_panel_and_dice_box(qtbot, campaign_model, settings):
    window = MainWindow(campaign_model, settings, build_later=True)
    qtbot.addWidget(window)
    first = window.selected_character_id()
    assert first is not None and window.sheet_view is not None  # the sheet, ready to edit
    assert window.panel_views == {} and window.dice_box_view is None and not window.is_built()
    assert window.dice_box_dock is not None  # in its place already: 表示 and the saved layout know it
    window.show()
    qtbot.waitUntil(window.is_built, timeout=10_000)
    system = campaign_model.stored(first).system
    assert window.check_stack.currentWidget() is window.panel_views[system]
    side = hooks_for(system).first_side()
    assert window.panel_models[system].inputs(side).character_id == first  # type: ignore[attr-defined]
    assert window.dice_box_view is not None
    assert window.dice_box_dock.widget().widget() is window.dice_box_view


def test_asking_for_the_panel_or_the_dice_box_before_the_paint_builds_them_at_once(
    qtbot, campaign_model, settings
):
    window = MainWindow(campaign_model, settings, build_later=True)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.built, timeout=1000):
        window.current_panel_model()  # 判定 → ダイスを振る (Ctrl+R) right away
    assert window.is_built() and window.dice_box_view is not None
    window.finish_building()  # nothing left: no second build
    assert len(window.panel_views) == 1


def test_without_build_later_the_window_is_whole_on_return(qtbot, campaign_model, settings):
    window = MainWindow(campaign_model, settings)
    qtbot.addWidget(window)
    assert window.is_built() and window.panel_views and window.dice_box_view is not None


def gmtool(tmp: Path, *args: str, **kwargs: object) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "TMPDIR": str(tmp / "temp"),
        "QT_QPA_PLATFORM": "offscreen",
        "GMTOOL_DATA_DIR": str(tmp / "data"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "gmtool", *args],
        cwd=ROOT,
        env=env,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


def test_an_offscreen_run_leaves_nothing_in_the_temp_folder(tmp_path):
    (tmp_path / "temp").mkdir()
    run = gmtool(tmp_path, "--self-test", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert "self-test: OK" in out
    assert list((tmp_path / "temp").iterdir()) == []


@pytest.mark.slow
def test_the_folder_of_a_killed_offscreen_run_goes_at_the_next_one(tmp_path):
    temp = tmp_path / "temp"
    temp.mkdir()
    killed = gmtool(tmp_path, "--test-hook", stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert killed.stdout is not None
    assert killed.stdout.readline().strip() == "ready"
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    left = list(temp.iterdir())
    assert [p.name.startswith(f"{SCRATCH_PREFIX}{killed.pid}-") for p in left] == [True]
    alive = temp / f"{SCRATCH_PREFIX}{os.getpid()}-kept"  # a run still going (this test's process)
    alive.mkdir()
    run = gmtool(tmp_path, "--self-test", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert list(temp.iterdir()) == [alive]
