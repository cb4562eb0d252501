"""Extract the Japanese messages the engine, store and models raise, as translatable templates.

    python packaging/messages_extract.py [resources/i18n/messages_ja.json]

Refusals and problems (``raise BattleRefused(f"{p.name}は…")``, ``_fail(path, f"…")``,
``RuleDataError(…)``) are written in Japanese in ``gmtool/rules``, ``gmtool/store`` and
``gmtool/models``; the engine and the store have no Qt, so they cannot go through ``tr()``, and
lupdate cannot read f-strings anyway.  The views translate them when they are shown
(``gmtool.views.message_catalog.translate_message``), matching the text against these templates.

A template is the message with every ``{expression}`` of the f-string replaced by a numbered
placeholder ``{0}``, ``{1}``… (left to right); literal braces are doubled (``{{``, ``}}``), as in
``str.format``.  Only literals with Japanese in them are kept (English ones need no translation).

Where a message is looked for:
- the exception expression of ``raise`` (``raise X(...)``, ``raise self.fail(...)``, ``raise error``);
- calls of exception classes (``…Error``, ``…Refused``, ``…Blocked``…) and of helpers that raise
  (``_fail``, ``fail``, ``_cannot_read``…) outside a ``raise``;
- a variable given to one of those, when the same function assigns it a message.

Strings inside ``tr()`` / ``QCoreApplication.translate()`` are left out: Qt's catalog has them.
``ui`` is false for exceptions that report a programming error (``NotImplementedError``,
``RuntimeError``, ``AssertionError``, ``KeyError``, ``TypeError``): they are not translated.

The output (a JSON list sorted by template, each with its ``file:line`` sources) is
deterministic; ``tests/test_message_catalog.py`` checks it is up to date.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gmtool/rules", "gmtool/store", "gmtool/models")
DEFAULT_OUTPUT = ROOT / "resources" / "i18n" / "messages_ja.json"

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
EXCEPTION_NAME = re.compile(r"(Error|Refused|Blocked|Exception|TooLarge)$")
HELPERS = frozenset(
    {"_fail", "fail", "_cannot_read", "_refuse_unchanged", "refused", "error", "Problem", "Blocker"}
)
LOCAL_HELPERS = frozenset({"add"})  # a problem list's local ``def add(message)``, called by name
# Module-level tables of messages (str.format templates) used to build problems
MESSAGE_TABLES = {
    "gmtool/store/validation.py": frozenset({"_OBJECT", "_ARRAY", "_MESSAGES", "_JSON_MESSAGES"}),
}
# Messages put together piece by piece (``text += f"（入力: …）"``), which the scan cannot see whole:
# their shapes, by the function that builds them.  Each piece is translated on its own.
COMPOSED = {
    "gmtool/store/validation.py:describe_error": (
        "{0}: {1}",
        "{0}: {1}（入力: {2}）",
        "文字列が長すぎます（最大 {0} 文字、入力 {1} 文字）",
        "（全体）",
    ),
    "gmtool/store/validation.py:format_validation_error": (
        "{0}: 内容が正しくありません",
        "{0}（ほか {1} 件）",
    ),
}
NOT_UI = frozenset({"NotImplementedError", "RuntimeError", "AssertionError", "KeyError", "TypeError"})
TRANSLATED = frozenset({"tr", "_tr", "_t", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"})
FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


class _Template:
    """A message being built: literal text (braces doubled) and placeholder count."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.count = 0

    def literal(self, text: str) -> None:
        self.parts.append(_escape(text))

    def hole(self) -> None:
        self.parts.append("{" + str(self.count) + "}")
        self.count += 1

    def text(self) -> str:
        return "".join(self.parts)


def _is_stringy(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_stringy(node.left) or _is_stringy(node.right)
    return _is_format_call(node)


def _is_format_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
    )


