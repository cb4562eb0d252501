"""The English UI: every tr() string has a finished English translation, placeholders survive,
and the compiled catalog really translates.

When a test here fails after you added a UI string: run ``make i18n``; it writes the untranslated
sources to out/i18n_missing.json — translate them into resources/i18n/en/*.json and run it again.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
TS = I18N / "gmtool_en.ts"
QM = I18N / "gmtool_en.qm"
# {0}, {1:+d}, {2!r}, {xp_total}: str.format fields (not 「{知性}」, which is printed as is)
PLACEHOLDER = re.compile(r"\{(?:\d+|[A-Za-z_]\w*)?(?:[!:][^{}]*)?\}")
HOW = "run `make i18n` and translate out/i18n_missing.json into resources/i18n/en/*.json"


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    root = ET.parse(ts).getroot()
    found = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.append((name, message.findtext("source") or "", message))
    return found


def _translation(message: ET.Element) -> str | None:
    node = message.find("translation")
    if node is None or node.get("type") in {"unfinished", "obsolete", "vanished"} or not node.text:
        return None
    return node.text


def _lupdate() -> Path:
    for candidate in (Path(sys.executable).with_name("pyside6-lupdate"), shutil.which("pyside6-lupdate")):
        if candidate and Path(candidate).exists():
            return Path(candidate)
    pytest.skip("pyside6-lupdate not found")


def test_every_message_has_a_finished_english_translation() -> None:
    missing = [f"[{ctx}] {src!r}" for ctx, src, message in _messages(TS) if _translation(message) is None]
    assert not missing, f"{len(missing)} UI strings have no English translation ({HOW}):\n" + "\n".join(
        missing
    )


def test_every_tr_string_in_the_sources_is_in_the_catalog(tmp_path: Path) -> None:
    sources = sorted(str(p) for p in (ROOT / "gmtool").rglob("*.py"))
    fresh = tmp_path / "fresh.ts"
    subprocess.run(
        [str(_lupdate()), *sources, "-ts", str(fresh), "-silent", "-locations", "absolute"],
        check=True,
        capture_output=True,
    )
    known = {src for _ctx, src, message in _messages(TS) if _translation(message) is not None}
    missing = []
    for context, source, message in _messages(fresh):
        if source not in known:
            where = message.find("location")
            place = "" if where is None else f"{Path(where.get('filename', '')).name}:{where.get('line')}"
            missing.append(f"{place} [{context}] {source!r}")
    assert not missing, f"{len(missing)} tr() strings are not translated ({HOW}):\n" + "\n".join(missing)


def test_translations_keep_their_placeholders() -> None:
    wrong = []
    for _ctx, source, message in _messages(TS):
        text = _translation(message)
        if text is not None and sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(source)):
            wrong.append(f"{source!r} → {text!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_dictionaries_keep_their_placeholders_and_are_strings() -> None:
    wrong = []
    for path in sorted((I18N / "en").glob("*.json")):
        for source, text in json.loads(path.read_text(encoding="utf-8")).items():
            if not isinstance(text, str):
                wrong.append(f"{path.name}: {source!r}: not a string")
            elif text and sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(source)):
                wrong.append(f"{path.name}: {source!r} → {text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_compiled_catalog_translates_the_menus(qapp: object) -> None:
    from PySide6.QtCore import QTranslator

    from gmtool.app.i18n import FallbackTranslator

    translator = QTranslator()
    assert translator.load(str(QM)), f"{QM} does not load"
    assert translator.translate("MainWindow", "ファイル(&F)") == "&File"
    assert translator.translate("MainWindow", "編集(&E)") == "&Edit"
    # A helper-based tr() lands in lupdate's empty context; the fallback finds it from any context.
    contextless = [(src, msg) for ctx, src, msg in _messages(TS) if ctx == "" and _translation(msg)]
    if contextless:
        source, message = contextless[0]
        fallback = FallbackTranslator()
        assert fallback.load(str(QM))
        assert fallback.translate("SomeDialog", source) == _translation(message)


def test_install_translation_follows_the_setting(qapp: object, tmp_path: Path) -> None:
    from PySide6.QtCore import QCoreApplication

    from tests.qt_fixtures import english_ui

    with english_ui(tmp_path):
        assert QCoreApplication.translate("MainWindow", "ファイル(&F)") == "&File"
        # Strings lupdate filed under the empty context (module-level tr() helpers) still translate
        # when asked for with the helper's real context: the FallbackTranslator's job.
        contextless = [(src, msg) for ctx, src, msg in _messages(TS) if ctx == "" and _translation(msg)]
        for source, message in contextless[:3]:
            assert QCoreApplication.translate("LotRRulesDialog", source) == _translation(message)
    assert QCoreApplication.translate("MainWindow", "ファイル(&F)") == "ファイル(&F)"


def test_an_unknown_string_falls_through_to_the_source(qapp: object) -> None:
    """The fallback translator must say "not mine" (a null string), never "" (a blank label)."""
    from PySide6.QtCore import QCoreApplication

    from gmtool.app.i18n import FallbackTranslator

    translator = FallbackTranslator()
    assert translator.load(str(QM))
    app = QCoreApplication.instance()
    assert app is not None
    app.installTranslator(translator)
    try:
        assert QCoreApplication.translate("Anywhere", "カタログにない文字列") == "カタログにない文字列"
        assert QCoreApplication.translate("MainWindow", "編集(&E)") == "&Edit"
    finally:
        app.removeTranslator(translator)
