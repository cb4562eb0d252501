"""What the LotR rule-table editor's tests share: the stored edits as another program reads them,
and a wounded sample character."""

from __future__ import annotations

from dataclasses import replace

from gmtool.models.lotr.rules_model import RULES_KEY
from tests.qt_fixtures import sample_lotr_character, stored_session

NO_PACKAGE = "この職業のパッケージの中身はルールデータにありません"


def stored_document(campaign_model):
    """What a second program opening the campaign file reads."""
    return stored_session(campaign_model.campaign.path, RULES_KEY)


def wounded_character():
    """The sample hobbit with damage at the Wounded level (Healthy, Dazed, Injured, Wounded…)."""
    character = sample_lotr_character()
    return replace(character, damage=character.health * 3)
