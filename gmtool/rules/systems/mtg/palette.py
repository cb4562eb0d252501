"""MTGでTRPG's chat palette: checks reveal library cards and roll no dice, so it is empty."""

from __future__ import annotations

from gmtool.rules.systems.base import ChatPalette

PALETTE = ChatPalette(roll=None)
