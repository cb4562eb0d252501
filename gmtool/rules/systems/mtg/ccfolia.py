"""MTGでTRPG in CCFolia: the deck's size and lands are params; the GM orders the turns."""

from __future__ import annotations

from gmtool.rules.systems.base import CCFoliaExport
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.deck_stats import deck_statistics


def _sheet_params(character: MTGCharacter) -> list[tuple[str, int]]:
    stats = deck_statistics(character)
    return [("デッキ枚数", stats.size), ("土地", stats.lands)]


def _memo(character: MTGCharacter) -> list[str]:
    return [character.creature_type]


CCFOLIA = CCFoliaExport(sheet_params=_sheet_params, memo=_memo)
