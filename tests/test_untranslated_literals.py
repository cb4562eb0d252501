"""A Japanese text cannot be added to gmtool without a translation mechanism seeing it (issue 35).

`packaging/untranslated_literals.py` counts, per file, the Japanese string literals that are not
inside tr() / QCoreApplication.translate() / QT_TRANSLATE_NOOP() / Message() / template() or a
docstring; `tests/data/untranslated_literals.json` is the checked-in baseline.  A ratchet: a file
may have fewer than its baseline, never more.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

HOW_TO_FIX = (
    "Mark the new text so the UI language reaches it: self.tr('…') in a view or model, "
    "QT_TRANSLATE_NOOP(context, '…') for a label kept in a table and shown through tr, "
    "Message('…', values) / template('…') for an engine, store, model or CLI text; then run `make i18n` "
    "and translate it into resources/i18n/en/*.json or messages_en.json. "
    "Japanese kept on purpose (a rule text's quote, a BCDice command word) goes in ALLOWED in "
    "packaging/untranslated_literals.py with its reason. "
    "`python packaging/untranslated_literals.py --list FILE` lists a file's literals; "
    "`--update` rewrites the baseline once counts have fallen."
)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "untranslated_literals", ROOT / "packaging" / "untranslated_literals.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and NamedTuples look their module up
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def test_no_file_has_more_untranslated_japanese_than_its_baseline():
    current = SCRIPT.counts()
    risen = SCRIPT.risen(current, SCRIPT.read_baseline())
    listing = "\n".join(
        f"  {file}: {before} → {now}\n"
        + "\n".join(
            f"      line {line}: {text!r}"
            for line, text in SCRIPT.untranslated(
                (ROOT / file).read_text(encoding="utf-8"), file, SCRIPT.english_dictionary()
            )
        )
        for file, (before, now) in sorted(risen.items())
    )
    assert not risen, f"Japanese text that no translation sees was added:\n{listing}\n\n{HOW_TO_FIX}"


def test_marked_texts_and_docstrings_are_not_counted():
    source = '''
"""モジュールの説明。"""
def f(self):
    """関数の説明。"""
    self.tr("設定…")
    QCoreApplication.translate("ctx", "ファイル")
    QT_TRANSLATE_NOOP("ctx", "体力")
    Message("{0}は範囲外です", 3)
    template("自動成功")
    Message.joined("、", parts)
    return "ok"
'''
    assert list(SCRIPT.untranslated(source)) == []


def test_a_plain_japanese_text_and_an_f_string_are_counted_once_each():
    source = 'label = "名前"\ntext = f"{name}は{value}です"\nenglish = "Name"\n'
    assert list(SCRIPT.untranslated(source)) == [(1, "名前"), (2, "{…}は{…}です")]


def test_a_japanese_literal_inside_an_f_strings_value_is_counted():
    assert [line for line, _ in SCRIPT.untranslated("x = f\"{a or 'なし'}\"\n")] == [1]


def test_an_allowed_literal_is_not_counted():
    allowed = SCRIPT.ALLOWED[0]
    source = f"TEXT = {allowed.literal!r}\n"
    assert list(SCRIPT.untranslated(source, allowed.path)) == []
    assert list(SCRIPT.untranslated(source, "gmtool/elsewhere.py")) != []


def test_a_rise_is_found_and_a_fall_is_not():
    assert SCRIPT.risen({"a.py": 3, "b.py": 1, "c.py": 1}, {"a.py": 2, "b.py": 4}) == {
        "a.py": (2, 3),
        "c.py": (0, 1),
    }


def test_a_wrappers_text_counts_until_a_dictionary_has_it():
    source = 'def _tr(text):\n    return QCoreApplication.translate("X", text)\nA = _tr("設定…")\n'
    assert list(SCRIPT.untranslated(source)) == [(3, "設定…")]
    assert list(SCRIPT.untranslated(source, english=frozenset({"設定…"}))) == []
