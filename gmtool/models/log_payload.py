"""The shape of a log entry that describes itself: the log table shows its `summary` as is."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def summary_payload(
    system: str, inputs: str, who: str = "", dice: str = "", result: str = "", **extra: Any
) -> dict[str, Any]:
    """A log payload: local time, the four columns the log table shows, and any data to replay it."""
    return {
        "system": system,
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        **extra,
        "summary": {"who": who, "inputs": inputs, "dice": dice, "result": result},
    }
