"""Start-up of the packaged app (`make package` → dist/gmtool/): process start → main window shown,
median of 5, beside `python -m gmtool` from the source tree in the same run, and the folder's size.

Run alone: `QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/package_startup.py`
(or call bench_package_startup() from benchmarks/run.py, as its siblings are).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from run import ROOT, RUNS, time_until_shown  # beside this file (benchmarks/ is on sys.path when run)

APP_DIR = ROOT / "dist" / "gmtool"
BINARY = APP_DIR / ("gmtool.exe" if sys.platform == "win32" else "gmtool")


def folder_size_mb(folder: Path) -> float:
    """Disk usage like `du -s` (allocated blocks where the OS tells them), in MiB."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            st = os.lstat(os.path.join(dirpath, name))
            total += st.st_blocks * 512 if hasattr(st, "st_blocks") else st.st_size
    return total / 2**20


def bench_package_startup() -> dict[str, float] | None:
    """Median seconds to the shown window, packaged and from source; None when not built."""
    if not BINARY.exists():
        return None
    from gmtool.app.demo import create_demo_campaign

    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp:
        campaign = Path(tmp) / "bench.gmcampaign"
        create_demo_campaign(campaign).close()
        packaged = [str(BINARY), "--startup-marker", str(campaign)]
        source = [sys.executable, "-m", "gmtool", "--startup-marker", str(campaign)]
        time_until_shown(packaged)  # warm the OS file cache, as a user's second start would be
        time_until_shown(source)
        packaged_times, source_times = [], []
        for _ in range(RUNS):  # interleaved so both see the same machine load
            packaged_times.append(time_until_shown(packaged)[0])
            source_times.append(time_until_shown(source)[0])
    return {
        "packaged_s": statistics.median(packaged_times),
        "source_s": statistics.median(source_times),
        "size_mb": folder_size_mb(APP_DIR),
    }


def main() -> int:
    result = bench_package_startup()
    if result is None:
        print(f"{BINARY.relative_to(ROOT)} がありません。先に `make package` を実行してください。")
        return 1
    packaged, source = result["packaged_s"] * 1000, result["source_s"] * 1000
    print(f"起動→メインウィンドウ表示 (パッケージ版, 中央値/{RUNS}回)  {packaged:.0f} ms")
    print(f"起動→メインウィンドウ表示 (python -m gmtool, 中央値/{RUNS}回)  {source:.0f} ms")
    print(f"dist/gmtool の大きさ  {result['size_mb']:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
