"""The session log written out for sharing: one self-contained HTML page, or plain text.

What goes in — which lines, their texts in the UI's language, the headings — is decided by
`gmtool.models.log_export`; this module only writes, and knows nothing of Qt.  The page carries its
own CSS (no fonts, scripts or images from anywhere: it opens the same offline, and its
Content-Security-Policy forbids anything else), and every text taken from the log is escaped, so a
character named `<script>` is shown as written, never run.  The file is streamed to a temporary file
beside the target and renamed over it only when complete (`atomic_stream`): a failure or a cancel
leaves the old file, or none, never half of a log.
"""

from __future__ import annotations

import colorsys
import contextlib
import html
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TextIO, cast

from gmtool.store.exchange import atomic_file

HTML, TEXT = "html", "text"
SUFFIXES = {HTML: ".html", TEXT: ".txt"}


@dataclass(frozen=True)
class Row:
    """One line as the log window shows it, and the odds gmtool computed for it ('' if none)."""

    time: str
    who: str
    inputs: str
    dice: str
    result: str
    odds: str = ""


@dataclass(frozen=True)
class Heading:
    """A session (level 2) or a scene or a new day (level 3)."""

    level: int
    text: str
    note: str = ""  # a date or a time beside the heading


@dataclass(frozen=True)
class Labels:
    """Every fixed text of the page, already in the UI's language."""

    lang: str  # the HTML lang attribute: "ja" or "en"
    title: str
    subtitle: str
    note: str  # what the page leaves out
    columns: tuple[str, str, str, str, str, str]  # time, character, inputs, dice, result, odds
    empty: str  # said when no line is left to show


@lru_cache(maxsize=1024)  # a log names few characters, on thousands of lines
def character_colour(name: str) -> str:
    """A colour for a character's name: the same name always gets the same colour, and every colour
    reads on a white page (contrast at least 4.5:1, WCAG AA for body text)."""
    hue = (zlib.crc32(name.encode("utf-8")) % 360) / 360
    lightness = 0.42
    while True:
        # Judged on the 8-bit colour the page gets, not the exact one (rounding can lose the margin).
        rgb = tuple(round(c * 255) for c in colorsys.hls_to_rgb(hue, lightness, 0.75))
        if _contrast_on_white(*(c / 255 for c in rgb)) >= 4.5 or lightness <= 0.1:
            break
        lightness -= 0.02
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _contrast_on_white(red: float, green: float, blue: float) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return 1.05 / (luminance + 0.05)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _isolated(text: str) -> str:
    """Text for a place that takes no markup (the page's title), inside a Unicode isolate (FSI…PDI):
    a right-to-left override in a name ends with it instead of reversing the rest of the title."""
    return f"\u2068{text}\u2069"


_CSS = """
:root { color-scheme: light; }
body { margin: 2em auto; max-width: 72em; padding: 0 1em; background: #fff; color: #1a1a1a;
  font-family: "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic UI", "Meiryo",
  "IPAPGothic", sans-serif; font-size: 15px; line-height: 1.5; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
h2 { font-size: 1.25em; margin: 1.6em 0 .4em; padding-bottom: .2em; border-bottom: 2px solid #445; }
h3 { font-size: 1.05em; margin: 1.1em 0 .3em; color: #334; }
.note { color: #555; font-weight: normal; font-size: .9em; margin-left: .6em; }
p.subtitle { margin: 0; color: #333; }
p.leaves-out, p.count, p.empty { color: #555; font-size: .9em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
col.time { width: 5.5em; } col.who { width: 9em; } col.inputs { width: 27%; }
col.dice { width: 11%; } col.odds { width: 10em; }
th { text-align: left; font-weight: 600; color: #333; border-bottom: 1px solid #999; padding: .2em .5em; }
td { vertical-align: top; padding: .25em .5em; border-bottom: 1px solid #e4e4e4; overflow-wrap: anywhere; }
td.time { white-space: nowrap; color: #555; font-variant-numeric: tabular-nums; }
td.who { font-weight: 600; }
td.dice { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .92em; }
td.odds { color: #444; }
"""


