"""House-rule switches: the defaults are today's readings, a choice is kept only where it differs,
a stored document is checked (a choice of a newer gmtool is kept, a wrong one refused), and every
system's switches are well formed and quote their rule text verbatim."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.rules.house_rules import (
    HouseRules,
    HouseRulesError,
    all_house_rules,
    house_rule,
    house_rules_of,
)
from gmtool.rules.systems.aw.house_rules import WITHDRAW, WITHDRAW_EACH, WITHDRAW_SINGLE

RULE_TEXTS = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
TEXT_FILES = {
    "aw": "another_world_srs_3rd.ja.txt",
    "sengensho": "sengensho_archetypes_fantasy.ja.txt",
    "fourcard": "four_card_basic_rules.ja.txt",
    "lotr": "lotr_coda_summary.ja.txt",
    "mtg": "mtg_trpg_action_check.ja.txt",
}


def test_without_a_choice_every_switch_plays_its_default():
    rules = HouseRules()
    assert all(rules.get(rule.id) == rule.default for rule in all_house_rules())
    assert rules.to_document() is None


def test_a_choice_is_stored_only_where_it_differs_from_the_default():
    rules = HouseRules().with_choice(WITHDRAW, WITHDRAW_SINGLE)
    assert rules.get(WITHDRAW) == WITHDRAW_SINGLE and not rules.is_default(WITHDRAW)
    assert rules.to_document() == {WITHDRAW: WITHDRAW_SINGLE}
    back = rules.with_choice(WITHDRAW, WITHDRAW_EACH)
    assert back.to_document() is None and back.is_default(WITHDRAW)
    assert HouseRules.from_document(rules.to_document()) == rules


def test_an_unknown_switch_or_reading_is_refused_with_its_name():
    with pytest.raises(HouseRulesError, match="というハウスルールはありません"):
        HouseRules().with_choice("aw.no_such_rule", "x")
    with pytest.raises(HouseRulesError, match="「sometimes」という読み方はありません"):
        HouseRules().with_choice(WITHDRAW, "sometimes")
    with pytest.raises(HouseRulesError, match="読み方はありません"):
        HouseRules.from_document({WITHDRAW: "sometimes"})
    for bad in ([WITHDRAW], {WITHDRAW: 1}, {"x" * 81: "y"}, {str(i): "a" for i in range(501)}):
        with pytest.raises(HouseRulesError, match="保存形式"):
            HouseRules.from_document(bad)


def test_a_switch_a_newer_gmtool_wrote_is_kept_and_changes_nothing():
    rules = HouseRules.from_document({"aw.from_the_future": "maybe", WITHDRAW: WITHDRAW_SINGLE})
    assert rules.to_document() == {"aw.from_the_future": "maybe", WITHDRAW: WITHDRAW_SINGLE}
    assert rules.get(WITHDRAW) == WITHDRAW_SINGLE


@pytest.mark.parametrize("rule", all_house_rules(), ids=lambda rule: rule.id)
def test_each_switch_quotes_its_rule_text_word_for_word(rule):
    assert house_rule(rule.id) is rule and rule in house_rules_of(rule.system)
    assert rule.title and rule.section and all(r.label and r.effect for r in rule.readings)
    source = RULE_TEXTS / TEXT_FILES[rule.system]
    if not source.exists():
        # The rule texts are the developers' reference beside the repository, not part of it (their
        # copyright is not ours): a clone without them checks the form above, not the wording.
        pytest.skip(f"the rule text {source.name} is not beside this clone")
    text = source.read_text(encoding="utf-8")
    squeeze = str.maketrans("", "", " \u3000\n")
    for part in rule.quote.split("…"):  # an elision mark joins quoted pieces
        assert part.translate(squeeze) in text.translate(squeeze), part


def test_ids_are_unique_over_every_system():
    ids = [rule.id for rule in all_house_rules()]
    assert len(ids) == len(set(ids)) and WITHDRAW in ids
