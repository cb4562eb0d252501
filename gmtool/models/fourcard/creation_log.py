"""The フォーカード creation wizard's log lines (kind ``fourcard-creation``): every roll with its seed,
every GM override and the finished character, each said as the table reads it, and the creation
record built from them (gmtool.models.creation_log).  A wizard cancelled before it made a
character marks its lines 取り消し (`cancel`): they belong to no character."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_log import CreationLog as GenericCreationLog

LOG_KIND = "fourcard-creation"


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


class CreationLog(GenericCreationLog):
    def __init__(self, campaign_model: CampaignModel, who: Callable[[], str]) -> None:
        super().__init__(campaign_model, "fourcard", LOG_KIND, who)
