"""千幻抄 in CCFolia: the 類型 in the memo; the GM orders the turns, and enters HP."""

from __future__ import annotations

from gmtool.rules.systems.base import CCFoliaExport
from gmtool.rules.systems.sengensho.character import SengenshoCharacter


def _memo(character: SengenshoCharacter) -> list[str]:
    return ["類型: " + " / ".join(character.archetypes)] if character.archetypes else []


CCFOLIA = CCFoliaExport(memo=_memo)
