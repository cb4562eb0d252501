"""A LotR name inside an engine message (issue 35): the engine names a race, a wound or weariness level
with `Named.glossed`, a message of its own template; the English UI shows the English name alone (no
Japanese gloss), the Japanese UI the label as before, and the rest of the message still translates."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.lotr.shown_names import ungloss
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr.creation import CreationDraft, problems
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.views.message_catalog import shown_message
from tests.qt_fixtures import english_ui


def subrace_problem() -> str:
    rules = lotr_rules()
    return next(p.message for p in problems(CreationDraft(race="hobbit"), rules) if "亜種族" in p.message)


def test_a_glossed_name_reads_as_before_in_japanese(qapp):
    message = subrace_problem()
    assert message == "Hobbit（ホビット） の亜種族を選んでください"
    assert ungloss(message) == message


def test_the_english_ui_drops_the_gloss_and_translates_the_rest(qapp, tmp_path):
    message = subrace_problem()
    with english_ui(tmp_path):
        shown = shown_message(ungloss(message))
    assert shown == "Choose a subrace of Hobbit"


def test_a_wound_level_in_a_healing_refusal_has_no_gloss_in_english(qapp, tmp_path):
    rules = lotr_rules()
    healthy = rules.wound_levels[0]
    refusal = Message("{0} の目標値は表にありません（{1}）。休息で回復します", healthy.glossed, "Healing")
    assert refusal.startswith("Healthy（健康） の目標値")
    with english_ui(tmp_path):
        shown = shown_message(ungloss(refusal))
    assert "Healthy" in shown and "健康" not in shown


def test_a_name_without_a_japanese_name_is_a_plain_string(qapp):
    rules = lotr_rules()
    dwarf = rules.race("dwarf")
    assert dwarf is not None
    plain = replace(dwarf, name_ja="")
    assert plain.glossed == "Dwarf" and not isinstance(plain.glossed, Message)
