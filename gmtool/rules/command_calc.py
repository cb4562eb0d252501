"""C(…): plain arithmetic, printed as BCDice 3's Calc prints it (`c(1+2) ＞ 3`).

Calc echoes the expression as typed, not folded as a dice sum is: signs stay (`c(-1--1)`), a
unary plus goes, and a division rounded up is written /…C whether it was typed U or C.  A
division by zero is not BCDice's usual 1 here: Calc stops with its own message instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.command_syntax import BinOp, Neg, Node, Num, Paren, constant

ZERO_DIVISION = "ゼロ除算が発生したため計算できませんでした"  # BCDice's Calc, word for word
_ROUNDING_SHOWN = {"U": "C"}  # Calc's DivideWithCeil prints C


@dataclass(frozen=True)
class CalcCommand:
    expr: Node

    @property
    def text(self) -> str:
        """c(1+2) for C1+2 and C(1+2) alike; a parenthesis already around the whole is not doubled."""
        shown = calc_text(self.expr)
        return "c" + (shown if isinstance(self.expr, Paren) else f"({shown})")


def calc_text(node: Node) -> str:
    if isinstance(node, Num):
        return node.text
    if isinstance(node, Paren):
        return f"({calc_text(node.body)})"
    if isinstance(node, Neg):
        return f"-{calc_text(node.body)}"
    if isinstance(node, BinOp):
        rounding = _ROUNDING_SHOWN.get(node.rounding, node.rounding)
        return f"{calc_text(node.lhs)}{node.op}{calc_text(node.rhs)}{rounding}"
    raise TypeError(node)


def calc_value(node: Node) -> int:
    """The value; ZeroDivisionError for any division by zero (BCDice's Calc refuses them all:
    floor division raises in Ruby, and the rounded ones fail on an infinite float)."""
    return constant(node, refuse_zero=True)
