"""House rules through the window, the LotR army's Morale bonus (3.11.1 「GMは,部隊の士気の値を,
能力修正表を用いて, ダメージや防御力へのボーナスとして使ってよい」): on the demo campaign,
編集 → ハウスルール… flips the switch, the units tab's attack odds and damage change at once, and
Ctrl+Z puts them back (a row of tests/e2e/test_house_rules_window.py, for this switch)."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.lotr.house_rules import MORALE_BONUS_ON, UNIT_MORALE_BONUS
from tests.e2e.test_house_rules_window import Flip, Shown, menu_action, open_house_rules

pytestmark = pytest.mark.window(record_dialogs=True)


def lotr_unit_attack(w: MainWindow) -> Shown:
    """Two units with every value entered; the attack panel set on the first against the second."""
    menu_action(w, "戦闘(&B)", "軍勢・攻城戦（指輪物語）…").trigger()
    tab = w.opened[-1].units_tab
    model = tab.model
    values = {"size": 20, "strength": 6, "toughness": 6, "morale": 25}
    for name, numbers in (
        ("オーク軍", values),
        ("近衛", {**values, "size": 10, "toughness": 8, "morale": 18}),
    ):
        unit_id = model.add_unit(name)
        for field, value in numbers.items():
            model.set_unit_value(unit_id, field, value)
    tab.attacker_combo.setCurrentIndex(0)
    tab.target_combo.setCurrentIndex(1)
    return lambda: " | ".join(
        (tab.attack_odds_label.text(), tab.probability_label.text(), tab.damage_label.text())
    )


SWITCHES = [Flip(UNIT_MORALE_BONUS, MORALE_BONUS_ON, lotr_unit_attack, "Morale の修正 ダメージ +9")]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_the_morale_bonus_flipped_in_the_window_changes_the_attack(window, flip):
    shown = flip.setup(window)
    before = shown()
    assert "18 ダメージ" in before  # (6 + 20) − 8
    open_house_rules(window.services).choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert flip.shows in after and flip.shows not in before
    assert "21 ダメージ" in after  # (6 + 20 + 9) − (8 + 6)
    assert (
        HouseRules.from_document(window.campaign_model.session_value("house_rules")).get(flip.rule_id)
        == flip.reading_id
    )
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before
