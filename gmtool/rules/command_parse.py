"""A whole command line: secret prefix, repeat, the kind of command, the trailing comment.

BCDice tries each command family in turn; here the family is told from the text first
(`choice`, `C(` or `C1`, `D66`, `SGS`, a `B`, `U`, `TY`/`TZ` or `R` between numbers, else an xDy
sum), then one grammar
reads it, so an error points at the character that broke the family the player meant.

Two game-system commands are read too, the ones gmtool's chat palettes write: the SRS check
`2D6+m>=t[c,f]` (BCDice's SRS bot, used for アナザーワールド) and 千幻抄's `SGS+m` (BCDice's
Sengensyou bot).  A plain `2D6+m>=t` stays the generic sum: only the brackets make it SRS.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmtool.rules.command_calc import CalcCommand
from gmtool.rules.command_choice import CHOICE, ChoiceCommand, parse_choice
from gmtool.rules.command_groups import dice_groups
from gmtool.rules.command_reroll import RerollCommand, parse_reroll
from gmtool.rules.command_syntax import (
    BinOp,
    CommandError,
    Dice,
    Node,
    Num,
    Parser,
    Token,
    constant,
    has_dice,
    normalize,
    tokenize,
)
from gmtool.rules.command_tally import TallyCommand, parse_tally
from gmtool.rules.message import Message, template

__all__ = [  # the command kinds, wherever they are defined, are read from here
    "BarabaraCommand",
    "Body",
    "CalcCommand",
    "ChoiceCommand",
    "Command",
    "D66Command",
    "RerollCommand",
    "SengensyouCommand",
    "SrsCommand",
    "SumCommand",
    "TallyCommand",
    "UpperCommand",
    "parse",
]

REPEAT_LIMIT = 100  # BCDice's own limit
_REPEAT = re.compile(r"(repeat|rep|x)(\d+)(\s+)", re.IGNORECASE)
_D66 = re.compile(r"D66([ASDN]?)$", re.IGNORECASE)
_BARABARA = re.compile(r"[\d)]B[\d(]", re.IGNORECASE)
_UPPER = re.compile(r"[\d)]U[\d(]", re.IGNORECASE)
_REROLL = re.compile(r"[\d)]R[\d(]", re.IGNORECASE)
_TALLY = re.compile(r"[\d)]T[YZ][\d(]", re.IGNORECASE)
_CALC = re.compile(r"C[\d(+-]", re.IGNORECASE)
_SGS = re.compile(r"SGS(?![A-Z])", re.IGNORECASE)  # not a secret "S" before "GS"

# BCDice SRS.rb's defaults, used when the brackets leave them out: 2D6[] is 2D6[12,2].
SRS_CRITICAL = 12
SRS_FUMBLE = 2
# BCDice Sengensyou.rb: the natural 3D6 at or above / at or below these.
SGS_CRITICAL = 16
SGS_FUMBLE = 5


@dataclass(frozen=True)
class SumCommand:
    """xDy arithmetic, optionally compared with a target (BCDice AddDice).

    `undecided`: the target is BCDice's `?` (2D6>=?), a target the GM has not said yet: the total is
    rolled and shown, and nothing is judged (`op` is set, `target` is None)."""

    expr: Node
    op: str | None = None
    target: Node | None = None
    undecided: bool = False

    @property
    def text(self) -> str:
        # BCDice echoes the target worked out: 1D6>=1+2 is shown as (1D6>=3).
        tail = f"{self.op}{constant(self.target)}" if self.op and self.target else ""
        if self.op and self.undecided:
            tail = f"{self.op}?"
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
    order: str = "N"  # A: smaller die first, D: larger first, N: as rolled
    suffix: str = ""  # as typed (S is BCDice's other name for A): echoed back

    @property
    def text(self) -> str:
        return "D66" + self.suffix


@dataclass(frozen=True)
class SrsCommand:
    """2D6+m>=t[c,f] (BCDice SRS): a natural total of c or more is 自動成功 and of f or less
    自動失敗 whatever the target; otherwise 2D6+m >= t decides.  Without a target (2D6+m[c,f])
    only the automatic outcomes are shown.  The critical is checked first, as BCDice does."""

    modifier: int = 0
    target: int | None = None
    critical: int = SRS_CRITICAL
    fumble: int = SRS_FUMBLE

    @property
    def text(self) -> str:
        """BCDice's echo: the modifiers summed and both thresholds written out."""
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        target = f">={self.target}" if self.target is not None else ""
        return f"2D6{modifier}{target}[{self.critical},{self.fumble}]"

    def verdict(self, natural: int) -> str | None:
        """What BCDice prints last for a natural 2D6 total; None when it prints nothing."""
        if natural >= self.critical:
            return "自動成功"
        if natural <= self.fumble:
            return "自動失敗"
        if self.target is None:
            return None
        return "成功" if natural + self.modifier >= self.target else "失敗"


