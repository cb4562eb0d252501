"""The campaign's house rules as the windows see them: read the switches, flip one as one undo step.

The choices are session state of the campaign (`HOUSE_RULES_KEY`): saved with it, exported with
it, undone and redone through `CampaignModel.set_session_value`.  `campaign_house_rules` is what
a panel, tracker or limit asks before it computes: the choice when the campaign made one, else the
default (today's behaviour).  A stored document that is not readable (a hand-edited file) plays
the defaults and says so once through `problem`, instead of refusing the campaign.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.shown_text import shown
from gmtool.rules.house_rules import (
    HOUSE_RULES_KEY,
    HouseRule,
    HouseRules,
    HouseRulesError,
    house_rule,
    house_rules_of,
)

__all__ = ["HouseRulesModel", "campaign_house_rules"]


def campaign_house_rules(campaign_model: CampaignModel) -> HouseRules:
    """The open campaign's choices (the defaults where none, or where the stored ones are unreadable),
    read once per change of the stored document."""
    return campaign_model.parsed_session(HOUSE_RULES_KEY, _read_house_rules)[0]


def _read_house_rules(document: object) -> tuple[HouseRules, str]:
    """The choices a stored document makes, and why they cannot be read ("" when they can)."""
    try:
        return HouseRules.from_document(document), ""
    except HouseRulesError as error:
        return HouseRules(), str(error.message)


class HouseRulesModel(QObject):
    changed = Signal()  # a switch was flipped (here, by undo/redo, or another window)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        campaign_model.session_changed.connect(self._session_changed)

    def _session_changed(self, key: str) -> None:
        if key == HOUSE_RULES_KEY:
            self.changed.emit()

    @property
    def problem(self) -> str:
        """Why the stored choices cannot be read ("" when they can): the defaults are played."""
        return self.campaign_model.parsed_session(HOUSE_RULES_KEY, _read_house_rules)[1]

    def rules(self) -> HouseRules:
        return campaign_house_rules(self.campaign_model)

    def switches(self, system_id: str) -> tuple[HouseRule, ...]:
        return house_rules_of(system_id)

    def reading(self, rule_id: str) -> str:
        """The id of the reading played for `rule_id` (the campaign's choice, else the default)."""
        return self.rules().get(rule_id)

    def effect(self, rule_id: str) -> str:
        """What the reading played for `rule_id` changes (a Message, or "" when it says nothing)."""
        return house_rule(rule_id).reading(self.reading(rule_id)).effect

    def set_reading(self, rule_id: str, reading_id: str) -> None:
        """Plays `reading_id` for `rule_id` from now on: one undo step (nothing when unchanged)."""
        rules = self.rules()
        if rules.get(rule_id) == reading_id:
            return
        rule = house_rule(rule_id)
        changed = rules.with_choice(rule_id, reading_id)
        label = rule.reading(reading_id).label
        text = self.tr("ハウスルール「{0}」を「{1}」に").format(shown(rule.title), shown(label))
        self.campaign_model.set_session_value(HOUSE_RULES_KEY, changed.to_document(), text)

    def reset(self, system_id: str) -> None:
        """Every switch of `system_id` back to its default: one undo step."""
        rules = self.rules()
        kept = {k: v for k, v in rules.choices.items() if not k.startswith(f"{system_id}.")}
        if kept == dict(rules.choices):
            return
        text = self.tr("ハウスルールを既定に戻す")
        self.campaign_model.set_session_value(HOUSE_RULES_KEY, HouseRules(kept).to_document(), text)
