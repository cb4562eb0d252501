"""MTGでTRPG on the printed sheet: its field names and its outcome names."""

from __future__ import annotations

from typing import Any

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


PARTS = PrintParts(labels=LABELS, outcome_name=outcome_name)
