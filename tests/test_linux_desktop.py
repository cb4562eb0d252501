"""gmtool installed like any other Linux app (issue 38): the desktop entry validates, and
`gmtool install-desktop` (`make install-desktop`) registers the campaign file type and gmtool as its
default application in the user's own data folder; `gmtool uninstall-desktop` takes them away again."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gmtool.desktop_entry import desktop_entry, exec_argument, install
from gmtool.store.campaign import Campaign
from tests.linux_desktop import ROOT, gmtool, require, user_environment

ENTRY = ROOT / "resources" / "desktop" / "gmtool.desktop"
MIME_TYPE = "application/x-gmcampaign"


def run(env: dict[str, str], *command: str) -> str:
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


def test_the_shipped_entry_is_valid_and_opens_a_campaign_file():
    require("desktop-file-validate")
    done = subprocess.run(["desktop-file-validate", str(ENTRY)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    lines = ENTRY.read_text(encoding="utf-8").splitlines()
    assert f"MimeType={MIME_TYPE};" in lines
    assert "Exec=gmtool %f" in lines  # %f: the double-clicked file, as one argument


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
    assert exec_argument(program) == argument


def test_a_checkout_runs_its_python_with_the_module_and_a_build_runs_its_program():
    lines = desktop_entry(["/src/gmtool/.venv/bin/python", "-m", "gmtool"]).splitlines()
    assert "Exec=/src/gmtool/.venv/bin/python -m gmtool %f" in lines
    assert "TryExec=/src/gmtool/.venv/bin/python" in lines
    assert "Exec=/opt/gmtool/gmtool %f" in desktop_entry(["/opt/gmtool/gmtool"]).splitlines()


def test_install_registers_the_type_and_gmtool_as_its_default_then_uninstall_removes_them(tmp_path):
    require("xdg-mime", "update-mime-database", "gio", "desktop-file-validate")
    env = user_environment(tmp_path)
    campaign = tmp_path / "卓 1.gmcampaign"
    Campaign.create(campaign).close()

    installed = gmtool(env, "install-desktop")
    assert installed.returncode == 0, installed.stderr
    assert "Registered gmtool on the desktop" in installed.stdout  # the CLI speaks the UI language
    data = tmp_path / "data"
    entry = data / "applications" / "gmtool.desktop"
    assert run(env, "desktop-file-validate", str(entry)) == ""
    assert f"Exec={sys.executable} -m gmtool %f" in entry.read_text(encoding="utf-8").splitlines()
    assert (data / "icons" / "hicolor" / "48x48" / "apps" / "gmtool.png").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "gmtool.svg").is_file()
    assert run(env, "xdg-mime", "query", "filetype", str(campaign)) == MIME_TYPE
    assert run(env, "xdg-mime", "query", "default", MIME_TYPE) == "gmtool.desktop"
    assert not (tmp_path / "config").exists()  # the user's own choices (mimeapps.list) untouched

    removed = gmtool(env, "uninstall-desktop")
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists() and not list((data / "icons").rglob("gmtool.*"))
    assert run(env, "xdg-mime", "query", "default", MIME_TYPE) == ""
    assert run(env, "xdg-mime", "query", "filetype", str(campaign)) != MIME_TYPE


def test_install_for_another_program_quotes_its_folder(tmp_path):
    require("desktop-file-validate")
    env = user_environment(tmp_path)
    program = tmp_path / "My Games" / "gmtool"  # a folder with a space
    assert gmtool(env, "install-desktop", "--exec", str(program)).returncode == 0
    entry = tmp_path / "data" / "applications" / "gmtool.desktop"
    assert f'Exec="{program}" %f' in entry.read_text(encoding="utf-8").splitlines()
    assert run(env, "desktop-file-validate", str(entry)) == ""


def test_a_relative_program_is_refused_and_nothing_is_installed(tmp_path):
    env = user_environment(tmp_path)
    refused = gmtool(env, "install-desktop", "--exec", ".venv/bin/gmtool")
    assert refused.returncode == 2
    assert "absolute path" in refused.stderr
    assert not (tmp_path / "data").exists()
    with pytest.raises(ValueError, match="absolute"):
        install(["gmtool"], tmp_path / "data")
