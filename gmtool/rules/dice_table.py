"""The GM's own dice tables, in BCDice's user-defined table format (the one CCFolia rooms keep).

    利き腕          ← the title: the table's name, typed in the dice box to roll it
    2D6             ← the dice: xDy (a sum), D66 / D66N (as rolled), D66A / D66S (smaller die
                      first), D66D (larger die first)
    2:右利き        ← one row per number the dice can give, `n:text`
    …

As BCDice 3 (`UserDefinedDiceTable`): blank lines are skipped, the dice line is read in upper
case, every number the dice can give needs exactly one row and no row may lie outside them, a
literal `\\n` in a row is a line break, and a roll prints `名前(出目) ＞ 内容`.

Where gmtool is stricter or more lenient than BCDice, on purpose:

- A duplicated number is refused (BCDice keeps the first row silently when none is missing).
- The name may hold no space (the dice box reads the command up to the first space) and may not
  read as a dice command itself (`2D6` as a name would hide the dice command).
- `0D6` and zero-sided dice are refused (BCDice accepts a `0:` row for `0D6`).
- Full-width digits and colons (`３：…`) and leading zeros (`01:`) are read; the exported text
  (`table_text`) writes them the way BCDice reads them, so it works in a CCFolia room.
- Bounds: MAX_TEXT_CHARS characters per table, MAX_ROWS rows (so `1D1000` but not `1D1001`),
  MAX_DICE dice, MAX_ROW_CHARS characters per row and MAX_NAME_CHARS for the name.

The engine module: no Qt.  Randomness is the injected `random.Random`.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.rules.message import Message

MAX_TEXT_CHARS = 100_000  # one table's text: a 1000-row table of 100-character rows fits
MAX_ROWS = 1_000
MAX_ROW_CHARS = 1_000
MAX_NAME_CHARS = 40
MAX_DICE = 200  # BCDice's own limit on the dice of one roll
MISSING_SHOWN = 10  # missing numbers listed in the refusal; the rest are counted
ARROW = " ＞ "  # BCDice's separator, as in gmtool.rules.command_roll (not imported: no grammar)

_SUM = re.compile(r"(\d+)D(\d+)")
_D66 = {"D66": "N", "D66N": "N", "D66A": "A", "D66S": "A", "D66D": "D"}
_ROW = re.compile(r"([0-9０-９]+)[:：]")
_SPACE = re.compile(r"\s")


class TableError(ValueError):
    """A table that cannot be read: the reason and, where one line is at fault, its number."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        self.reason = reason
        self.line = line
        super().__init__(self.message)

    @property
    def message(self) -> Message:
        if self.line is None:
            return Message.of(self.reason)
        return Message("{0}行目: {1}", self.line, self.reason)


@dataclass(frozen=True)
class TableRow:
    value: int  # the number rolled
    text: str  # what follows `n:` (as written: `\n` kept, for the export)
    line: int  # its line in the text the table was read from (1-based)

    @property
    def shown(self) -> str:
        """The row as a roll prints it: `\\n` a line break, spaces at the ends dropped (BCDice)."""
        return self.text.replace("\\n", "\n").strip()


@dataclass(frozen=True)
class DiceTable:
    name: str
    dice: str  # as written, in upper case: 1D6, 2D6, D66, D66A…
    rows: tuple[TableRow, ...]  # in the order written

    @property
    def key(self) -> str:
        """The name as the dice box compares it (full-width folded)."""
        return command_key(self.name)

    def row(self, value: int) -> TableRow:
        return next(r for r in self.rows if r.value == value)


@dataclass(frozen=True)
class TableRoll:
    text: str  # `名前(出目) ＞ 内容`, as BCDice prints it
    value: int
    faces: tuple[int, ...]  # every die in the order rolled (a D66 as its two d6)


@dataclass(frozen=True)
class TableCall:
    """A dice-box command that names a table: [S]name [comment]."""

    table: DiceTable
    secret: bool
    comment: str


