"""pydantic's English never reaches the Japanese UI: every error type is worded by the store's texts,
an unknown one as 値が正しくありません, and a long name is quoted shortened."""

from __future__ import annotations

import dataclasses
import re
import typing
from datetime import date

import pydantic_core.core_schema as core_schema
import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gmtool.store.errors import StoreError
from gmtool.store.validation import character_label, character_to_document, format_validation_error
from gmtool.store.validation_text import PROBLEMS


class _Odd(BaseModel):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    code: str = Field(default="ab", pattern=r"^[a-z]+$")
    day: date = date(2026, 1, 1)
    ratio: float = Field(default=1.0, allow_inf_nan=False)
    thing: typing.Any = None


def _message(**values) -> str:
    with pytest.raises(ValidationError) as info:
        _Odd(**values)
    return format_validation_error(info.value, "data")


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"code": "AB1"}, 'data.code: 書式が正しくありません（入力: "AB1"）'),
        ({"day": "昨日"}, 'data.day: 日付（YYYY-MM-DD）でなければなりません（入力: "昨日"）'),
        ({"ratio": float("inf")}, "data.ratio: 有限の数値でなければなりません（入力: inf）"),
    ],
    ids=["pattern", "date", "infinity"],
)
def test_error_types_beyond_the_common_ones_are_japanese(values, expected):
    assert _message(**values) == expected


def test_no_pydantic_error_type_is_left_to_its_english_text():
    # Every type pydantic knows has a Japanese text, or the generic one: never error["msg"].
    error = {"type": "is_instance_of", "loc": ("x",), "msg": "Input should be an instance of Foo", "ctx": {}}
    from gmtool.store.validation import describe_error

    assert describe_error(error) == "x: 値が正しくありません"
    known = set(typing.get_args(core_schema.ErrorType))
    assert len(known & set(PROBLEMS)) > 90  # the rest (programming errors) get the generic text


def test_a_long_name_is_quoted_shortened(aw):
    character = dataclasses.replace(aw.new_character("x"), name="名" * 2000)
    with pytest.raises(StoreError) as info:
        character_to_document("aw", character)
    message = str(info.value)
    assert message.startswith("キャラクター「" + "名" * 40 + "…（2000 文字）」を保存できません: ")
    assert len(message) < 150
    assert character_label("c" * 500, {"name": "長" * 2000}) == (
        "キャラクター「" + "長" * 40 + "…（2000 文字）」（id: " + "c" * 40 + "…（500 文字））"
    )
    assert character_label("c1", {"name": "霧島"}) == "キャラクター「霧島」（id: c1）"
    assert not re.search(r"[A-Za-z]{5,}", info.value.args[0].replace("data", ""))
