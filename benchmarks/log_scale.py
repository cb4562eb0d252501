"""A log that scales (issue 21): opening a campaign with a long session log, and a roll among many
characters.

- open: process start → main window shown (`--startup-marker`), median of RUNS, and the process's
  peak memory then, for an empty campaign, for 300 アナザーワールド characters with no log, with
  10 000 log lines and with 200 000, beside an empty campaign's;
- a roll with 300 characters in the real main window (offscreen): the AW panel's 判定 button, and a
  dice-box roll, each until the event loop is idle again (the step committed, the log and the
  panel updated);
- filtering 200 000 lines (issue 26): by a text, by a character and by a session, in the store
  (`log_ids_where`, the SQL alone) and through the log table (`LogTableModel.set_filter`: the ids,
  and the page of the newest matching lines read), median of FILTER_RUNS; and the first reading of
  the log's sessions for the セッション choice (`LogTableModel.sessions`, shared with the log
  export), in the background as the window does it (`LogSessions.request`, issue 36): median of
  SCAN_RUNS from the ask to the sessions there, and the longest the event loop was kept from running
  meanwhile (a 5 ms timer's largest gap).

The campaigns are written with the store API; the log lines are AW check lines shaped like those
the judgement panel writes (`models/aw/check_model.py` `_log_payload`), played in evenings of
SESSION_LINES lines a week apart (200 000 lines: 100 sessions).  The goals are in
benchmarks/goals.py (the filters' ≤ 250 ms: the debounce's pause).
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from goals import Row, table  # beside this file (benchmarks/ is on sys.path when run)

CHARACTERS = 300
LINES = (10_000, 200_000)
ROLLS = 40
FILTER_RUNS = 7
SCAN_RUNS = 3
SESSION_LINES = 2_000  # a line every 7 s: an evening of about 4 hours
SOURCES = (("reflex", "反射"), ("perception", "知覚"), ("stamina", "体力"), ("will", "意志"))


def check_payload(i: int, rng: random.Random, names: list[tuple[str, str]], at: datetime) -> dict[str, Any]:
    """An AW single check's log line, as the judgement panel writes it."""
    character_id, name = names[i % len(names)]
    source, label = SOURCES[i % len(SOURCES)]
    faces = [rng.randint(1, 6), rng.randint(1, 6)]
    value, modifier, difficulty = rng.randint(2, 8), rng.randint(-2, 3), rng.randint(6, 14)
    total = sum(faces) + value + modifier
    outcome = (
        "auto_success"
        if sum(faces) == 12
        else "auto_failure"
        if sum(faces) == 2
        else "success"
        if total >= difficulty
        else "failure"
    )
    side = {
        "character_id": character_id,
        "character": name,
        "source": source,
        "source_label": label,
        "value": value,
        "modifier": modifier,
        "boost": 0,
        "command_spell": None,
        "critical": 12,
        "fumble": 2,
        "can_roll": True,
        "faces": faces,
        "total": total,
        "outcome": outcome,
    }
    return {
        "system": "aw",
        "time": at.astimezone().isoformat(timespec="seconds"),
        "seed": rng.getrandbits(63),
        "mode": "check",
        "difficulty": difficulty,
        "action": side,
        "outcome": outcome,
        "probability": round(rng.random(), 6),
        "command_spell": None,
        "key_restriction": None,
    }


def make_campaign(path: Path, characters: int, lines: int) -> Path:
    """A campaign of `characters` AW characters and `lines` AW check lines, through the store API."""
    from gmtool.rules.systems import get_system
    from gmtool.store.campaign import Campaign

    system = get_system("aw")
    rng = random.Random(21)
    with Campaign.create(path) as campaign, campaign.transaction():
        names = []
        for position in range(characters):
            name = f"探索者 {position + 1:03d}"
            character_id = campaign.new_character_id()
            campaign.put_character(character_id, "aw", system.new_character(name), position)
            names.append((character_id, name))
        names = names or [("", "")]
        start = datetime(2024, 4, 1, 19, 0, tzinfo=UTC)
        for i in range(lines):
            week, line = divmod(i, SESSION_LINES)
            at = start + timedelta(days=7 * week, seconds=7 * line)
            campaign.append_log("check", check_payload(i, rng, names, at))
    return path


