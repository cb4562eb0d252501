"""SIGKILL during steps that change several characters, documents and log lines, and their undo/redo.

Issue 21, "one transaction per user step": everything an undo step changes — every character, session
document and log line — is committed together, on redo and on undo.  gmtool runs as a separate process
(``python -m gmtool --test-hook CAMPAIGN``, offscreen) on the demo campaign plus two more LotR
characters, and is fed a seeded random stream of real multi-character steps
(`gmtool.app.test_hook_steps`): an AW 供給 roll over the three AW characters, the combat tracker's
シートに反映, a LotR objective's XP to the three LotR characters, the 令呪 steps (a summon during the
running AW fight writes the session and the fight; a check with 令呪 +20), tracker turns and damage,
and ``step-undo`` / ``step-redo`` of all of them.  It is killed with SIGKILL after a random number of
acknowledgements plus a random delay (or during its start-up).

How the outcome is known.  The campaign's whole content is a map item → digest
(`test_hook_steps.campaign_state`: every character, session value, log line and meta row; the undone
marks as their ids).  Before a step is committed the hook prints ``pending <n>`` with the step's
change, read through the model's own connection (so it includes what is not yet committed):
item → [before, after], plus the undo stack's index, count and each step's log lines; ``done <n>``
follows the commit.  The test keeps the acknowledged state by applying the acknowledged changes,
checking that each change starts from it (nothing was written between two steps), and models the
process's undo stack from the reports: an undo must restore every item of its step to its before
(a session value that was absent becomes JSON null) and mark exactly the step's log lines undone, a
redo the reverse — its reported change is compared with that prediction.

After each kill a copy of the files must open (`Campaign.open`'s checks) with ``integrity_check`` ok,
and its state must be exactly one of: the acknowledged state, or the acknowledged state plus the
whole step in flight — its ``pending`` change if printed, the predicted change of an undo or redo
(committed as it runs, before its ``pending`` line), and nothing else for a step not yet reported
(a step is committed only after its ``pending`` line).  So a step found half-applied — one character
written and not the next, a character without its log lines, an undo without its marks — fails, and
so does an acknowledged step missing.

It can fail.  Run on a scratch copy of the code where `WriteTurns._begin` begins no transaction
(each write its own, the old behaviour), it fails at once for this seed (round 0: a 供給 found with
one character written and the others and the log lines not), and for other seeds on XP awards,
undos and tracker steps.  With an undo's marks committed apart from its writes (20 ms between), it
fails on some seeds only: a kill must land in that gap.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.app.test_hook_steps import UNDONE_ITEM, campaign_state, json_digest
from gmtool.rules.systems import SYSTEMS
from gmtool.store.campaign import Campaign
from tests.e2e.test_crash_sigkill import copy_left_files, kill, start  # the same gmtool, the same copy

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261207
KILLS = int(os.environ.get("GMTOOL_CRASH_KILLS", "14"))
STREAM = 18  # commands fed to each process
HOLD = 0.06  # seconds the hook waits between a step's report and its commit, in some rounds
NULL = json_digest("null")  # an undone session value that was absent before its step
UNDO = ("step-undo", "step-redo")
# gmtool started and killed KILLS times: on a busy machine longer than pytest-timeout's default.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(300),
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX SIGKILL"),
]

State = dict[str, Any]
Diff = dict[str, list[Any]]


def read_state(path: Path) -> State:
    with Campaign.open(path):  # every check gmtool makes when it opens a campaign
        pass
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return campaign_state(lambda sql: conn.execute(sql).fetchall())


def applied(state: State, diff: Diff) -> State:
    out = dict(state)
    for item, (_before, after) in diff.items():
        if after is None:
            out.pop(item, None)
        else:
            out[item] = after
    return out


def differing(a: State, b: State) -> list[str]:
    return sorted(i for i in a.keys() | b.keys() if a.get(i) != b.get(i))


def kinds(diff: Diff) -> Counter[str]:
    """How many characters (c), session values (s) and log lines (l) a change touches."""
    return Counter(item[0] for item in diff)


@dataclass
class UndoStack:
    """The test's model of one gmtool process's undo stack (empty at each start)."""

    steps: list[Diff] = field(default_factory=list)  # each step's change, log lines left out
    index: int = 0
    lines: dict[int, list[int]] = field(default_factory=dict)

    def predict(self, command: str, state: State) -> Diff:
        """The change an undo or redo makes from `state`."""
        forward = command == "step-redo"
        i = self.index if forward else self.index - 1
        if not 0 <= i < len(self.steps):
            return {}  # nothing to undo or redo
        target: State = {}
        for item, (before, after) in self.steps[i].items():
            value = after if forward else before
            target[item] = NULL if value is None and item.startswith("s:") else value
        if lines := self.lines.get(i):
            marks = set(state.get(UNDONE_ITEM) or ())
            target[UNDONE_ITEM] = sorted(marks - set(lines) if forward else marks | set(lines))
        return {item: [state.get(item), value] for item, value in target.items() if state.get(item) != value}

    def follow(self, command: str, report: dict[str, Any]) -> None:
        """Moves as the process's stack did (checked against what a step may do to it)."""
        index, count = report["stack"]
        if command in UNDO:
            expected = (
                min(self.index + 1, len(self.steps)) if command == "step-redo" else max(self.index - 1, 0)
            )
            assert (index, count) == (expected, len(self.steps)), (
                f"{command}: the stack moved to {index}/{count}"
            )
        elif (index, count) == (self.index + 1, self.index + 1):
            kept = {i: d for i, d in report["diff"].items() if not i.startswith("l:")}
            self.steps = [*self.steps[: self.index], kept]
        else:
            assert (index, count) == (self.index, len(self.steps)), f"{command}: the stack is {index}/{count}"
            assert not [i for i in report["diff"] if not i.startswith("l:")], (
                f"{command} wrote outside the undo stack: {report['diff']}"
            )
        self.index = index
        self.lines = {int(i): ids for i, ids in report["lines"].items()}


