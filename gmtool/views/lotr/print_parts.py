"""指輪物語RPG（CODA） on the printed sheet: its field names, the attribute and reaction names of
its rule tables, and its seven degrees of success by name and colour."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.models.lotr.shown_names import shown_kind
from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts

# The sheet's own words (its form labels: Health, Size, 兼業, リアクション).
LABELS = {
    "race": QT_TRANSLATE_NOOP("SheetPrint", "種族"),
    "subrace": QT_TRANSLATE_NOOP("SheetPrint", "亜種族"),
    "order": QT_TRANSLATE_NOOP("SheetPrint", "職業"),
    "other_orders": QT_TRANSLATE_NOOP("SheetPrint", "兼業"),
    "size": QT_TRANSLATE_NOOP("SheetPrint", "Size"),
    "wound_levels": QT_TRANSLATE_NOOP("SheetPrint", "負傷段階数"),
    "favoured_attributes": QT_TRANSLATE_NOOP("SheetPrint", "得意な能力値"),
    "favoured_reaction": QT_TRANSLATE_NOOP("SheetPrint", "得意リアクション"),
    "reactions": QT_TRANSLATE_NOOP("SheetPrint", "リアクション"),
    "health": QT_TRANSLATE_NOOP("SheetPrint", "Health"),
    "courage": QT_TRANSLATE_NOOP("SheetPrint", "勇気"),
    "courage_spent": QT_TRANSLATE_NOOP("SheetPrint", "使用した勇気"),
    "renown": QT_TRANSLATE_NOOP("SheetPrint", "名声"),
    "corruption": QT_TRANSLATE_NOOP("SheetPrint", "堕落"),
    "weariness": QT_TRANSLATE_NOOP("SheetPrint", "疲労"),
    "edges": QT_TRANSLATE_NOOP("SheetPrint", "長所"),
    "flaws": QT_TRANSLATE_NOOP("SheetPrint", "短所"),
    "order_abilities": QT_TRANSLATE_NOOP("SheetPrint", "職業能力"),
    "xp_log": QT_TRANSLATE_NOOP("SheetPrint", "経験点の記録"),
    "advancements": QT_TRANSLATE_NOOP("SheetPrint", "成長"),
    "ranks": QT_TRANSLATE_NOOP("SheetPrint", "ランク"),
    "order_skill": QT_TRANSLATE_NOOP("SheetPrint", "職業技能"),
    "defence": QT_TRANSLATE_NOOP("SheetPrint", "Defence"),
    "damage_bonus": QT_TRANSLATE_NOOP("SheetPrint", "ダメージ修正"),
    "encumbrance": QT_TRANSLATE_NOOP("SheetPrint", "重量"),
    "encumbrance_heavy": QT_TRANSLATE_NOOP("SheetPrint", "重量（重い）"),
    "encumbrance_very_heavy": QT_TRANSLATE_NOOP("SheetPrint", "重量（非常に重い）"),
    # the damage's place on the wound track, beside 負傷段階数 (how many levels the track has)
    "wound_level": QT_TRANSLATE_NOOP("SheetPrint", "現在の負傷段階（0 = Healthy）"),
    "wound_penalty": QT_TRANSLATE_NOOP("SheetPrint", "負傷ペナルティ"),
    "weariness_penalty": QT_TRANSLATE_NOOP("SheetPrint", "疲労ペナルティ"),
    "condition_penalty": QT_TRANSLATE_NOOP("SheetPrint", "状態ペナルティ"),
    "courage_left": QT_TRANSLATE_NOOP("SheetPrint", "残りの勇気"),
    "xp_total": QT_TRANSLATE_NOOP("SheetPrint", "経験点合計"),
    "load": QT_TRANSLATE_NOOP("SheetPrint", "運んでいる荷重"),
    "combat_picks": QT_TRANSLATE_NOOP("SheetPrint", "Armed Combat の戦闘行動（1.4.2）"),
    "advancing_orders": QT_TRANSLATE_NOOP("SheetPrint", "成長させる二つの職業（1.6.2）"),
    "age": QT_TRANSLATE_NOOP("SheetPrint", "年齢"),
    "skill": QT_TRANSLATE_NOOP("SheetPrint", "技能"),
    "rank": QT_TRANSLATE_NOOP("SheetPrint", "ランク"),
    "action": QT_TRANSLATE_NOOP("SheetPrint", "戦闘行動"),
    "reason": QT_TRANSLATE_NOOP("SheetPrint", "理由"),
    "picks": QT_TRANSLATE_NOOP("SheetPrint", "選択"),
    "note": QT_TRANSLATE_NOOP("SheetPrint", "メモ"),
}


def rule_names() -> dict[str, str]:
    from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_NAMES, REACTION_NAMES

    names = {**ATTRIBUTE_NAMES, **REACTION_NAMES}
    modifier = QCoreApplication.translate("SheetPrint", "{0} 修正")
    return {**names, **{f"{k}_modifier": modifier.format(v) for k, v in ATTRIBUTE_NAMES.items()}}


def value_name(key: str, value: Any) -> str | None:
    """A stored id as the sheet names it: race, order, size, attribute, reaction, age (the rule
    tables' names) and an Armed Combat pick's action."""
    if key == "picks" and hasattr(
        value, "kind"
    ):  # an advancement's pick, as the advancement dialog writes it
        from gmtool.models.lotr.advancement_model import pick_text

        return pick_text(value)
    if not isinstance(value, str):
        return None
    if key == "action":
        from gmtool.models.lotr.character_steps import LotRCharacterSteps
        from gmtool.views.message_catalog import translate_message

        return translate_message(LotRCharacterSteps.combat_action_label(value))
    from gmtool.models.lotr.shown_names import rule_id_name

    return rule_id_name(key, value)


def _is_degree(outcome: Any) -> bool:
    # isinstance, not a dict lookup: a StrEnum degree equals any str of its value (MTG's "failure").
    from gmtool.rules.systems.lotr.rules_types import Degree

    return isinstance(outcome, Degree)


def outcome_name(outcome: Any) -> str | None:
    if not _is_degree(outcome):
        return None
    from gmtool.models.lotr.check_log import shipped_degree_label

    return shipped_degree_label(outcome)


def outcome_color(outcome: Any) -> str | None:
    if not _is_degree(outcome):
        return None
    from gmtool.views.lotr.plots import DEGREE_COLORS

    return DEGREE_COLORS[outcome]


PARTS = PrintParts(
    labels=LABELS,
    rule_names=rule_names,
    outcome_name=outcome_name,
    outcome_color=outcome_color,
    value_name=value_name,
    check_name=shown_kind,
    difficulty_label=QT_TRANSLATE_NOOP("SheetPrint", "目標値"),  # the rule text's word for the TN
)
