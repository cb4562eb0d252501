"""Validation messages: one Japanese sentence naming the exact path inside the document."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gmtool.store.errors import StoreError
from gmtool.store.validation import describe_error, format_validation_error, parse_json


def _aw_error(aw: Any, **changes: Any) -> ValidationError:
    data = aw.dump_character(aw.new_character("テスト"))
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        target = data
        for part in parents:
            target = target[part]
        target[last] = value
    with pytest.raises(ValidationError) as info:
        aw.load_character(data)
    return info.value


def test_text_where_an_integer_belongs(aw):
    message = format_validation_error(_aw_error(aw, attributes__body="12"), "data")
    assert message == 'data.attributes.body: 整数でなければなりません（入力: "12"）'


def test_unknown_field_and_ranges(aw):
    assert format_validation_error(_aw_error(aw, zzz=1), "data") == "data.zzz: 未知の項目です"
    message = format_validation_error(_aw_error(aw, attributes__luck=1000), "data")
    assert message == "data.attributes.luck: 999 以下でなければなりません（入力: 1000）"
    message = format_validation_error(_aw_error(aw, hp=-10000), "data")
    assert message.startswith("data.hp: -9999 以上でなければなりません")


def test_too_long_string_does_not_copy_the_input(aw):
    message = format_validation_error(_aw_error(aw, notes="長" * 5_000_000), "data")
    assert message == "data.notes: 文字列が長すぎます（最大 100000 文字、入力 5000000 文字）"


def test_list_items_bools_and_our_own_value_errors(aw):
    feats = [{"name": "特技A"}, {"name": 3}]
    assert format_validation_error(_aw_error(aw, feats=feats), "data").startswith(
        "data.feats[1].name: 文字列でなければなりません（入力: 3）"
    )
    message = format_validation_error(_aw_error(aw, classes=["a", "b", "c", "d"]), "data")
    assert message == "data.classes: 項目が多すぎます（最大 3 個）"
    message = format_validation_error(_aw_error(aw, is_pc="yes"), "data")
    assert message == 'data.is_pc: 真偽値（true / false）でなければなりません（入力: "yes"）'
    message = format_validation_error(_aw_error(aw, fumble=12), "data")
    assert message == "data: ファンブル値 12 がクリティカル値 12 以上です"
    message = format_validation_error(_aw_error(aw, attributes=[1, 2]), "data")
    assert message.startswith("data.attributes: オブジェクト（{…}）でなければなりません")


def test_first_error_plus_count_and_prefix(aw):
    error = _aw_error(aw, hp="1", mp="2", zzz=3)
    message = format_validation_error(error, "霧島")
    assert message.startswith('霧島.hp: 整数でなければなりません（入力: "1"）')
    assert message.endswith("（ほか 2 件）")


def test_missing_field_and_long_input_excerpt():
    class Model(BaseModel):
        model_config = ConfigDict(extra="forbid")
        hp: int = Field(le=999)
        tag: int = 0

    with pytest.raises(ValidationError) as info:
        Model.model_validate({})
    assert format_validation_error(info.value, "data") == "data.hp: 必須項目がありません"
    with pytest.raises(ValidationError) as info:
        Model.model_validate({"hp": 1, "tag": "x" * 10_000})
    message = format_validation_error(info.value, "data")
    assert len(message) < 120
    assert "（10000 文字）" in message


def test_unknown_error_type_falls_back_to_a_japanese_text_never_pydantics_english():
    message = describe_error({"type": "something_new", "loc": ("a", 0), "msg": "Odd input"}, "data")
    assert message == "data.a[0]: 値が正しくありません"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1,', "1 行 9 列"),
        ('{"a": NaN}', "NaN"),
        ('{"a": 1, "a": 2}', "項目「a」が重複しています"),
        ("[" * 100_000, "入れ子が深すぎます"),
        ('{"a": 1} x', "余分なデータ"),
        ('{"a": ' + "1" * 5000 + "}", "数値が大きすぎます"),
    ],
)
def test_strict_json(text, expected):
    with pytest.raises(StoreError) as info:
        parse_json(text)
    assert expected in str(info.value)
