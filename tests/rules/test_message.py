"""A Message is the Japanese text everywhere a str is expected, and keeps its id and values."""

from __future__ import annotations

import copy
import pickle

from gmtool.rules.message import Message, clipped, template


def test_a_message_is_its_japanese_text_and_keeps_its_template() -> None:
    m = Message("{0}は{1:+d}です", "アリス", 2)
    assert m == "アリスは+2です" and isinstance(m, str)
    assert (m.template, m.args) == ("{0}は{1:+d}です", ("アリス", 2))
    assert Message("「{{x}}」") == "「{x}」"  # literal braces, as in str.format
    assert Message("{n} 個", n=3).kwargs == {"n": 3}


def test_raising_and_copying_keep_the_message() -> None:
    m = Message("{0}がありません", "鍵")
    for text in (str(m), str(ValueError(m)), pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
        assert isinstance(text, Message) and text.template == "{0}がありません" and text == m
    assert type(f"「{m}」") is str and type(m + "。") is str  # new text is plain: compose with Message


def test_joined_keeps_each_part_and_the_separator() -> None:
    parts = [Message("メジャー"), "攻撃"]
    joined = Message.joined("、", parts)
    assert joined == "メジャー、攻撃" and joined.args == (parts[0], "、", "攻撃")
    assert Message.joined("、", []) == "" and not Message.joined("\n", [])


def test_clipped_keeps_a_short_message_and_cuts_a_long_text() -> None:
    m = Message("{0}", "x" * 5)
    assert clipped(m, 5) is m
    assert clipped(m, 3) == "xxx" and not isinstance(clipped(m, 3), Message)
    assert template("名前") == "名前"
