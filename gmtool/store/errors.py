"""Errors the store raises: each one is a finished Japanese sentence for the user.

The GUI shows ``str(error)`` (a ``gmtool.rules.message.Message``, in the UI language), so every
message names the file and says what is wrong with it; the structured ``path`` and ``problem`` are
there for logs and tests.
"""

from __future__ import annotations

import os
from pathlib import Path

from gmtool.rules.message import Message


class StoreError(Exception):
    """A file could not be read or written; ``str(e)`` is the message for the user."""

    def __init__(self, problem: str, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = problem
        # A campaign refused for one unreadable session value only (a hand-edited house-rules value):
        # its key, so the window can offer to open the campaign with that value reset.
        self.session_key: str | bytes | None = None
        message = Message("「{0}」: {1}", self.path.name, problem) if self.path is not None else problem
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


class CampaignError(StoreError):
    """A campaign file (*.gmcampaign) cannot be created, opened or written."""


class ExchangeError(StoreError):
    """A character file (*.gmchar.json) cannot be imported or exported."""


class RulesFileError(StoreError):
    """A rule data file (*.gmrules.json) cannot be written or read."""
