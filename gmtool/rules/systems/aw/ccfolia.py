"""アナザーワールド in CCFolia: 行動値 orders the turns; the SRS thresholds are params."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, AWCharacter
from gmtool.rules.systems.base import CCFoliaExport, SheetField

# The SRS thresholds' labels, as the palette's variables and the sheet's values.
CRITICAL_LABEL = "クリティカル値"
FUMBLE_LABEL = "ファンブル値"


def _sheet_params(character: AWCharacter) -> list[tuple[str, int]]:
    return [(CRITICAL_LABEL, character.critical), (FUMBLE_LABEL, character.fumble)]


def _memo(character: AWCharacter) -> list[str]:
    return ["クラス: " + " / ".join(character.classes)] if character.classes else []


def _initiative(values: Mapping[str, int], initiative: int) -> int:
    return initiative  # 行動値


CCFOLIA = CCFoliaExport(
    value_labels={
        "reflex": "反射",
        "perception": "知覚",
        "luck": "幸運",
        "intellect": "理知",
        "critical": CRITICAL_LABEL,
        "fumble": FUMBLE_LABEL,
    },
    sheet_params=_sheet_params,
    memo=_memo,
    initiative=_initiative,
    sheet_fields={
        "hp": SheetField("hp", "hp_max"),
        "mp": SheetField("mp", "mp_max"),
        **{label: SheetField(f"attributes.{key}") for key, label in ATTRIBUTES},
        **{label: SheetField(f"combat.{key}") for key, label in COMBAT_VALUES},
        CRITICAL_LABEL: SheetField("critical"),
        FUMBLE_LABEL: SheetField("fumble"),
    },
)
