"""Collect the message templates of gmtool's Qt-free layers; find refusals that are not messages.

    python packaging/messages_extract.py [resources/i18n/messages_ja.json]

The engine, the store and the models have no ``tr()``: their refusals and problems are
``Message(template, *values)`` (``gmtool/rules/message.py``), whose template — the Japanese text,
``str.format`` syntax — is the message's id, as gettext's msgid.  ``extract()`` lists every
template in ``gmtool/rules``, ``gmtool/store`` and ``gmtool/models``: the first argument of each
``Message(…)`` call and of each ``template(…)`` marker (a string literal; a non-literal first
argument is a template marked elsewhere or a text ``tr()`` translated already), and a Japanese
separator of ``Message.joined``.  ``resources/i18n/messages_en.json`` maps each to its English.

``raw_messages()`` finds what would escape the catalogue: a message that is not a ``Message`` where
refusals and problems are made —

- the exception expression of ``raise`` (``raise X(...)``, ``raise self.fail(...)``, ``raise error``);
- calls of exception classes (``…Error``, ``…Refused``, ``…Blocked``…) and of helpers that raise
  (``_fail``, ``fail``…) or collect problems (``Problem``, a local ``add``, the ``append`` of a list
  named ``problems``, ``refusals``, ``found``…);
- a variable given to one of those, where the same function assigns it —

namely a Japanese string, a string put together from values and punctuation only (``f"{a}: {b}"``
would hide the Message inside it), or a ``"、".join(…)`` / ``"\\n".join(…)``.  Strings inside
``tr()`` / ``QCoreApplication.translate()`` are left out (Qt's catalog has them), and so are
exceptions that report a programming error (``NotImplementedError``, ``RuntimeError``,
``AssertionError``, ``KeyError``, ``TypeError``): they are not shown, not translated.

The output (a JSON list sorted by template, each with its ``file:line`` sources) is
deterministic; ``tests/test_message_catalog.py`` checks it is up to date, that every template has
English and that no raw message is left.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# gmtool/app/lotr: the LotR `prob` commands write their texts as Messages (issue 35)
PACKAGES = ("gmtool/rules", "gmtool/store", "gmtool/models", "gmtool/app/lotr")
DEFAULT_OUTPUT = ROOT / "resources" / "i18n" / "messages_ja.json"

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
EXCEPTION_NAME = re.compile(r"(Error|Refused|Blocked|Exception|TooLarge)$")
HELPERS = frozenset({"_fail", "fail", "refused", "error", "Problem", "Blocker"})
LOCAL_HELPERS = frozenset({"add"})  # a problem list's local ``def add(message)``, called by name
NOT_UI = frozenset({"NotImplementedError", "RuntimeError", "AssertionError", "KeyError", "TypeError"})
TRANSLATED = frozenset({"tr", "_tr", "_t", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"})
FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
KEYED = frozenset({"Message", "template", "joined"})  # keyed at the source: collected, not raw
# what joins messages (": ", a line break): a string of values and these hides a message
JOINING = re.compile(r":|\n")
LETTER = re.compile(r"[A-Za-z]")


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


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _joined_by(node: ast.AST) -> str | None:
    """The separator of ``"、".join(parts)``, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return _literal(node.func.value)
    return None


def _raw_in(node: ast.AST) -> list[tuple[str, int]]:
    """The messages in an expression that are not keyed at the source
    (both branches of ``a if c else b``…)."""
    found: list[tuple[str, int]] = []

    def visit(n: ast.AST) -> None:
        if isinstance(n, ast.Lambda) or (isinstance(n, ast.Call) and _call_name(n) in TRANSLATED | KEYED):
            return  # tr("…"): Qt's catalog translates it; Message(…): keyed at the source
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "format":
            if _call_name(n.func.value) in TRANSLATED:
                return  # tr("…{0}").format(…): a text translated already, values and all
        separator = _joined_by(n)
        if separator is not None and (JAPANESE.search(separator) or (separator and not separator.strip())):
            found.append((f"{separator!r}.join(…)", n.lineno))  # type: ignore[attr-defined]
        elif _is_stringy(n):
            template = _Template()
            _build(n, template)
            text = template.text()
            literal = FORMAT_FIELD.sub("", text)
            composed = template.count and JOINING.search(literal) and not LETTER.search(literal)
            if JAPANESE.search(text) or composed:
                found.append((text, n.lineno))  # type: ignore[attr-defined]
            # values embedded in a message may hold messages of their own (rare: "a" if x else "b")
            for child in ast.walk(n):
                if child is not n and isinstance(child, ast.IfExp | ast.Call):
                    visit(child)
            return
        for child in ast.iter_child_nodes(n):
            visit(child)

    visit(node)
    return found


