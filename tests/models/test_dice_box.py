"""The dice box model's ダイスボット setting: saved with the campaign in one undo step, following the
selected character by default, and read by the odds, the roll, the log and a replay."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.models.dice_box_model import FOLLOW_CHARACTER, SYSTEM_KEY, DiceBoxModel

SEED = 99


@pytest.fixture
def dice(campaign_model):
    model = DiceBoxModel(campaign_model, seed_source=lambda: SEED)
    model.character_system_source = lambda: None  # no character selected
    return model


def test_default_follows_the_character_and_is_generic_without_one(dice):
    assert dice.system_setting == FOLLOW_CHARACTER and dice.system() == "generic"
    dice.set_text("2D6+9>=10")
    assert dice.odds.success == 1  # the generic sum: +9 always reaches 10
    dice.character_system_source = lambda: "aw"
    dice.set_text("2D6+9>=10")
    assert dice.system() == "aw" and dice.odds.success == Fraction(35, 36)  # SRS: a natural 2 fails
    dice.character_system_source = lambda: "mtg"  # BCDice rolls nothing for it: generic
    assert dice.system() == "generic"


def test_setting_is_saved_with_the_campaign_and_one_undo_takes_it_back(dice, campaign_model):
    dice.set_text("SGS+2")
    assert dice.error is not None and "千幻抄" in dice.error.message  # refused under 汎用
    dice.set_system_setting("sengensho")
    assert campaign_model.session_value(SYSTEM_KEY) == "sengensho"
    assert "ダイスボット" in campaign_model.undo_stack.undoText()
    assert dice.error is None and dice.odds.critical == Fraction(10, 216)
    campaign_model.undo_stack.undo()
    assert dice.system_setting == FOLLOW_CHARACTER
    assert dice.error is not None  # read again as the setting changed back
    campaign_model.undo_stack.redo()
    assert dice.system() == "sengensho" and dice.error is None
    with pytest.raises(ValueError):
        dice.set_system_setting("nope")


def test_roll_names_the_system_and_replays_with_it(dice):
    dice.set_system_setting("aw")
    dice.set_text("2D6+1@11#3>=8 回避")
    result = dice.roll()
    assert result is not None and result.text.startswith("SRS : (2D6+1>=8[11,3]) ＞ ")
    entry = dice.recent[-1]
    assert entry.payload["dice_system"] == "aw" and entry.payload["summary"]["result"] == result.text
    again = dice.replay(entry)
    assert again is not None and again.same
    assert again.cli.endswith(f"--seed {SEED} --system aw")


def test_an_aw_characters_own_thresholds_are_written_into_the_command(dice):
    dice.character_system_source = lambda: "aw"
    dice.srs_source = lambda: (11, 2)  # the sheet's critical 11
    dice.set_text("2D6+2>=10 【反射判定】")
    assert dice.expanded == "2D6+2>=10[11,2] 【反射判定】"
    assert dice.odds.critical == Fraction(3, 36)  # 11 and 12
    dice.set_text("2D6+2>=10[12] 【反射判定】")  # the line's own value wins
    assert dice.odds.critical == Fraction(1, 36)
    dice.set_system_setting("generic")  # 汎用: no SRS reading, whatever the character
    dice.set_text("2D6+2>=10")
    assert dice.expanded == "2D6+2>=10" and dice.odds.critical is None


def test_a_secret_roll_keeps_its_system_when_revealed(dice):
    dice.set_system_setting("aw")
    dice.set_text("S2D6>=7")
    secret = dice.roll()
    assert secret is not None and secret.secret
    shown = dice.reveal(dice.recent[-1])
    assert shown is not None and shown.payload["dice_system"] == "aw"
    assert shown.payload["summary"]["result"].startswith("SRS : ")


def test_the_mean_is_the_commands_expected_total(dice):
    assert dice.mean() is None  # nothing typed
    dice.set_text("2D6+3")
    assert dice.mean() == pytest.approx(10.0)
    dice.set_text("1D6>=4")
    assert dice.mean() == pytest.approx(3.5)
    dice.set_text("choice[A,B]")
    assert dice.odds is None and dice.mean() is None  # a choice has no odds
