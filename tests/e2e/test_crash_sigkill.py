"""SIGKILL at random moments: reopening shows every acknowledged edit and a valid file.

gmtool runs as a separate process (``python -m gmtool --test-hook CAMPAIGN``, offscreen) and is fed
a stream of renames, sheet edits, added characters and rolls through its real models; it answers
``done <n>`` once an edit is written through.  The test kills it with SIGKILL after a random number
of acknowledgements plus a random delay (or at a random instant of its start-up), then checks a copy
of the files left behind: the campaign opens (every integrity and document check passes), every
acknowledged edit is there, and the one edit in flight is either wholly there or wholly absent.  The
original keeps the crashed WAL, so every next gmtool starts on a file left by a kill.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.store.campaign import Campaign

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261125
KILLS = 20
STREAM = 24  # commands fed to each process
# gmtool started and killed KILLS times: on a busy machine longer than pytest-timeout's default.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(300),
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX SIGKILL"),
]


@dataclasses.dataclass(frozen=True)
class State:
    """What the test can see of a campaign: characters (id → system, name, hp, notes) and the log."""

    characters: dict[str, tuple[str, str, Any, Any]]
    log_ids: tuple[int, ...]


def read_state(path: Path) -> State:
    with Campaign.open(path) as campaign:
        characters = {
            s.id: (
                s.system,
                s.character.name,
                getattr(s.character, "hp", None),
                getattr(s.character, "notes", None),
            )
            for s in campaign.list_characters()
        }
        log_ids = tuple(entry.id for entry in campaign.log_entries())
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return State(characters, log_ids)


def make_stream(rng: random.Random, state: State, round_no: int) -> list[str]:
    aw_ids = [cid for cid, (system, *_rest) in state.characters.items() if system == "aw"]
    all_ids = list(state.characters)
    commands = [f"select {aw_ids[0]}"]
    for i in range(STREAM - 1):
        kind = rng.choice(("rename", "hp", "notes", "roll", "roll", "add"))
        if kind == "rename":
            commands.append(f"rename {rng.choice(all_ids)} 名前 {'あ' * rng.randint(0, 40)}{round_no}-{i}")
        elif kind == "hp":
            commands.append(f"set {rng.choice(aw_ids)} hp {rng.randint(-50, 999)}")
        elif kind == "notes":
            # Long enough to span pages: a torn write would show as a broken document.
            notes = f"メモ{round_no}-{i}:" + "記録" * rng.randint(0, 3000)
            commands.append(f"set {rng.choice(aw_ids)} notes {json.dumps(notes, ensure_ascii=False)}")
        elif kind == "roll":
            commands.append("roll")
        else:
            commands.append(f"add aw 追加{round_no}-{i}")
    return commands


def apply(state: State, command: str, detail: str | None) -> State:
    """The state after one command; ``detail`` is its acknowledgement (None: not acknowledged)."""
    characters = dict(state.characters)
    log_ids = state.log_ids
    name, _, rest = command.partition(" ")
    if name == "rename":
        cid, new_name = rest.split(" ", 1)
        system, _old, hp, notes = characters[cid]
        characters[cid] = (system, new_name, hp, notes)
    elif name == "set":
        cid, field, value = rest.split(" ", 2)
        system, old_name, hp, notes = characters[cid]
        characters[cid] = (
            system,
            old_name,
            *((json.loads(value), notes) if field == "hp" else (hp, json.loads(value))),
        )
    elif name == "add":
        system, new_name = rest.split(" ", 1)
        characters[detail or "<in flight>"] = (system, new_name, *_new_aw_values())
    elif name == "roll" and detail != "refused":
        log_ids = (*log_ids, *(int(x) for x in detail.split())) if detail else (*log_ids, -1)
    return State(characters, log_ids)


def _new_aw_values() -> tuple[Any, Any]:
    from gmtool.rules.systems import SYSTEMS

    fresh = SYSTEMS["aw"].new_character("")
    return fresh.hp, fresh.notes


def matches(actual: State, expected: State) -> bool:
    """Equal, where an unacknowledged add's id and an unacknowledged roll's log id (-1) are unknown."""
    characters = dict(expected.characters)
    if "<in flight>" in characters:
        values = characters.pop("<in flight>")
        extra = set(actual.characters) - set(characters)
        if len(extra) != 1:
            return False
        characters[extra.pop()] = values
    if expected.log_ids[-1:] == (-1,):
        base = expected.log_ids[:-1]
        logged = (
            len(actual.log_ids) == len(base) + 1
            and actual.log_ids[:-1] == base
            and actual.log_ids[-1] > max(base, default=0)
        )
    else:
        logged = actual.log_ids == expected.log_ids
    return logged and actual.characters == characters


def start(path: Path, data_dir: Path) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": "offscreen",
        "GMTOOL_DATA_DIR": str(data_dir),
        "XDG_CONFIG_HOME": str(data_dir / "config"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "gmtool", "--test-hook", str(path)],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        bufsize=1,
    )


def kill(process: subprocess.Popen[str]) -> str:
    """SIGKILL; then what it printed before it died and was not read yet.  Read from the stream the
    lines before were read from: communicate() reads the pipe itself, and would lose the lines that
    stream had buffered (the acknowledgements of a busy machine, which come several at a time)."""
    assert process.stdout is not None
    process.send_signal(signal.SIGKILL)
    out = process.stdout.read()
    process.wait(timeout=30)
    return out


def run_and_kill(path: Path, data_dir: Path, commands: list[str], rng: random.Random) -> list[str]:
    """Feeds ``commands`` and kills gmtool at a random moment; the acknowledged commands' details."""
    process = start(path, data_dir)
    assert process.stdin is not None and process.stdout is not None
    lines: list[str] = []
    if rng.random() < 0.15:
        time.sleep(rng.uniform(0.0, 1.5))  # during start-up: possibly while gmtool checks the file
    else:
        process.stdin.write("".join(f"{command}\n" for command in commands))
        process.stdin.flush()
        target = rng.randint(0, len(commands))
        while sum(line.startswith(("done ", "error ")) for line in lines) < target:
            line = process.stdout.readline()
            assert line, f"gmtool exited before it was killed: {lines}"
            lines.append(line.rstrip("\n"))
        time.sleep(rng.uniform(0.0, 0.015))  # land inside the next command's write
    out = kill(process)  # what it printed before it died
    assert process.returncode == -signal.SIGKILL
    lines += out.splitlines()
    assert not [line for line in lines if line.startswith("error ")], lines
    details = [line.split(" ", 2)[2:] for line in lines if line.startswith("done ")]
    assert [int(line.split()[1]) for line in lines if line.startswith("done ")] == list(
        range(1, len(details) + 1)
    )
    return [d[0] if d else "" for d in details]


