"""The grammar of BCDice-style dice commands: tokens, syntax tree and a recursive-descent parser.

Each node knows how BCDice echoes it back (`text`), so the first part of a result line
(`(2D6+3>=10)`) is the parsed command, not the raw input: `=>` is shown as `>=`, `!=` as `<>`.
Positions are offsets into the NFKC-normalised command, so an error can point at the character.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from gmtool.rules.command_error import CommandError as CommandError
from gmtool.rules.message import Message

# BCDice's Randomizer rolls at most 200 dice per xDy term (UPPER_LIMIT_DICE_TIMES; past it the term
# silently rolls nothing and adds 0) and dice of at most 10 000 sides (past it each die shows 0):
# gmtool refuses both with a message instead.
MAX_DICE = 200
MAX_SIDES = 10000
IMPLICIT_SIDES = 6  # 2D is 2D6: BCDice's sides_implicit_d for its generic DiceBot
# Bounds on the syntax tree, so that parsing and every evaluator (which recurse over the tree) do
# work linear in the command and stay far from Python's recursion limit: the tree is at most
# MAX_OPERATIONS + 3 * MAX_NESTING levels deep.
MAX_NESTING = 32  # parentheses and signs inside one another
MAX_OPERATIONS = 200  # + - * / in one command
MAX_DIGITS = 12  # in one number: 200 products of them stay far below Python's int-to-str limit
MAX_TOKENS = 2000  # numbers, letters and signs read: past them a pasted text is cut (a "cut" token)
D66_SIDES = 66  # xD66 in a sum is x D66 numbers (11…66, BCDice's AddDice), not a 66-sided die

# Spellings a player types for each comparison, mapped to the one BCDice prints.
COMPARISONS = {
    ">=": ">=",
    "=>": ">=",
    "<=": "<=",
    "=<": "<=",
    "<>": "<>",
    "!=": "<>",
    "==": "=",
    ">": ">",
    "<": "<",
    "=": "=",
}
ROUNDINGS = {"U": "U", "C": "U", "R": "R", "F": "F"}  # /…C is BCDice's other name for /…U


def normalize(command: str) -> str:
    """NFKC folds full-width `２Ｄ６＞＝１０` into `2D6>=10`; ＞ and ＝ become ASCII too."""
    return unicodedata.normalize("NFKC", command).strip()


def compare(value: int, op: str, target: int) -> bool:
    if op == ">=":
        return value >= target
    if op == ">":
        return value > target
    if op == "<=":
        return value <= target
    if op == "<":
        return value < target
    if op == "=":
        return value == target
    return value != target  # "<>"


# ---- syntax tree ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Num:
    value: int

    @property
    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Dice:
    """xDy, optionally filtered: KH/KL keep the n highest/lowest, DH/DL drop them."""

    times: Node
    sides: Node
    keep: str | None = None
    count: Node | None = None

    @property
    def text(self) -> str:
        """BCDice echoes the counts worked out: (2+3)D(5+5)KH(5-2) is shown as 5D10KH3."""
        suffix = f"{self.keep}{constant(self.count)}" if self.keep and self.count else ""
        return f"{constant(self.times)}D{constant(self.sides)}{suffix}"


@dataclass(frozen=True)
class BinOp:
    lhs: Node
    op: str  # + - * /
    rhs: Node
    rounding: str = ""  # only for "/": "" floor (BCDice's default), U up, R half away from zero, F floor

    @property
    def text(self) -> str:
        return f"{self.lhs.text}{self.op}{self.rhs.text}{self.rounding}"


@dataclass(frozen=True)
class Neg:
    body: Node

    @property
    def text(self) -> str:
        return f"-{self.body.text}"


@dataclass(frozen=True)
class Paren:
    body: Node

    @property
    def text(self) -> str:
        return f"({self.body.text})"


Node = Num | Dice | BinOp | Neg | Paren


def has_dice(node: Node) -> bool:
    if isinstance(node, Dice):
        return True
    if isinstance(node, BinOp):
        return has_dice(node.lhs) or has_dice(node.rhs)
    if isinstance(node, (Neg, Paren)):
        return has_dice(node.body)
    return False


def divide(a: int, b: int, rounding: str) -> int:
    """BCDice's division: by zero gives 1 (its rule, kept so results match); otherwise rounded."""
    if b == 0:
        return 1
    if rounding == "U":
        return -((-a) // b)
    if rounding == "R":  # Ruby's Float#round: half away from zero
        q, r = divmod(abs(a), abs(b))
        q += 2 * r >= abs(b)
        return q if (a < 0) == (b < 0) else -q
    return a // b


def constant(node: Node, refuse_zero: bool = False) -> int:
    """The value of a node without dice (times, sides, targets).  A division by zero gives 1 as in
    BCDice's sums, or with `refuse_zero` raises ZeroDivisionError (BCDice's Calc refuses them)."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Paren):
        return constant(node.body, refuse_zero)
    if isinstance(node, Neg):
        return -constant(node.body, refuse_zero)
    if isinstance(node, BinOp):
        a, b = constant(node.lhs, refuse_zero), constant(node.rhs, refuse_zero)
        if node.op == "+":
            return a + b
        if node.op == "-":
            return a - b
        if node.op == "*":
            return a * b
        if refuse_zero and b == 0:
            raise ZeroDivisionError
        return divide(a, b, node.rounding)
    raise TypeError(node)


# ---- tokens ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    kind: str  # "num", "op" (+-*/), "cmp", "(", ")", "[", "]", ",", "@", "?", "word" (one letter), "end"
    value: str
    position: int


def tokenize(source: str, start: int, end: int) -> list[Token]:
    tokens: list[Token] = []
    i = start
    while i < end:
        if len(tokens) == MAX_TOKENS:  # the parser refuses it there, unless it refuses sooner
            tokens.append(Token("cut", source[i], i))
            break
        ch = source[i]
        if ch.isdigit():
            j = i
            while j < end and source[j].isdigit():
                j += 1
            if j - i > MAX_DIGITS:
                raise CommandError(Message("数は {0} 桁までです", MAX_DIGITS), source, i)
            tokens.append(Token("num", source[i:j], i))
            i = j
        elif ch in "+-*/":
            tokens.append(Token("op", ch, i))
            i += 1
        elif ch in "()[],@?":  # ?: BCDice's undecided target (2D6>=?)
            tokens.append(Token(ch, ch, i))
            i += 1
        elif ch in "<>=!":
            two = source[i : i + 2] if i + 1 < end else ch
            if two in COMPARISONS:
                tokens.append(Token("cmp", COMPARISONS[two], i))
                i += 2
            elif ch in COMPARISONS:
                tokens.append(Token("cmp", COMPARISONS[ch], i))
                i += 1
            else:
                raise CommandError(Message("比較は >= > <= < = <> のどれかです"), source, i)
        elif ch.isascii() and ch.isalpha():
            tokens.append(Token("word", ch.upper(), i))
            i += 1
        else:
            raise CommandError(Message("コマンドに使えない文字「{0}」です", ch), source, i)
    tokens.append(Token("end", "", end))
    return tokens


class Parser:
    """Recursive descent over one token list; every method consumes what it recognises.

    add  := mul (("+"|"-") mul)*
    mul  := unary (("*" unary) | ("/" unary rounding?))*
    unary:= ("+"|"-") unary | dice
    dice := term? ("D" term? (("K"|"D") ("H"|"L") term?)?)?
    term := "(" add ")" | NUMBER
    (a missing count is 1: D6; missing sides are 6: 2D, 5DKH3; a filter without a count keeps or
    drops 1: 4D6KH; the parts BCDice's add_dice grammar leaves out)
    """

    def __init__(self, source: str, tokens: list[Token], literal: bool = False) -> None:
        self.source = source
        self.tokens = tokens
        # C(…) keeps the signs as typed (BCDice's calc prints c(-1--1)); sums fold them (2D6+-1 is 2D6-1)
        self.literal = literal
        self.index = 0
        self.depth = 0  # parentheses and signs open around the current token
        self.operations = 0

    # ---- cursor ----
    @property
    def token(self) -> Token:
        token = self.tokens[self.index]
        if token.kind == "cut":
            too_long = Message("コマンドが長すぎます（数や記号は {0} 個まで）", MAX_TOKENS)
            raise CommandError(too_long, self.source, token.position)
        return token

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.index + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.token
        self.index = min(self.index + 1, len(self.tokens) - 1)
        return token

    def fail(self, message: str, token: Token | None = None) -> CommandError:
        return CommandError(message, self.source, (token or self.token).position)

    def expect(self, kind: str, value: str | None = None, message: str = "") -> Token:
        token = self.token
        if token.kind != kind or (value is not None and token.value != value):
            shown = value or kind
            raise self.fail(message or Message("ここには「{0}」が必要です", shown))
        return self.advance()

    def is_word(self, letter: str, offset: int = 0) -> bool:
        token = self.peek(offset) if offset else self.token
        return token.kind == "word" and token.value == letter

    def nest(self, token: Token) -> None:
        """One level deeper (a parenthesis or a sign); refused past MAX_NESTING."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(Message("かっこや符号の入れ子が深すぎます（{0} 段まで）", MAX_NESTING), token)

    def operation(self) -> str:
        """Takes one binary operator; refused past MAX_OPERATIONS."""
        self.operations += 1
        if self.operations > MAX_OPERATIONS:
            raise self.fail(Message("演算が多すぎます（+ - * / は {0} 個まで）", MAX_OPERATIONS))
        return self.advance().value

    # ---- arithmetic ----
    def add(self) -> Node:
        node = self.mul()
        while self.token.kind == "op" and self.token.value in "+-":
            op = self.operation()
            rhs = self.mul()
            if isinstance(rhs, Neg) and not self.literal:  # BCDice prints 2D6+-1 as 2D6-1
                op, rhs = ("-" if op == "+" else "+"), rhs.body
            node = BinOp(node, op, rhs)
        return node

    def mul(self) -> Node:
        node = self.unary()
        while self.token.kind == "op" and self.token.value in "*/":
            op = self.operation()
            rhs = self.unary()
            rounding = ""
            if op == "/" and self.token.kind == "word" and self.token.value in ROUNDINGS:
                rounding = ROUNDINGS[self.advance().value]
            node = BinOp(node, op, rhs, rounding)
        return node

    def unary(self) -> Node:
        if self.token.kind == "op" and self.token.value in "+-":
            self.nest(self.token)
            sign = self.advance().value
            body = self.unary()
            self.depth -= 1
            if sign == "+":
                return body
            return body.body if isinstance(body, Neg) and not self.literal else Neg(body)
        return self.dice()

    def dice(self) -> Node:
        times_token = self.token
        omitted = self.is_word("D")  # D6, d20+3: BCDice reads a missing count as 1
        node: Node = Num(1) if omitted else self.term()
        if not self.is_word("D"):
            return node
        self.advance()
        sides_token = self.token
        if self.token.kind in ("num", "("):
            sides = self.term()
        elif omitted:
            raise self.fail(Message("D の後にダイスの面数が必要です（例: D6）"))
        else:  # 2D, 5DKH3: BCDice's implicit sides
            sides = Num(IMPLICIT_SIDES)
        if omitted and sides == Num(66):
            raise self.fail(Message("D66 は単独で振るか、個数をつけて 1D66 と書きます"), times_token)
        self.check_count(times_token, node, "ダイスの個数", MAX_DICE)
        self.check_count(sides_token, sides, "ダイスの面数", MAX_SIDES)
        shorthand = self.max_min()
        if shorthand:  # BCDice's 3D6MAX / 3D6MIN are 3D6KH1 / 3D6KL1
            return Dice(node, sides, shorthand, Num(1))
        if self.token.kind == "word" and self.token.value in "KD" and self.peek().kind == "word":
            first = self.advance()
            second = self.expect("word", message=Message("KH KL DH DL のどれかです"))
            keep = first.value + second.value
            if keep not in ("KH", "KL", "DH", "DL"):
                raise self.fail(Message("KH KL DH DL のどれかです"), second)
            count_token = self.token
            # 4D6KH is 4D6KH1, as BCDice reads a filter without its count
            count = self.term() if self.token.kind in ("num", "(") else Num(1)
            self.check_count(count_token, count, "残す・除く個数", MAX_DICE, minimum=0)
            return Dice(node, sides, keep, count)
        return Dice(node, sides)

    def max_min(self) -> str | None:
        word = "".join(self.peek(i).value if self.peek(i).kind == "word" else " " for i in range(3))
        if word not in ("MAX", "MIN"):
            return None
        for _ in range(3):
            self.advance()
        return "KH" if word == "MAX" else "KL"

    def term(self) -> Node:
        if self.token.kind == "(":
            self.nest(self.advance())
            body = self.add()
            self.expect(")", message="閉じかっこ「)」が必要です")
            self.depth -= 1
            return Paren(body)
        if self.token.kind == "num":
            return Num(int(self.advance().value))
        if self.token.kind == "end":
            raise self.fail(Message("コマンドが途中で終わっています"))
        raise self.fail(Message("ここに「{0}」は書けません（数かかっこが必要です）", self.token.value))

    def check_count(self, token: Token, node: Node, what: str, maximum: int, minimum: int = 1) -> None:
        if has_dice(node):
            raise self.fail(Message("{0}にダイスは使えません", what), token)
        value = constant(node)
        if not minimum <= value <= maximum:
            raise self.fail(Message("{0}は {1}〜{2} です（{3}）", what, minimum, maximum, value), token)

    def constant_expr(self, what: str) -> Node:
        start = self.index
        node = self.add()
        if has_dice(node):
            # Point at the dice themselves (their count), not at a parenthesis around them.
            at = next(i for i in range(start, self.index) if self.tokens[i].kind == "word")
            if at > start and self.tokens[at - 1].kind == "num":
                at -= 1
            raise self.fail(Message("{0}にダイスは使えません", what), self.tokens[at])
        return node

    def comparison(self) -> tuple[str, Node] | None:
        if self.token.kind != "cmp":
            return None
        op = self.advance().value
        if self.token.kind == "end":
            raise self.fail(Message("比較の後に目標値が必要です"))
        return op, self.constant_expr("目標値")

    def end(self) -> None:
        if self.token.kind != "end":
            raise self.fail(Message("ここに「{0}」は書けません", self.token.value))
