"""Killing gmtool mid-session loses nothing that was committed and never corrupts the file."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from gmtool.store.campaign import Campaign

ROOT = Path(__file__).resolve().parents[2]


def _python(script: str, **kwargs) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def test_os_exit_without_close_keeps_every_committed_edit(tmp_path):
    path = tmp_path / "crash.gmcampaign"
    script = f"""
        import dataclasses, os
        from gmtool.rules.systems import SYSTEMS
        from gmtool.store.campaign import Campaign

        aw = SYSTEMS["aw"]
        campaign = Campaign.create({str(path)!r})
        for i in range(5):
            campaign.put_character(f"c{{i}}", "aw", aw.new_character(f"キャラ{{i}}"))
        hurt = dataclasses.replace(aw.new_character("キャラ0"), hp=3, notes="瀕死")
        campaign.put_character("c0", "aw", hurt)
        campaign.delete_character("c4")
        campaign.set_session("round", 7)
        for i in range(20):
            campaign.append_log("roll", {{"n": i}})
        print("committed", flush=True)
        os._exit(0)  # no close(), no checkpoint: like a crash or a kill
    """
    process = _python(script)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0 and "committed" in out
    assert (tmp_path / "crash.gmcampaign-wal").exists()  # the edits are still only in the WAL

    with Campaign.open(path) as campaign:
        stored = campaign.list_characters()
        assert [s.id for s in stored] == ["c0", "c1", "c2", "c3"]
        assert (stored[0].character.hp, stored[0].character.notes) == (3, "瀕死")
        assert campaign.get_session("round") == 7
        assert [e.payload["n"] for e in campaign.log_entries()] == list(range(20))


def test_kill_during_a_stream_of_writes_leaves_a_consistent_file(tmp_path):
    path = tmp_path / "killed.gmcampaign"
    Campaign.create(path).close()
    script = f"""
        from gmtool.rules.systems import SYSTEMS
        from gmtool.store.campaign import Campaign

        aw = SYSTEMS["aw"]
        campaign = Campaign.open({str(path)!r})
        i = 0
        while True:
            campaign.put_character(f"c{{i:05d}}", "aw", aw.new_character(f"キャラ{{i}}"))
            campaign.append_log("put", {{"i": i}})
            print(i, flush=True)
            i += 1
    """
    process = _python(script)
    assert process.stdout is not None
    last = -1
    for line in process.stdout:
        last = int(line)
        if last >= 40:
            break
    process.kill()  # SIGKILL on POSIX: possibly in the middle of a transaction
    process.communicate(timeout=60)

    with Campaign.open(path) as campaign:
        ids = [s.id for s in campaign.list_characters()]
        logged = [e.payload["i"] for e in campaign.log_entries()]
    # Every acknowledged edit is there; at most the edits in flight may be missing.
    assert len(ids) > last and len(logged) >= last + 1
    assert ids == [f"c{i:05d}" for i in range(len(ids))]
    assert logged == list(range(len(logged)))
    assert len(logged) in (len(ids), len(ids) - 1)


def test_store_never_imports_the_gui():
    script = """
        import sys
        import gmtool.store.campaign, gmtool.store.exchange, gmtool.store.migrations
        banned = ("PySide6", "pyqtgraph", "gmtool.models", "gmtool.views", "gmtool.app")
        print(sorted(m for m in sys.modules if m.startswith(banned)))
    """
    process = _python(script)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    assert out.strip() == "[]"
