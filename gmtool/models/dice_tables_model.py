"""The campaign's own dice tables (BCDice's user-defined format), kept with the campaign.

Stored in the campaign's session state under DICE_TABLES_KEY as ``{"tables": [text, …]}``: each
table as the GM wrote it, so the editor shows it back unchanged; it travels with the campaign
file, and every change (add, edit, duplicate, remove, import) is one undo step.  The dice box
rolls them by name through `campaign_tables`.  The shipped examples are in resources/dice_tables/,
each built from a table of the rule texts (its `#` header names the section).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.resources import resource_path
from gmtool.rules.dice_table import (
    MAX_TEXT_CHARS,
    DiceTable,
    TableCall,
    TableError,
    cached_table,
    parse_table,
    roll_table,
    row_odds,
    table_text,
    value_odds,
)
from gmtool.rules.message import Message
from gmtool.store.errors import CampaignError

if TYPE_CHECKING:
    from gmtool.rules.command import CommandOdds, CommandResult

DICE_TABLES_KEY = "dice_tables"
MAX_TABLES = 200  # per campaign: the dice box looks every name up as the GM types
EXAMPLES_FOLDER = "dice_tables"
FILE_ENCODING = "utf-8"  # written without a BOM; one is skipped on reading (Windows' Notepad)
NEW_TABLE_ROWS = 6  # a new table starts as a 1D6 table with empty rows


@dataclass(frozen=True)
class RowOdds:
    """One row of a table as the editor lists it: the number, its exact chance, the text a roll prints."""

    value: int
    probability: Fraction
    shown: str


@dataclass(frozen=True)
class TableReading:
    """A table's text as read while it is typed: the table's name, dice and rows with their
    chances; or why it does not read (a Message) and, where one line is at fault, its number.
    An empty text reads as nothing at all (no rows, no problem)."""

    name: str = ""
    dice: str = ""
    rows: tuple[RowOdds, ...] = ()
    problem: str | None = None
    line: int | None = None

    @property
    def readable(self) -> bool:
        return bool(self.dice) and self.problem is None


def table_rows(table: DiceTable) -> tuple[RowOdds, ...]:
    """Each row of *table* with the chance of rolling it, in the order of the numbers."""
    return tuple(RowOdds(row.value, p, row.shown) for row, p in row_odds(table))


class DiceTablesProblem(ValueError):
    """A change refused, or a file that could not be read or written: the message says why."""


def stored_texts(campaign_model: CampaignModel) -> list[str]:
    """The tables' texts as stored; a document that is not the expected shape is a problem."""
    document = campaign_model.session_value(DICE_TABLES_KEY)
    if document is None:
        return []
    tables = document.get("tables") if isinstance(document, dict) else None
    if not isinstance(tables, list) or not all(isinstance(t, str) for t in tables):
        raise DiceTablesProblem(
            Message("キャンペーンのダイス表が正しくありません（表の文字列の一覧ではありません）")
        )
    return list(tables)


def campaign_tables(campaign_model: CampaignModel) -> list[DiceTable]:
    """The tables the dice box can roll: the stored ones that read (the dialog shows the others'
    problems); none when the campaign's value cannot be read."""
    try:
        texts = stored_texts(campaign_model)
    except (DiceTablesProblem, CampaignError):
        return []
    return readable_tables(texts)


def readable_tables(texts: list[str]) -> list[DiceTable]:
    """The tables among `texts` that read (a stored one that does not is skipped here)."""
    tables = []
    for text in texts:
        try:
            tables.append(cached_table(text))
        except TableError:
            continue
    return tables


def table_odds(table: DiceTable) -> CommandOdds:
    """The table's odds as the dice box shows a command's: each number's chance is its row's."""
    from gmtool.rules.command import CommandOdds
    from gmtool.rules.dice import Distribution

    return CommandOdds(Distribution(value_odds(table.dice)), None)


def roll_call(call: TableCall, rng: random.Random) -> CommandResult:
    """A table rolled from the dice box, as a command's result: logged the same way (secret too)."""
    from gmtool.rules.command import CommandResult

    rolled = roll_table(call.table, rng)
    return CommandResult(rolled.text, rolled.value, rolled.faces, None, call.secret, call.comment)


def example_tables() -> list[tuple[str, str]]:
    """(file name, table text without its `#` header) of each shipped example."""
    folder = resource_path(EXAMPLES_FOLDER)
    if not folder.is_dir():
        return []
    return [(path.stem, strip_header(path.read_text(FILE_ENCODING))) for path in sorted(folder.glob("*.txt"))]


def strip_header(text: str) -> str:
    """The table without the `#` lines before its title (an example's source, not BCDice's)."""
    lines = text.splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    return "\n".join(lines) + "\n"


