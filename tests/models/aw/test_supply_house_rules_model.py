"""The supply dialog follows aw.supply_pools and aw.supply_dice: flip, see the numbers and limits
change, undo, see them back."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from gmtool.models.aw.supply_model import AWSupplyModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.rules.dice import roll
from gmtool.rules.systems.aw.house_rules import DICE_RECOMMENDED, POOLS_SPLIT, SUPPLY_DICE, SUPPLY_POOLS
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.rules.systems.aw.supply import SupplyKind
from gmtool.views.aw.supply_dialog import AWSupplyDialog

SEED = 20240607


def supply_between_two(campaign_model):
    toru, mina, _ = (s.id for s in campaign_model.characters_of("aw"))
    for cid, hp, mp in ((toru, 10, 15), (mina, 30, 30)):
        character = campaign_model.character(cid)
        campaign_model.update_character(cid, replace(character, hp=hp, mp=mp), "test")
    model = AWSupplyModel(campaign_model, seed_source=lambda: SEED)
    model.set_kind(SupplyKind.SUPPLY)
    model.set_target(toru, True)
    model.set_target(mina, True)
    model.set_recovering(mina, False)
    model.set_dice(2)
    return model, toru


def counted(share):
    """朝霧 透 (HP 10/28, MP 15/18) after 2D6, split with `share` to HP, or each (share None)."""
    hp = mp = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        to_hp = a + b if share is None else min(share, a + b)
        to_mp = a + b if share is None else a + b - to_hp
        hp += Fraction(min(10 + to_hp, 28), 36)
        mp += Fraction(min(15 + to_mp, 18), 36)
    return hp, mp


def means(model):
    (forecast,) = model.forecast()
    return forecast.pools["hp"][2], forecast.pools["mp"][2]


def test_the_amount_split_between_hp_and_mp(campaign_model):
    model, toru = supply_between_two(campaign_model)
    assert means(model) == counted(None)  # today: each pool takes the whole roll
    HouseRulesModel(campaign_model).set_reading(SUPPLY_POOLS, POOLS_SPLIT)
    model.set_hp_share(4)
    assert means(model) == counted(4)
    with pytest.raises(SessionRefused, match="HP に入れる量"):
        model.set_hp_share(-1)

    model.roll()
    total = sum(roll(random.Random(SEED), 2, 6))
    character = campaign_model.character(toru)
    assert (character.hp, character.mp) == (10 + min(4, total), min(15 + total - min(4, total), 18))
    line = campaign_model.log_entries()[-1].payload
    assert line["hp_share"] == 4 and "HP に最大 4" in line["summary"]["inputs"]

    stack = campaign_model.undo_stack
    stack.undo()  # the roll
    stack.undo()  # the switch
    assert means(model) == counted(None)


def test_the_dice_as_a_guideline(qtbot, campaign_model):
    model, _ = supply_between_two(campaign_model)
    dialog = AWSupplyDialog(model)
    qtbot.addWidget(dialog)
    with pytest.raises(SessionRefused, match="1〜2D6"):
        model.set_dice(3)
    assert dialog.dice_spin.maximum() == 2
    HouseRulesModel(campaign_model).set_reading(SUPPLY_DICE, DICE_RECOMMENDED)
    assert dialog.dice_spin.maximum() == 20
    model.set_dice(3)
    assert model.distribution()[18] == Fraction(1, 216)
    assert "3D6 は本文の目安（1〜2D6 が望ましい）の外です" in dialog.dice_warning_label.text()
    campaign_model.undo_stack.undo()  # back to the text's range: the count is brought into it
    assert model.dice == 2 and dialog.dice_spin.maximum() == 2 and dialog.dice_warning_label.text() == ""
