"""The views-engine-values-only contract (tests/import_contracts.py): the modules it lets views
import declare values only, and it catches a view that imports an engine function."""

from __future__ import annotations

import importlib
import inspect
import tomllib
from pathlib import Path

import grimp
import pytest

from tests.import_contracts import engine_imports_outside

ROOT = Path(__file__).resolve().parent.parent


def _contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == "views-engine-values-only")


@pytest.mark.parametrize("module_name", _contract()["value_modules"])
def test_a_value_module_declares_no_function(module_name):
    """A function there would be engine work a view could do: it belongs in a model or the engine."""
    module = importlib.import_module(module_name)
    exported = set(getattr(module, "__all__", ()))
    functions = [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and inspect.isfunction(value)
        and (value.__module__ == module_name or name in exported)
    ]
    assert functions == [], f"{module_name} defines or re-exports functions: {functions}"


def test_the_contract_catches_a_view_importing_an_engine_function():
    graph = grimp.ImportGraph()
    for module in ("app.views", "app.views.sheet", "app.rules", "app.rules.types", "app.rules.odds"):
        graph.add_module(module)
    graph.add_import(importer="app.views.sheet", imported="app.rules.types", line_number=3, line_contents="")
    sources = {"app.views", "app.views.sheet"}
    assert engine_imports_outside(graph, sources, "app.rules", {"app.rules.types"}) == []

    graph.add_import(importer="app.views.sheet", imported="app.rules.odds", line_number=4, line_contents="")
    assert engine_imports_outside(graph, sources, "app.rules", {"app.rules.types"}) == [
        ("app.views.sheet", "app.rules.odds", (4,))
    ]


def test_the_debt_list_only_names_views():
    for expression in _contract().get("ignore_imports", []):
        importer, _, imported = expression.partition(" -> ")
        assert importer.startswith("gmtool.views.") and imported.startswith("gmtool.rules"), expression
