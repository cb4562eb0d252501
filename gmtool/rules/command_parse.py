"""A whole command line: secret prefix, repeat, the kind of command, the trailing comment.

BCDice tries each command family in turn; here the family is told from the text first
(`choice`, `C(`, `D66`, a `B` or `U` between numbers, else an xDy sum), then one grammar
reads it, so an error points at the character that broke the family the player meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmtool.rules.command_syntax import (
    MAX_DICE,
    MAX_SIDES,
    CommandError,
    Node,
    Parser,
    Token,
    constant,
    has_dice,
    normalize,
    tokenize,
)

REPEAT_LIMIT = 100  # BCDice's own limit
_REPEAT = re.compile(r"(repeat|rep|x)(\d+)(\s+)", re.IGNORECASE)
_CHOICE = re.compile(r"choice(?=[\[(\s])", re.IGNORECASE)
_D66 = re.compile(r"D66([ASDN]?)$", re.IGNORECASE)
_BARABARA = re.compile(r"[\d)]B[\d(]", re.IGNORECASE)
_UPPER = re.compile(r"[\d)]U[\d(]", re.IGNORECASE)


@dataclass(frozen=True)
class SumCommand:
    """xDy arithmetic, optionally compared with a target (BCDice AddDice)."""

    expr: Node
    op: str | None = None
    target: Node | None = None

    @property
    def text(self) -> str:
        tail = f"{self.op}{self.target.text}" if self.op and self.target else ""
        return self.expr.text + tail


@dataclass(frozen=True)
class BarabaraCommand:
    """xBy(+xBy…): each die shown separately; with a comparison, the dice that pass are counted."""

    groups: tuple[tuple[int, int], ...]
    op: str | None = None
    target: int | None = None

    @property
    def text(self) -> str:
        tail = f"{self.op}{self.target}" if self.op else ""
        return "+".join(f"{t}B{s}" for t, s in self.groups) + tail


@dataclass(frozen=True)
class UpperCommand:
    """xUy[n]: each die rolling n or more is rolled again and added (BCDice UpperDice)."""

    groups: tuple[tuple[int, int], ...]
    threshold: int
    modifier: int = 0
    op: str | None = None
    target: int | None = None

    @property
    def text(self) -> str:
        dice = "+".join(f"{t}U{s}" for t, s in self.groups)
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        tail = f"{self.op}{self.target}" if self.op else ""
        return f"{dice}[{self.threshold}]{modifier}{tail}"


@dataclass(frozen=True)
class D66Command:
    order: str = "A"  # A: smaller die first, D: larger first, N: as rolled
    suffix: str = ""  # as typed (S is BCDice's other name for A): echoed back

    @property
    def text(self) -> str:
        return "D66" + self.suffix


@dataclass(frozen=True)
class CalcCommand:
    expr: Node


@dataclass(frozen=True)
class ChoiceCommand:
    items: tuple[str, ...]
    brackets: str  # "[]", "()" or " "

    @property
    def text(self) -> str:
        if self.brackets == " ":
            return "choice " + " ".join(self.items)
        return f"choice{self.brackets[0]}{','.join(self.items)}{self.brackets[1]}"


Body = SumCommand | BarabaraCommand | UpperCommand | D66Command | CalcCommand | ChoiceCommand


@dataclass(frozen=True)
class Command:
    source: str  # the normalised input
    body: Body
    secret: bool = False
    repeat: int = 1  # x3 / rep3 / repeat3
    comment: str = ""


def parse(command: str) -> Command:
    source = normalize(command)
    if not source:
        raise CommandError("コマンドが空です")
    i = 0
    secret = False
    if source[0] in "sS" and len(source) > 1:
        secret, i = True, 1
    repeat = 1
    match = _REPEAT.match(source, i)
    if match:
        repeat = int(match.group(2))
        if not 1 <= repeat <= REPEAT_LIMIT:
            raise CommandError(f"繰り返し回数は 1〜{REPEAT_LIMIT} です", source, match.start(2))
        i = match.end()
        if _REPEAT.match(source, i):
            raise CommandError("繰り返しは重ねられません", source, i)
        if source[i] in "sS" and len(source) > i + 1:
            secret, i = True, i + 1
    body, end = _body(source, i)
    comment = source[end:].strip()
    return Command(source, body, secret, repeat, comment)


def _body(source: str, start: int) -> tuple[Body, int]:
    """The command proper from `start` and where it ends (a space begins the comment)."""
    if _CHOICE.match(source, start):
        return _choice(source, start)
    space = re.compile(r"\s").search(source, start)
    end = space.start() if space else len(source)
    word = source[start:end]
    d66 = _D66.match(word)
    if d66:
        suffix = d66.group(1).upper()
        order = {"": "A", "S": "A", "A": "A", "D": "D", "N": "N"}[suffix]
        return D66Command(order, suffix), end
    tokens = tokenize(source, start, end)
    parser = Parser(source, tokens)
    if word[:2].upper() == "C(":
        parser.advance()
        expr = parser.constant_expr("計算")
        parser.end()
        return CalcCommand(expr), end
    if _BARABARA.search(word):
        return _barabara(parser), end
    if _UPPER.search(word):
        return _upper(parser), end
    expr = parser.add()
    if parser.token.kind not in ("end", "cmp"):
        parser.end()  # points at the first character that is not part of the sum
    if not has_dice(expr):
        raise CommandError("ダイス（xDy）が見つかりません", source, start)
    comparison = parser.comparison()
    parser.end()
    if comparison is None:
        return SumCommand(expr), end
    return SumCommand(expr, comparison[0], comparison[1]), end


def _groups(parser: Parser, letter: str) -> tuple[tuple[int, int], ...]:
    """x<letter>y(+x<letter>y…) with constant counts and sides."""
    groups = []
    while True:
        token = parser.token
        times = _count(parser, parser.term(), token, "ダイスの個数", MAX_DICE)
        parser.expect("word", letter, f"ここには「{letter}」が必要です")
        token = parser.token
        sides = _count(parser, parser.term(), token, "ダイスの面数", MAX_SIDES)
        groups.append((times, sides))
        follows = parser.peek()
        if not (parser.token.kind == "op" and parser.token.value == "+" and follows.kind in ("num", "(")):
            return tuple(groups)
        # "+3" after the dice is a modifier, "+2U6" another group: look past the number.
        look = parser.index + 1
        while parser.tokens[look].kind not in ("word", "end", "cmp", "[", "op"):
            look += 1
        if not (parser.tokens[look].kind == "word" and parser.tokens[look].value == letter):
            return tuple(groups)
        parser.advance()


def _count(parser: Parser, node: Node, token: Token, what: str, maximum: int) -> int:
    if has_dice(node):
        raise parser.fail(f"{what}にダイスは使えません", token)
    value = constant(node)
    if not 1 <= value <= maximum:
        raise parser.fail(f"{what}は 1〜{maximum} です（{value}）", token)
    return value


def _barabara(parser: Parser) -> BarabaraCommand:
    groups = _groups(parser, "B")
    comparison = parser.comparison()
    parser.end()
    if comparison is None:
        return BarabaraCommand(groups)
    return BarabaraCommand(groups, comparison[0], constant(comparison[1]))


def _upper(parser: Parser) -> UpperCommand:
    groups = _groups(parser, "U")
    if parser.token.kind != "[":
        raise parser.fail("振り足しの条件 [n] が必要です（例: 3U6[6]）")
    parser.advance()
    token = parser.token
    threshold = constant(parser.constant_expr("振り足しの条件"))
    if threshold < 2:
        raise parser.fail("振り足しの条件は 2 以上です（無限に振り足します）", token)
    parser.expect("]", message="閉じかっこ「]」が必要です")
    modifier = 0
    if parser.token.kind == "op" and parser.token.value in "+-":
        modifier = constant(parser.constant_expr("修正値"))
    comparison = parser.comparison()
    parser.end()
    if comparison is None:
        return UpperCommand(groups, threshold, modifier)
    return UpperCommand(groups, threshold, modifier, comparison[0], constant(comparison[1]))


def _choice(source: str, start: int) -> tuple[ChoiceCommand, int]:
    i = start + len("choice")
    opener = source[i]
    if opener in "[(":
        closer = "]" if opener == "[" else ")"
        end = source.find(closer, i + 1)
        if end < 0:
            raise CommandError(f"閉じかっこ「{closer}」が必要です", source, len(source))
        items = tuple(s.strip() for s in source[i + 1 : end].split(",") if s.strip())
        brackets, end = opener + closer, end + 1
    else:  # choice a b c: every word is an item, so there is no comment
        items = tuple(source[i:].split())
        brackets, end = " ", len(source)
    if not items:
        raise CommandError("選ぶ項目がありません", source, i)
    return ChoiceCommand(items, brackets), end
