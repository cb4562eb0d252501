"""A game system's name as the UI shows it: one name per system, in the UI language.

Each system declares its name as a ``Message`` (``GameSystem.name``, the Japanese name); its
English is in ``resources/i18n/messages_en.json``.  Everything that names a system to the user —
the character list, キャラクターの追加's choice, the house-rule tabs, the tracker's system box, the
printed sheet — asks here, so the English UI reads one English name everywhere.
"""

from __future__ import annotations

from gmtool.models.shown_text import shown
from gmtool.rules.systems import SYSTEMS


def system_name(system_id: str) -> str:
    """The name of the registered system *system_id* in the UI language."""
    return shown(SYSTEMS[system_id].name)


def system_choices() -> list[tuple[str, str]]:
    """(id, name in the UI language) of every registered system, in the registry's order."""
    return [(system_id, system_name(system_id)) for system_id in SYSTEMS]