def copy_left_files(path: Path, scratch: Path) -> Path:
    """A copy of the files a kill left (the original keeps its WAL for the next run); the copy's path."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir()
    for suffix in ("", "-wal", "-shm"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, scratch / (path.name + suffix))
    return scratch / path.name


def check_copy(path: Path, scratch: Path) -> State:
    """The state of a copy of the files the kill left."""
    return read_state(copy_left_files(path, scratch))


def test_sigkill_at_random_moments_keeps_every_acknowledged_edit(tmp_path):
    rng = random.Random(SEED)
    path = tmp_path / "crash.gmcampaign"
    create_demo_campaign(path).close()
    state = read_state(path)
    acknowledged = in_flight_seen = 0
    for round_no in range(KILLS):
        commands = make_stream(rng, state, round_no)
        details = run_and_kill(path, tmp_path / "data", commands, rng)
        expected = state
        for command, detail in zip(commands, details, strict=False):
            expected = apply(expected, command, detail)
        actual = check_copy(path, tmp_path / "check")
        if not matches(actual, expected):
            assert len(details) < len(commands), f"round {round_no}: an acknowledged edit is missing"
            in_flight = apply(expected, commands[len(details)], None)
            assert matches(actual, in_flight), (
                f"round {round_no}: neither the acknowledged state nor it plus the edit in flight "
                f"({commands[len(details)][:60]!r})"
            )
            in_flight_seen += 1
        acknowledged += len(details)
        state = actual
    assert state == read_state(path)  # the original, opened by gmtool's own Campaign.open
    assert acknowledged > KILLS  # the kills did land between edits, not only at start-up
    print(f"{KILLS} kills, {acknowledged} acknowledged commands, {in_flight_seen} edits in flight kept")