def command_key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


# ---- reading ------------------------------------------------------------------------------------
def parse_table(text: str) -> DiceTable:
    """The table in *text*; TableError naming the line and the reason when it is malformed."""
    if len(text) > MAX_TEXT_CHARS:
        raise TableError(Message("表が長すぎます（{0:,}文字まで）", MAX_TEXT_CHARS))
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise TableError(
            Message("表が空です。1行目に表の名前、2行目にダイス、その後に「出目:内容」の行を書きます")
        )
    name_line, name = lines[0]
    _check_name(name, name_line)
    if len(lines) < 2:
        raise TableError(Message("ダイスの行がありません（例: 1D6、2D6、D66）"), name_line + 1)
    dice_line, dice = lines[1]
    dice = unicodedata.normalize("NFKC", dice).upper()
    values = possible_values(dice, dice_line)
    rows = tuple(_rows(lines[2:], dice, set(values)))
    if not rows:
        raise TableError(Message("「出目:内容」の行がありません（例: 1:宝箱）"), dice_line)
    present = {r.value for r in rows}
    missing = [v for v in values if v not in present]
    if missing:
        shown = ", ".join(map(str, missing[:MISSING_SHOWN]))
        more = len(missing) - MISSING_SHOWN
        listed = Message("{0} ほか{1}個", shown, more) if more > 0 else shown
        raise TableError(Message("{0} の表には出目 {1} の行がありません", dice, listed), dice_line)
    return DiceTable(name, dice, rows)


@lru_cache(maxsize=256)
def cached_table(text: str) -> DiceTable:
    """`parse_table` remembered: the dice box looks the tables up at every key typed."""
    return parse_table(text)


def _check_name(name: str, line: int) -> None:
    if len(name) > MAX_NAME_CHARS:
        raise TableError(Message("表の名前が長すぎます（{0}文字まで）", MAX_NAME_CHARS), line)
    if _SPACE.search(command_key(name)):
        raise TableError(
            Message("表の名前に空白は使えません（ダイスボックスでは最初の空白までを表の名前として読みます）"),
            line,
        )
    from gmtool.rules.command import CommandError, parse  # the grammar, only when a table is read

    try:
        parse(name)
    except CommandError:
        return
    raise TableError(Message("「{0}」はダイスコマンドとして読まれるので、表の名前には使えません", name), line)


def possible_values(dice: str, line: int | None = None) -> list[int]:
    """Every number *dice* can give, ascending; TableError for dice BCDice's tables do not take."""
    order = _D66.get(dice)
    if order is not None:
        return sorted({_d66(a, b, order) for a in range(1, 7) for b in range(1, 7)})
    match = _SUM.fullmatch(dice)
    if match is None:
        raise TableError(
            Message("ダイス「{0}」は表に使えません（xDy、D66、D66N、D66A、D66S、D66D のどれかです）", dice),
            line,
        )
    times, sides = int(match.group(1)), int(match.group(2))
    if times < 1 or sides < 1:
        raise TableError(Message("ダイスの数と面の数は1以上です（{0}）", dice), line)
    if times > MAX_DICE:
        raise TableError(Message("ダイスは{0}個までです（{1}）", MAX_DICE, dice), line)
    if times * (sides - 1) + 1 > MAX_ROWS:
        raise TableError(
            Message(
                "{0} は出目が{1:,}通りあります。表は{2:,}行までです", dice, times * (sides - 1) + 1, MAX_ROWS
            ),
            line,
        )
    return list(range(times, times * sides + 1))


