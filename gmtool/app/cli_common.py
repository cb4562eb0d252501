"""Pieces every `prob` subcommand shares, and the language the command line answers in.

The CLI speaks the UI language: ``use_cli_language()`` (called first by ``run_prob`` and
``run_roll``) installs the message catalogue for ``GMTOOL_LANGUAGE`` or, without it, the language
saved in the settings (read without Qt: Qt's INI file on Linux and the BSDs; elsewhere the
environment variable is the way to choose).  Every text a subcommand writes is a
``Message(...)`` (or a ``template(...)`` kept in a table) shown through ``shown_message`` —
help texts included, since argparse keeps only a plain ``str``::

    parser.add_argument("--tn", type=TN, help=shown_message(Message("目標値{0}", TN.range)))
    print(shown_message(Message("成功率 {0}", percent(p))))
    refuse(parser, Message("難易度 {0} は上限を超えています", value))  # exit 2 with the lead

``bounded(template("難易度"), …)``: the name, marked, reads in the UI language in the refusal.
"""

from __future__ import annotations

import argparse
import configparser
import os
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Generic, NoReturn, TypeVar

from gmtool.rules.checks import CHECK_MODIFIER_BOUNDS, CHECK_VALUE_BOUNDS, Outcome
from gmtool.rules.message import Message, template
from gmtool.views import message_catalog
from gmtool.views.message_catalog import shown_message as shown_message  # the CLI prints through it

LANGUAGES = ("ja", "en")  # as gmtool.views.appearance (which needs Qt): the source language first


def saved_language(config_home: Path | None = None) -> str:
    """``ui/language`` as the GUI saved it, read without Qt: QSettings' native file on Linux
    (``$XDG_CONFIG_HOME/gmtool/gmtool.conf``, ``[ui] language=en``); ``""`` when there is none."""
    if config_home is None:
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        config_home = Path(xdg) if xdg else Path.home() / ".config"
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(config_home / "gmtool" / "gmtool.conf", encoding="utf-8")
    except (configparser.Error, OSError, UnicodeDecodeError):
        return ""
    value = parser.get("ui", "language", fallback="")
    return value if value in LANGUAGES else ""


def cli_language() -> str:
    """The CLI's language: ``GMTOOL_LANGUAGE`` if set, else the saved setting, else Japanese."""
    override = os.environ.get("GMTOOL_LANGUAGE", "")
    if override in LANGUAGES:
        return override
    return saved_language() or LANGUAGES[0]


def use_cli_language() -> str:
    """Install the message catalogue for the CLI's language; returns the language used."""
    lang = cli_language()
    return lang if message_catalog.install(lang) else LANGUAGES[0]


def refuse(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit 2 with ``<prog>: <message>`` in the UI language, as a bad command is refused."""
    parser.exit(2, f"{parser.prog}: {shown_message(message)}\n")


class CliParser(argparse.ArgumentParser):
    """argparse's parser whose refusal leads with gmtool's words in the UI language."""

    def error(self, message: str) -> NoReturn:  # exit 2 after the usage, as argparse does
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {shown_message(Message('引数が正しくありません: {0}', message))}\n")


# A CLI value that is two panel fields added up (判定値 and 修正): every sum the panel can make.
CHECK_TOTAL_BOUNDS = (
    CHECK_VALUE_BOUNDS[0] + CHECK_MODIFIER_BOUNDS[0],
    CHECK_VALUE_BOUNDS[1] + CHECK_MODIFIER_BOUNDS[1],
)

OUTCOME_NAMES = {  # shown through shown_message
    Outcome.AUTO_SUCCESS: template("自動成功"),
    Outcome.SUCCESS: template("成功"),
    Outcome.FAILURE: template("失敗"),
    Outcome.AUTO_FAILURE: template("自動失敗"),
}


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(shown_message(Message("整数ではありません: '{0}'", text))) from None


@dataclass(frozen=True)
class Bounded:
    """An argparse type: an integer from *low* to *high*, the bounds of the GUI field for the same
    value, so the CLI takes what the window takes and never starts work the window would refuse."""

    what: str  # marked with template(): shown in the UI language
    low: int
    high: int
    shown: str = ""  # the range as the engine's messages write it ("−3〜+3"); else "low〜high"

    def __call__(self, text: str) -> int:
        value = integer(text)
        if not self.low <= value <= self.high:
            refusal = (
                Message("{0} {1} は {2} の範囲外です", self.what, value, self.shown)
                if self.shown
                else Message("{0} {1} は {2}〜{3} の範囲外です", self.what, value, self.low, self.high)
            )
            raise argparse.ArgumentTypeError(shown_message(refusal))
        return value

    @property
    def range(self) -> str:
        """For a help text, in the UI language: "（-99〜999）", " (-99 to 999)"."""
        if self.shown:
            return shown_message(Message("（{0}）", self.shown))
        return shown_message(Message("（{0}〜{1}）", self.low, self.high))


def bounded(what: str, bounds: tuple[int, int], shown: str = "") -> Bounded:
    return Bounded(what, *bounds, shown)


T = TypeVar("T")


@dataclass(frozen=True)
class BoundedText(Generic[T]):
    """An argparse type for a text that is not a number but is bounded all the same (one of a few
    fixed names, a list of bounded values, a name of bounded length): `read` refuses the rest."""

    read: Callable[[str], T]

    def __call__(self, text: str) -> T:
        return self.read(text)


def bounded_text(read: Callable[[str], T]) -> BoundedText[T]:
    """Marks `read` (a function of the text, as argparse calls it) as a bounded text type."""
    return BoundedText(read)


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:7.3f}%"


def pad(text: str, width: int) -> str:
    """Left-justify for a terminal, counting full-width (Japanese) characters as two columns."""
    columns = sum(2 if unicodedata.east_asian_width(ch) in "FW" else 1 for ch in text)
    return text + " " * max(0, width - columns)
