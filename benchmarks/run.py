"""The performance suite (`make bench`): prints a table of figures, each beside its goal.

Every goal is a line of `benchmarks/goals.py` (GOALS: row id → the goal as the issue that set it
words it, and its limits); each row is marked ✓ (met) or ✗ (missed).  The suite measures, it does
not judge: it exits 0 whatever it finds.  Issue 36's table comes first, in its order; then the
suite's other figures.  Timings are medians; ratios are against a bare PySide6 + pyqtgraph window
measured in the same run.  On a shared machine absolute figures are noisy: compare within a run.

Run a part of it while working on one thing (each section measures its rows together):

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/run.py --only startup,redraw

Sections (`--only` takes any of them, comma-separated; `make bench` runs them all):

- startup: process start → main window shown with the first character's sheet ('gmtool-shown'),
  and → the judgement panel and the dice box built too ('gmtool-ready'), with the process's peak
  memory at each, median of RUNS, for a campaign of one system and for the five-system demo,
  interleaved with the bare window (benchmarks/bare_window.py) so all see the same load.  gmtool's
  own modules run from their .pyc files (written by the warm-up run), as an installed gmtool's and
  the bare window's PySide6 and pyqtgraph do, even where PYTHONDONTWRITEBYTECODE is set
  (`run.py startup`, the older spelling, is `--only startup`; benchmarks/startup_steps.py times
  each step of that start, for finding where it goes);
- redraw: AW difficulty change → probabilities recomputed and both plots redrawn, through the spin
  box, median of 60; the LotR panel's TN change likewise (seven exact degrees at every TN of the
  stacked plot, the exploding tail in closed form, caches cleared each time);
- roll: with 300 characters in the main window, the AW 判定 button and a dice-box roll, each until
  the event loop is idle again (benchmarks/log_scale.py);
- log-start: process start → window shown for 300 characters with no log, 10 000 and 200 000 log
  lines, beside an empty campaign, and the peak memory then (benchmarks/log_scale.py);
- log-scan: the first reading of a 200 000-line log's sessions, and filtering it by a text, a
  character and a session (benchmarks/log_scale.py);
- focus: the exact P(success) of an Another Focus, 6 participants × 10 rounds at difficulty 200
  (the roll kernels' cache cleared each time);
- mtg-odds: six colors × 難易度 −1…12, with and without boost, for a 60-card and a 250-card deck
  (benchmarks/mtg_odds.py);
- mtg-import: an AtomicCards-shaped file of 30 000 fictional cards into a fresh card cache, median
  of 3, and the importing process's peak memory (benchmarks/mtg_import.py);
- card-db: the bundled card database: its size, the first start's cache build, a 60-card list's
  resolve (benchmarks/card_database.py);
- battle: the combat tracker's next turn with 200 participants, the engine alone and through the
  model (stored, logged, undoable) (benchmarks/battle_turns.py); the LotR mass battle chain for all
  7 start positions, uncached (benchmarks/lotr_battle.py);
- lotr-rules: a LotR house rule of 20 000 skills: the tables from the document and one
  character's check list (benchmarks/lotr_rules.py);
- package: when `make package` has built it, the packaged app's start-up (median of 5) and its
  size (benchmarks/package_startup.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from goals import Row, table  # beside this file (benchmarks/ is on sys.path when run)

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident memory so far (VmHWM), in MB; 0 where /proc has no such line."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def time_until_shown(
    command: list[str], env: dict[str, str] | None = None
) -> tuple[float, float, float, float]:
    """Seconds from spawning `command` to its 'gmtool-shown' line (the window up with the sheet),
    and its peak memory then (MB); the same to its 'gmtool-ready' line (the judgement panel and the
    dice box built too), or to 'gmtool-shown' again for a command that prints no such line."""
    env = {**(os.environ if env is None else env), "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    shown: tuple[float, float] | None = None
    for line in process.stdout:
        if line.startswith("gmtool-shown"):
            shown = time.perf_counter() - start, peak_memory_mb(process.pid)
        elif line.startswith("gmtool-ready") and shown is not None:
            ready = time.perf_counter() - start, peak_memory_mb(process.pid)
            process.wait(timeout=30)
            return (*shown, *ready)
    code = process.wait(timeout=30)
    if shown is None:
        raise RuntimeError(f"{command} exited without showing a window (code {code})")
    return (*shown, *shown)


def startup(campaigns: dict[str, Path], bytecode: Path | None = None) -> dict[str, tuple[float, ...]]:
    """Median (seconds, peak MB) to shown and (seconds, peak MB) to ready of each campaign's
    start-up and of the bare window ("bare"), interleaved so all see the same machine load.

    With `bytecode`, the runs may write the compiled modules there (PYTHONPYCACHEPREFIX) even where
    PYTHONDONTWRITEBYTECODE is set: an installed gmtool has its .pyc files, as the bare window's
    PySide6 and pyqtgraph have theirs, and the warm-up run writes them as a user's first start would."""
    gmtool = [sys.executable, "-m", "gmtool", "--startup-marker"]
    commands = {name: [*gmtool, str(path)] for name, path in campaigns.items()}
    commands["bare"] = [sys.executable, str(ROOT / "benchmarks" / "bare_window.py")]
    env = dict(os.environ)
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    for command in commands.values():
        time_until_shown(command, env)  # warm the OS file cache, as a user's second start would be
    samples: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, command in commands.items():
            samples[name].append(time_until_shown(command, env))
    return {
        name: tuple(statistics.median(column) for column in zip(*runs, strict=True))
        for name, runs in samples.items()
    }


