"""Where the start-up goes: each step from process start to 'gmtool-ready', timed inside the real
start (`python -m gmtool --startup-marker CAMPAIGN`), median of RUNS, with the peak memory after it.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/startup_steps.py [RUNS]

The child process wraps a few functions once their modules are imported (an import hook: nothing is
imported earlier than gmtool imports it, so the order of the start — the campaign opened before Qt —
is the real one) and writes each step's span; the parent interleaves the bare window's start
(benchmarks/bare_window.py) so the two see the same load.  The steps:

- python: process spawn → the child's first line (the interpreter and site);
- gmtool imports before open: → `Campaign.open` (the store, the app's start helpers);
- campaign open: `Campaign.open`, of which "validation" is `check_campaign` (each character through
  its system's pydantic model: the system's character modules are imported there);
- Qt up: → `MainWindow.__init__` (PySide6, QApplication, translations, theme);
- main window: `MainWindow.__init__` (menus, character list, log, the first sheet);
- first paint: → 'gmtool-shown';
- panel: `_build_shown_panel`, of which "pyqtgraph import" and "other imports" (the panel's
  modules), the rest being its widgets, plots and first computation;
- dice box: `_build_dice_box`;
- to ready: the rest, → 'gmtool-ready'.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
SPANS: dict[str, float] = {}  # step → seconds (the child's)
MARKS: dict[str, tuple[float, float]] = {}  # mark → (seconds since spawn, peak MB then)


def peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def mark(name: str) -> None:
    MARKS[name] = (time.time() - float(os.environ["GMTOOL_STEPS_SPAWN"]), peak_mb())


def timed(name: str, function: Callable[..., Any], *, first_only: bool = True) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            if not (first_only and name in SPANS):
                SPANS[name] = SPANS.get(name, 0.0) + time.perf_counter() - start
                mark(f"after {name}")

    return wrapper


def patch(module: Any) -> None:
    """The wrappers, put on a module as soon as it is imported."""
    name = module.__name__
    if name == "gmtool.store.campaign":
        module.Campaign._open_checked = classmethod(
            timed("campaign open", module.Campaign._open_checked.__func__)
        )
        module.check_campaign = timed("validation", module.check_campaign)
    elif name == "gmtool.app.main_window":
        window = module.MainWindow
        original_init = window.__init__

        def init(self: Any, *args: Any, **kwargs: Any) -> None:
            mark("main window start")
            timed("main window", original_init)(self, *args, **kwargs)

        window.__init__ = init
        window._build_shown_panel = timed("panel", window._build_shown_panel)
        window._build_dice_box = timed("dice box", window._build_dice_box)
    elif name == "gmtool.app.system_hooks":
        module.import_module = timed("panel imports", module.import_module, first_only=False)


class PatchingFinder(importlib.abc.MetaPathFinder):
    """Wraps each found module's loader so `patch` runs right after the module is executed, and
    times pyqtgraph's import."""

    WATCHED = ("gmtool.store.campaign", "gmtool.app.main_window", "gmtool.app.system_hooks", "pyqtgraph")

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname not in self.WATCHED:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        original = loader.exec_module

        def exec_module(module: Any) -> None:
            start = time.perf_counter()
            original(module)
            if fullname == "pyqtgraph":
                SPANS["pyqtgraph import"] = time.perf_counter() - start
            patch(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


class LineTimes:
    """stdout that notes when the 'gmtool-…' lines are written."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        for word in ("gmtool-shown", "gmtool-ready"):
            if text.startswith(word):
                mark(word)
        return int(self.stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def child(campaign: str, out: str) -> int:
    mark("python")

    sys.meta_path.insert(0, PatchingFinder())
    sys.stdout = LineTimes(sys.stdout)
    from gmtool.app.main import main

    code = main(["--startup-marker", campaign])
    Path(out).write_text(json.dumps({"spans": SPANS, "marks": MARKS}))
    return code


def steps(result: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """step → (ms, peak MB after it), in the start's order."""
    spans, marks = result["spans"], result["marks"]

    def at(name: str) -> float:
        return float(marks[name][0])

    panel_imports = spans.get("panel imports", 0.0)
    pyqtgraph = spans.get("pyqtgraph import", 0.0)
    open_start = at("after campaign open") - spans["campaign open"]
    init_end = at("after main window")
    rows = {
        "python": (at("python"), marks["python"][1]),
        "gmtool imports before open": (open_start - at("python"), 0.0),
        "campaign open": (spans["campaign open"], marks["after campaign open"][1]),
        "  of which validation": (spans.get("validation", 0.0), 0.0),
        "Qt up (imports, app, theme)": (
            at("main window start") - at("after campaign open"),
            marks["main window start"][1],
        ),
        "main window (menus, list, log, sheet)": (spans["main window"], marks["after main window"][1]),
        "first paint → shown": (at("gmtool-shown") - init_end, marks["gmtool-shown"][1]),
        "panel (first system's)": (spans.get("panel", 0.0), marks.get("after panel", (0, 0))[1]),
        "  of which pyqtgraph import": (pyqtgraph, 0.0),
        "  of which other imports": (panel_imports - pyqtgraph, 0.0),
        "  of which widgets, plots, first computation": (spans.get("panel", 0.0) - panel_imports, 0.0),
        "dice box": (spans.get("dice box", 0.0), marks.get("after dice box", (0, 0))[1]),
        "to ready (the rest)": (
            at("gmtool-ready") - at("gmtool-shown") - spans.get("panel", 0) - spans.get("dice box", 0),
            0.0,
        ),
        "total → ready": (at("gmtool-ready"), marks["gmtool-ready"][1]),
    }
    return {k: (v[0] * 1000, v[1]) for k, v in rows.items()}


def run_once(campaign: Path, folder: Path) -> dict[str, tuple[float, float]]:
    out = folder / "steps.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GMTOOL_STEPS_SPAWN": f"{time.time():.6f}"}
    command = [sys.executable, __file__, "child", str(campaign), str(out)]
    subprocess.run(
        command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return steps(json.loads(out.read_text()))


def main(runs: int) -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from run import one_system_campaign, time_until_shown

    from gmtool.app.demo import create_demo_campaign

    with tempfile.TemporaryDirectory(prefix="gmtool-steps-") as tmp:
        folder = Path(tmp)
        five = folder / "five.gmcampaign"
        create_demo_campaign(five).close()
        one = folder / "one.gmcampaign"
        one_system_campaign(five, one)
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as benchmarks/run.py: from .pyc files
        os.environ["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        bare = [sys.executable, str(ROOT / "benchmarks" / "bare_window.py")]
        campaigns = {"one system": one, "five-system demo": five}
        for path in campaigns.values():
            run_once(path, folder)  # warm-up: the .pyc files and the OS cache
        time_until_shown(bare)
        samples: dict[str, list[dict[str, tuple[float, float]]]] = {name: [] for name in campaigns}
        bare_samples = []
        for _ in range(runs):
            for name, path in campaigns.items():
                samples[name].append(run_once(path, folder))
            bare_samples.append(time_until_shown(bare)[:2])
    bare_ms = statistics.median(s for s, _ in bare_samples) * 1000
    bare_mb = statistics.median(mb for _, mb in bare_samples)
    print(f"bare window: {bare_ms:.0f} ms, {bare_mb:.0f} MB (median of {runs}, same run)")
    for name, runs_ in samples.items():
        print(f"\n{name} (median of {runs}): step, ms, peak MB after it")
        for step in runs_[0]:
            ms = statistics.median(r[step][0] for r in runs_)
            mb = statistics.median(r[step][1] for r in runs_)
            print(f"  {step:<46}{ms:8.0f} ms" + (f"  {mb:6.0f} MB" if mb else ""))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        sys.exit(child(sys.argv[2], sys.argv[3]))
    sys.exit(main(int(sys.argv[1]) if sys.argv[1:] else RUNS))
