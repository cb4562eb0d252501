"""Groups of dice with constant counts and sides, x<letter>y(+x<letter>y…), shared by the
commands that roll each die on its own: xBy (barabara), xUy (upper), xRy (reroll)."""

from __future__ import annotations

from gmtool.rules.command_syntax import MAX_DICE, MAX_SIDES, Node, Parser, Token, constant, has_dice
from gmtool.rules.message import Message


def dice_groups(parser: Parser, letter: str) -> tuple[tuple[int, int], ...]:
    """x<letter>y(+x<letter>y…) with constant counts and sides."""
    groups = []
    while True:
        token = parser.token
        times = count_value(parser, parser.term(), token, "ダイスの個数", MAX_DICE)
        parser.expect("word", letter, Message("ここには「{0}」が必要です", letter))
        token = parser.token
        sides = count_value(parser, parser.term(), token, "ダイスの面数", MAX_SIDES)
        groups.append((times, sides))
        follows = parser.peek()
        if not (parser.token.kind == "op" and parser.token.value == "+" and follows.kind in ("num", "(")):
            return tuple(groups)
        # "+3" after the dice is a modifier, "+2U6" another group: look past the number.
        look = parser.index + 1
        while parser.tokens[look].kind not in ("word", "end", "cmp", "[", "op", "cut"):
            look += 1
        if not (parser.tokens[look].kind == "word" and parser.tokens[look].value == letter):
            return tuple(groups)
        parser.advance()


def count_value(parser: Parser, node: Node, token: Token, what: str, maximum: int, minimum: int = 1) -> int:
    """A count or a number of sides, refused with a message outside minimum…maximum."""
    if has_dice(node):
        raise parser.fail(Message("{0}にダイスは使えません", what), token)
    value = constant(node)
    if not minimum <= value <= maximum:
        raise parser.fail(Message("{0}は {1}〜{2} です（{3}）", what, minimum, maximum, value), token)
    return value
