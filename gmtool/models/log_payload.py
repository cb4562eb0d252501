"""The shape of a log entry that describes itself: the log table shows its `summary` as is.

A column given as a `Message` (``Message("シークレットダイス公開: {0}", command)``) is stored twice:
its Japanese text in `summary`, as every line is (the log's search reads it, an older gmtool shows
it), and its template and values in `summary_messages`, from which the log window and the export
show it in the UI language of the day they are read — so a line gmtool wrote reads English in the
English UI whichever language it was written in.  A plain string is the user's or a system's text,
shown as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gmtool.models.shown_text import shown
from gmtool.rules.message import Message

COLUMNS = ("who", "inputs", "dice", "result")
MESSAGES_KEY = "summary_messages"


def summary_payload(
    system: str, inputs: str, who: str = "", dice: str = "", result: str = "", **extra: Any
) -> dict[str, Any]:
    """A log payload: local time, the four columns the log table shows, and any data to replay it."""
    columns = {"who": who, "inputs": inputs, "dice": dice, "result": result}
    messages = {key: encoded(value) for key, value in columns.items() if isinstance(value, Message)}
    return {
        "system": system,
        "time": datetime.now().astimezone().isoformat(timespec="seconds"),
        **extra,
        "summary": {key: str.__str__(v) if isinstance(v, str) else v for key, v in columns.items()},
        **({MESSAGES_KEY: messages} if messages else {}),
    }


def encoded(value: Any) -> Any:
    """A Message as JSON (its template and values, a value that is a Message likewise)."""
    if isinstance(value, Message):
        return {
            "template": value.template,
            "args": [encoded(a) for a in value.args],
            "kwargs": {k: encoded(v) for k, v in value.kwargs.items()},
        }
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def decoded(data: Any) -> Any:
    """The Message `encoded` wrote (anything else: as it is)."""
    if isinstance(data, Mapping) and isinstance(data.get("template"), str):
        args = [decoded(a) for a in data.get("args", ())]
        kwargs = {str(k): decoded(v) for k, v in dict(data.get("kwargs", {})).items()}
        return Message(data["template"], *args, **kwargs)
    return data


def shown_summary(payload: Mapping[str, Any]) -> list[str]:
    """The four columns of a self-describing line, each kept as a Message shown in the UI language;
    a stored message that no longer reads (a hand-edited file) shows its stored text."""
    summary = payload["summary"]
    texts = [str(summary.get(key, "")) for key in COLUMNS]
    messages = payload.get(MESSAGES_KEY)
    if isinstance(messages, Mapping):
        for index, key in enumerate(COLUMNS):
            if key in messages:
                try:
                    texts[index] = shown(decoded(messages[key]))
                except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                    pass
    return texts