def one_system_campaign(demo: Path, path: Path) -> None:
    """The demo campaign with only its アナザーワールド characters: a table playing one system."""
    from gmtool.store.campaign import Campaign

    with Campaign.open(demo) as source, Campaign.create(path) as target:
        kept = [s for s in source.list_characters() if s.system == "aw"]
        for position, stored in enumerate(kept):
            target.put_character(stored.id, stored.system, stored.character, position)


def difficulty_change(campaign_dir: Path, repeats: int = 60) -> tuple[float, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gmtool.app.demo import open_demo_campaign
    from gmtool.app.main_window import MainWindow
    from gmtool.models.campaign_model import CampaignModel

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(campaign_dir / "bench.ini"), QSettings.Format.IniFormat)
    window = MainWindow(CampaignModel(open_demo_campaign(campaign_dir)), settings)
    window.show()
    app.processEvents()
    view = window.panel_view("aw")
    samples = []
    for i in range(repeats):
        start = time.perf_counter()
        view.difficulty_spin.setValue(4 + i % 16)  # as the user would: through the spin box
        app.processEvents()  # recompute, re-sync and paint what changed
        # Conservative: also force a full synchronous repaint of both plot canvases.
        view.bars_plot.viewport().repaint()
        view.curve_plot.viewport().repaint()
        samples.append(time.perf_counter() - start)
    lotr_samples = lotr_tn_change(window, app, repeats)
    window.close()
    # Tear Qt objects down while the interpreter is whole: left to the final garbage
    # collection, PySide6 can crash at exit (none_dealloc) after the table is printed.
    window.deleteLater()
    app.processEvents()
    del window, view
    return statistics.median(samples), statistics.median(lotr_samples)


def lotr_tn_change(window: object, app: object, repeats: int) -> list[float]:
    from gmtool.models.lotr import check_odds
    from gmtool.rules.systems.lotr import checks

    lotr = next(s for s in window.campaign_model.characters() if s.system == "lotr")  # type: ignore[attr-defined]
    window.select_character(lotr.id)  # type: ignore[attr-defined]
    app.processEvents()  # type: ignore[attr-defined]
    view = window.panel_view("lotr")  # type: ignore[attr-defined]
    samples = []
    for i in range(repeats):
        checks.roll_distribution.cache_clear()  # measure the computation, not the cache
        check_odds.degree_stack.cache_clear()  # (the stacked plot's columns computed again too)
        start = time.perf_counter()
        view.tn_spin.setValue(6 + i % 16)
        app.processEvents()  # type: ignore[attr-defined]
        view.stack_plot.viewport().repaint()
        view.totals_plot.viewport().repaint()
        samples.append(time.perf_counter() - start)
    return samples


