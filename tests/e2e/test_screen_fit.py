"""Every window fits a 1366×768 laptop, in Japanese and English (tests/e2e/screen_fit.py).

Each language runs in a process of its own: the offscreen platform reads the screen's size from
tests/data/screen_1366x768.json only when the QApplication is made.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREEN = ROOT / "tests" / "data" / "screen_1366x768.json"


@pytest.mark.slow
@pytest.mark.timeout(600)  # the walk's own limit below: on a busy machine it takes minutes
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_window_and_dialog_fits_the_screen_with_no_label_cut(lang, tmp_path, card_cache):
    shots_dir = tmp_path / "shots"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={SCREEN}",
        "GMTOOL_DATA_DIR": str(card_cache.parent),  # the test's own, the card cache ready in it
    }
    done = subprocess.run(
        [
            sys.executable,
            "-X",
            "faulthandler",
            "-m",
            "tests.e2e.screen_fit",
            lang,
            "--shots",
            str(tmp_path / "shots"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    problems = json.loads(done.stdout)
    assert problems == []
    shots = {p.name for p in shots_dir.glob("*.png")}
    # it did open them: the tracker, a wizard's later page, each system's own dialogs
    for name in ("BattleDialog", "page3_LotRWizard", "AWSupplyDialog", "ArmyDialog", "MTGDecklistDialog"):
        assert any(name in shot for shot in shots), (name, sorted(shots), done.stderr[-1500:])