class DiceTablesModel(QObject):
    changed = Signal()  # the stored tables changed (an edit here, an undo or redo anywhere)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        campaign_model.session_changed.connect(self._session_changed)

    # ---- reading ----------------------------------------------------------------------------
    def texts(self) -> list[str]:
        return stored_texts(self.campaign_model)

    def table(self, index: int) -> DiceTable:
        """The table at *index*; TableError when its stored text does not read (hand-edited)."""
        return cached_table(self.texts()[index])

    def names(self) -> list[str]:
        """Each table's name (its first line, read or not)."""
        return [next((line.strip() for line in t.splitlines() if line.strip()), "") for t in self.texts()]

    def read(self, text: str) -> TableReading:
        """*text* read as a table (the editor's text as it is typed); nothing is stored."""
        if not text.strip():
            return TableReading()
        try:
            table = parse_table(text)
        except TableError as error:
            return TableReading(problem=error.message, line=error.line)
        return TableReading(table.name, table.dice, table_rows(table))

    def new_table_text(self) -> str:
        """A new 1D6 table with empty rows, under a name no stored table has (新しい表, 新しい表2…)."""
        names = set(self.names())
        base = name = self.tr("新しい表")
        n = 2
        while name in names:
            name, n = f"{base}{n}", n + 1
        rows = "".join(f"{i}:\n" for i in range(1, NEW_TABLE_ROWS + 1))
        return f"{name}\n1D{NEW_TABLE_ROWS}\n{rows}"

    @property
    def read_only(self) -> str | None:
        return self.campaign_model.read_only

    # ---- editing (each one undo step) -------------------------------------------------------
    def add(self, text: str) -> int:
        """Adds the table in *text*; its index.  TableError or DiceTablesProblem when refused."""
        return self._insert(self.texts(), text, self.tr("ダイス表の追加"))

    def replace(self, index: int, text: str) -> None:
        texts = self.texts()
        if texts[index] == text:
            return
        self._check(text, texts, index)
        self._store([*texts[:index], text, *texts[index + 1 :]], self.tr("ダイス表の変更"))

    def duplicate(self, index: int) -> int:
        """A copy under a new name (names are commands, so they stay different)."""
        texts = self.texts()
        table = cached_table(texts[index])
        taken = {t.key for t in readable_tables(texts)}
        base = self.tr("{0}_コピー").format(table.name)  # no space: the name is typed as a command
        name, n = base, 2
        while name in taken:
            name, n = f"{base}{n}", n + 1
        copy = table_text(DiceTable(name, table.dice, table.rows))
        return self._insert(texts, copy, self.tr("ダイス表の複製"))

    def remove(self, index: int) -> None:
        texts = self.texts()
        self._store([*texts[:index], *texts[index + 1 :]], self.tr("ダイス表の削除"))

    def add_example(self, name: str) -> int:
        text = dict(example_tables())[name]
        return self._insert(self.texts(), text, self.tr("例からダイス表を追加"))

    # ---- files ------------------------------------------------------------------------------
    def import_file(self, path: str | Path) -> int:
        """Adds the table in a text file (UTF-8); the file's problem, or the table's, when refused."""
        path = Path(path)
        try:
            if path.stat().st_size > MAX_TEXT_CHARS * 4:  # UTF-8: at most 4 bytes a character
                raise DiceTablesProblem(
                    Message("{0} は大きすぎます（表は{1:,}文字まで）", path.name, MAX_TEXT_CHARS)
                )
            text = path.read_text(encoding="utf-8-sig")
        except OSError as error:
            raise DiceTablesProblem(
                Message("{0} を読めません: {1}", path.name, error.strerror or error)
            ) from None
        except UnicodeDecodeError:
            raise DiceTablesProblem(Message("{0} は UTF-8 のテキストではありません", path.name)) from None
        try:
            return self._insert(self.texts(), text, self.tr("ダイス表の読み込み"))
        except TableError as error:
            raise DiceTablesProblem(Message("{0}: {1}", path.name, error.message)) from None

    def export_file(self, index: int, path: str | Path) -> None:
        """Writes the table as BCDice reads it (UTF-8, one row a line) — to paste into CCFolia."""
        path = Path(path)
        try:
            path.write_text(table_text(self.table(index)), encoding=FILE_ENCODING, newline="\n")
        except OSError as error:
            raise DiceTablesProblem(
                Message("{0} に書き出せません: {1}", path.name, error.strerror or error)
            ) from None

    # ---- internals --------------------------------------------------------------------------
    def _insert(self, texts: list[str], text: str, undo_text: str) -> int:
        if len(texts) >= MAX_TABLES:
            raise DiceTablesProblem(Message("ダイス表は1つのキャンペーンに{0}個までです", MAX_TABLES))
        self._check(text, texts, None)
        self._store([*texts, text], undo_text)
        return len(texts)

    def _check(self, text: str, texts: list[str], index: int | None) -> None:
        """TableError for a malformed table; DiceTablesProblem for a name another table has."""
        table = parse_table(text)
        others = [t for i, t in enumerate(texts) if i != index]
        if table.key in {t.key for t in readable_tables(others)}:
            raise DiceTablesProblem(
                Message(
                    "「{0}」という名前のダイス表はもうあります（名前で振るので、別の名前にしてください）",
                    table.name,
                )
            )

    def _store(self, texts: list[str], undo_text: str) -> None:
        document: dict[str, Any] | None = {"tables": texts} if texts else None  # none left: unset
        self.campaign_model.set_session_value(DICE_TABLES_KEY, document, undo_text)

    def _session_changed(self, key: str) -> None:
        if key == DICE_TABLES_KEY:
            self.changed.emit()
