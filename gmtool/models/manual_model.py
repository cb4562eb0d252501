"""The offline manual (ヘルプ → 使い方, F1): Markdown pages shipped in ``resources/manual/<lang>/``.

Every language has the same file names; a page's title is its first ``# `` heading.  Pages whose
name starts with a number (``01-campaign.md``) are the table's workflow, in that order; the others
are the systems' pages, by name.  An anchor names a heading of the page: either a key the page
declares the same in every language, an HTML comment on the line before the heading
(``<!-- anchor: session -->``, invisible on GitHub and here; what F1 in a dialog opens), or the
heading's own anchor as GitHub makes it (``#セッション管理``, for links between pages).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QUrl

from gmtool.resources import resource_path

MANUAL_FOLDER = "manual"
START_PAGE = "00-start.md"
_PUNCTUATION = re.compile(r"[^\w\- ]")
_ANCHOR_KEY = re.compile(r"^<!--\s*anchor:\s*([\w-]+)\s*-->\s*$")


@dataclass(frozen=True)
class ManualPage:
    name: str  # the file name, the same in every language
    title: str


def manual_folder(lang: str) -> Path:
    return resource_path(MANUAL_FOLDER, lang)


def heading_anchor(heading: str) -> str:
    """The anchor of a heading as GitHub makes it: lower case, punctuation dropped, spaces → '-'."""
    text = unicodedata.normalize("NFKC", heading).strip().lower()
    return _PUNCTUATION.sub("", text).replace(" ", "-")


def page_title(text: str, fallback: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def anchor_keys(text: str) -> dict[str, str]:
    """The page's declared anchor keys → the GitHub anchor of the heading each stands before."""
    keys: dict[str, str] = {}
    pending: list[str] = []
    for line in text.splitlines():
        found = _ANCHOR_KEY.match(line.strip())
        if found:
            pending.append(found.group(1))
        elif line.startswith("#") and pending:
            heading = heading_anchor(line.lstrip("#"))
            keys.update(dict.fromkeys(pending, heading))
            pending = []
    return keys


def headings(text: str) -> set[str]:
    """The GitHub anchors of the page's headings (code blocks are not looked into)."""
    found, in_code = set(), False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif line.startswith("#") and not in_code:
            found.add(heading_anchor(line.lstrip("#")))
    return found


def _order(path: Path) -> tuple[bool, str]:
    return (not path.name[:1].isdigit(), path.name)


class ManualModel:
    """The manual of one language: its pages, their addresses, and a search across them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._texts = {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))}
        self.pages = [
            ManualPage(path.name, page_title(self._texts[path.name], path.stem))
            for path in sorted(folder.glob("*.md"), key=_order)
        ]

    def has_page(self, name: str) -> bool:
        return name in self._texts

    def url(self, target: str) -> QUrl:
        """``page.md`` or ``page.md#anchor`` → the page's file URL (an unknown page: the start page)."""
        name, _, anchor = target.partition("#")
        url = QUrl.fromLocalFile(str(self.folder / (name if self.has_page(name) else START_PAGE)))
        if anchor:
            url.setFragment(anchor)
        return url

    def page_of(self, url: QUrl) -> str:
        """The page a URL shows ("" when it is not one of this manual's)."""
        name = Path(url.toLocalFile()).name
        return name if self.has_page(name) else ""

    def anchor(self, heading: str) -> str:
        return heading_anchor(heading)

    def heading_anchor(self, page: str, anchor: str) -> str:
        """The GitHub anchor of the heading *anchor* names on *page* (a declared key or itself)."""
        return anchor_keys(self._texts.get(page, "")).get(anchor, anchor)

    def has_anchor(self, page: str, anchor: str) -> bool:
        return self.heading_anchor(page, anchor) in headings(self._texts.get(page, ""))

    def pages_with(self, text: str) -> list[str]:
        """The pages whose text holds *text* (any case), in the list's order; all for no text."""
        needle = unicodedata.normalize("NFKC", text).strip().casefold()
        return [
            page.name
            for page in self.pages
            if not needle or needle in unicodedata.normalize("NFKC", self._texts[page.name]).casefold()
        ]