@dataclass(frozen=True)
class SengensyouCommand:
    """SGS+m (千幻抄, BCDice Sengensyou): 3D6+m against no target; a natural 16+ is a critical,
    5 or less a fumble."""

    modifier: int = 0

    @property
    def text(self) -> str:
        return "3D6" + (f"{self.modifier:+d}" if self.modifier else "")

    @staticmethod
    def mark(natural: int) -> str | None:
        if natural >= SGS_CRITICAL:
            return "クリティカル"
        if natural <= SGS_FUMBLE:
            return "ファンブル"
        return None


Body = (
    SumCommand
    | BarabaraCommand
    | UpperCommand
    | D66Command
    | CalcCommand
    | ChoiceCommand
    | RerollCommand
    | TallyCommand
    | SrsCommand
    | SengensyouCommand
)


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
        raise CommandError(Message("コマンドが空です"))
    i = 0
    secret = False
    if _secret_at(source, 0):
        secret, i = True, 1
    repeat = 1
    match = _REPEAT.match(source, i)
    if match:
        repeat = int(match.group(2))
        if not 1 <= repeat <= REPEAT_LIMIT:
            raise CommandError(Message("繰り返し回数は 1〜{0} です", REPEAT_LIMIT), source, match.start(2))
        i = match.end()
        if _REPEAT.match(source, i):
            raise CommandError(Message("繰り返しは重ねられません"), source, i)
        if _secret_at(source, i):
            secret, i = True, i + 1
    body, end = _body(source, i)
    comment = source[end:].strip()
    return Command(source, body, secret, repeat, comment)


def _secret_at(source: str, i: int) -> bool:
    """An S before the command makes it secret, but the S of SGS is the command's own."""
    return source[i] in "sS" and len(source) > i + 1 and not _SGS.match(source, i)


def _body(source: str, start: int) -> tuple[Body, int]:
    """The command proper from `start` and where it ends (a space begins the comment)."""
    if CHOICE.match(source, start):
        return parse_choice(source, start)
    space = re.compile(r"\s").search(source, start)
    end = space.start() if space else len(source)
    word = source[start:end]
    d66 = _D66.match(word)
    if d66:
        suffix = d66.group(1).upper()
        # A bare D66 is not sorted: BCDice's default (Base#d66_sort_type, NO_SORT) for DiceBot.
        order = {"": "N", "S": "A", "A": "A", "D": "D", "N": "N"}[suffix]
        return D66Command(order, suffix), end
    if _SGS.match(word):
        return _sengensyou(source, start, end), end
    tokens = tokenize(source, start, end)
    parser = Parser(source, tokens)
    if _CALC.match(word):  # C(1+2) or, as BCDice also reads it, C1+2; signs kept as typed
        parser = Parser(source, tokens, literal=True)
        parser.advance()
        expr = parser.constant_expr(template("計算"))
        parser.end()
        return CalcCommand(expr), end
    if _BARABARA.search(word):
        return _barabara(parser), end
    if _UPPER.search(word):
        return _upper(parser), end
    if _TALLY.search(word):
        return parse_tally(parser), end
    if _REROLL.search(word):
        return parse_reroll(parser), end
    expr = parser.add()
    if parser.token.kind not in ("end", "cmp", "["):
        parser.end()  # points at the first character that is not part of the sum
    if not has_dice(expr):
        raise CommandError(Message("ダイス（xDy）が見つかりません"), source, start)
    cmp_token = parser.token
    if cmp_token.kind == "cmp" and parser.peek().kind == "?":
        return _undecided(parser, expr), end
    comparison = parser.comparison()
    if parser.token.kind == "[":
        return _srs(parser, expr, comparison, cmp_token), end
    parser.end()
    if comparison is None:
        return SumCommand(expr), end
    return SumCommand(expr, comparison[0], comparison[1]), end


