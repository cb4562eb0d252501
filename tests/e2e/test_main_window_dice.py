"""The dice box in the main window: `{name}` and AW's SRS reading follow the selected character,
and opening another campaign shows that campaign's rolls — a secret of the old one is never
revealed into the new one."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QSettings

from gmtool.app.demo import create_demo_campaign
from gmtool.app.main_window import MainWindow
from gmtool.models.campaign_model import CampaignModel


@pytest.fixture
def window(qtbot, campaign_model, tmp_path, refusals):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(campaign_model, settings)
    qtbot.addWidget(w)
    w.show()
    return w


def select(window: MainWindow, name: str) -> None:
    window.select_character(
        next(s.id for s in window.campaign_model.characters() if s.character.name == name)
    )


def test_variables_and_the_srs_reading_follow_the_selected_character(window):
    dice = window.dice_box_model
    select(window, "朝霧 透")  # AW, 体力 3, critical 12 / fumble 2
    dice.set_text("2D6+{体力}+6>=10")
    assert dice.expanded == "2D6+3+6>=10[12,2]"
    assert dice.odds.success == Fraction(35, 36)  # a natural 2 fails even at +9
    select(window, "ミナ・クローデル")  # critical 11
    dice.set_text("2D6+{体力}>=10 【体力判定】")
    assert dice.expanded.startswith("2D6+2>=10[11,2]")
    select(window, "リゼ・アルノー")  # Four Card: a plain sum
    dice.set_text("2D6+1>=10")
    assert dice.expanded == "2D6+1>=10" and dice.odds.success == Fraction(10, 36)


def test_a_secret_roll_of_another_campaign_is_never_revealed_into_the_open_one(window, tmp_path, refusals):
    dice = window.dice_box_model
    dice.set_text("S2D6+3>=10")
    secret = dice.roll()
    assert secret is not None and secret.secret
    entry = dice.recent[-1]
    other = create_demo_campaign(tmp_path / "other.gmcampaign", session=False)
    window.set_campaign_model(CampaignModel(other))
    assert dice.recent == [] and window.dice_box_view.results.count() == 0
    with pytest.raises(ValueError, match="開いているキャンペーンのもの"):
        dice.reveal(entry)
    assert other.log_entries() == []