def bench_open(folder: Path, runs: int | None = None) -> dict[str, tuple[float, float]]:
    """Median (seconds, peak MB) from process start to the window shown, per campaign."""
    from run import RUNS, time_until_shown

    campaigns = {
        "empty": make_campaign(folder / "empty.gmcampaign", 0, 0),
        "characters": make_campaign(folder / "characters.gmcampaign", CHARACTERS, 0),
        **{
            str(lines): make_campaign(folder / f"log-{lines}.gmcampaign", CHARACTERS, lines)
            for lines in LINES
        },
    }
    commands = {
        name: [sys.executable, "-m", "gmtool", "--startup-marker", str(path)]
        for name, path in campaigns.items()
    }
    for command in commands.values():
        time_until_shown(command)  # warm the OS file cache and the .pyc files
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs or RUNS):
        for name, command in commands.items():  # interleaved: all see the same machine load
            samples[name].append(time_until_shown(command)[:2])
    return {
        name: (statistics.median(s for s, _ in runs_), statistics.median(mb for _, mb in runs_))
        for name, runs_ in samples.items()
    }


def bench_roll(folder: Path, rolls: int = ROLLS, lines: int = 1_000) -> dict[str, float]:
    """Median ms of a roll with CHARACTERS characters in the main window: the AW 判定 button and a
    dice-box roll, each until the event loop has nothing left to do."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.store.campaign import Campaign

    app = QApplication.instance() or QApplication([])
    path = make_campaign(folder / "roll.gmcampaign", CHARACTERS, lines)
    settings = QSettings(str(folder / "roll.ini"), QSettings.Format.IniFormat)
    window = MainWindow(CampaignModel(Campaign.open(path)), settings)
    window.show()
    app.processEvents()
    panel: Any = window.panel_view("aw")
    dice: Any = window.dice_box_view

    def typed() -> None:  # the line is cleared by each roll: typed again, not timed
        dice.line.setText("2D6+3>=10")
        app.processEvents()

    def timed(click: Any, before: Any = lambda: None) -> float:
        before()
        start = time.perf_counter()
        click()
        app.processEvents()  # the step committed, the log, the panel and the list updated
        return time.perf_counter() - start

    check = [timed(panel.roll_button.click) for _ in range(rolls)]
    box = [timed(dice.roll_button.click, typed) for _ in range(rolls)]
    window.close()
    window.campaign_model.campaign.close()
    window.deleteLater()
    app.processEvents()
    del window, panel
    return {"check": statistics.median(check) * 1000, "dice": statistics.median(box) * 1000}


def bench_filter(folder: Path, lines: int = LINES[-1], runs: int = FILTER_RUNS) -> dict[str, float]:
    """Median ms of filtering the log by a text, by a character and by a session: the store's SQL,
    and the log table's whole change (the ids, and the newest matching lines shown); and of the first
    reading of the log's sessions."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.log_filter import LogFilter
    from gmtool.models.log_sessions import LogSessions
    from gmtool.models.log_table_model import LogTableModel
    from gmtool.store.campaign import Campaign

    app = QApplication.instance() or QApplication([])
    path = folder / f"log-{lines}.gmcampaign"
    if not path.exists():
        make_campaign(path, CHARACTERS, lines)
    figures: dict[str, float] = {}
    with Campaign.open(path) as campaign:
        stored = campaign.list_characters()[CHARACTERS // 2]
        scans, stalls = [], []
        for _ in range(SCAN_RUNS):  # each time a campaign model that has not read the log yet
            scan_ms, stall_ms, sessions = background_scan(app, LogSessions(CampaignModel(campaign)))
            scans.append(scan_ms)
            stalls.append(stall_ms)
        figures["session scan"] = statistics.median(scans)
        figures["session scan stall"] = statistics.median(stalls)
        figures["sessions"] = len(sessions)
        middle = sessions[len(sessions) // 2]
        filters = {
            "text": LogFilter(text="知覚"),  # a quarter of the lines
            "character": LogFilter(character=(stored.id, stored.character.name)),  # 1 in 300
            "session": LogFilter(ids=(middle.first_id, middle.last_id)),  # 1 in 100
            "session text": LogFilter(text="知覚", ids=(middle.first_id, middle.last_id)),
        }
        log = LogTableModel(CampaignModel(campaign))
        for name, log_filter in filters.items():
            query = log_filter.query()
            sql, shown = [], []
            for _ in range(runs):
                start = time.perf_counter()
                found = campaign.log_ids_where(query)
                sql.append(time.perf_counter() - start)
                start = time.perf_counter()
                log.set_filter(log_filter)
                log.row_texts(log.rowCount() - 1)  # the newest matching line, as the view shows it
                shown.append(time.perf_counter() - start)
                log.set_filter(LogFilter())
            assert log.rowCount() == lines and found, name
            figures[f"{name} sql"] = statistics.median(sql) * 1000
            figures[f"{name} table"] = statistics.median(shown) * 1000
            figures[f"{name} matches"] = len(found)
    return figures


def background_scan(app: Any, sessions: Any) -> tuple[float, float, list[Any]]:
    """ms from asking for the sessions to their being there (read in the background), the longest
    gap (ms) of a 5 ms timer meanwhile (how long the window could not react), and the sessions."""
    from PySide6.QtCore import QEventLoop, QTimer

    ticks = [time.perf_counter()]
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    sessions.changed.connect(loop.quit)
    timer.start()
    start = time.perf_counter()
    sessions.request()
    if not sessions.known:
        loop.exec()
    took = time.perf_counter() - start
    timer.stop()
    ticks.append(time.perf_counter())
    stall = max(later - earlier for earlier, later in itertools.pairwise(ticks))
    app.processEvents()
    return took * 1000, stall * 1000, sessions.sessions()


def bench_log_scale(runs: int | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-log-") as tmp:
        folder = Path(tmp)
        opened = bench_open(folder, runs)
        rolled = bench_roll(folder)
        filtered = bench_filter(folder)
    return {"open": opened, "roll": rolled, "filter": filtered}


def filter_rows(filtered: dict[str, float]) -> list[Row]:
    """The session scan and the filters' rows (`log-scan` in benchmarks/run.py)."""
    scan_s = filtered["session scan"] / 1000
    stall = filtered["session scan stall"]
    note = f"{filtered['sessions']:,.0f} sessions, in the background; kept from running {stall:.0f} ms"
    out = [Row("log-scan", f"{scan_s:.1f} s", {"s": scan_s, "stall ms": stall}, note=note)]
    for name, label in (
        ("text", "文字列「知覚」"),
        ("character", "キャラクター 1人"),
        ("session", "セッション 1回"),
        ("session text", "セッション+文字列"),
    ):
        matches = f"{filtered[f'{name} matches']:,.0f} 行"
        row_id = f"filter-{name.replace(' ', '-')}"
        sql = f"{filtered[f'{name} sql']:.0f} ms"
        out.append(Row(f"{row_id}-sql", sql, name=f"絞り込み {LINES[-1]:,} 行 {label} SQL", note=matches))
        table_ms = filtered[f"{name} table"]
        name_shown = f"絞り込み {LINES[-1]:,} 行 {label} 表まで"
        out.append(Row(row_id, f"{table_ms:.0f} ms", {"ms": table_ms}, name_shown))
    return out


def open_rows(opened: dict[str, tuple[float, float]]) -> list[Row]:
    """Start-up with a long log beside an empty campaign's (`log-start` in benchmarks/run.py)."""
    empty_s, empty_mb = opened["empty"]
    out = [
        Row(
            "log-start-empty",
            f"{empty_s * 1000:.0f} ms",
            name="起動→表示 空のキャンペーン",
            note=f"ピーク {empty_mb:.0f} MB",
        )
    ]
    for key, row_id in (("characters", "log-start-none"), *((str(n), f"log-start-{n}") for n in LINES)):
        seconds, mb = opened[key]
        extra_ms, extra_mb = (seconds - empty_s) * 1000, mb - empty_mb
        out.append(Row(row_id, f"{extra_ms:+.0f} ms", {"+ms": extra_ms}, note=f"peak {extra_mb:+.0f} MB"))
    extra_mb = opened[str(LINES[-1])][1] - empty_mb
    out.append(Row("log-start-memory", f"{extra_mb:+.0f} MB", {"+MB": extra_mb}))
    return out


def roll_rows(rolled: dict[str, float]) -> list[Row]:
    """A roll among CHARACTERS characters (`roll` in benchmarks/run.py)."""
    return [
        Row(row_id, f"{rolled[key]:.1f} ms", {"ms": rolled[key]})
        for row_id, key in (("check-button", "check"), ("dice-roll", "dice"))
    ]


def rows(figures: dict[str, Any]) -> list[Row]:
    """Every row of `bench_log_scale`'s figures."""
    out = open_rows(figures["open"]) + roll_rows(figures["roll"])
    return out + filter_rows(figures["filter"]) if "filter" in figures else out


if __name__ == "__main__":
    if sys.argv[1:] == ["filter"]:  # the filter case alone: `python benchmarks/log_scale.py filter`
        with tempfile.TemporaryDirectory(prefix="gmtool-bench-log-") as tmp:
            print(table(filter_rows(bench_filter(Path(tmp)))))
        sys.exit(0)
    print(table(rows(bench_log_scale(int(sys.argv[1]) if sys.argv[1:] else None))))
