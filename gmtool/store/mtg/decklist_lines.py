"""One line of a text decklist: a card (count and name as written), a header, or nothing to read.

The forms, one card per line (the name is kept as written; which card it names is decided later):

    4 Llanowar Elves (DOM) 168      MTG Arena (set code and collector number dropped)
    4x Name / 4 x Name / Name x4 / Name ×4 / 森x4 / エルフの神秘家 4枚 / エルフの神秘家　4
    16:《山/Mountain》 / 4.....蛮族のリング/Barbarian Ring      Japanese web lists
    山3 / 《森》3                    the count stuck to a Japanese name
    4 [M11] Lightning Bolt          Magic Workstation / Apprentice (the set code dropped)
    4 Lightning Bolt|M11|1          Forge .dck (set and art index dropped)
    《エルフの神秘家》 / 「森」      one copy

A header opens a section (Deck, Sideboard, サイドボード, 【サイドボード】, ・サイドボード, 《サイド》, [main],
[sideboard] …) or only names a category of cards with its subtotal (《土地》 19枚, クリーチャー12,
// Creatures, Lands (24), 計60枚): such a line is skipped, never read as a card.
"""

from __future__ import annotations

import re
import unicodedata

from gmtool.rules.message import Message

__all__ = ["LineProblem", "card_line", "header"]

MAX_NAME_CHARS = 200  # as long as `Card.name` may be


class LineProblem(ValueError):
    """A line that cannot be read as a card; the message says why (the caller adds where)."""


# Matched against the text as written, so the name keeps its spelling; the classes below admit the
# full-width forms a Japanese IME produces (\s already includes the ideographic space U+3000).
_DIGITS = r"[0-9０-９]+"
_TIMES = r"[xXｘＸ×✕]"
_BRACKETED = r"(?=[《「])"
_ONLY_COUNT = re.compile(rf"^(?:{_TIMES}\s*)?{_DIGITS}\s*(?:{_TIMES}|枚)?$")
# "4 Name", "4x Name", "4 x Name", "4枚 Name", "4《Name》"; "4 Xenagos" backtracks to count 4.  Japanese
# web lists also write "16:《山》" and "4.....蛮族のリング" (a run of dots or a colon after the count).
_COUNT_FIRST = re.compile(
    rf"^(?P<count>{_DIGITS})(?:(?:\s*(?:{_TIMES}|枚))?(?:\s+|{_BRACKETED})|\s*(?:[:：]|[.．。・…‥]+)\s*)"
    r"(?P<name>.+)$"
)
# A character a letter x may follow directly as the count's mark: anything but ASCII and the Latin
# letters and digits beyond it (accented, full-width), so "森x4" and "《森》ｘ4" are 4 copies while
# "Test Relaxx4" stays a name.
_NOT_LATIN = r"[^\x00-\x7f\u00c0-\u024f\u1e00-\u1effＡ-Ｚａ-ｚ０-９]"
# "Name x4", "Name ×4", "森x4", "《Name》x4" (after a Latin letter a bare x needs a space: names end in x).
_TIMES_LAST = re.compile(
    rf"^(?P<name>.*?\S)(?:\s*[×✕]|\s+[xXｘＸ]|(?<={_NOT_LATIN})[xXｘＸ])\s*(?P<count>{_DIGITS})\s*枚?$"
)
_MAI_LAST = re.compile(rf"^(?P<name>.*?\S)\s*(?P<count>{_DIGITS})\s*枚$")  # エルフの神秘家 4枚
_SPACE_LAST = re.compile(rf"^(?P<name>.*?\S)\s+(?P<count>{_DIGITS})$")  # エルフの神秘家　4
# "山3", "《森》3": digits stuck to a name only after a Japanese character or bracket (English
# names never end in a bare count, and "Borrowing 100,000 Arrows" must stay whole).
_STUCK_LAST = re.compile(rf"^(?P<name>.*?{_NOT_LATIN})(?P<count>{_DIGITS})$")
# Arena's "(DOM) 168"; collector numbers may be "123a", "★", "2023-1".  Set codes are upper case, so
# a name ending in "(Used)" is not cut.  Moxfield adds *F* (foil) or *E* (etched) after them.
_SET_SUFFIX = re.compile(r"(?:^|\s+)\([A-Z0-9_]{2,8}\)(?:\s+[^\s()]+)?(?:\s+\*[A-Z]\*)?$")
# Magic Workstation and Apprentice: "[M11] Lightning Bolt", "[THS] Plains (1)" (the art's number).
_MWS_SET = re.compile(r"^\[[A-Za-z0-9_]{1,8}\]\s*")
_MWS_ART = re.compile(r"\s+\(\d{1,2}\)$")
_FORGE_TAIL = re.compile(r"\|.*$")  # Forge: "Lightning Bolt|M11|1"

# --- headers ----------------------------------------------------------------------------------------

