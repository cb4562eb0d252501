"""MTGでTRPG on the printed sheet: its field names and its outcome names."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import CheckKind
from gmtool.views.print.parts import QT_TRANSLATE_NOOP, PrintParts

LABELS = {
    "creature_type": QT_TRANSLATE_NOOP("SheetPrint", "クリーチャー・タイプ"),
    "library": QT_TRANSLATE_NOOP("SheetPrint", "ライブラリー"),
    "sideboard": QT_TRANSLATE_NOOP("SheetPrint", "サイドボード"),
    "critical_limit": QT_TRANSLATE_NOOP("SheetPrint", "クリティカル上限"),
    "size": QT_TRANSLATE_NOOP("SheetPrint", "枚数"),
    "lands": QT_TRANSLATE_NOOP("SheetPrint", "土地"),
    "colorless": QT_TRANSLATE_NOOP("SheetPrint", "無色"),
    "multicolor": QT_TRANSLATE_NOOP("SheetPrint", "多色"),
    "critical_marked": QT_TRANSLATE_NOOP("SheetPrint", "クリティカル指定"),
    "color_W": QT_TRANSLATE_NOOP("SheetPrint", "白"),
    "color_U": QT_TRANSLATE_NOOP("SheetPrint", "青"),
    "color_B": QT_TRANSLATE_NOOP("SheetPrint", "黒"),
    "color_R": QT_TRANSLATE_NOOP("SheetPrint", "赤"),
    "color_G": QT_TRANSLATE_NOOP("SheetPrint", "緑"),
}


def outcome_name(outcome: Any) -> str | None:
    from gmtool.rules.systems.mtg.checks_types import MTGOutcome

    if not isinstance(outcome, MTGOutcome):
        return None
    from gmtool.models.mtg.labels import outcome_text

    return outcome_text(outcome)


def check_name(kind: CheckKind) -> str:
    """「緑判定」 as the panel names it (the kind's id is "check:<color>")."""
    from gmtool.models.mtg.labels import check_name as color_check_name
    from gmtool.rules.systems.mtg.checks_types import CheckColor

    return color_check_name(CheckColor(kind.id.removeprefix("check:")))


def value_name(key: str, value: Any) -> str | None:
    from gmtool.models.shown_text import english_ui
    from gmtool.rules.systems.mtg.cards import Card

    # A card in the deck table: its English name alone in English (the Japanese sheet prints both).
    if key == "card" and isinstance(value, Card) and english_ui():
        return value.name
    # No クリティカル上限 of its own: the deck takes the rule data's, which the computed values show.
    if key == "critical_limit" and value is None:
        return QCoreApplication.translate("SheetPrint", "ルールデータの既定値")
    return None


# A 行動判定 has no 判定値 (it compares two revealed cards): the checks print by name, the main
# check at the 難易度 its odds were computed for.
PARTS = PrintParts(
    labels=LABELS, outcome_name=outcome_name, value_name=value_name, check_name=check_name, check_values=False
)
