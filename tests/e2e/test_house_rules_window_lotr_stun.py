"""House rules through the window, LotR's stun relief (3.7 註): 編集 → ハウスルール… flips it, the
combat tracker's stun box says the penalty is lightened at once, and Ctrl+Z puts it back (a row of
tests/e2e/test_house_rules_window.py, for this switch)."""

from __future__ import annotations

import pytest

from gmtool.app.main_window import MainWindow
from gmtool.rules.house_rules import HouseRules
from gmtool.rules.systems.lotr.house_rules import STUN_RELIEF, STUN_RELIEF_ON
from tests.e2e.test_house_rules_window import Flip, Shown, menu_action, open_house_rules

pytestmark = pytest.mark.window(record_dialogs=True)


def lotr_stun_box(w: MainWindow) -> Shown:
    """The combat tracker on ナール's system, a new LotR fight: its stun box."""
    nar = next(s.id for s in w.campaign_model.characters() if s.character.name == "ナール")
    w.select_character(nar)
    menu_action(w, "戦闘(&B)", "戦闘トラッカー…").trigger()
    dialog = w.opened[-1]
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    box = dialog.action_boxes["lotr"].stun_box
    return lambda: f"{box.relief_label.text()} | {box.relief_label.isVisibleTo(box)}"


SWITCHES = [Flip(STUN_RELIEF, STUN_RELIEF_ON, lotr_stun_box, "Superior −3")]


@pytest.mark.parametrize("flip", SWITCHES, ids=lambda flip: flip.rule_id)
def test_the_stun_relief_flipped_in_the_window_shows_and_ctrl_z_restores_it(window, flip):
    shown = flip.setup(window)
    before = shown()
    open_house_rules(window.services).choose(flip.rule_id, flip.reading_id)
    after = shown()
    assert after != before and flip.shows in after and flip.shows not in before
    stored = HouseRules.from_document(window.campaign_model.session_value("house_rules"))
    assert stored.get(flip.rule_id) == flip.reading_id
    window.campaign_model.undo_stack.undo()  # Ctrl+Z
    assert shown() == before
