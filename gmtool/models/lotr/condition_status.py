"""What the sheet's 負傷と疲労 group shows of a LotR character, worked out once: the wound track,
the weariness level, the condition penalty every test takes (1.2.2 「負傷・疲労によって受けた
ペナルティは当然合計して」) and which of its levels are 未設定 (counted 0), the warning when a worse
wound rolls better than a lighter one, Table 9.39's recovery time, and whether the campaign allows
the courage rest (house rule COURAGE_WEARINESS, 1.2.2 「GMが許可すれば」).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.check_log import wound_gap_warning
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.derived import WoundTrack, condition_penalty, weariness_level, wound_track
from gmtool.rules.systems.lotr.house_rules import COURAGE_REST_ON, COURAGE_WEARINESS
from gmtool.rules.systems.lotr.reference_catalog import WEARINESS_RECOVERY
from gmtool.rules.systems.lotr.reference_table_types import CellRef
from gmtool.rules.systems.lotr.rules_types import Level, LotRRules
from gmtool.rules.systems.lotr.weariness import recovery_time


@dataclass(frozen=True)
class ConditionStatus:
    track: WoundTrack
    weariness: Level  # the current weariness level
    weariness_levels: tuple[Level, ...]
    unconscious: bool  # at the last weariness level: unconscious at once (1.2.2)
    penalty: int  # wounds + weariness, on every test
    unset: tuple[str, ...]  # the current levels whose penalty the GM has not set (counted 0), as shown
    gap: str  # a worse wound rolling better than a lighter one ("" when not)
    recovery_time: str | None  # Table 9.39 for the current weariness level (None: 未設定)
    recovery_cell: CellRef | None  # where that time is filled in while it is 未設定 (None: set, or Hale)
    courage_rest: bool  # the house rule allows 1 Courage for 2 weariness levels


def condition_status(
    campaign_model: CampaignModel, character: LotRCharacter, rules: LotRRules
) -> ConditionStatus:
    track = wound_track(character, rules)
    level = weariness_level(character, rules)
    carried = track.carried_from  # house rule: an unset wound level takes the lighter one's
    unset = tuple(
        shown_name(lv)
        for lv in (track.level, level)
        if lv is not None and lv.penalty is None and not (lv is track.level and carried)
    )
    time = recovery_time(rules, character.weariness) if character.weariness else None
    unset_time = bool(character.weariness) and time is None
    cell = CellRef(WEARINESS_RECOVERY, level.name, "time") if unset_time else None
    allowed = campaign_house_rules(campaign_model).get(COURAGE_WEARINESS) == COURAGE_REST_ON
    return ConditionStatus(
        track=track,
        weariness=level,
        weariness_levels=tuple(rules.weariness_levels),
        unconscious=character.weariness == len(rules.weariness_levels) - 1,
        penalty=condition_penalty(character, rules),
        unset=unset,
        gap=wound_gap_warning(character, rules),
        recovery_time=time,
        recovery_cell=cell,
        courage_rest=allowed,
    )
