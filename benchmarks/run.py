"""The performance suite (`make bench`): prints a table; nothing here is a pass/fail test.

- start-up: process start → main window shown with the first character's sheet, and its peak
  memory, median of 5, for a campaign of one system and for the five-system demo, beside a bare
  PySide6 + pyqtgraph window measured in the same run (targets for one system: time ≤ 1.3×,
  memory ≤ 1.15× the bare window's); then → the judgement panel and the dice box built too (the
  window builds them once it has painted), with the peak memory then.  gmtool's own modules run
  from their .pyc files (written by the warm-up run), as an installed gmtool's and the bare
  window's PySide6 and pyqtgraph do, even where PYTHONDONTWRITEBYTECODE is set;
- difficulty change → probabilities recomputed and both plots redrawn
  (target median ≤ 16 ms), on the AW panel and on the LotR panel (TN change:
  seven exact degrees at every TN of the stacked plot, the exploding tail in
  closed form, caches cleared each time so nothing is reused);
- the exact P(success) of an Another Focus: 6 participants × 10 rounds at difficulty 200
  (target median ≤ 50 ms, the roll kernels' cache cleared each time);
- the MTG odds: six colors × 難易度 −1…12, with and without boost, for a 60-card and a 250-card
  deck (targets ≤ 20 ms and ≤ 100 ms median; benchmarks/mtg_odds.py);
- the bundled card database: its size, the first start's cache build, a 60-card list's resolve
  (benchmarks/card_database.py);
- the MTG card import: an AtomicCards-shaped file of 30 000 fictional cards into a fresh card cache,
  median of 3, and the importing process's peak memory (benchmarks/mtg_import.py);
- the combat tracker's next turn with 200 participants, the engine alone and through the model
  (stored, logged, undoable) (target ≤ 5 ms median; benchmarks/battle_turns.py);
- the LotR mass battle chain for all 7 start positions, uncached (target ≤ 5 ms;
  benchmarks/lotr_battle.py);
- a LotR house rule of 20 000 skills: the tables from the document and one character's check list
  (linear in the skills; benchmarks/lotr_rules.py);
- a long session log: process start → window shown for 300 characters with 10 000 and 200 000 log
  lines beside an empty campaign (targets +0.3 s, +1 s and +50 MB), and a roll with 300 characters
  in the main window, the AW 判定 button and the dice box (target ≤ 16 ms; benchmarks/log_scale.py);
- when `make package` has built it, the packaged app's start-up (median of 5) and its size
  (benchmarks/package_startup.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
    from gmtool.rules.systems.lotr import checks

    lotr = next(s for s in window.campaign_model.characters() if s.system == "lotr")  # type: ignore[attr-defined]
    window.select_character(lotr.id)  # type: ignore[attr-defined]
    app.processEvents()  # type: ignore[attr-defined]
    view = window.panel_view("lotr")  # type: ignore[attr-defined]
    samples = []
    for i in range(repeats):
        checks.roll_distribution.cache_clear()  # measure the computation, not the cache
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


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp:
        tmp_path = Path(tmp)
        from gmtool.app.demo import create_demo_campaign

        campaign_path = tmp_path / "bench.gmcampaign"
        create_demo_campaign(campaign_path).close()
        one_system = tmp_path / "one-system.gmcampaign"
        one_system_campaign(campaign_path, one_system)
        times = startup({"five": campaign_path, "one": one_system}, tmp_path / "pycache")
        gm, gm_mb, gm_ready, gm_ready_mb = times["one"]
        gm_all, gm_all_mb, gm_all_ready, gm_all_ready_mb = times["five"]
        bare, bare_mb = times["bare"][:2]
        change, lotr_change = difficulty_change(tmp_path / "inproc")
    focus = focus_odds_time()
    from mtg_odds import bench_odds  # beside this file (benchmarks/ is on sys.path when run)

    mtg = bench_odds()
    from mtg_import import bench_import

    cards = bench_import()
    from card_database import bench_card_database

    bundled = bench_card_database()
    from battle_turns import PARTICIPANTS, bench_engine_next_turn, bench_model_next_turn
    from lotr_battle import bench_battle_odds

    turn_engine, turn_model = bench_engine_next_turn(), bench_model_next_turn()
    chain = bench_battle_odds()
    from lotr_rules import SKILLS, bench_rules

    rules_load, rules_kinds = bench_rules()
    from package_startup import bench_package_startup

    package = bench_package_startup()  # None until `make package` has built dist/gmtool
    from log_scale import bench_log_scale, rows as log_rows

    log_scale = bench_log_scale()
    rows = [
        ("起動→メインウィンドウ表示 (gmtool, 1 システム, 中央値/5回)", f"{gm * 1000:.0f} ms", ""),
        ("起動→ウィンドウ表示 (素の PySide6+pyqtgraph)", f"{bare * 1000:.0f} ms", ""),
        ("起動時間の比", f"{gm / bare:.2f}×", "目標 ≤ 1.3×"),
        ("起動時のピークメモリ (gmtool / 素のウィンドウ)", f"{gm_mb:.0f} MB", f"{bare_mb:.0f} MB"),
        ("起動時のメモリの比", f"{gm_mb / bare_mb:.2f}×", "目標 ≤ 1.15×"),
        ("起動→表示 (5 システムのデモキャンペーン)", f"{gm_all * 1000:.0f} ms", f"比 {gm_all / bare:.2f}×"),
        ("起動時のピークメモリ (5 システムのデモ)", f"{gm_all_mb:.0f} MB", f"比 {gm_all_mb / bare_mb:.2f}×"),
        (
            "…判定パネルとダイスボックスまで (1 システム)",
            f"{gm_ready * 1000:.0f} ms",
            f"比 {gm_ready / bare:.2f}×",
        ),
        ("…そのときのピークメモリ (1 システム)", f"{gm_ready_mb:.0f} MB", f"比 {gm_ready_mb / bare_mb:.2f}×"),
        ("…判定パネルまで (5 システム)", f"{gm_all_ready * 1000:.0f} ms", f"比 {gm_all_ready / bare:.2f}×"),
        (
            "…そのときのピークメモリ (5 システム)",
            f"{gm_all_ready_mb:.0f} MB",
            f"比 {gm_all_ready_mb / bare_mb:.2f}×",
        ),
        ("難易度変更→再計算と再描画 (中央値/60回)", f"{change * 1000:.2f} ms", "目標 ≤ 16 ms"),
        ("LotR 目標値変更→再計算と再描画 (中央値/60回)", f"{lotr_change * 1000:.2f} ms", "目標 ≤ 16 ms"),
        ("AF判定の成功率 6人×10ラウンド 難易度200 (中央値/15回)", f"{focus * 1000:.2f} ms", "目標 ≤ 50 ms"),
    ]
    for (name, ms), target in zip(mtg.items(), ("目標 ≤ 20 ms", "目標 ≤ 100 ms"), strict=True):
        rows.append((f"MTG 全6色×難易度−1〜12×ブースト有無, {name}", f"{ms:.2f} ms", target))
    rows.append(
        (
            f"MTG カード読み込み AtomicCards形式 3万枚 {cards['file_mb']:.0f} MB (中央値/3回)",
            f"{cards['seconds']:.2f} s",
            "",
        )
    )
    rows.append(
        (
            "MTG カード読み込みのピークメモリ (子プロセスの VmHWM)",
            f"{cards['peak_mb']:.0f} MB",
            f"読み込みなしで {cards['baseline_mb']:.0f} MB",
        )
    )
    rows += [
        (f"MTG 同梱カードDB {bundled['cards']:.0f} 枚 (xz)", f"{bundled['size_mb']:.2f} MB", "目標 ≤ 5 MB"),
        ("MTG 同梱カードDB 初回起動のキャッシュ作成 (中央値/3回)", f"{bundled['first_open_s']:.2f} s", ""),
        ("MTG 同梱カードDB 2回目以降を開く (中央値/3回)", f"{bundled['later_open_s'] * 1000:.0f} ms", ""),
        (
            "MTG 60枚のデッキリストを解決 (中央値/20回)",
            f"{bundled['resolve_ms']:.2f} ms",
            f"未解決 {bundled['unresolved']:.0f} 行",
        ),
    ]
    rows += [
        (
            f"戦闘トラッカー 次の手番 {PARTICIPANTS}人, エンジン (中央値)",
            f"{turn_engine:.2f} ms",
            "目標 ≤ 5 ms",
        ),
        (
            f"戦闘トラッカー 次の手番 {PARTICIPANTS}人, 保存・ログ・元に戻す込み (中央値/100回)",
            f"{turn_model:.2f} ms",
            "目標 ≤ 5 ms",
        ),
        (
            "LotR 戦争 全7開始位置の勝率と期待時間, キャッシュなし (中央値/25回)",
            f"{chain:.2f} ms",
            "目標 ≤ 5 ms",
        ),
    ]
    for what, seconds in (("表の読み込み", rules_load), ("判定の一覧", rules_kinds)):
        name = f"LotR ハウスルール {SKILLS} 技能: {what} (中央値/5回)"
        rows.append((name, f"{seconds * 1000:.0f} ms", "目標 ≤ 1 s"))
    if package is not None:
        size = f"dist/gmtool {package['size_mb']:.0f} MiB"
        packaged_ms = f"{package['packaged_s'] * 1000:.0f} ms"
        rows.append(("起動→ウィンドウ表示 (パッケージ版, 中央値/5回)", packaged_ms, size))
    rows += log_rows(log_scale)
    width = max(len(r[0]) for r in rows) + 2
    print(f"{'項目':<{width}}{'値':>12}  目標")
    for name, value, target in rows:
        print(f"{name:<{width}}{value:>12}  {target}")
    return 0


def main_startup() -> int:
    """`run.py startup`: only the start-up rows, for working on start-up."""
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp:
        tmp_path = Path(tmp)
        from gmtool.app.demo import create_demo_campaign

        five = tmp_path / "bench.gmcampaign"
        create_demo_campaign(five).close()
        one = tmp_path / "one-system.gmcampaign"
        one_system_campaign(five, one)
        times = startup({"one": one, "five": five}, tmp_path / "pycache")
    bare, bare_mb = times["bare"][:2]
    print(f"bare window: {bare * 1000:.0f} ms, {bare_mb:.0f} MB (median of {RUNS})")
    for name in ("one", "five"):
        shown, shown_mb, ready, ready_mb = times[name]
        for what, seconds, mb in (("shown", shown, shown_mb), ("ready", ready, ready_mb)):
            ratios = f"{seconds / bare:.2f}×, {mb / bare_mb:.2f}×"
            print(f"{name} {what}: {seconds * 1000:.0f} ms, {mb:.0f} MB ({ratios})")
    return 0


if __name__ == "__main__":
    sys.exit(main_startup() if sys.argv[1:] == ["startup"] else main())