class HtmlWriter:
    """Writes the page as the lines come: a table per section, a heading between sections."""

    def __init__(self, out: TextIO, labels: Labels) -> None:
        self._out = out
        self._labels = labels
        self._table_open = False
        self.rows = 0

    def begin(self) -> None:
        lab = self._labels
        self._out.write(
            "<!DOCTYPE html>\n"
            f'<html lang="{_e(lab.lang)}">\n<head>\n<meta charset="utf-8">\n'
            # Nothing may be fetched: the page is one file, read offline.
            '<meta http-equiv="Content-Security-Policy" '
            "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(_isolated(lab.title))}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            f'<h1>{_e(lab.title)}</h1>\n<p class="subtitle">{_e(lab.subtitle)}</p>\n'
            f'<p class="leaves-out">{_e(lab.note)}</p>\n'
        )

    def heading(self, heading: Heading) -> None:
        self._close_table()
        level = 2 if heading.level <= 2 else 3
        note = f' <span class="note">{_e(heading.note)}</span>' if heading.note else ""
        self._out.write(f"<h{level}>{_e(heading.text)}{note}</h{level}>\n")

    def row(self, row: Row) -> None:
        if not self._table_open:
            # Fixed column widths: the tables of every session and scene line up.
            cols = "".join(f'<col class="{c}">' for c in ("time", "who", "inputs", "dice", "result", "odds"))
            head = "".join(f"<th>{_e(c)}</th>" for c in self._labels.columns)
            self._out.write(
                f"<table>\n<colgroup>{cols}</colgroup>\n<thead><tr>{head}</tr></thead>\n<tbody>\n"
            )
            self._table_open = True
        style = f' style="color:{character_colour(row.who)}"' if row.who else ""
        # Each cell and heading is a bidi paragraph of its own, so a right-to-left override typed into
        # a name ends with its cell; dir="auto" also isolates it (HTML's [dir] rule) and sets the
        # cell's direction from its own first letter.
        self._out.write(
            f'<tr><td class="time">{_e(row.time)}</td><td class="who" dir="auto"{style}>'
            f'{_e(row.who)}</td><td class="inputs" dir="auto">{_e(row.inputs)}</td>'
            f'<td class="dice">{_e(row.dice)}</td><td class="result" dir="auto">{_e(row.result)}</td>'
            f'<td class="odds">{_e(row.odds)}</td></tr>\n'
        )
        self.rows += 1

    def end(self, footer: str) -> None:
        self._close_table()
        if self.rows == 0:
            self._out.write(f'<p class="empty">{_e(self._labels.empty)}</p>\n')
        self._out.write(f'<p class="count">{_e(footer)}</p>\n</body>\n</html>\n')

    def _close_table(self) -> None:
        if self._table_open:
            self._out.write("</tbody>\n</table>\n")
            self._table_open = False


class TextWriter:
    """The same in plain text: a line per log line, its fields between ｜."""

    def __init__(self, out: TextIO, labels: Labels) -> None:
        self._out = out
        self._labels = labels
        self.rows = 0

    def begin(self) -> None:
        lab = self._labels
        self._out.write(f"{lab.title}\n{lab.subtitle}\n{lab.note}\n")

    def heading(self, heading: Heading) -> None:
        mark = "==" if heading.level <= 2 else "--"
        note = f"  {heading.note}" if heading.note else ""
        self._out.write(f"\n{mark} {_one_line(heading.text)}{note} {mark}\n")

    def row(self, row: Row) -> None:
        fields = [row.inputs, row.dice, row.result, row.odds]
        who = f" {_one_line(row.who)}:" if row.who else ""
        body = " ｜ ".join(_one_line(f) for f in fields if f)
        self._out.write(f"[{row.time}]{who} {body}\n")
        self.rows += 1

    def end(self, footer: str) -> None:
        if self.rows == 0:
            self._out.write(f"\n{self._labels.empty}\n")
        self._out.write(f"\n{footer}\n")


def _one_line(text: str) -> str:
    """A text field on one line (a multi-line result would break the one-line-per-roll layout)."""
    return " ".join(text.split("\n"))


def writer_for(kind: str, out: TextIO, labels: Labels) -> HtmlWriter | TextWriter:
    if kind == HTML:
        return HtmlWriter(out, labels)
    if kind == TEXT:
        return TextWriter(out, labels)
    raise ValueError(f"unknown log export format: {kind!r} (expected {HTML!r} or {TEXT!r})")


def atomic_stream(path: Path) -> contextlib.AbstractContextManager[TextIO]:
    """A UTF-8 text file written beside `path` and renamed over it when the block ends normally;
    an exception (a full disk, a cancel) leaves `path` as it was (`exchange.atomic_file`)."""
    return cast(contextlib.AbstractContextManager[TextIO], atomic_file(path))  # opened as text