def _undecided(parser: Parser, expr: Node) -> SumCommand:
    """2D6>=?: BCDice's AddDice reads `?` as a target not decided yet (any comparison)."""
    op = parser.advance().value
    parser.advance()  # the ?
    if parser.token.kind == "[":
        raise parser.fail(Message("目標値が ? の判定には [c,f] を書けません（BCDice も読みません）"))
    parser.end()
    return SumCommand(expr, op, undecided=True)


_groups = dice_groups


def _barabara(parser: Parser) -> BarabaraCommand:
    groups = _groups(parser, "B")
    comparison = parser.comparison()
    parser.end()
    if comparison is None:
        return BarabaraCommand(groups)
    return BarabaraCommand(groups, comparison[0], constant(comparison[1]))


def _upper(parser: Parser) -> UpperCommand:
    """xUy[n]±m>=t, or xUy±m>=t@n as BCDice also reads it; not both, as BCDice refuses that."""
    groups = _groups(parser, "U")
    threshold = _upper_threshold(parser) if parser.token.kind == "[" else None
    modifier = 0
    if parser.token.kind == "op" and parser.token.value in "+-":
        modifier = constant(parser.constant_expr(template("修正値")))
    comparison = parser.comparison()
    if parser.token.kind == "@":
        if threshold is not None:  # BCDice reads neither 4U6[6]>=21@4
            raise parser.fail(Message("振り足しの条件は [n] か @n のどちらか一方に書きます"))
        threshold = _upper_threshold(parser)
    parser.end()
    if threshold is None:
        raise parser.fail(Message("振り足しの条件 [n] が必要です（例: 3U6[6]、3U6>=10@6）"))
    if comparison is None:
        return UpperCommand(groups, threshold, modifier)
    return UpperCommand(groups, threshold, modifier, comparison[0], constant(comparison[1]))


def _upper_threshold(parser: Parser) -> int:
    """[n] or @n: the face at or above which a die is rolled again."""
    closer = parser.advance().kind == "["
    token = parser.token
    threshold = constant(parser.constant_expr(template("振り足しの条件")))
    if threshold < 2:
        raise parser.fail(Message("振り足しの条件は 2 以上です（無限に振り足します）"), token)
    if closer:
        parser.expect("]", message=template("閉じかっこ「]」が必要です"))
    return threshold


def _srs_modifier(node: Node) -> int | None:
    """m of 2D6+m, for 2D6 followed by whole numbers added or taken away (SRS's form); else None."""
    modifier = 0
    while isinstance(node, BinOp) and node.op in "+-" and isinstance(node.rhs, Num):
        modifier += node.rhs.value if node.op == "+" else -node.rhs.value
        node = node.lhs
    return modifier if node == Dice(Num(2), Num(6)) else None


def _srs(parser: Parser, expr: Node, comparison: tuple[str, Node] | None, cmp_token: Token) -> SrsCommand:
    """The [c,f] suffix of an SRS check: [] [c] [,f] [c,f], on 2D6+m with >=t or no target."""
    bracket = parser.token
    modifier = _srs_modifier(expr)
    if modifier is None:
        raise parser.fail(Message("[c,f] は 2D6 と修正値だけの判定に書けます（例: 2D6+2>=10[11]）"), bracket)
    target = None
    if comparison is not None:
        if comparison[0] != ">=":
            raise parser.fail(Message("[c,f] の判定は >= で比べます（例: 2D6+2>=10[11]）"), cmp_token)
        target = constant(comparison[1])
    parser.advance()
    critical, fumble = SRS_CRITICAL, SRS_FUMBLE
    if parser.token.kind == "num":
        critical = int(parser.advance().value)
    if parser.token.kind == ",":
        parser.advance()
        fumble = int(parser.expect("num", message=template("ファンブル値（数）が必要です")).value)
    parser.expect("]", message=template("閉じかっこ「]」が必要です（[クリティカル値,ファンブル値]）"))
    parser.end()
    return SrsCommand(modifier, target, critical, fumble)


def _sengensyou(source: str, start: int, end: int) -> SengensyouCommand:
    """SGS, SGS+m, SGS-m; m may be arithmetic (SGS+4+6), as BCDice's command parser reads it."""
    parser = Parser(source, tokenize(source, start + len("SGS"), end))
    modifier = 0
    if parser.token.kind == "op" and parser.token.value in "+-":
        modifier = constant(parser.constant_expr(template("修正値")))
    if parser.token.kind == "cmp":
        raise parser.fail(Message("SGS は目標値と比べません（クリティカル・ファンブルを表示します）"))
    parser.end()
    return SengensyouCommand(modifier)
