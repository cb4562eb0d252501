"""gmtool's own import-linter contract type (`make lint`, `[tool.importlinter]` in pyproject.toml).

``engine-values-only``: views show and ask (DESIGN.md), so of the engine they may import only the
modules that declare value types — the dataclasses, enums and constants a model hands them — never
a module whose functions compute odds, derived values, checks or limits.  import-linter's own
``forbidden`` contract cannot say "all of the engine but these"; this one can.  Which modules are
value modules is listed in the contract (and in docs/architecture.md);
`tests/test_import_contracts.py` checks that each listed module defines no public function.
"""

from __future__ import annotations

from typing import Any

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output
from importlinter.application import contract_utils


class EngineValuesOnlyContract(Contract):
    """Modules under `source_modules` import from the `engine` package only its `value_modules`."""

    type_name = "engine-values-only"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    engine = fields.ModuleField()
    value_modules = fields.ListField(subfield=fields.ModuleField())
    ignore_imports = fields.SetField(subfield=fields.ImportExpressionField(), required=False)
    unmatched_ignore_imports_alerting = fields.EnumField(
        contract_utils.AlertLevel, default=contract_utils.AlertLevel.ERROR
    )

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        removal = contract_utils.remove_ignored_imports_and_report(
            graph=graph,
            ignore_imports=self.ignore_imports,  # type: ignore[arg-type]
            unmatched_alerting=self.unmatched_ignore_imports_alerting,  # type: ignore[arg-type]
        )
        engine: str = self.engine.name  # type: ignore[attr-defined]
        allowed = {module.name for module in self.value_modules}  # type: ignore[attr-defined]
        illegal = engine_imports_outside(graph, self._sources(graph), engine, allowed)
        return ContractCheck(
            kept=not illegal,
            warnings=list(removal.warnings),
            ignored_import_count=removal.ignored_import_count,
            metadata={"illegal": illegal},
        )

    def _sources(self, graph: ImportGraph) -> set[str]:
        sources: set[str] = set()
        for module in self.source_modules:  # type: ignore[attr-defined]
            sources.add(module.name)
            sources.update(graph.find_descendants(module.name))
        return sources

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error("Views import engine modules that are not value modules:", bold=False)
        output.new_line()
        for importer, imported, lines in check.metadata["illegal"]:
            output.print_error(f"- {importer} -> {imported} (l.{', '.join(map(str, lines))})", bold=False)
        output.new_line()
        output.print(
            "Ask the view's model for the value (or move the value type into a value module and list "
            "it under value_modules)."
        )


def engine_imports_outside(
    graph: ImportGraph, sources: set[str], engine: str, allowed: set[str]
) -> list[tuple[str, str, tuple[Any, ...]]]:
    """Each (importer, imported, line numbers) where a source module imports an engine module that
    is not allowed, sorted."""
    found = []
    for importer in sorted(sources):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            in_engine = imported == engine or imported.startswith(engine + ".")
            if not in_engine or imported in allowed:
                continue
            details = graph.get_import_details(importer=importer, imported=imported)
            found.append((importer, imported, tuple(d["line_number"] for d in details)))
    return found