def _carriers(node: ast.AST) -> set[str]:
    """Names of variables that may hold a message in *node*: itself, a branch, a value given to a
    Message or to an exception."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.IfExp):
        return _carriers(node.body) | _carriers(node.orelse)
    if isinstance(node, ast.BoolOp):
        return set().union(*map(_carriers, node.values))
    if isinstance(node, ast.JoinedStr):
        values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
        return set().union(*map(_carriers, values))
    if isinstance(node, ast.Call) and (
        _call_name(node) in KEYED or _is_message_call(node) or _joined_by(node) is not None
    ):
        return set().union(*map(_carriers, [*node.args, *(k.value for k in node.keywords)]))
    return set()


def _is_message_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name) and node.func.id in LOCAL_HELPERS:
        return True
    if isinstance(node.func, ast.Attribute) and node.func.attr == "append":
        owner = node.func.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        return bool(re.search(r"problem|error|reason|refusal|found|blocked|notes", name))
    name = _call_name(node)
    return name is not None and (name in HELPERS or bool(EXCEPTION_NAME.search(name)))


class _Collector(ast.NodeVisitor):
    """The raw messages of one file (``raw``), and its templates (``templates``)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.raw: list[tuple[str, str]] = []  # (text, file:line)
        self.templates: list[tuple[str, str]] = []  # (template, file:line)
        self.scopes: list[ast.AST] = []

    def _add(self, node: ast.AST, ui: bool) -> None:
        if not ui:
            return
        found = _raw_in(node)
        # a variable holding the message: its assignments in the same function
        names = _carriers(node)
        if names and self.scopes:
            for stmt in ast.walk(self.scopes[-1]):
                if isinstance(stmt, ast.Assign):
                    targets = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
                elif isinstance(stmt, ast.AnnAssign | ast.AugAssign) and isinstance(stmt.target, ast.Name):
                    targets = [stmt.target.id]
                else:
                    continue
                if stmt.value is not None and names.intersection(targets):
                    found += _raw_in(stmt.value)
        self.raw += [(text, f"{self.where}:{line}") for text, line in found]

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
        name = _call_name(node)
        first = _literal(node.args[0]) if node.args else None
        keyed = name in ("Message", "template") or (name == "joined" and JAPANESE.search(first or ""))
        if first is not None and keyed:
            self.templates.append((first, f"{self.where}:{node.lineno}"))
        if _is_message_call(node):
            args: list[ast.AST] = [*node.args, *(k.value for k in node.keywords)]
            for arg in args:
                self._add(arg, ui=name not in NOT_UI)
        self.generic_visit(node)


def _source_order(source: str) -> tuple[str, int]:
    path, _, line = source.rpartition(":")
    return path, int(line)


def _collect(root: Path) -> list[_Collector]:
    collectors = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            collector = _Collector(relative)
            collector.visit(ast.parse(path.read_text(encoding="utf-8"), filename=relative))
            collectors.append(collector)
    return collectors


def extract(root: Path = ROOT) -> list[dict[str, object]]:
    """Every template, sorted, with its ``file:line`` sources."""
    sources: dict[str, list[str]] = {}
    for collector in _collect(root):
        for text, where in collector.templates:
            sources.setdefault(text, []).append(where)
    return [
        {"template": text, "sources": sorted(set(sources[text]), key=_source_order)}
        for text in sorted(sources)
    ]


def raw_messages(root: Path = ROOT) -> list[str]:
    """``file:line: text`` of every message made where refusals are made that is not a Message."""
    return sorted({f"{where}: {text}" for c in _collect(root) for text, where in c.raw}, key=lambda s: s)


def dump(entries: list[dict[str, object]]) -> str:
    return json.dumps(entries, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", nargs="?", default=str(DEFAULT_OUTPUT))
    args = parser.parse_args(argv)
    entries = extract()
    Path(args.output).write_text(dump(entries), encoding="utf-8")
    print(f"{len(entries)} message templates → {args.output}", file=sys.stderr)
    raw = raw_messages()
    if raw:
        print(f"{len(raw)} messages are not Message(…), so they cannot be translated:", file=sys.stderr)
        print("\n".join(raw), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
