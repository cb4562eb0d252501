"""BCDice chat palettes: one command line per check a character can make.

A palette starts with its variables (``//反射=4``) and then the command lines that use them
(``2D6+{反射}>=10 【反射判定】``), the form CCFolia and most BCDice front ends read: a line is sent
as typed after ``{name}`` is replaced, and BCDice ignores what follows the first space.

Each system's lines are its own: its `palette` (gmtool/rules/systems/<id>/palette.py, whose
docstring says why each line is what it is) writes the command its BCDice bot, or the generic
AddDice, reads.  This module names the variables and, where a system writes no comment of its
own, makes the check's label the comment.

Every line must judge the same on a BCDice room set to that system as in gmtool's dice box set to
it (gmtool.rules.command_system; tests/rules/test_palette_judgement.py rolls them both ways).
A system may add variables every line uses (AW's ``//難易度=10``, so the GM's difficulty is typed
once) and keep a value as a variable without a line (AW's 攻撃力, a damage value, not a check).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems import get_system


def rolls_no_dice(system_id: str) -> bool:
    """True for a system whose checks roll no dice (MTG reveals cards): it gets an empty palette.
    Asked of the registry each time, so only that system is loaded and one registered later counts."""
    return get_system(system_id).palette.roll is None


_FORBIDDEN = re.compile(r"[{}=\r\n\t]")  # they would end a variable name or a palette line
_BRACKETS = re.compile(r"[【】〈〉]")


@dataclass(frozen=True)
class PaletteEntry:
    """One variable and the command line that rolls it ("" for a variable no line rolls alone)."""

    name: str
    value: int
    command: str


def variable_name(label: str) -> str:
    """A label as a palette variable name: brackets dropped, nothing that ends a name."""
    name = _BRACKETS.sub("", label)
    name = _FORBIDDEN.sub("", name)
    return " ".join(name.split())


def _unique(names: Sequence[str]) -> list[str]:
    """Two checks with the same label still need two variables."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        base = name or "値"
        count = seen.get(base, 0) + 1
        seen[base] = count
        result.append(base if count == 1 else f"{base}{count}")
    return result


def _label_comment(kind: CheckKind) -> str:
    """The check's label as the text after the command: braces would be read as variables."""
    text = " ".join(kind.label.replace("{", "（").replace("}", "）").split())
    return text if text.startswith(("【", "〈")) else f"【{text}】"


def palette_entries(system_id: str, character: Any) -> list[PaletteEntry]:
    """Every check of `SYSTEMS[system_id].checks(character)` as a variable and a command."""
    system = get_system(system_id)
    palette = system.palette
    roll, comment = palette.roll, palette.comment or _label_comment
    if roll is None:
        return []
    shared = [PaletteEntry(name, int(value), "") for name, value in palette.variables(character).items()]
    kinds = list(system.checks(character))
    names = _unique([*(e.name for e in shared), *(variable_name(palette.variable_label(k)) for k in kinds)])
    return shared + [
        PaletteEntry(
            name,
            int(kind.value),
            f"{roll(character, kind, '{' + name + '}')} {comment(kind)}" if palette.rolled(kind) else "",
        )
        for kind, name in zip(kinds, names[len(shared) :], strict=True)
    ]


def palette_variables(system_id: str, character: Any) -> dict[str, int]:
    """name → value, for ``{name}`` in a palette line or the dice box."""
    return {e.name: e.value for e in palette_entries(system_id, character)}


def command_lines(system_id: str, character: Any) -> list[str]:
    """The command lines alone (where the values travel separately, as CCFolia params)."""
    return [e.command for e in palette_entries(system_id, character) if e.command]


def palette_lines(system_id: str, character: Any) -> list[str]:
    """``//name=value`` variable lines first, then the command lines; [] when no dice are rolled."""
    entries = palette_entries(system_id, character)
    return [f"//{e.name}={e.value}" for e in entries] + [e.command for e in entries if e.command]


def palette_text(system_id: str, character: Any) -> str:
    return "\n".join(palette_lines(system_id, character))


def expand(line: str, variables: dict[str, int]) -> str:
    """A palette line with its ``{name}`` replaced, as CCFolia sends it; unknown names stay."""
    return re.sub(r"\{([^{}]+)\}", lambda m: str(variables.get(m.group(1), m.group(0))), line)
