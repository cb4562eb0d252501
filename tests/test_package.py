"""The packaged app (`make package` → dist/gmtool/): it starts, finds its resources, and agrees
with the source tree. Skipped until the package has been built; CI builds it before `make test`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_DIR = ROOT / "dist" / "gmtool"
BINARY = APP_DIR / ("gmtool.exe" if sys.platform == "win32" else "gmtool")

pytestmark = [
    pytest.mark.package,
    pytest.mark.skipif(
        not BINARY.exists(), reason=f"{BINARY.relative_to(ROOT)} が未作成です（`make package` で作られます）"
    ),
]


def run_app(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    # Run from elsewhere: the bundle must not lean on the checkout's resources/ or gmtool/.
    return subprocess.run(
        [str(BINARY), *args], cwd=APP_DIR.parent, env=env, capture_output=True, text=True, timeout=timeout
    )


def run_source(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gmtool", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def files_under(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}


def read_at_run_time(relative: Path) -> bool:
    """All of resources/ but the translation sources: of i18n/ the compiled *.qm and the engine
    messages' English."""
    return relative.parts[0] != "i18n" or relative.suffix == ".qm" or relative.name == "messages_en.json"


def test_self_test_opens_the_demo_and_rolls_once() -> None:
    result = run_app("--self-test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "gmtool self-test: OK" in result.stdout, result.stdout + result.stderr


def test_the_bundle_knows_its_version() -> None:
    """The bundle carries gmtool's package metadata (packaging/gmtool.spec copies it): `--version`
    says pyproject.toml's version, as from the source."""
    packaged = run_app("--version")
    assert packaged.returncode == 0, packaged.stderr
    assert packaged.stdout == run_source("--version").stdout
    assert re.fullmatch(r"gmtool \d+\.\d+\.\d+\S*\n", packaged.stdout), packaged.stdout


def test_the_bundle_holds_no_developer_tool() -> None:
    """The venv it is built from holds the lock's test and lint tools too (Makefile .venv/.runtime),
    some reached through optional imports (pydantic's mypy plugin): the compiled ones, which would
    show as folders beside the app's, are not in the bundle (the spec's dev_tool_excludes)."""
    internal = {p.name.split("-")[0] for p in (BINARY.parent / "_internal").iterdir()}
    compiled_tools = {
        "mypy",
        "librt",
        "ast_serialize",
        "charset_normalizer",
        "pypdfium2",
        "rpds",
        "lxml",
        "grimp",
    }
    assert not internal & compiled_tools


def test_rule_tables_load_inside_the_bundle_and_agree_with_the_source() -> None:
    args = ("prob", "lotr", "--bonus", "3", "--tn", "12", "--json")  # reads resources/rules/lotr/*.toml
    packaged = run_app(*args)
    assert packaged.returncode == 0, packaged.stderr
    source = run_source(*args)
    assert source.returncode == 0, source.stderr
    assert json.loads(packaged.stdout) == json.loads(source.stdout)


def test_every_system_loaded_by_name_is_in_the_bundle() -> None:
    """The system registries import each system by name on first use, which PyInstaller's scan
    cannot follow (packaging/gmtool.spec lists every gmtool module): `prob --help` loads every
    system's subcommands through the registry, in the bundle as from the source."""
    packaged = run_app("prob", "--help")
    assert packaged.returncode == 0, packaged.stderr
    source = run_source("prob", "--help")
    assert packaged.stdout == source.stdout
    for kind in ("aw-focus", "fourcard-compare", "lotr-battle", "sengensho", "mtg"):
        assert kind in packaged.stdout


def test_every_shipped_resource_is_in_the_bundle() -> None:
    bundled = BINARY.parent / "_internal" / "resources"  # sys._MEIPASS/resources, one-folder layout
    shipped = {p for p in files_under(ROOT / "resources") if read_at_run_time(p)}
    missing = sorted(str(p) for p in shipped - files_under(bundled))
    assert not missing, f"`make package` をやり直してください。バンドルにないリソース: {missing}"


def test_every_qt_module_gmtool_imports_is_in_the_bundle() -> None:
    # Some are imported only when a menu is used (QtPrintSupport for PDF sheets): the self-test
    # would not notice one that packaging/gmtool.spec leaves out.
    pattern = re.compile(r"PySide6\.(Qt\w+)|from PySide6 import ([\w, ]+)")
    used = set()
    for source in (ROOT / "gmtool").rglob("*.py"):
        for dotted, listed in pattern.findall(source.read_text(encoding="utf-8")):
            used.update([dotted] if dotted else [n.strip() for n in listed.split(",") if n.strip()])
    bundled_dir = BINARY.parent / "_internal" / "PySide6"
    missing = sorted(m for m in used if m.startswith("Qt") and not any(bundled_dir.glob(f"{m}.*")))
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    assert not missing, f"packaging/gmtool.spec の excludes から外してください: {missing}"
