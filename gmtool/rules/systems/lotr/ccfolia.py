"""The Lord of the Rings RPG in CCFolia: Swiftness orders the turns; 勇気 is a status bar."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.rules.battle import Resource
from gmtool.rules.systems.base import CCFoliaExport, SheetField
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.combat_types import WEARINESS, WOUNDS
from gmtool.rules.systems.lotr.derived import derive


def _sheet_params(character: LotRCharacter) -> list[tuple[str, int]]:
    defence = derive(character)["defence"]
    return [("Defence", defence), ("Health", character.health), ("Renown", character.renown)]


def _memo(character: LotRCharacter) -> list[str]:
    return [" / ".join(x for x in (character.race, character.order) if x)]


def _courage(character: LotRCharacter) -> list[Resource]:
    """勇気 is spent from the sheet, not in the battle tracker."""
    left = max(0, character.courage - character.courage_spent)
    return [Resource("courage", "勇気", left, character.courage)]


def _initiative(values: Mapping[str, int], initiative: int) -> int:
    return values.get("swiftness", 0)


CCFOLIA = CCFoliaExport(
    value_labels={"swiftness": "Swiftness", "defence": "Defence", "health": "Health"},
    sheet_params=_sheet_params,
    memo=_memo,
    extra_status=_courage,
    initiative=_initiative,
    # The attributes travel as their modifiers and the reactions as totals: computed, not read.
    sheet_fields={
        WOUNDS: SheetField("damage"),
        WEARINESS: SheetField("weariness"),
        "courage": SheetField("courage_spent", "courage", spent=True),
        "Health": SheetField("health"),
        "Renown": SheetField("renown"),
    },
)
