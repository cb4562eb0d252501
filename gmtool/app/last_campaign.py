"""Where the GM left off: the campaign the window showed last, reopened at the next start.

No Qt here: the campaign is opened before Qt is imported (`gmtool.app.gui`), so the path is kept
in a small file of the user's data folder (`last_campaign.json`) rather than in QSettings.  With
nothing kept yet, or when the kept campaign is gone or unreadable, the user's start shows the start
page (gmtool.app.start_page, with the reason); the offscreen and benchmark starts open the demo.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gmtool.store.campaign import Campaign
from gmtool.store.campaign_lock import CampaignLocked
from gmtool.store.data_dir import user_data_dir
from gmtool.store.errors import StoreError

FILE_NAME = "last_campaign.json"


def _record() -> Path:
    return user_data_dir() / FILE_NAME


def last_campaign_path() -> Path | None:
    """The campaign shown last; None before the first start (or when the record is unreadable)."""
    try:
        data = json.loads(_record().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    path = data.get("path") if isinstance(data, dict) else None
    return Path(path) if isinstance(path, str) and path else None


def remember_last_campaign(path: str | os.PathLike[str]) -> None:
    """Kept for the next start; a folder that cannot be written only loses this convenience."""
    record = _record()
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        temporary = record.with_suffix(".tmp")
        document = json.dumps({"path": str(Path(path).resolve())}, ensure_ascii=False)
        temporary.write_text(document, encoding="utf-8")
        temporary.replace(record)
    except OSError:
        pass


def open_last_campaign() -> tuple[Campaign, tuple[Path, StoreError] | None]:
    """The campaign shown last, or the demo (the first time, or with the reason the last one could
    not be opened: its path and the error)."""
    from gmtool.app.demo import open_demo_campaign

    campaign, unopened = reopen_last_campaign()
    return (campaign if campaign is not None else open_demo_campaign()), unopened


def reopen_last_campaign() -> tuple[Campaign | None, tuple[Path, StoreError] | None]:
    """The campaign shown last; None the first time, or with the reason the last one could not be
    opened (its path and the error): the user's start then shows the start page."""
    path = last_campaign_path()
    if path is None:
        return None, None
    try:
        return open_or_read_only(path), None
    except StoreError as error:
        return None, (path, error)


def open_or_read_only(path: str | Path) -> Campaign:
    """A campaign for the window: for writing, or read-only (with the reason in its banner) when
    another gmtool is editing it.  A lock from another computer is not taken over without asking:
    that is `FileActions`' question; here (a start from the command line) it opens read-only."""
    try:
        return Campaign.open(path)
    except CampaignLocked as locked:
        if locked.holder is not None and locked.holder.this_process:
            raise
        return Campaign.open(path, read_only=locked.reason)