def check_change(command: str, report: dict[str, Any], state: State, stack: UndoStack) -> None:
    """One reported change: it starts from `state`, and an undo or redo is exactly its prediction."""
    diff: Diff = report["diff"]
    for item, (before, _after) in diff.items():
        assert state.get(item) == before, f"{command}: {item} was written between two steps"
    if command in UNDO:
        assert diff == stack.predict(command, state), f"{command} changed {diff}"
        return
    assert UNDONE_ITEM not in diff, f"{command} changed the undone marks"
    new_lines = {int(item[2:]) for item, (before, _after) in diff.items() if item.startswith("l:")}
    assert all(diff[f"l:{i}"][0] is None for i in new_lines), f"{command} rewrote a log line"
    index = report["stack"][0]
    if new_lines and index > stack.index:  # a step on the stack: an undo marks all its lines
        assert new_lines <= set(report["lines"].get(str(index - 1), ())), f"{command}: lines not its step's"


def check_meaning(command: str, detail: Any, diff: Diff) -> str | None:
    """What an acknowledged step changed is what its model says it did; its kind when it is one of
    the steps over several characters or documents."""
    touched = kinds(diff)
    name = command.split(" ")[0]
    if name == "supply":
        changed = {cid for cid, before, after in detail["rolls"] if before != after}
        assert {i[2:] for i in diff if i.startswith("c:")} == changed, f"{command}: {detail} {diff}"
        assert touched["l"] == len(detail["rolls"]), f"{command}: one log line per roll"
        return "supply" if len(changed) > 1 else None
    if name == "xp":
        assert {i[2:] for i in diff if i.startswith("c:")} == set(detail["to"])
        assert touched["l"] == len(detail["to"])
        return "xp"
    if name == "writeback" and detail["writeback"]:
        assert (touched["c"], touched["l"]) == (len(detail["writeback"]), 1), f"{command}: {diff}"
        return "writeback" if touched["c"] > 1 else None
    if name == "spell":
        assert touched["l"] == 1
        if detail["spell"] in ("summon in a fight", "dismiss in a fight"):
            assert {"s:aw.session", "s:battle.encounter"} <= set(diff), f"{command}: {diff}"
            return f"令呪 {detail['spell'].split()[0]} in a fight"
    if name == "boost" and detail["boost"]:
        assert "s:aw.session" in diff and touched["l"] == 2, f"{command}: {diff}"  # the 令呪 and the check
        return "令呪 +20"
    if name == "tracker":
        assert "s:battle.encounter" in diff and touched["l"] == 1, f"{command}: {diff}"
        return "tracker"
    if name in UNDO and touched["c"] + touched["s"] > 2:  # characters or documents, and the marks
        return f"{name} of several"
    return None


def make_stream(rng: random.Random) -> list[str]:
    weighted = (
        ("supply", 3),
        ("tracker damage", 3),
        ("writeback", 2),
        ("xp", 2),
        ("spell", 2),
        ("boost", 1),
        ("tracker next", 1),
        ("step-undo", 3),
        ("step-redo", 1),
        ("step-undo step-redo", 2),
    )
    commands = []
    for kind in rng.choices([k for k, _ in weighted], [w for _, w in weighted], k=STREAM):
        if kind == "supply":
            commands.append(
                f"supply {rng.choice(('missed_meal', 'short_sleep', 'supply'))} {rng.randint(1, 5)}"
            )
        elif kind == "xp":
            commands.append(f"xp {rng.choice(('primary', 'secondary', 'scene'))}")
        elif kind == "tracker damage":
            commands.append(f"tracker damage {rng.randint(0, 2)} {rng.randint(-6, 9)}")
        else:
            commands.extend(kind.split(" ") if kind.startswith("step-") else [kind])
    return commands[:STREAM]


@dataclass
class Run:
    commands: list[str]  # as sent (a leading ``hold``)
    fed: bool  # False: killed during start-up, before any command was sent
    pending: dict[int, dict[str, Any]]
    done: dict[int, Any]


