"""Engine, store and model messages in English: each Message is looked up by its template (its id).

When a test here fails after you changed a message in gmtool/rules, gmtool/store or gmtool/models:
run ``make i18n`` (or ``python packaging/messages_extract.py``) and translate the new template in
resources/i18n/messages_en.json (keep every ``{0}``, ``{1:+d}``, ``{name}`` placeholder).  A refusal
written as a plain f-string is reported too: write it as ``Message("…{0}…", value)``
(gmtool/rules/message.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from gmtool.rules.message import Message
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


@pytest.fixture
def english() -> Iterator[None]:
    """The English message catalog, as an English UI has it."""
    assert message_catalog.install("en")
    yield
    message_catalog.install("ja")


# ---- what an English UI shows ---------------------------------------------------------------------
def test_a_battle_refusal_comes_out_in_english_with_its_label_translated(catalog: MessageCatalog) -> None:
    from gmtool.rules import battle
    from gmtool.rules.systems.aw import combat

    encounter = battle.Encounter(participants=(battle.Participant(id="a", name="アリス"),))
    encounter = combat.record_action(encounter, "a", combat.MAJOR, "攻撃")
    with pytest.raises(battle.BattleRefused) as refused:
        combat.record_action(encounter, "a", combat.MAJOR, "攻撃")
    shown = str(refused.value)
    assert shown == "アリスはこのラウンドにもうメジャーアクションを行ないました"  # Japanese as before
    assert catalog.translate(shown) == "アリス has already taken a Major action this round"
    with pytest.raises(ValueError) as refused:
        battle.copy_names("ゴブリン", 101)
    assert catalog.translate(str(refused.value)) == "You can duplicate 1–100 at a time (101)"


def test_a_store_refusal_names_the_file_and_nests_the_problem(
    tmp_path: Path, catalog: MessageCatalog
) -> None:
    from gmtool.store.campaign import Campaign
    from gmtool.store.errors import CampaignError

    path = tmp_path / "notes.gmcampaign"
    path.write_text('{"name": "not a database"}', encoding="utf-8")
    with pytest.raises(CampaignError) as refused:
        Campaign.open(path)
    assert str(refused.value).startswith("「notes.gmcampaign」: SQLite データベースではありません")
    assert catalog.translate(str(refused.value)) == (
        '"notes.gmcampaign": Not an SQLite database (it holds JSON text: is it a character file?)'
    )


def test_a_validation_problem_is_put_together_from_translated_parts(catalog: MessageCatalog) -> None:
    from gmtool.store.errors import StoreError
    from gmtool.store.validation import format_validation_error, parse_json

    class Document(BaseModel):
        x: str
        y: str
        z: str

    with pytest.raises(ValidationError) as invalid:
        Document.model_validate({"x": 5, "y": 6, "z": 7})
    text = format_validation_error(invalid.value, "path")
    assert text == "path.x: 文字列でなければなりません（入力: 5）（ほか 2 件）"
    assert catalog.translate(text) == "path.x: must be a string (input: 5) (and 2 more)"
    with pytest.raises(StoreError) as broken:
        parse_json('{"a": 1')
    assert catalog.translate(str(broken.value)) == (
        'Cannot be read as JSON (line 1, column 8: "," is missing). It seems to be cut off'
    )


def test_a_message_framed_by_a_view_is_translated_inside_the_frame(english: None) -> None:
    inner = Message("{0}はこのラウンドにもう{1}アクションを行ないました", "アリス", Message("メジャー"))
    # a model frames with an already translated tr() text: the frame is kept, the message inside translated
    framed = Message("Cannot read the log: {0}", inner)
    assert message_catalog.shown_message(framed) == (
        "Cannot read the log: アリス has already taken a Major action this round"
    )
    # a view translates the message before putting it into its own text
    assert f"The action failed: {message_catalog.shown_message(str(ValueError(inner)))}" == (
        "The action failed: アリス has already taken a Major action this round"
    )


def test_an_english_panel_says_why_a_check_is_refused_in_english(
    empty_campaign_model,
    qtbot,
    refusals,
    english,
) -> None:
    from gmtool.models.mtg.check_model import MTGCheckModel
    from gmtool.rules.systems.mtg.checks import CheckColor
    from gmtool.rules.systems.mtg.deck import deck_from_cards
    from gmtool.views.mtg.check_view import MTGCheckView
    from tests.rules.mtg.fixtures import FOREST

    forests = empty_campaign_model.insert_character("mtg", deck_from_cards("森だけ", [(FOREST, 10)]), "x")
    view = MTGCheckView(MTGCheckModel(empty_campaign_model, seed_source=lambda: 7))
    qtbot.addWidget(view)
    view.deck_combo.setCurrentIndex(view.deck_combo.findData(forests))
    view.model.set_color(CheckColor.GREEN)
    reason = "A check whose result the players know cannot be made (Green check, difficulty"
    assert view.procedure_box.refusal_label.text().startswith(reason)
    view.procedure_box.reveal_button.click()
    assert refusals and refusals[-1].startswith(reason) and refusals[-1].endswith("always succeeds)")


def test_values_are_kept_and_separators_translated(catalog: MessageCatalog) -> None:
    # a unit's name with brackets stays as typed
    assert catalog.translate(Message("部隊「{0}」は既に崩壊しています", "ゴンドール（第1）")) == (
        'Unit "ゴンドール（第1）" has already broken'
    )
    joined = Message.joined("、", [Message("なし"), "アリス"])
    assert joined == "なし、アリス" and catalog.translate(joined) == "None, アリス"
    spec = Message("{0} は既に初期値から +{1} です（+{2} が上限）", "知力", 2, 3)
    assert catalog.translate(spec) == "知力 is already +2 over its initial value (the limit is +3)"


def test_unknown_text_is_shown_as_it_is_and_a_missing_translation_falls_back(catalog: MessageCatalog) -> None:
    assert catalog.translate("まったく知らないメッセージ") == "まったく知らないメッセージ"
    assert catalog.translate("") == ""
    assert catalog.translate("ファイルが見つかりません") == "The file was not found"  # known, whole
    # no English for the template: the Japanese template, its values still translated
    assert catalog.translate(Message("未翻訳の{0}", Message("メジャー"))) == "未翻訳のMajor"
    small = MessageCatalog({"「{{x}}」{0:+d}": "'{{x}}' {0:+d}", "壊れた{0}": "broken {1}"})
    assert small.translate(Message("「{{x}}」{0:+d}", 3)) == "'{x}' +3"
    assert small.translate(Message("壊れた{0}", "値")) == "壊れた値"  # a translation that does not fit


def test_the_active_catalog_follows_the_language() -> None:
    refusal = Message("{0}はこのラウンドにもう{1}アクションを行ないました", "アリス", Message("マイナー"))
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


def test_install_translation_turns_the_catalog_on_while_the_english_qm_is_installed(
    qapp: object, tmp_path: Path
) -> None:
    from tests.qt_fixtures import english_ui

    refusal = Message("その参加者はこの戦闘にいません")
    with english_ui(tmp_path):
        assert message_catalog.translate_message(refusal) == "That participant is not in this battle"
    # the English catalog removed: messages are shown as written again
    assert message_catalog.translate_message(refusal) == refusal
    message_catalog.install("ja")


# ---- the catalogues ---------------------------------------------------------------------------------
def test_every_template_has_english() -> None:
    english = _english()
    missing = [f"{e['sources'][0]}: {e['template']!r}" for e in _japanese() if not english.get(e["template"])]
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


@pytest.mark.slow
def test_the_extraction_is_up_to_date(tmp_path: Path) -> None:
    fresh = tmp_path / "messages_ja.json"
    messages_extract.main([str(fresh)])
    current = json.loads(fresh.read_text(encoding="utf-8"))
    # file:line is for humans: an edit elsewhere in a file moves it, so it is not compared
    assert [e["template"] for e in current] == [e["template"] for e in _japanese()], (
        f"resources/i18n/messages_ja.json is stale ({HOW})"
    )


def test_no_refusal_is_left_as_a_plain_string() -> None:
    raw = messages_extract.raw_messages()
    assert not raw, (
        f"{len(raw)} refusals or problems are plain strings, which no catalogue can translate; write them "
        'as Message("…{0}…", value) (gmtool/rules/message.py), then ' + HOW + ":\n" + "\n".join(raw)
    )


def test_the_scan_finds_plain_refusals_and_compositions(tmp_path: Path) -> None:
    package = tmp_path / "gmtool" / "rules"
    package.mkdir(parents=True)
    (package / "sample.py").write_text(
        "from gmtool.rules.message import Message\n"
        "def f(name, problem, problems):\n"
        '    label = "メジャー" if name else "マイナー"\n'
        '    raise ValueError(f"{name}は{label}です")\n'
        "def g(path, problem):\n"
        '    raise ValueError(f"{path}: {problem}")\n'
        "def h(problems):\n"
        '    raise ValueError("\\n".join(problems))\n'
        "def ok(name, path):\n"
        '    raise ValueError(Message("{0}は{1}です", name, Message("メジャー")))\n'
        "def english(kind):\n"
        '    raise ValueError(f"unknown kind {kind!r}")\n',
        encoding="utf-8",
    )
    raw = messages_extract.raw_messages(tmp_path)
    found = sorted(r.split(": ", 1)[1] for r in raw)
    assert found == sorted(["{0}は{1}です", "メジャー", "マイナー", "{0}: {1}", "'\\n'.join(…)"])
    templates = [e["template"] for e in messages_extract.extract(tmp_path)]
    assert templates == ["{0}は{1}です", "メジャー"]


@pytest.mark.slow
def test_the_extraction_is_deterministic() -> None:
    assert messages_extract.dump(messages_extract.extract()) == messages_extract.dump(
        messages_extract.extract()
    )
