"""The rule engine and the store stay free of the GUI.

gmtool/rules and gmtool/store must not import PySide6, pyqtgraph or the GUI layers
(gmtool.models, gmtool.views, gmtool.app) — statically (every import statement, relative ones
resolved, including imports inside functions and TYPE_CHECKING blocks) and at run time.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gmtool

PACKAGE_ROOT = Path(gmtool.__file__).resolve().parent
PURE_PACKAGES = ("rules", "store")
FORBIDDEN = ("PySide6", "pyqtgraph", "gmtool.models", "gmtool.views", "gmtool.app")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _resolve(module: str | None, level: int, importer: str, is_package: bool) -> str:
    """Absolute name of `from <level dots><module> import …` written in module `importer`."""
    if level == 0:
        return module or ""
    package = importer if is_package else importer.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{module}" if module else package


def imported_modules(source: str, importer: str, is_package: bool = False) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) for every import in `source`, including `from x import y` as x.y."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node.module, node.level, importer, is_package)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}" if base else alias.name
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
            )
        ):
            yield node.lineno, node.args[0].value


def is_forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def violations(source: str, importer: str, is_package: bool = False) -> list[tuple[int, str]]:
    return [(line, m) for line, m in imported_modules(source, importer, is_package) if is_forbidden(m)]


def _pure_sources() -> list[Path]:
    files = []
    for package in PURE_PACKAGES:
        files += sorted((PACKAGE_ROOT / package).rglob("*.py"))
    return files


def test_the_pure_packages_exist_and_have_sources() -> None:
    files = _pure_sources()
    assert (PACKAGE_ROOT / "rules" / "systems" / "aw" / "checks.py") in files
    assert (PACKAGE_ROOT / "store" / "__init__.py") in files


@pytest.mark.parametrize("path", _pure_sources(), ids=lambda p: str(p.relative_to(PACKAGE_ROOT.parent)))
def test_engine_source_imports_no_gui(path: Path) -> None:
    found = violations(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")
    assert not found, f"{path}: GUI imports {found}"


def test_engine_import_loads_no_gui_at_run_time() -> None:
    code = (
        "import sys\n"
        "import gmtool.rules, gmtool.rules.systems, gmtool.rules.dice, gmtool.rules.checks, gmtool.store\n"
        "from gmtool.rules.systems import SYSTEMS\n"
        "SYSTEMS['aw'].new_character()\n"
        f"bad = sorted(m for m in sys.modules if m.startswith({FORBIDDEN!r}))\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PACKAGE_ROOT.parent,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert out.stdout.strip() == "[]", out.stdout


# --- the checker itself --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "importer", "is_package", "expected"),
    [
        ("import PySide6.QtWidgets", "gmtool.rules.x", False, "PySide6.QtWidgets"),
        ("from PySide6 import QtCore", "gmtool.rules.x", False, "PySide6"),
        ("import pyqtgraph as pg", "gmtool.rules.x", False, "pyqtgraph"),
        ("from gmtool.views.check import panel", "gmtool.store", True, "gmtool.views.check"),
        ("from gmtool import app", "gmtool.rules.x", False, "gmtool.app"),
        ("from ....models import thing", "gmtool.rules.systems.aw", True, "gmtool.models"),
        ("from .. import views", "gmtool.rules.checks", False, "gmtool.views"),
        ("def f():\n    import pyqtgraph\n", "gmtool.rules.x", False, "pyqtgraph"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gmtool.app import main\n",
            "gmtool.rules.x",
            False,
            "gmtool.app",
        ),
        (
            "import importlib\nimportlib.import_module('PySide6.QtGui')",
            "gmtool.rules.x",
            False,
            "PySide6.QtGui",
        ),
    ],
)
def test_checker_finds_gui_imports(source: str, importer: str, is_package: bool, expected: str) -> None:
    assert expected in [m for _, m in violations(source, importer, is_package)]


@pytest.mark.parametrize(
    "source",
    [
        "import random\nfrom fractions import Fraction",
        "from gmtool.rules.dice import Distribution",
        "from . import checks",
        "import gmtool.modelsx",  # a prefix is not a package
        "from pydantic import TypeAdapter",
        "x = 'PySide6'",
    ],
)
def test_checker_accepts_engine_imports(source: str) -> None:
    assert violations(source, "gmtool.rules.systems.aw", True) == []