def _build(node: ast.AST, out: _Template) -> None:
    """Append *node* (a string expression) to the template; anything not literal is a hole."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        out.literal(node.value)
    elif isinstance(node, ast.JoinedStr):
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out.literal(value.value)
            else:
                out.hole()
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _is_stringy(node):
        _build(node.left, out)
        _build(node.right, out)
    elif _is_format_call(node):
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        assert isinstance(node.func.value, ast.Constant)
        source = node.func.value.value
        position = 0
        for match in FORMAT_FIELD.finditer(source):
            out.literal(source[position : match.start()])
            field = match.group()
            if field == "{{":
                out.literal("{")
            elif field == "}}":
                out.literal("}")
            else:
                out.hole()
            position = match.end()
        out.literal(source[position:])
    else:
        out.hole()


def _renumber(start: str, ending: str) -> str:
    """*start* followed by *ending*, the ending's placeholders numbered after the start's."""
    offset = len(re.findall(r"(?<!\{)\{\d+\}", start))
    return start + re.sub(r"(?<!\{)\{(\d+)\}", lambda m: "{" + str(int(m.group(1)) + offset) + "}", ending)


def _messages_in(node: ast.AST) -> list[tuple[str, int]]:
    """The Japanese message templates in an expression (both branches of ``a if c else b``…)."""
    found: list[tuple[str, int]] = []

    def visit(n: ast.AST) -> None:
        if _is_stringy(n):
            template = _Template()
            _build(n, template)
            text = template.text()
            if JAPANESE.search(text):
                found.append((text, n.lineno))
            # values embedded in a message may hold messages of their own (rare: "a" if x else "b")
            for child in ast.walk(n):
                if child is not n and isinstance(child, ast.IfExp):
                    visit(child.body)
                    visit(child.orelse)
            return
        if isinstance(n, ast.Lambda) or (isinstance(n, ast.Call) and _call_name(n) in TRANSLATED):
            return  # tr("…") in the models: Qt's catalog (resources/i18n/en/*.json) translates it
        for child in ast.iter_child_nodes(n):
            visit(child)

    visit(node)
    return found


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_message_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name) and node.func.id in LOCAL_HELPERS:
        return True
    if isinstance(node.func, ast.Attribute) and node.func.attr == "append":
        owner = node.func.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        return bool(re.search(r"problem|error|reason", name))
    name = _call_name(node)
    return name is not None and (name in HELPERS or bool(EXCEPTION_NAME.search(name)))


def _format_template(source: str) -> str:
    """A str.format template (named or numbered fields) with numbered placeholders."""
    out = _Template()
    _build(ast.Call(func=ast.Attribute(value=ast.Constant(source), attr="format"), args=[], keywords=[]), out)
    return out.text()


def _table_messages(tree: ast.Module, names: frozenset[str]) -> list[tuple[str, int]]:
    found = []
    for stmt in tree.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) else getattr(stmt, "target", None)
        if not isinstance(target, ast.Name) or target.id not in names or stmt.value is None:
            continue
        for node in ast.walk(stmt.value):
            if isinstance(node, ast.Dict):
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and JAPANESE.search(node.value):
                found.append((_format_template(node.value), node.lineno))
    return found


class _Collector(ast.NodeVisitor):
    def __init__(self, where: str) -> None:
        self.where = where
        self.found: list[tuple[str, str, bool]] = []  # (template, file:line, ui)
        self.scopes: list[ast.AST] = []

    def _add(self, node: ast.AST, ui: bool) -> None:
        for text, line in _messages_in(node):
            self.found.append((text, f"{self.where}:{line}", ui))
        # a variable holding the message: its assignments in the same function
        names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        if names and self.scopes:
            # message = f"…" (then perhaps message += "…"): each start, with and without each ending
            starts: list[tuple[str, int]] = []
            endings: list[tuple[str, int]] = []
            for stmt in ast.walk(self.scopes[-1]):
                if isinstance(stmt, ast.Assign):
                    targets = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
                elif isinstance(stmt, ast.AnnAssign | ast.AugAssign) and isinstance(stmt.target, ast.Name):
                    targets = [stmt.target.id]
                else:
                    continue
                if stmt.value is not None and names.intersection(targets):
                    found = _messages_in(stmt.value)
                    (endings if isinstance(stmt, ast.AugAssign) else starts).extend(found)
            for text, line in starts:
                self.found.append((text, f"{self.where}:{line}", ui))
                for ending, _ in endings:
                    self.found.append((_renumber(text, ending), f"{self.where}:{line}", ui))

    def _scoped(self, node: ast.AST) -> None:
        self.scopes.append(node)
        self.generic_visit(node)
        self.scopes.pop()

    visit_FunctionDef = _scoped
    visit_AsyncFunctionDef = _scoped

    def visit_Raise(self, node: ast.Raise) -> None:
        if node.exc is not None:
            self._add(node.exc, ui=_call_name(node.exc) not in NOT_UI)
        # the raised call itself is handled here; do not count it again as a message call
        for child in ast.iter_child_nodes(node.exc) if node.exc is not None else ():
            self.visit(child)

    def visit_Call(self, node: ast.Call) -> None:
        if _is_message_call(node):
            args: list[ast.AST] = [*node.args, *(k.value for k in node.keywords)]
            for arg in args:
                self._add(arg, ui=_call_name(node) not in NOT_UI)
        self.generic_visit(node)


def _source_order(source: str) -> tuple[str, int, str]:
    path, _, line = source.rpartition(":")
    return (path, int(line), "") if line.isdigit() else (path, 0, line)


def extract(root: Path = ROOT) -> list[dict[str, object]]:
    merged: dict[str, dict[str, object]] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            collector = _Collector(relative)
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
            collector.visit(tree)
            for text, line in _table_messages(tree, MESSAGE_TABLES.get(relative, frozenset())):
                collector.found.append((text, f"{relative}:{line}", True))
            for text, where, ui in collector.found:
                entry = merged.setdefault(text, {"template": text, "ui": False, "sources": []})
                entry["ui"] = bool(entry["ui"]) or ui
                sources = entry["sources"]
                assert isinstance(sources, list)
                if where not in sources:
                    sources.append(where)
    for where, templates in COMPOSED.items():
        for text in templates:
            entry = merged.setdefault(text, {"template": text, "ui": True, "sources": []})
            entry["ui"] = True
            sources = entry["sources"]
            assert isinstance(sources, list)
            sources.append(where)
    for entry in merged.values():
        sources = entry["sources"]
        assert isinstance(sources, list)
        sources.sort(key=_source_order)
    return [merged[key] for key in sorted(merged)]


def dump(entries: list[dict[str, object]]) -> str:
    return json.dumps(entries, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", nargs="?", default=str(DEFAULT_OUTPUT))
    args = parser.parse_args(argv)
    entries = extract()
    Path(args.output).write_text(dump(entries), encoding="utf-8")
    ui = sum(1 for e in entries if e["ui"])
    print(f"{len(entries)} message templates ({ui} shown to the user) → {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
