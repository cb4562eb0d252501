"""The master → servant tree the session view and the sheet draw from the active contracts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gmtool.rules.systems.aw.session import AWSession


class TreeRow(NamedTuple):
    """One line of the master → servant tree; `cycle`: shown above on this branch, not expanded."""

    character: str
    depth: int
    cycle: bool = False


def contract_rows(state: AWSession, characters: Sequence[str]) -> list[TreeRow]:
    """Active contracts depth first, servants under their master; at the top the characters without
    a master (a deleted one too), then one member of each cycle (the rules do not forbid them)."""
    rows: list[TreeRow] = []

    def walk(character: str, depth: int, path: tuple[str, ...]) -> None:
        rows.append(TreeRow(character, depth, character in path))
        if character not in path:
            for servant in state.servants_of(character):
                walk(servant, depth + 1, (*path, character))

    active = [x for c in state.contracts if c.active for x in (c.master, c.servant)]
    for character in dict.fromkeys([*characters, *active]):
        if state.master_of(character) is None:
            walk(character, 0, ())
    for character in dict.fromkeys(active):
        if character not in {r.character for r in rows}:
            walk(character, 0, ())
    return rows
