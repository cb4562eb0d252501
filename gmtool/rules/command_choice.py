"""choice[a,b,c], choice(a,b,c), choice a b c, and choiceN[…] picking N without replacement, as
BCDice 3's Choice reads them: a lone item A-F, a-f or 1-10 is a range written out, and any other
lone item is refused (there would be nothing to choose)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from gmtool.rules.command_syntax import CommandError
from gmtool.rules.message import Message

MAX_ITEMS = 100  # BCDice's own limit on the items of one choice
CHOICE = re.compile(r"choice(\d*)(?=[\[(\s])", re.IGNORECASE)
_NUMBERS = re.compile(r"(\d+)-(\d+)$")
_LETTERS = re.compile(r"([a-z])-([a-z])$|([A-Z])-([A-Z])$")


@dataclass(frozen=True)
class ChoiceCommand:
    items: tuple[str, ...]
    brackets: str  # "[]", "()" or " "
    takes: int = 1  # choice2[…] picks two different items

    @property
    def text(self) -> str:
        takes = str(self.takes) if self.takes != 1 else ""
        if self.brackets == " ":
            return f"choice{takes} " + " ".join(self.items)
        return f"choice{takes}{self.brackets[0]}{','.join(self.items)}{self.brackets[1]}"

    def pick(self, rng: random.Random) -> tuple[list[str], list[int]]:
        """The chosen items and the dice that chose them: BCDice rolls a die of as many sides as
        items are left and takes that item out."""
        left = list(self.items)
        chosen, faces = [], []
        for _ in range(self.takes):
            face = rng.randint(1, len(left))
            faces.append(face)
            chosen.append(left.pop(face - 1))
        return chosen, faces

    @property
    def separator(self) -> str:
        return " " if self.brackets == " " else ", "


def parse_choice(source: str, start: int) -> tuple[ChoiceCommand, int]:
    """The choice command at `start` and where it ends (the rest is a comment)."""
    match = CHOICE.match(source, start)
    assert match is not None
    takes = int(match.group(1) or 1)
    if takes == 0:
        raise CommandError(Message("選ぶ数は 1 以上です"), source, match.start(1))
    i = match.end()
    opener = source[i]
    if opener in "[(":
        closer = "]" if opener == "[" else ")"
        end = source.find(closer, i + 1)
        if end < 0:
            raise CommandError(Message("閉じかっこ「{0}」が必要です", closer), source, len(source))
        items = [s.strip() for s in source[i + 1 : end].split(",") if s.strip()]
        brackets, end = opener + closer, end + 1
    else:  # choice a b c: every word is an item, so there is no comment
        items = source[i:].split()
        brackets, end = " ", len(source)
    if not items:
        raise CommandError(Message("選ぶ項目がありません"), source, i)
    if len(items) == 1:  # an error points at the item itself
        items = _range(items[0], source, source.find(items[0], i))
    if len(items) > MAX_ITEMS:
        raise CommandError(
            Message("項目は {0} 個までです（{1} 個あります）", MAX_ITEMS, len(items)), source, i
        )
    if takes > len(items):
        too_many = Message("{0} 個は選べません（項目は {1} 個です）", takes, len(items))
        raise CommandError(too_many, source, match.start(1))
    return ChoiceCommand(tuple(items), brackets, takes), end


def _range(item: str, source: str, at: int) -> list[str]:
    """A-F, c-g or 3-10 written out; any other single item is refused, as BCDice refuses it."""
    numbers = _NUMBERS.match(item)
    letters = _LETTERS.match(item)
    if numbers:
        first, last = int(numbers.group(1)), int(numbers.group(2))
    elif letters:
        first_letter, last_letter = (
            (letters.group(1), letters.group(2)) if letters.group(1) else letters.group(3, 4)
        )
        first, last = ord(first_letter), ord(last_letter)
    else:
        hint = Message("項目が 1 つだけです（2 つ以上書くか、A-F や 1-10 のように範囲を書きます）")
        raise CommandError(hint, source, at)
    if first > last:
        raise CommandError(Message("範囲「{0}」が逆向きです（小さいほうを先に書きます）", item), source, at)
    if last - first + 1 > MAX_ITEMS:  # checked before writing out, so 1-99999999999 costs nothing
        count = last - first + 1
        raise CommandError(Message("項目は {0} 個までです（{1} 個あります）", MAX_ITEMS, count), source, at)
    if numbers:
        return [str(n) for n in range(first, last + 1)]
    return [chr(c) for c in range(first, last + 1)]
