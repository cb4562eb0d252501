"""What every creation model says to its wizard: a refused step, and why a page is blocked."""

from __future__ import annotations

from dataclasses import dataclass


class CreationRefused(ValueError):
    """A creation step refused; the message says why."""


@dataclass(frozen=True)
class Blocker:
    """Why a page cannot be left; `overridable`: the GM override may pass it (and it is recorded)."""

    reason: str
    overridable: bool = True
