"""Engine, store and model messages in English: the catalog translates at display time.

When a test here fails after you changed a message in gmtool/rules, gmtool/store or gmtool/models:
run ``make i18n`` (or ``python packaging/messages_extract.py``) and translate the new template in
resources/i18n/messages_en.json (keep every ``{0}``, ``{1}``… placeholder).
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import pytest

from gmtool.views import message_catalog
from gmtool.views.message_catalog import MessageCatalog, placeholders

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
sys.path.insert(0, str(ROOT / "packaging"))
import messages_extract  # noqa: E402

HOW = "run `python packaging/messages_extract.py` and translate resources/i18n/messages_en.json"


def _japanese() -> list[dict]:
    return json.loads((I18N / "messages_ja.json").read_text(encoding="utf-8"))


def _english() -> dict[str, str]:
    return json.loads((I18N / "messages_en.json").read_text(encoding="utf-8"))


@pytest.fixture
def catalog() -> MessageCatalog:
    return MessageCatalog(_english())


def test_a_refusal_with_values_comes_out_in_english(catalog: MessageCatalog) -> None:
    text = catalog.translate("アリスはこのラウンドにもうメジャーアクションを行ないました")
    assert text == "アリス has already taken a Major action this round"


def test_a_message_embedding_a_message_is_translated_inside_too(catalog: MessageCatalog) -> None:
    inner = "アリスはこのラウンドにもうメジャーアクションを行ないました"
    outer = MessageCatalog({**_english(), "操作に失敗しました: {0}": "The action failed: {0}"})
    assert outer.translate(f"操作に失敗しました: {inner}") == (
        "The action failed: アリス has already taken a Major action this round"
    )
    # a prefix the view translated with tr() already: the engine message after it still translates
    assert catalog.translate(f"Cannot read: {inner}").endswith("has already taken a Major action this round")


def test_real_engine_refusals_come_out_in_english(catalog: MessageCatalog) -> None:
    from gmtool.rules import battle

    with pytest.raises(ValueError) as refused:
        battle.copy_names("ゴブリン", 101)
    assert catalog.translate(str(refused.value)) == "You can duplicate 1–100 at a time (101)"
    with pytest.raises(ValueError) as refused:
        battle.Encounter(participants=(battle.Participant(id="a", name="A"),) * 2)
    assert "participants: two participants have the same ID" in catalog.translate(str(refused.value))


def test_values_that_look_like_messages_are_not_mangled(catalog: MessageCatalog) -> None:
    # a unit's name with brackets stays as typed; a value cut across brackets is never accepted
    assert catalog.translate("部隊「ゴンドール（第1）」は既に崩壊しています") == (
        'Unit "ゴンドール（第1）" has already broken'
    )
    assert catalog.translate("path.x: 文字列でなければなりません（入力: 5）（ほか 2 件）") == (
        "path.x: must be a string (input: 5) (and 2 more)"
    )
    # a frame translated by tr() around an engine message
    assert catalog.translate("Cannot save this (x: 文字列が長すぎます（最大 10 文字、入力 12 文字）)") == (
        "Cannot save this (x: the string is too long (at most 10 characters, input 12 characters))"
    )


def test_every_template_translates_its_own_instances(catalog: MessageCatalog) -> None:
    """Each Japanese template filled with plain values matches itself, not a neighbour."""
    from gmtool.views.message_catalog import _chunks

    wrong = []
    for japanese, english in _english().items():
        chunks = _chunks(japanese)
        if any(isinstance(a, int) and isinstance(b, int) for a, b in itertools.pairwise(chunks)):
            continue  # "{1}{2}" side by side: only a word followed by a number splits (tested above)
        values = [f"v{i}x" for i in range(10)]
        text = "".join(c if isinstance(c, str) else values[c] for c in chunks)
        want = "".join(c if isinstance(c, str) else values[c] for c in _chunks(english))
        if catalog.translate(text) != want:
            wrong.append(f"{japanese!r} → {catalog.translate(text)!r}")
    assert not wrong, "\n".join(wrong)


def test_an_unknown_message_is_unchanged(catalog: MessageCatalog) -> None:
    assert catalog.translate("まったく知らないメッセージ") == "まったく知らないメッセージ"
    assert catalog.translate("") == ""


def test_longer_templates_win_and_braces_are_literal() -> None:
    small = MessageCatalog(
        {
            "{0}は{1}": "{0} is {1}",
            "{0}は{1}の手番です": "It is {1}'s turn for {0}",
            "「{{x}}」{0}": "'{{x}}' {0}",
        }
    )
    assert small.translate("AはBの手番です") == "It is B's turn for A"
    assert small.translate("「{x}」z") == "'{x}' z"
    library = MessageCatalog({"ライブラリーは{0}枚しかありません（{1}{2}枚）": "Only {0} cards ({1} {2})"})
    assert library.translate("ライブラリーは3枚しかありません（引く12枚）") == "Only 3 cards (引く 12)"


def test_the_active_catalog_follows_the_language() -> None:
    refusal = "アリスはこのラウンドにもうマイナーアクションを行ないました"
    try:
        assert message_catalog.install("en")
        assert (
            message_catalog.translate_message(refusal) == "アリス has already taken a Minor action this round"
        )
        assert message_catalog.shown_message(None) is None
        message_catalog.install("ja")
        assert message_catalog.translate_message(refusal) == refusal
    finally:
        message_catalog.install("ja")


def test_every_ui_message_is_translated() -> None:
    english = _english()
    missing = [
        f"{e['sources'][0]}: {e['template']!r}"
        for e in _japanese()
        if e["ui"] and not english.get(e["template"])
    ]
    assert not missing, f"{len(missing)} messages have no English ({HOW}):\n" + "\n".join(missing)


def test_translations_keep_their_placeholders() -> None:
    wrong = [
        f"{source!r} → {text!r}"
        for source, text in _english().items()
        if text and placeholders(source) != placeholders(text)
    ]
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_every_translation_is_of_a_current_template() -> None:
    known = {e["template"] for e in _japanese()}
    stale = sorted(set(_english()) - known)
    assert not stale, (
        f"{len(stale)} translations of messages no longer in the sources ({HOW}):\n" + "\n".join(stale)
    )


def test_the_extraction_is_up_to_date(tmp_path: Path) -> None:
    fresh = tmp_path / "messages_ja.json"
    messages_extract.main([str(fresh)])
    current = json.loads(fresh.read_text(encoding="utf-8"))

    def essence(entries: list[dict]) -> list[tuple[str, bool]]:
        # file:line is for humans: an edit elsewhere in a file moves it, so it is not compared
        return [(e["template"], e["ui"]) for e in entries]

    assert essence(current) == essence(_japanese()), f"resources/i18n/messages_ja.json is stale ({HOW})"


def test_the_extraction_is_deterministic() -> None:
    assert messages_extract.dump(messages_extract.extract()) == messages_extract.dump(
        messages_extract.extract()
    )


def test_install_translation_turns_the_catalog_on_while_the_english_qm_is_installed(
    qapp: object, tmp_path: Path
) -> None:
    from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

    from gmtool.app.i18n import install_translation
    from gmtool.views.appearance import LANGUAGE_KEY

    refusal = "その参加者はこの戦闘にいません"
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(LANGUAGE_KEY, "en")
    app = QCoreApplication.instance()
    assert app is not None
    before = set(app.findChildren(QTranslator))
    locale = QLocale()
    try:
        assert install_translation(app, settings) == "en"
        assert message_catalog.translate_message(refusal) == "That participant is not in this battle"
    finally:
        for child in set(app.findChildren(QTranslator)) - before:
            app.removeTranslator(child)
            child.deleteLater()
        QLocale.setDefault(locale)
    # the English catalog removed: messages are shown as written again
    assert message_catalog.translate_message(refusal) == refusal
    message_catalog.install("ja")