def _rows(lines: Iterable[tuple[int, str]], dice: str, allowed: set[int]) -> Iterable[TableRow]:
    seen: dict[int, int] = {}
    for n, line in lines:
        match = _ROW.match(line)
        if match is None:
            raise TableError(Message("「出目:内容」の形ではありません（例: 3:宝箱）"), n)
        value = int(unicodedata.normalize("NFKC", match.group(1)))
        text = line[match.end() :]
        if len(text) > MAX_ROW_CHARS:
            raise TableError(Message("行が長すぎます（{0}文字まで）", MAX_ROW_CHARS), n)
        if value not in allowed:
            low, high = min(allowed), max(allowed)
            raise TableError(
                Message(
                    "出目 {0} は {1} では出ません（{2}〜{3} のうち {4}通り）",
                    value,
                    dice,
                    low,
                    high,
                    len(allowed),
                ),
                n,
            )
        if value in seen:
            raise TableError(
                Message("出目 {0} の行が2つあります（{1}行目にもあります）", value, seen[value]), n
            )
        seen[value] = n
        yield TableRow(value, text, n)


def table_text(table: DiceTable) -> str:
    """The table as BCDice reads it (and `parse_table` reads back to the same table's rows)."""
    lines = [table.name, table.dice, *(f"{row.value}:{row.text}" for row in table.rows)]
    return "\n".join(lines) + "\n"


# ---- odds and rolls -----------------------------------------------------------------------------
def value_odds(dice: str) -> dict[int, Fraction]:
    """The exact probability of each number *dice* gives."""
    order = _D66.get(dice)
    if order is not None:
        counts: dict[int, int] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                value = _d66(a, b, order)
                counts[value] = counts.get(value, 0) + 1
        return {v: Fraction(c, 36) for v, c in sorted(counts.items())}
    match = _SUM.fullmatch(dice)
    assert match is not None, dice  # a parsed table's dice
    times, sides = int(match.group(1)), int(match.group(2))
    ways = [1]  # ways[s]: the ways the dice so far sum to s (starting at 0)
    for _ in range(times):
        nxt = [0] * (len(ways) + sides - 1)
        for total, count in enumerate(ways):
            for face in range(sides):
                nxt[total + face] += count
        ways = nxt
    whole = sides**times
    return {times + i: Fraction(w, whole) for i, w in enumerate(ways)}


def row_odds(table: DiceTable) -> list[tuple[TableRow, Fraction]]:
    """Each row with the probability of rolling it, in the order of the numbers."""
    odds = value_odds(table.dice)
    return [(row, odds[row.value]) for row in sorted(table.rows, key=lambda r: r.value)]


def roll_table(table: DiceTable, rng: random.Random) -> TableRoll:
    """Rolls the table's dice once: the row, printed as BCDice prints it."""
    order = _D66.get(table.dice)
    if order is not None:
        faces: tuple[int, ...] = (rng.randint(1, 6), rng.randint(1, 6))
        value = _d66(faces[0], faces[1], order)
    else:
        match = _SUM.fullmatch(table.dice)
        assert match is not None, table.dice
        faces = tuple(rng.randint(1, int(match.group(2))) for _ in range(int(match.group(1))))
        value = sum(faces)
    return TableRoll(f"{table.name}({value}){ARROW}{table.row(value).shown}", value, faces)


def _d66(first: int, second: int, order: str) -> int:
    if order == "A":
        first, second = min(first, second), max(first, second)
    elif order == "D":
        first, second = max(first, second), min(first, second)
    return first * 10 + second


# ---- the dice box -------------------------------------------------------------------------------
def find_call(command: str, tables: Sequence[DiceTable]) -> TableCall | None:
    """The table *command* names ([S]name, then an optional comment after a space), or None."""
    source = command_key(command)
    if not source or not tables:
        return None
    space = _SPACE.search(source)
    word = source[: space.start()] if space else source
    comment = source[space.start() :].strip() if space else ""
    by_key = {t.key: t for t in tables}
    if word in by_key:
        return TableCall(by_key[word], False, comment)
    if word[:1] in "sS" and word[1:] in by_key:
        return TableCall(by_key[word[1:]], True, comment)
    return None
