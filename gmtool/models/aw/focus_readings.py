"""The AF's two house rules as the campaign reads them (`AWFocusModel.readings`): when a skill already
declared counts again (aw.focus_redeclare) and whether a round that reaches the difficulty is played
to its end (aw.focus_round_end).

Read at every call from the campaign's switches, so a flip in 編集 → ハウスルール changes the
procedure and the odds at once.
"""

from __future__ import annotations

from gmtool.models.aw.focus_state import FocusDoc
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.house_rules import house_rule
from gmtool.rules.systems.aw.focus import Redeclaration
from gmtool.rules.systems.aw.house_rules import (
    END_AT_ONCE,
    END_PLAYED_OUT,
    FOCUS_REDECLARE,
    FOCUS_ROUND_END,
    REDECLARE_GM,
)


class FocusReadings:
    def __init__(self, campaign_model: CampaignModel) -> None:
        self.campaign_model = campaign_model

    def redeclare_reading(self) -> str:
        return campaign_house_rules(self.campaign_model).get(FOCUS_REDECLARE)

    def gm_allows_redeclaring(self) -> bool:
        """Under the reading 「GMが許可したラウンドだけ」 the GM ticks each round that counts again."""
        return self.redeclare_reading() == REDECLARE_GM

    def plays_out(self) -> bool:
        """Whether a round that reaches the difficulty is played to its end (aw.focus_round_end)."""
        return campaign_house_rules(self.campaign_model).get(FOCUS_ROUND_END) == END_PLAYED_OUT

    def redeclaration(self, doc: FocusDoc | None) -> Redeclaration:
        reading = self.redeclare_reading()
        return doc.redeclaration(reading) if doc is not None else Redeclaration(reading)

    def played(self) -> list[tuple[str, str]]:
        """(the switch's title, the reading played) of each of the two switches, for the run page: the
        declarations' texts, which the view shows in the UI language."""
        played = {
            FOCUS_REDECLARE: self.redeclare_reading(),
            FOCUS_ROUND_END: END_PLAYED_OUT if self.plays_out() else END_AT_ONCE,
        }
        shown = []
        for rule_id, reading in played.items():
            rule = house_rule(rule_id)
            shown.append((rule.title, rule.reading(reading).label))
        return shown
