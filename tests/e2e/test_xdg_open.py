"""A double-click on a campaign opens it in gmtool (issue 38): with the desktop entry installed in a
temporary data folder, `xdg-open NAME.gmcampaign` on an X display (Xvfb) starts gmtool, and the window
it opens shows that campaign.

The installed entry's Exec is a wrapper that runs this checkout's gmtool with ``--startup-marker``
(gmtool then says which campaign its window shows, and quits once it is built) and keeps what it
printed: the test waits for that, bounded, instead of for a window it would have to close."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from gmtool.store.campaign import Campaign
from tests.linux_desktop import ROOT, gmtool, require, user_environment

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG desktop is Linux's")
WAIT_SECONDS = 90  # a cold start on a busy machine; it takes a few seconds


@pytest.fixture
def display():
    """A display of its own: Xvfb picks a free number and says which (-displayfd)."""
    require("Xvfb")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    try:
        if not number:
            pytest.skip("Xvfb が起動しませんでした")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.timeout(WAIT_SECONDS + 200)  # the install (120 s at most), xdg-open (60 s), the wait
def test_xdg_open_starts_gmtool_with_the_campaign(tmp_path, display):
    require("xdg-open", "xdg-mime", "update-mime-database", "gio")
    env = {**user_environment(tmp_path), "DISPLAY": display}
    env.pop("QT_QPA_PLATFORM", None)  # the real window on the X display, as a user's double-click
    marker = tmp_path / "gmtool-said.txt"
    wrapper = tmp_path / "bin" / "gmtool"
    wrapper.parent.mkdir()
    wrapper.write_text(
        "#!/bin/sh\n"
        f'cd "{ROOT}" || exit 1\n'
        f'exec "{sys.executable}" -m gmtool --startup-marker "$@" > "{marker}" 2>&1\n',
        encoding="utf-8",
    )
    wrapper.chmod(0o755)
    installed = gmtool(env, "install-desktop", "--exec", str(wrapper))
    assert installed.returncode == 0, installed.stderr
    campaign = tmp_path / "table one.gmcampaign"  # a space: %f passes it as one argument
    Campaign.create(campaign).close()

    opened = subprocess.run(["xdg-open", str(campaign)], env=env, capture_output=True, text=True, timeout=60)
    assert opened.returncode == 0, opened.stderr

    deadline = time.monotonic() + WAIT_SECONDS
    said = ""
    while "gmtool-ready" not in said and time.monotonic() < deadline:
        time.sleep(0.2)  # gmtool runs detached from xdg-open: its marker file is all there is to watch
        said = marker.read_text(encoding="utf-8", errors="replace") if marker.exists() else ""
    assert "gmtool-ready" in said, f"gmtool did not start within {WAIT_SECONDS} s: {said[-2000:]}"
    assert f"gmtool-opened {campaign}" in said.splitlines(), said
