"""The type checker's settings (`make lint`, `[tool.mypy]` in pyproject.toml): strict everywhere but
for a list of modules that only shrinks, and never for the engine or the store."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mypy() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def _not_strict() -> list[str]:
    relaxed = [o for o in _mypy().get("overrides", []) if o.get("disallow_untyped_defs") is False]
    return [module for override in relaxed for module in override["module"]]


def test_the_checker_is_strict_by_default():
    assert _mypy()["strict"] is True


def test_the_engine_and_the_store_are_never_exempt_from_strict():
    exempt = [m for m in _not_strict() if m.startswith(("gmtool.rules", "gmtool.store"))]
    assert exempt == []


def test_no_module_is_exempt_from_strict():
    """The list of modules on mypy's default settings has shrunk to nothing: it stays so."""
    assert _not_strict() == []


def test_each_exempt_module_exists():
    """A module that was split or renamed leaves the list instead of lingering in it."""
    for module in _not_strict():
        path = ROOT / module.replace(".", "/")
        assert path.with_suffix(".py").exists() or (path / "__init__.py").exists(), module
