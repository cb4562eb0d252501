"""gmtool installed like any other Linux app (issue 38): the desktop entry validates, and
`make install-desktop` registers the campaign file type and gmtool as its default application in the
user's own data folder, and `make uninstall-desktop` takes them away again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.store.campaign import Campaign
from tests.linux_desktop import ROOT, desktop_entry_script, require, user_environment

ENTRY = ROOT / "packaging" / "linux" / "gmtool.desktop"
MIME_TYPE = "application/x-gmcampaign"


def run(env: dict[str, str], *command: str) -> str:
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


def test_the_shipped_entry_is_valid_and_opens_a_campaign_file():
    require("desktop-file-validate")
    done = subprocess.run(["desktop-file-validate", str(ENTRY)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    text = ENTRY.read_text(encoding="utf-8")
    assert f"MimeType={MIME_TYPE};" in text.splitlines()
    assert "Exec=gmtool %f" in text.splitlines()  # %f: the double-clicked file, as one argument


@pytest.mark.parametrize(
    ("program", "argument"),
    [
        ("/opt/gmtool/gmtool", "/opt/gmtool/gmtool"),
        ("/home/gm/My Games/gmtool", '"/home/gm/My Games/gmtool"'),
        ("/home/gm/100%/gmtool", "/home/gm/100%%/gmtool"),
        ('/home/gm/$x "q"/gmtool', r'"/home/gm/\\$x \\"q\\"/gmtool"'),
    ],
)
def test_the_exec_line_names_any_folder_as_one_argument(program, argument):
    assert desktop_entry_script().exec_argument(program) == argument


def test_install_registers_the_type_and_gmtool_as_its_default_then_uninstall_removes_them(tmp_path):
    require("xdg-mime", "update-mime-database", "gio", "desktop-file-validate")
    env = user_environment(tmp_path)
    program = tmp_path / "My Games" / "gmtool"  # a folder with a space: Exec quotes it
    campaign = tmp_path / "卓 1.gmcampaign"
    Campaign.create(campaign).close()
    script = [sys.executable, str(ROOT / "packaging" / "linux" / "desktop_entry.py")]

    run(env, *script, "install", "--exec", str(program))
    data = tmp_path / "data"
    installed = data / "applications" / "gmtool.desktop"
    assert run(env, "desktop-file-validate", str(installed)) == ""
    assert f'Exec="{program}" %f' in installed.read_text(encoding="utf-8").splitlines()
    assert (data / "icons" / "hicolor" / "48x48" / "apps" / "gmtool.png").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "gmtool.svg").is_file()
    assert run(env, "xdg-mime", "query", "filetype", str(campaign)) == MIME_TYPE
    assert run(env, "xdg-mime", "query", "default", MIME_TYPE) == "gmtool.desktop"
    assert not (tmp_path / "config").exists() or not list((tmp_path / "config").rglob("*"))  # no settings

    run(env, *script, "uninstall")
    assert not installed.exists() and not list((data / "icons").rglob("*.png"))
    assert run(env, "xdg-mime", "query", "default", MIME_TYPE) == ""
    assert run(env, "xdg-mime", "query", "filetype", str(campaign)) != MIME_TYPE


def test_install_refuses_a_relative_program(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    script = desktop_entry_script()
    with pytest.raises(SystemExit, match="絶対パス"):
        script.main(["install", "--exec", ".venv/bin/gmtool"])
    assert not list(Path(tmp_path).iterdir())