def focus_odds_time(repeats: int = 15) -> float:
    from gmtool.rules.systems.aw import focus

    participants = [focus.FocusParticipant(v) for v in (3, 4, 5, 3, 4, 2)]
    progress = focus.FocusProgress(difficulty=200, round_limit=10)
    samples = []
    for _ in range(repeats):
        focus._kernel.cache_clear()  # measure the computation, not the cache
        start = time.perf_counter()
        focus.focus_odds(participants, progress)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def startup_rows(campaigns_dir: Path) -> list[Row]:
    """start → sheet shown and → whole window built, one system and the five-system demo, beside the
    bare window measured in the same run."""
    from gmtool.app.demo import create_demo_campaign

    five = campaigns_dir / "bench.gmcampaign"
    create_demo_campaign(five).close()
    one = campaigns_dir / "one-system.gmcampaign"
    one_system_campaign(five, one)
    times = startup({"five": five, "one": one}, campaigns_dir / "pycache")
    bare, bare_mb = times["bare"][:2]
    out = [
        Row(
            "startup-bare",
            f"{bare * 1000:.0f} ms; {bare_mb:.0f} MB",
            name=f"bare window (PySide6 + pyqtgraph, same run, median of {RUNS})",
            context=True,
        )
    ]
    for row_id, seconds, mb in (
        ("startup-shown", *times["one"][:2]),
        ("startup", *times["one"][2:]),
        ("startup-demo", *times["five"][2:]),
    ):
        value = f"{seconds * 1000:.0f} ms, {seconds / bare:.2f}×; {mb:.0f} MB, {mb / bare_mb:.2f}×"
        out.append(Row(row_id, value, {"time ×": seconds / bare, "memory ×": mb / bare_mb}))
    shown, shown_mb = times["five"][:2]
    value = f"{shown * 1000:.0f} ms, {shown / bare:.2f}×; {shown_mb:.0f} MB, {shown_mb / bare_mb:.2f}×"
    out.append(Row("startup-demo-shown", value, name="起動→シート表示 (5 システムのデモ)"))
    return out


def redraw_rows(folder: Path) -> list[Row]:
    aw, lotr = difficulty_change(folder)
    return [
        Row(i, f"{ms * 1000:.2f} ms", {"ms": ms * 1000})
        for i, ms in (("aw-redraw", aw), ("lotr-redraw", lotr))
    ]


def sheet_edit_rows(folder: Path) -> list[Row]:
    from sheet_edits import bench_sheet_edits  # beside this file (benchmarks/ is on sys.path when run)

    return [
        Row(f"sheet-edit-{system}", f"{ms:.2f} ms", {"ms": ms})
        for system, ms in bench_sheet_edits(folder).items()
    ]


def focus_rows(_folder: Path) -> list[Row]:
    ms = focus_odds_time() * 1000
    return [Row("focus", f"{ms:.2f} ms", {"ms": ms})]


def mtg_odds_rows(_folder: Path) -> list[Row]:
    from mtg_odds import bench_odds  # beside this file (benchmarks/ is on sys.path when run)

    out = []
    for row_id, (name, ms) in zip(("mtg-odds-60", "mtg-odds-250"), bench_odds().items(), strict=True):
        label = f"MTG 全6色×難易度−1〜12×ブースト有無, {name}"
        out.append(Row(row_id, f"{ms:.2f} ms", {"ms": ms}, name=label))
    return out


def mtg_import_rows(_folder: Path) -> list[Row]:
    from mtg_import import bench_import

    cards = bench_import()
    label = f"MTG カード読み込み AtomicCards形式 3万枚 {cards['file_mb']:.0f} MB (中央値/3回)"
    return [
        Row("mtg-import", f"{cards['seconds']:.2f} s", name=label),
        Row(
            "mtg-import-memory",
            f"{cards['peak_mb']:.0f} MB",
            name="MTG カード読み込みのピークメモリ (子プロセスの VmHWM)",
            note=f"読み込みなしで {cards['baseline_mb']:.0f} MB",
        ),
    ]


def card_db_rows(_folder: Path) -> list[Row]:
    from card_database import bench_card_database

    db = bench_card_database()
    return [
        Row(
            "card-db-size",
            f"{db['size_mb']:.2f} MB",
            {"MB": db["size_mb"]},
            f"MTG 同梱カードDB {db['cards']:.0f} 枚 (xz)",
        ),
        Row(
            "card-db-first",
            f"{db['first_open_s']:.2f} s",
            name="MTG 同梱カードDB 初回起動のキャッシュ作成 (中央値/3回)",
        ),
        Row(
            "card-db-later",
            f"{db['later_open_s'] * 1000:.0f} ms",
            name="MTG 同梱カードDB 2回目以降を開く (中央値/3回)",
        ),
        Row(
            "card-db-resolve",
            f"{db['resolve_ms']:.2f} ms",
            name="MTG 60枚のデッキリストを解決 (中央値/20回)",
            note=f"未解決 {db['unresolved']:.0f} 行",
        ),
    ]


