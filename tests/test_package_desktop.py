"""The packaged Linux build installs its own desktop entry (issue 38): `gmtool install-desktop` from
dist/gmtool names that program in the entry and installs the icon and the file type it ships."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.linux_desktop import user_environment

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "dist" / "gmtool" / "gmtool"

pytestmark = [
    pytest.mark.package,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG desktop is Linux's"),
    pytest.mark.skipif(
        not BINARY.exists(), reason=f"{BINARY.relative_to(ROOT)} が未作成です（`make package` で作られます）"
    ),
]


def run(env: dict[str, str], command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BINARY), command], env=env, capture_output=True, text=True, timeout=120)


def test_the_build_installs_an_entry_that_runs_itself_and_uninstalls_it(tmp_path):
    env = user_environment(tmp_path)
    done = run(env, "install-desktop")
    assert done.returncode == 0, done.stderr
    data = tmp_path / "data"
    entry = (data / "applications" / "gmtool.desktop").read_text(encoding="utf-8").splitlines()
    assert f"Exec={BINARY} %f" in entry and f"TryExec={BINARY}" in entry
    assert (data / "mime" / "packages" / "gmtool.xml").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "gmtool.svg").is_file()
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "gmtool.png").is_file()
    gone = run(env, "uninstall-desktop")
    assert gone.returncode == 0, gone.stderr
    assert not list((data / "icons").rglob("gmtool.*"))
