"""The fear box (3.8) in the tracker's side pane at 1366×768: its odds text stays inside the pane
whatever the GM named Table 9.20's rows."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.views.lotr.fear_box import FearBox
from tests.qt_fixtures import english_ui

PANE_WIDTH = 470  # what the tracker's side pane shows of a box at 1366×768 (test_polish_layout)
ROWS = (
    ("Wraith-fear (Nazgûl)", 4),
    ("Hero of great renown nearby", -2),
    ("Outnumbered badly", 2),
    ("Friend slain this round", 2),
    ("Darkness", 1),
)


@pytest.mark.parametrize("english", [False, True])
def test_long_table_rows_do_not_push_the_odds_text_past_the_pane(qtbot, campaign_model, tmp_path, english):
    """Three of the GM's row names to a line made the box 700 px wide: in the 480 px pane the odds
    text ran past the right edge.  The rows wrap now, and the box fits the pane."""
    rules = LotRRulesModel(campaign_model)
    for index, (name, modifier) in enumerate(ROWS):
        rules.reference.add_row(catalog.FEAR, name)
        rules.reference.set_cell(catalog.FEAR, index, "modifier", modifier)
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    battle.roster.add_character(next(s.id for s in campaign_model.characters_of("lotr")))
    with english_ui(tmp_path) if english else nullcontext():
        box = FearBox(LotRFearModel(battle))
        qtbot.addWidget(box)
        assert len(box.row_checks) == len(ROWS)
        assert box.minimumSizeHint().width() <= PANE_WIDTH
        box.resize(PANE_WIDTH, 800)
        box.show()
        qtbot.waitExposed(box)
        odds = box.odds_label
        assert odds.text() and odds.width() <= PANE_WIDTH
        assert odds.height() >= odds.heightForWidth(odds.width())  # no line cut at the top or bottom
