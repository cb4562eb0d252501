"""Count the Japanese string literals of gmtool that no translation mechanism sees.

    python packaging/untranslated_literals.py            # the total and the files that rose
    python packaging/untranslated_literals.py --update   # rewrite the baseline, print the total

A Japanese literal in ``gmtool/**/*.py`` reaches the English UI untranslated unless it is marked:
inside ``tr(…)`` / ``QCoreApplication.translate(…)`` / ``QT_TRANSLATE_NOOP(…)`` (Qt's
catalogue), ``Message(…)`` / ``template(…)`` / ``Message.joined(…)`` (the message catalogue), or a
docstring; a module's wrapper ``_tr("…")`` (which lupdate does not see) counts as marked when an
English dictionary (``resources/i18n/en/*.json``) has its text.  Everything else is counted per
file, an f-string as one literal.
``tests/test_untranslated_literals.py`` compares the counts with the checked-in baseline
(``tests/data/untranslated_literals.json``) and fails when a file has more: the counts only fall.

Data kept Japanese on purpose — a rule text's quote, a BCDice command word, Qt's own Japanese — is
listed in ``ALLOWED`` below (file, the literal, why) and not counted.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tests" / "data" / "untranslated_literals.json"
PACKAGE = "gmtool"

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")
# Calls whose string arguments a catalogue sees: Qt's (lupdate reads these calls) and gmtool's
# message catalogue (packaging/messages_extract.py reads Message, template, joined).
MARKED = frozenset({"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP", "Message", "template", "joined"})
# A module's own wrapper of QCoreApplication.translate: lupdate does not see its calls, so its text
# is translated only when a dictionary of resources/i18n/en has it (the fill copies it context-free).
WRAPPERS = frozenset({"_tr", "_t"})


class Allowed(NamedTuple):
    path: str  # relative to the repository, posix
    literal: str  # the literal's exact text (an f-string: its text with "{…}" for each value)
    reason: str


ALLOWED: tuple[Allowed, ...] = (
    Allowed("gmtool/japanese_fonts.py", "IPAゴシック", "a font's name, asked of the system by it"),
    Allowed(
        "gmtool/app/i18n.py",
        "操作できません",
        "a probe: looked up in the English catalogue to see that it is installed, never shown",
    ),
    Allowed(
        "gmtool/app/i18n.py",
        "場所(&L):",
        "Qt's own file dialog in Japanese: the Japanese UI's text, shown only there",
    ),
    Allowed(
        "gmtool/app/i18n.py",
        "ファイルの種類(&T):",
        "Qt's own file dialog in Japanese: the Japanese UI's text, shown only there",
    ),
    Allowed(
        "gmtool/views/fitting_combo.py",
        ":：、,・/",
        "punctuation after which a cut combo text reads as a word's end; matched, never shown",
    ),
    Allowed(
        "gmtool/store/udonarium.py",
        "gmtool シート",
        "a data label inside the Udonarium file, which reading it back finds by this name",
    ),
)

# BCDice's own words in a result line and in its verdicts, written as BCDice writes them: a room, a
# replay and `gmtool roll` compare them with BCDice's output.
BCDICE_WORDS = (
    "成功",
    "失敗",
    "自動成功",
    "自動失敗",
    "クリティカル",
    "ファンブル",
    "成功数{…}",
    "{…}/{…}(最大/合計)",
)
ALLOWED += tuple(
    Allowed(f"gmtool/rules/{module}.py", word, "BCDice's own result word, printed as BCDice prints it")
    for module in ("command_roll", "command_parse", "command_dist")
    for word in BCDICE_WORDS
)


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return ""


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, (ast.Constant, ast.JoinedStr))
            ):
                found.add(id(body[0].value))
    return found


def english_dictionary(root: Path = ROOT) -> frozenset[str]:
    """Every Japanese source the English dictionaries translate."""
    sources: set[str] = set()
    for path in (root / "resources" / "i18n" / "en").glob("*.json"):
        sources.update(k for k, v in json.loads(path.read_text(encoding="utf-8")).items() if v)
    return frozenset(sources)


def untranslated(
    source: str, path: str = "", english: frozenset[str] = frozenset()
) -> Iterator[tuple[int, str]]:
    """(line, text) of every Japanese literal of *source* no catalogue sees and ALLOWED does not list;
    *english*: the dictionaries' sources, which a wrapper's (``_tr("…")``) literal must be among."""
    tree = ast.parse(source)
    skipped = _docstrings(tree)
    allowed = {a.literal for a in ALLOWED if a.path == path}

    def visit(node: ast.AST, marked: bool) -> Iterator[tuple[int, str]]:
        if isinstance(node, ast.Call) and _call_name(node) in MARKED:
            marked = True
        if isinstance(node, ast.Call) and _call_name(node) in WRAPPERS:
            for argument in node.args[:1]:
                if _text(argument) in english:
                    skipped.add(id(argument))
        if isinstance(node, (ast.Constant, ast.JoinedStr)):
            text = _text(node)
            if not marked and id(node) not in skipped and JAPANESE.search(text) and text not in allowed:
                yield node.lineno, text
            if isinstance(node, ast.JoinedStr):  # its values may hold literals of their own
                for value in node.values:
                    if isinstance(value, ast.FormattedValue):
                        yield from visit(value.value, marked)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, marked)

    yield from visit(tree, False)


def counts(root: Path = ROOT) -> dict[str, int]:
    """Per file (relative, posix) the number of untranslated Japanese literals; files with none left out."""
    found = {}
    english = english_dictionary(root)
    for path in sorted((root / PACKAGE).rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        number = sum(1 for _ in untranslated(path.read_text(encoding="utf-8"), relative, english))
        if number:
            found[relative] = number
    return found


def read_baseline(path: Path = BASELINE) -> dict[str, int]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): int(v) for k, v in data.items()}


def risen(current: dict[str, int], baseline: dict[str, int]) -> dict[str, tuple[int, int]]:
    """file → (baseline, now) of every file with more untranslated literals than its baseline."""
    return {f: (baseline.get(f, 0), n) for f, n in current.items() if n > baseline.get(f, 0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the baseline with today's counts")
    parser.add_argument("--list", metavar="FILE", help="print the untranslated literals of FILE")
    args = parser.parse_args(argv)
    if args.list:
        path = ROOT / args.list
        english = english_dictionary()
        for line, text in untranslated(path.read_text(encoding="utf-8"), Path(args.list).as_posix(), english):
            print(f"{args.list}:{line}: {text!r}")
        return 0
    current = counts()
    total = sum(current.values())
    if args.update:
        BASELINE.write_text(
            json.dumps(current, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(
            f"{total} untranslated Japanese literals in {len(current)} files → {BASELINE.relative_to(ROOT)}"
        )
        return 0
    baseline = read_baseline()
    print(f"{total} untranslated Japanese literals (baseline {sum(baseline.values())})")
    for file, (before, now) in sorted(risen(current, baseline).items()):
        print(f"  {file}: {before} → {now}")
    return 1 if risen(current, baseline) else 0


if __name__ == "__main__":
    sys.exit(main())
