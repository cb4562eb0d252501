"""BCDice chat palettes: one command line per check a character can make.

A palette starts with its variables (``//反射=4``) and then the command lines that use them
(``2D6+{反射}>=10 【反射判定】``), the form CCFolia and most BCDice front ends read: a line is sent
as typed after ``{name}`` is replaced, and BCDice ignores what follows the first space.

What each system's line is, and why:

- aw: BCDice has no アナザーワールド bot; its SRS bot (スタンダードRPGシステム) implements the
  shared SRS check.  Its syntax is ``2D6+m>=t[c,f]`` with the critical and fumble values in
  brackets (default 12 and 2, test/data/SRS.toml); ``@c`` is not SRS syntax.  The brackets are
  written only when the character's values differ from those defaults.
- sengensho: BCDice's ``Sengensyou`` bot takes ``SGS+m`` and rolls 3D6 with critical ≥16 and
  fumble ≤5; it compares against no target, so no ``>=`` is written.  A check adds one 特性値 and
  at most one skill (「{知性}+〈交渉〉」), and the sheet does not pair skills with 特性値, so a skill
  line says to add the 特性値.
- fourcard, lotr: no BCDice bot; plain ``2D6+n>=t`` (the generic AddDice command) against the
  difficulty each system's judgement panel starts from.  BCDice cannot apply フォーカード's
  natural 2/12 or LotR's exploding double six: the lines are a convenience, gmtool's panel is exact.
- mtg: checks reveal library cards, no dice: the palette is empty.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gmtool.rules.checks import CheckKind
from gmtool.rules.systems import get_system
from gmtool.rules.systems.aw.checks import DEFAULT_DIFFICULTY as AW_DIFFICULTY
from gmtool.rules.systems.fourcard.checks import DEFAULT_DIFFICULTY as FOURCARD_DIFFICULTY
from gmtool.rules.systems.lotr.kinds import DEFAULT_TN as LOTR_TN

# SRS defaults (BCDice SRS.rb DEFAULT_CRITICAL_VALUE / DEFAULT_FUMBLE_VALUE): no brackets needed.
SRS_CRITICAL = 12
SRS_FUMBLE = 2
# The systems whose checks roll no dice: they get an empty palette.
NO_DICE_SYSTEMS = frozenset({"mtg"})

_FORBIDDEN = re.compile(r"[{}=\r\n\t]")  # they would end a variable name or a palette line
_BRACKETS = re.compile(r"[【】〈〉]")
_FOURCARD_SPECIALISED = re.compile(r"【(.+?)】特化【(.+?)】")


@dataclass(frozen=True)
class PaletteEntry:
    """One check: the variable holding its value and the command line that rolls it."""

    name: str
    value: int
    command: str


def variable_name(label: str) -> str:
    """A label as a palette variable name: brackets dropped, nothing that ends a name."""
    name = _FOURCARD_SPECIALISED.sub(r"\1（\2）", label)
    name = _BRACKETS.sub("", name)
    name = _FORBIDDEN.sub("", name)
    return " ".join(name.split())


def srs_thresholds(critical: int, fumble: int) -> str:
    """The SRS bracket suffix: '' at the defaults, '[11]' for critical 11, '[12,3]' …"""
    if critical == SRS_CRITICAL and fumble == SRS_FUMBLE:
        return ""
    if fumble == SRS_FUMBLE:
        return f"[{critical}]"
    return f"[{critical},{fumble}]"


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


def _aw_command(character: Any, kind: CheckKind, name: str) -> str:
    suffix = srs_thresholds(character.critical, character.fumble)
    return f"2D6+{{{name}}}>={AW_DIFFICULTY}{suffix} 【{kind.label}判定】"


def _sengensho_command(character: Any, kind: CheckKind, name: str) -> str:
    if kind.id.startswith("skill:"):
        return f"SGS+{{{name}}} {kind.label}（＋特性値）"
    return f"SGS+{{{name}}} 【{kind.label}】"


def _fourcard_command(character: Any, kind: CheckKind, name: str) -> str:
    return f"2D6+{{{name}}}>={FOURCARD_DIFFICULTY} {_comment(kind.label)}"


def _lotr_command(character: Any, kind: CheckKind, name: str) -> str:
    return f"2D6+{{{name}}}>={LOTR_TN} {_comment(kind.label)}"


def _comment(label: str) -> str:
    """A label as the text after the command: braces would be read as variables."""
    text = " ".join(label.replace("{", "（").replace("}", "）").split())
    return text if text.startswith(("【", "〈")) else f"【{text}】"


COMMANDS = {
    "aw": _aw_command,
    "sengensho": _sengensho_command,
    "fourcard": _fourcard_command,
    "lotr": _lotr_command,
}


def palette_entries(system_id: str, character: Any) -> list[PaletteEntry]:
    """Every check of `SYSTEMS[system_id].checks(character)` as a variable and a command."""
    if system_id in NO_DICE_SYSTEMS:
        return []
    command = COMMANDS.get(system_id)
    if command is None:
        raise KeyError(f"システム '{system_id}' のチャットパレットはありません")
    kinds = list(get_system(system_id).checks(character))
    names = _unique([variable_name(k.label) for k in kinds])
    return [
        PaletteEntry(name, int(kind.value), command(character, kind, name))
        for kind, name in zip(kinds, names, strict=True)
    ]


def palette_variables(system_id: str, character: Any) -> dict[str, int]:
    """name → value, for ``{name}`` in a palette line or the dice box."""
    return {e.name: e.value for e in palette_entries(system_id, character)}


def command_lines(system_id: str, character: Any) -> list[str]:
    """The command lines alone (where the values travel separately, as CCFolia params)."""
    return [e.command for e in palette_entries(system_id, character)]


def palette_lines(system_id: str, character: Any) -> list[str]:
    """``//name=value`` variable lines first, then the command lines; [] when no dice are rolled."""
    entries = palette_entries(system_id, character)
    return [f"//{e.name}={e.value}" for e in entries] + [e.command for e in entries]


def palette_text(system_id: str, character: Any) -> str:
    return "\n".join(palette_lines(system_id, character))


def expand(line: str, variables: dict[str, int]) -> str:
    """A palette line with its ``{name}`` replaced, as CCFolia sends it; unknown names stay."""
    return re.sub(r"\{([^{}]+)\}", lambda m: str(variables.get(m.group(1), m.group(0))), line)