SECTION_WORDS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "デッキ": "main",  # the Japanese Arena client's export
    "メイン": "main",
    "メインデッキ": "main",
    "メインボード": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "side board": "sideboard",
    "サイド": "sideboard",
    "サイドボード": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "統率者": "commander",
    "companion": "companion",
    "相棒": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "候補": "maybeboard",
}
# A category of cards (with its subtotal): a line of its own that neither opens a section nor is a card.
CATEGORY_WORDS = frozenset(
    {
        "土地", "基本土地", "特殊土地", "クリーチャー", "呪文", "スペル", "インスタント", "ソーサリー",
        "アーティファクト", "エンチャント", "プレインズウォーカー", "バトル", "その他", "非クリーチャー",
        "クリーチャー以外", "土地以外", "合計", "計", "総計", "小計",
        "land", "lands", "creature", "creatures", "spell", "spells", "instant", "instants", "sorcery",
        "sorceries", "artifact", "artifacts", "enchantment", "enchantments", "planeswalker",
        "planeswalkers", "battle", "battles", "other", "others", "other spells", "noncreature spells",
        "non-creature spells", "total", "cards", "card",
    }
)  # fmt: skip
# Forge (.dck) and Apprentice (.dec) sections in square brackets.  Their metadata lines are not cards;
# a section of cards outside the deck (a Planechase deck, Attractions …) is kept aside with a note.
_BRACKET_SECTION = re.compile(r"^\[(?P<name>[^\[\]]{1,40})\]$")
_META_SECTIONS = frozenset({"metadata", "general", "duel", "about", "info"})
# Leading marks and brackets a web list decorates its headers with.
_MARKS = "・･●○■□◆◇◎★☆▼▽▲△▶▷※＊*=＝~〜-－—―>＞<＜"
_BRACKETS = "《》「」『』【】〔〕［］()（）〈〉"
_DECORATION = str.maketrans({ch: " " for ch in _BRACKETS})
_SUBTOTAL = re.compile(r"(?:[:：]?\s*[x×]?\s*\d+\s*(?:枚|cards?)?)$")
_LEADING_COUNT = re.compile(r"^\d+\s*(?:枚)?\s*")
_TRAILING = re.compile(r"(?:[:：…‥.。]|\.\.\.)+$")


def header(text: str) -> str | None:
    """What a header line means, or None when it is not one.

    A section ("main", "sideboard", "commander", "companion", "maybeboard"), "skip" (a category of
    cards and its count: the section does not change), "about" (Arena's metadata block), "meta" (a
    Forge / Apprentice metadata section) or "aside:<name>" (a Forge section of cards outside the deck).
    "// Sideboard" counts: sites write it as a comment, and reading it as a mere comment would put
    the sideboard into the library.
    """
    key = unicodedata.normalize("NFKC", text).casefold().strip()
    bracketed = _BRACKET_SECTION.match(key)
    if bracketed:
        name = bracketed["name"].strip()
        if name in SECTION_WORDS:
            return SECTION_WORDS[name]
        return "meta" if name in _META_SECTIONS else f"aside:{name}"
    if key.startswith("//"):
        key = key[2:]
    elif key.startswith("#"):
        key = key[1:]
    key = key.strip().lstrip(_MARKS).strip()
    if key == "about":
        return "about"
    key = " ".join(key.translate(_DECORATION).split())
    key = _TRAILING.sub("", key).strip()
    if key in SECTION_WORDS:
        return SECTION_WORDS[key]
    if key in CATEGORY_WORDS:
        return "skip"
    counted = _SUBTOTAL.sub("", key).strip()  # "《土地》 19枚", "Sideboard (15)", "クリーチャー12"
    if counted != key and counted:
        counted = _TRAILING.sub("", counted).strip()
        if counted in SECTION_WORDS:
            return SECTION_WORDS[counted]
        if counted in CATEGORY_WORDS:
            return "skip"
    leading = _LEADING_COUNT.sub("", key).strip()  # "60 cards", "16 Creatures"
    if leading != key and leading in CATEGORY_WORDS:
        return "skip"
    return None


# --- cards ------------------------------------------------------------------------------------------


def card_line(body: str) -> tuple[str, str, bool]:
    """(count's digits, name as written, whether a count was written) of a card line without its
    SB: prefix; LineProblem if it names no card."""
    if _ONLY_COUNT.match(body):
        raise LineProblem(Message("カード名がありません"))
    counted = True
    match = _COUNT_FIRST.match(body)
    if match:
        count, name = match["count"], _SET_SUFFIX.sub("", match["name"]).strip()
    else:
        # The set code goes first: "Llanowar Elves (DOM) 168" is not 168 copies.
        body = _SET_SUFFIX.sub("", body)
        for pattern in (_TIMES_LAST, _MAI_LAST, _SPACE_LAST, _STUCK_LAST):
            match = pattern.match(body)
            if match:
                count, name = match["count"], match["name"].strip()
                break
        else:
            count, name, counted = "1", body.strip(), False  # a name alone is one copy
    mws = _MWS_SET.match(name)
    if mws:
        name = _MWS_ART.sub("", name[mws.end() :]).strip()
    name = _FORGE_TAIL.sub("", name).strip()
    if not name.strip("《》「」 \t\u3000"):
        raise LineProblem(Message("カード名がありません"))
    if len(name) > MAX_NAME_CHARS:
        raise LineProblem(Message("カード名が長すぎます（{0}文字まで）", MAX_NAME_CHARS))
    return count, name, counted
