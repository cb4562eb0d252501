"""Fill a Qt Linguist .ts file from the JSON dictionaries in resources/i18n/<lang>/*.json.

    python packaging/i18n_fill.py resources/i18n/gmtool_en.ts resources/i18n/en \
        [--missing out/i18n_missing.json]

Each dictionary maps a Japanese source string (exactly as written in ``self.tr(...)``) to its
translation.  Every message whose source is in a dictionary gets that translation and loses
``type="unfinished"``; a message translated by hand in the .ts (e.g. with Qt Linguist) and not in
any dictionary is kept.  Whatever is still untranslated is listed, and with ``--missing`` written
as a JSON skeleton (source → "") ready to be translated and dropped into the dictionary folder.

Exit status is 0 even when strings are missing (``make i18n`` must still build the .qm);
``tests/test_i18n.py`` is what fails on a missing translation.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# {0}, {1:+d}, {2!r}, {xp_total}: str.format fields (not 「{知性}」, which is printed as is)
PLACEHOLDER = re.compile(r"\{(?:\d+|[A-Za-z_]\w*)?(?:[!:][^{}]*)?\}")
HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'


def load_dictionaries(folder: Path) -> dict[str, str]:
    """All ``*.json`` in *folder* merged; a source translated differently in two files is an error."""
    merged: dict[str, str] = {}
    where: dict[str, str] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for source, text in data.items():
            if not isinstance(text, str):
                problems.append(f"{path.name}: {source!r}: not a string")
                continue
            if not text:
                continue  # an empty entry is a reminder, not a translation
            if source in merged and merged[source] != text:
                problems.append(f"{path.name}: {source!r} also in {where[source]} with another translation")
            merged[source] = text
            where[source] = path.name
    if problems:
        raise SystemExit("\n".join(problems))
    return merged


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def message_source(message: ET.Element) -> str:
    node = message.find("source")
    return "" if node is None or node.text is None else node.text


def is_finished(message: ET.Element) -> bool:
    node = message.find("translation")
    return node is not None and bool(node.text) and node.get("type") is None


RUNTIME_NOTE = "gmtool: any context (added by packaging/i18n_fill.py)"


def add_catch_all(root: ET.Element, dictionary: dict[str, str]) -> int:
    """Put every dictionary entry into the empty context, where gmtool's FallbackTranslator looks
    when a string is not found under the context it was asked for.

    Labels kept in tables (``ATTRIBUTES = (("body", "体力"), …)``) and shown with ``self.tr(label)``
    are invisible to lupdate; so is a string shared by classes whose tr() contexts differ.  With
    the catch-all they translate wherever they are asked for.  lupdate drops these entries again
    (they are not in the sources): this script puts them back on every run.
    """
    empty = next((c for c in root.iter("context") if (c.findtext("name") or "") == ""), None)
    if empty is None:
        empty = ET.SubElement(root, "context")
        ET.SubElement(empty, "name").text = ""
    present = {message_source(m) for m in empty.iter("message")}
    added = 0
    for source, text in sorted(dictionary.items()):
        if source in present:
            continue
        message = ET.SubElement(empty, "message")
        ET.SubElement(message, "source").text = source
        ET.SubElement(message, "extracomment").text = RUNTIME_NOTE
        ET.SubElement(message, "translation").text = text
        added += 1
    return added


def fill(ts_path: Path, dictionary: dict[str, str]) -> tuple[int, list[tuple[str, str]]]:
    """Write the translations into *ts_path*; return (messages, [(context, source) still missing])."""
    tree = ET.parse(ts_path)
    root = tree.getroot()
    add_catch_all(root, dictionary)
    total = 0
    missing: list[tuple[str, str]] = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            if message.findtext("extracomment") == RUNTIME_NOTE:
                continue  # the catch-all copies, translated by construction
            total += 1
            source = message_source(message)
            translation = message.find("translation")
            if translation is None:
                translation = ET.SubElement(message, "translation")
            if source in dictionary:
                text = dictionary[source]
                if placeholders(text) != placeholders(source):
                    print(f"warning: placeholders differ: {source!r} → {text!r}", file=sys.stderr)
                translation.text = text
                translation.attrib.pop("type", None)
            elif not is_finished(message):
                translation.text = None
                translation.set("type", "unfinished")
                missing.append((name, source))
    ET.indent(tree, space="    ")
    body = ET.tostring(root, encoding="unicode")
    ts_path.write_text(HEADER + body + "\n", encoding="utf-8")
    return total, missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ts", type=Path)
    parser.add_argument("dictionaries", type=Path)
    parser.add_argument("--missing", type=Path, help="write the untranslated sources here as JSON")
    args = parser.parse_args(argv)
    dictionary = load_dictionaries(args.dictionaries)
    total, missing = fill(args.ts, dictionary)
    print(f"{args.ts}: {total} messages, {total - len(missing)} translated, {len(missing)} missing")
    for context, source in missing[:50]:
        print(f"  missing [{context}] {source!r}")
    if len(missing) > 50:
        print(f"  … and {len(missing) - 50} more")
    if args.missing is not None:
        args.missing.parent.mkdir(parents=True, exist_ok=True)
        skeleton = {source: "" for _context, source in missing}
        args.missing.write_text(json.dumps(skeleton, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        if missing:
            print(f"untranslated sources written to {args.missing}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
