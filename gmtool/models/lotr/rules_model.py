"""The LotR rule-table editor's model (ルール表): the GM's edits of the shipped tables, each one undo
step of the campaign.

`edits` is the edits document (what is in force, what is edited, a change or a reset); the
model's own are the general tables — the wound and weariness penalties, the degrees, the pick
costs, the attribute modifier table — and its parts are `origins` (races and orders), `skills`
(the skill list) and `reference` (the tables the summary refers to).  The tables a campaign uses
(`campaign_lotr_rules`, RULES_KEY) are rules_campaign's, re-exported here.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.rules_campaign import RULES_KEY, campaign_lotr_rules, campaign_rules_problem
from gmtool.models.lotr.rules_edits import RuleEdits
from gmtool.models.lotr.rules_origins import LotROriginTables
from gmtool.models.lotr.rules_reference import LotRReferenceTables
from gmtool.models.lotr.rules_skill_list import LotRSkillList
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.house_rules import HOUSE_RULES, UNSET_LIGHTER, UNSET_WOUND_PENALTY
from gmtool.rules.systems.lotr.rules_data import LotRRules

__all__ = [
    "PENALTY_KEYS",
    "PICK_LABELS",
    "RULES_KEY",
    "LotRRulesModel",
    "campaign_lotr_rules",
    "campaign_rules_problem",
]

# Japanese names of the advancement pick costs (advancement.toml), for the editor and undo texts.
PICK_LABELS = {
    "skill_rank": "技能ランク +1",
    "attribute": "能力値 +1",
    "favoured_attribute": "得意能力値 +1",
    "reaction": "リアクション +1",
    "favoured_reaction": "得意リアクション +1",
    "health": "Health +1",
    "edge": "Edge 1 つ",
    "specialisation": "技能の特化 1 つ",
    "order_ability": "職業の特殊能力 1 つ",
    "new_order": "職業の兼業（新しい職業）",
    "flaw_picks": "新たな Flaw で得る成長ポイント",
}
PENALTY_KEYS = {
    "wound": ("wound_penalties", "wound_levels"),
    "weariness": ("weariness_penalties", "weariness_levels"),
}


class LotRRulesModel(QObject):
    """The rule-table editor's model: every setter validates the whole tables first.

    A refused edit raises ValueError (RuleDataError) naming the key and stores nothing.
    """

    changed = Signal()  # the effective tables changed (an edit, undo, redo, another window)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.edits = RuleEdits(campaign_model, self)
        self.edits.changed.connect(self.changed)
        self.origins = LotROriginTables(self.edits, self)
        self.skills = LotRSkillList(self.edits, self)
        self.reference = LotRReferenceTables(self.edits, self)

    @property
    def shipped(self) -> LotRRules:
        return self.edits.shipped

    @property
    def rules(self) -> LotRRules:
        return self.edits.rules

    @property
    def problem(self) -> str | None:
        return self.edits.problem

    def unset_wound_reads_lighter(self) -> bool:
        """House rule lotr.unset_wound_penalty: an empty wound level reads as the lighter level's
        penalty (the default), else as 0 — what the 負傷・疲労 tab says it does."""
        return self.rules.unset_wound_penalty == UNSET_LIGHTER

    def unset_wound_switch(self) -> tuple[str, str]:
        """That house rule's title and its current reading's label, the catalogue's templates the
        house-rules window shows (the 負傷・疲労 tab names the switch as the GM finds it there)."""
        rule = next(r for r in HOUSE_RULES if r.id == UNSET_WOUND_PENALTY)
        reading = next(r for r in rule.readings if r.id == self.rules.unset_wound_penalty)
        return rule.title, reading.label

    # ---- one table at a time --------------------------------------------------------------------
    def set_penalty(self, track: str, level_id: str, value: int | None) -> None:
        """track "wound" or "weariness"; None = 未設定."""
        key, table = PENALTY_KEYS[track]
        level = next((x for x in getattr(self.rules, table) if x.id == level_id), None)
        label = shown_name(level) if level else level_id
        self.edits.set_value((key, level_id), value, self.tr("{0} のペナルティ").format(label))

    def set_degree_margin(self, degree_id: str, value: int) -> None:
        band = next((b for b in self.rules.degrees if b.id == degree_id), None)
        what = self.tr("{0} の下限").format(shown_name(band) if band else degree_id)
        self.edits.set_value(("degrees", degree_id), value, what)

    def set_pick_cost(self, kind: str, value: int | None) -> None:
        what = self.tr("成長ポイント {0}").format(PICK_LABELS.get(kind, kind))
        self.edits.set_value(("picks", kind), value, what)

    def modifier_rows(self) -> list[list[int]]:
        return [list(row) for row in self.rules.modifier_rows]

    def set_modifier_row(self, index: int, high: int | None = None, modifier: int | None = None) -> None:
        """One row's upper end or modifier; the next row starts right above the new upper end."""
        rows = self.modifier_rows()
        if high is not None:
            rows[index][1] = high
            if index + 1 < len(rows):
                rows[index + 1][0] = high + 1
        if modifier is not None:
            rows[index][2] = modifier
        self._set_modifier_rows(rows, self.tr("能力値修正表 {0} 行目").format(index + 1))

    def add_modifier_row(self) -> None:
        rows = self.modifier_rows()
        _, high, modifier = rows[-1]
        rows.append([high + 1, high + 1, modifier + 1])
        self._set_modifier_rows(rows, self.tr("能力値修正表に行を追加"))

    def remove_modifier_row(self) -> None:
        rows = self.modifier_rows()
        if len(rows) < 2:
            raise ValueError(self.tr("能力値修正表の最後の 1 行は削除できません"))
        self._set_modifier_rows(rows[:-1], self.tr("能力値修正表の最後の行を削除"))

    def _set_modifier_rows(self, rows: list[list[int]], what: str) -> None:
        value = [{"low": low, "high": high, "modifier": m} for low, high, m in rows]
        self.edits.set_value(("modifier_rows",), value, what)

    def set_beyond_step(self, step: int) -> None:
        self.edits.set_value(("beyond_step",), step, self.tr("能力値修正表の上の伸び方"))