def battle_rows(_folder: Path) -> list[Row]:
    from battle_turns import PARTICIPANTS, bench_engine_next_turn, bench_model_next_turn
    from lotr_battle import bench_battle_odds

    engine, model, chain = bench_engine_next_turn(), bench_model_next_turn(), bench_battle_odds()
    return [
        Row(
            "turn-engine",
            f"{engine:.2f} ms",
            {"ms": engine},
            f"戦闘トラッカー 次の手番 {PARTICIPANTS}人, エンジン (中央値)",
        ),
        Row(
            "turn-model",
            f"{model:.2f} ms",
            {"ms": model},
            f"戦闘トラッカー 次の手番 {PARTICIPANTS}人, 保存・ログ・元に戻す込み (中央値/100回)",
        ),
        Row("lotr-war", f"{chain:.2f} ms", {"ms": chain}),
    ]


def lotr_rules_rows(_folder: Path) -> list[Row]:
    from lotr_rules import SKILLS, bench_rules

    out = []
    for row_id, what, seconds in zip(
        ("lotr-rules-tables", "lotr-rules-checks"), ("表の読み込み", "判定の一覧"), bench_rules(), strict=True
    ):
        name = f"LotR ハウスルール {SKILLS} 技能: {what} (中央値/5回)"
        out.append(Row(row_id, f"{seconds * 1000:.0f} ms", {"ms": seconds * 1000}, name))
    return out


def package_rows(_folder: Path) -> list[Row]:
    from package_startup import bench_package_startup

    package = bench_package_startup()  # None until `make package` has built dist/gmtool
    if package is None:
        return []
    value = f"{package['packaged_s'] * 1000:.0f} ms"
    name = "起動→ウィンドウ表示 (パッケージ版, 中央値/5回)"
    return [Row("package", value, name=name, note=f"dist/gmtool {package['size_mb']:.0f} MiB")]


def log_start_rows(folder: Path) -> list[Row]:
    from log_scale import bench_open, open_rows

    return open_rows(bench_open(folder))


def roll_rows(folder: Path) -> list[Row]:
    from log_scale import bench_roll, roll_rows

    return roll_rows(bench_roll(folder))


def log_scan_rows(folder: Path) -> list[Row]:
    from log_scale import bench_filter, filter_rows

    return filter_rows(bench_filter(folder))


# What `--only` names: each section measures its rows at once (one start-up series, one window...).
SECTIONS: dict[str, Callable[[Path], list[Row]]] = {
    "startup": startup_rows,
    "redraw": redraw_rows,
    "roll": roll_rows,
    "sheet": sheet_edit_rows,
    "log-start": log_start_rows,
    "log-scan": log_scan_rows,
    "focus": focus_rows,
    "mtg-odds": mtg_odds_rows,
    "mtg-import": mtg_import_rows,
    "card-db": card_db_rows,
    "battle": battle_rows,
    "lotr-rules": lotr_rules_rows,
    "package": package_rows,
}


def parse_arguments(argv: list[str]) -> list[str]:
    """The sections to run, in the suite's order: all, or those `--only a,b` names."""
    parser = argparse.ArgumentParser(description="gmtool's performance suite (make bench)")
    parser.add_argument(
        "--only",
        metavar="SECTION,…",
        help=f"run only these sections: {', '.join(SECTIONS)}",
    )
    parser.add_argument("legacy", nargs="?", choices=["startup"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.legacy:  # `run.py startup`, as before --only
        return ["startup"]
    if not args.only:
        return list(SECTIONS)
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    return [name for name in SECTIONS if name in wanted]


def main(argv: list[str]) -> int:
    sections = parse_arguments(argv)
    rows: list[Row] = []
    for name in sections:
        with tempfile.TemporaryDirectory(prefix=f"gmtool-bench-{name}-") as tmp:
            rows += SECTIONS[name](Path(tmp))
    print(table(rows))
    # Other work on the machine slows every figure: the load beside them says how quiet it was.
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n{os.cpu_count()} CPU, load average (1, 5, 15 min) at the end: {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