def run_and_kill(path: Path, data_dir: Path, steps: list[str], rng: random.Random) -> Run:
    """Feeds `steps` and kills gmtool: after a random number of acknowledgements and a random delay
    (inside the next step's writes, or between steps), or — with the hook holding each step a moment
    between its report and its commit — right after the next step's ``pending`` line."""
    process = start(path, data_dir)
    assert process.stdin is not None and process.stdout is not None
    lines: list[str] = []
    fed = rng.random() >= 0.1
    held = fed and rng.random() < 0.3
    commands = [f"hold {HOLD}", *steps] if held else steps
    if not fed:
        time.sleep(rng.uniform(0.0, 1.5))  # during start-up
    else:
        process.stdin.write("".join(f"{command}\n" for command in commands))
        process.stdin.flush()
        target = rng.randint(int(held), len(commands) - int(held))
        awaited = f"pending {target + 1} " if held else None

        def waiting() -> bool:
            if awaited is not None:
                return not any(line.startswith(awaited) for line in lines)
            return sum(line.startswith(("done ", "error ")) for line in lines) < target

        while waiting():
            line = process.stdout.readline()
            assert line, f"gmtool exited before it was killed: {lines[-3:]}"
            lines.append(line.rstrip("\n"))
        time.sleep(rng.uniform(0.0, HOLD / 3 if held else 0.04))
    out = kill(process)
    assert process.returncode == -signal.SIGKILL
    lines += out.splitlines()
    assert not [line for line in lines if line.startswith("error ")], [
        line for line in lines if line.startswith("error ")
    ]
    pending: dict[int, dict[str, Any]] = {}
    done: dict[int, Any] = {}
    for line in lines:
        word, _, rest = line.partition(" ")
        if word in ("pending", "done"):
            number, _, text = rest.partition(" ")
            (pending if word == "pending" else done)[int(number)] = json.loads(text) if text else None
    assert sorted(done) == list(range(1, len(done) + 1))
    assert set(done) - {1 if held else 0} <= set(pending)
    return Run(commands, fed, pending, done)


def check_copy(path: Path, scratch: Path) -> State:
    """The state of a copy of the files the kill left (the original keeps its WAL for the next run)."""
    return read_state(copy_left_files(path, scratch))


def new_campaign(path: Path) -> None:
    """The demo (three AW characters, one LotR, the saved fight 廃ビルの影) and two more LotR characters."""
    campaign = create_demo_campaign(path)
    position = len(campaign.list_characters())
    for offset, name in enumerate(("エルロンド", "ボロミア")):
        character = SYSTEMS["lotr"].new_character(name)
        campaign.put_character(campaign.new_character_id(), "lotr", character, position + offset)
    campaign.close()


def test_sigkill_during_multi_character_steps_and_their_undo(tmp_path):
    rng = random.Random(SEED)
    path = tmp_path / "steps.gmcampaign"
    new_campaign(path)
    state = read_state(path)
    acknowledged = 0
    steps: Counter[str] = Counter()  # acknowledged steps over several characters or documents
    in_flight: Counter[str] = Counter()  # (command, whole or absent) for the step a kill caught
    for round_no in range(KILLS):
        run = run_and_kill(path, tmp_path / "data", make_stream(rng), rng)
        commands = run.commands
        expected, stack = state, UndoStack()
        for number in sorted(run.done):
            command = commands[number - 1]
            if command.startswith("hold "):
                continue
            report = run.pending[number]
            check_change(command, report, expected, stack)
            if kind := check_meaning(command, run.done[number], report["diff"]):
                steps[kind] += 1
            expected = applied(expected, report["diff"])
            stack.follow(command, report)
        actual = check_copy(path, tmp_path / "check")
        number = len(run.done) + 1
        if actual != expected:
            assert run.fed and number <= len(commands), f"round {round_no}: an acknowledged step is missing"
            command = commands[number - 1]
            if number in run.pending:
                check_change(command, run.pending[number], expected, stack)
                change = run.pending[number]["diff"]
            else:
                change = stack.predict(command, expected) if command in UNDO else {}
            whole = applied(expected, change)
            assert actual == whole, (
                f"round {round_no}: neither the acknowledged state nor it plus the whole step in flight "
                f"({command!r}); item: (acknowledged, with the step, found) "
                f"{ {i: (expected.get(i), whole.get(i), actual.get(i)) for i in differing(actual, whole)} }"
            )
            in_flight[f"{command.split(' ')[0]}: whole"] += 1
        elif run.fed and number <= len(commands):
            reported = " after its report" if number in run.pending else ""
            in_flight[f"{commands[number - 1].split(' ')[0]}: absent{reported}"] += 1
        acknowledged += len(run.done)
        state = actual
    assert state == read_state(path)  # the original, opened by gmtool's own Campaign.open
    assert acknowledged > 2 * KILLS
    for kind in ("supply", "xp", "writeback", "tracker", "step-undo of several", "step-redo of several"):
        assert steps[kind] > 0, f"no acknowledged {kind} over several characters or documents: {steps}"
    print(f"{KILLS} kills, {acknowledged} acknowledged; steps: {dict(steps)}; in flight: {dict(in_flight)}")
