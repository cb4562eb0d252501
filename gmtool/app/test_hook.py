"""A hidden driver for end-to-end tests: ``gmtool --test-hook CAMPAIGN`` reads commands from stdin.

The crash test starts gmtool as a separate process, feeds it edits and rolls, and kills it with
SIGKILL at random moments.  Each command goes through the same models the window uses (the undo
stack, the judgement panel), so what it proves is what a user's click does: once ``done <n>`` is
printed the edit has been written through to the campaign file.

One command a line (fields separated by single spaces; the last field may contain spaces)::

    rename <character-id> <name>        campaign_model.rename_character
    set <character-id> <field> <json>   a top-level sheet value (``hp``, ``notes`` …) by update_character
    add <system-id> <name>              campaign_model.add_character; answers ``done <n> <new-id>``
    select <character-id>               show that character (and its system's judgement panel)
    roll                                the shown judgement panel's roll; ``done <n> <log-id>``
    undo | redo                         the campaign's undo stack
    supply | writeback | xp | spell | boost | tracker | step-undo | step-redo
                                        multi-character steps (`gmtool.app.test_hook_steps`)
    quit                                close the window and exit (so does the end of stdin)

After each command the hook prints ``done <n> [detail]`` (``n`` counts commands from 1) and flushes;
a command that fails prints ``error <n> <message>`` and the hook goes on.  stdin is read by a
daemon thread into a queue that a QTimer drains on the GUI thread, so every model call happens on
the GUI thread, as a click would.
"""

from __future__ import annotations

import dataclasses
import json
import queue
import sys
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

from gmtool.app.test_hook_steps import StepCommands

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow

_EOF = None  # what the reader thread queues when stdin ends
POLL_MS = 5


class TestHook(QObject):
    """Performs stdin commands on ``window``; prints ``done <n>`` after each."""

    __test__ = False  # not a pytest test class

    def __init__(
        self, window: MainWindow, stdin: IO[str] | None = None, stdout: IO[str] | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        self._out = stdout or sys.stdout
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._count = 0
        # A step that runs a nested event loop (a lock wait's processEvents) must not let the timer
        # start the next command inside it: commands are performed one at a time, in order.
        self._busy = False
        source = stdin or sys.stdin
        threading.Thread(target=self._read, args=(source,), name="gmtool-test-hook", daemon=True).start()
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._drain)
        self._timer.start()
        self._commands: dict[str, Callable[[list[str]], Any]] = {
            "rename": self._rename,
            "set": self._set,
            "add": self._add,
            "select": self._select,
            "roll": self._roll,
            "undo": lambda _args: self.window.campaign_model.undo_stack.undo(),
            "redo": lambda _args: self.window.campaign_model.undo_stack.redo(),
            # 供給, シートに反映, XP, 令呪, the tracker and undo/redo, each reporting what it changed.
            **StepCommands(window.services, self._say, lambda: self._count).table(),
        }
        self._say("ready")

    def _read(self, source: IO[str]) -> None:
        for line in source:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(_EOF)

    def _say(self, text: str) -> None:
        self._out.write(text + "\n")
        self._out.flush()

    def _drain(self) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            self._drain_queued()
        finally:
            self._busy = False

    def _drain_queued(self) -> None:
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is _EOF or line.strip() == "quit":
                self._timer.stop()
                self.window.close()
                QApplication.quit()
                return
            if line.strip():
                self.perform(line)

    def perform(self, line: str) -> None:
        """One command; prints ``done <n> …`` or ``error <n> …``."""
        self._count += 1
        name, _, rest = line.strip().partition(" ")
        handler = self._commands.get(name)
        try:
            if handler is None:
                raise ValueError(f"unknown command {name!r}")
            detail = handler(rest.split(" ", 2) if rest else [])
            # Acknowledged only once written: the step is committed before the reply.
            if not self.window.campaign_model.flush():
                raise RuntimeError("the step was refused and taken back")
        except Exception as exc:  # the hook reports and goes on; the test decides what it means
            self._say(f"error {self._count} {type(exc).__name__}: {exc}".replace("\n", " "))
            return
        self._say(f"done {self._count}" + ("" if detail is None else f" {detail}"))

    # -- commands -----------------------------------------------------------------------------

    def _rename(self, args: list[str]) -> None:
        character_id, name = args[0], " ".join(args[1:])
        self.window.campaign_model.rename_character(character_id, name)

    def _set(self, args: list[str]) -> None:
        character_id, field, value = args
        model = self.window.campaign_model
        changed = dataclasses.replace(model.character(character_id), **{field: json.loads(value)})
        model.update_character(character_id, changed, "test hook")

    def _add(self, args: list[str]) -> str:
        system_id, name = args[0], " ".join(args[1:])
        return self.window.campaign_model.add_character(system_id, name)

    def _select(self, args: list[str]) -> None:
        self.window.select_character(args[0])

    def _roll(self, _args: list[str]) -> str:
        campaign_model = self.window.campaign_model
        logged: list[Any] = []

        def record(entry: Any) -> None:
            logged.append(entry)

        campaign_model.log_appended.connect(record)
        try:
            result = self.window.current_panel_model().roll()
        finally:
            campaign_model.log_appended.disconnect(record)
        if result is None:
            return "refused"
        return " ".join(str(entry.id) for entry in logged)


def install_test_hook(window: MainWindow) -> TestHook:
    return TestHook(window)
