"""The words of the store's validation problems: which pydantic errors quote the input, and the
Japanese templates (``Message`` ids, see ``gmtool/rules/message.py``) for pydantic's error types and
Python's JSON errors.  ``gmtool.store.validation`` builds the sentences from them."""

from __future__ import annotations

from gmtool.rules.message import template

# Error types whose input is worth showing: the user sees what the file actually says.
# "missing" (input = the whole parent object), "extra" and "too long" errors do not
# show it: it is either the wrong thing or far too big.
SHOW_INPUT = frozenset(
    "int_type int_parsing int_from_float int_parsing_size float_type float_parsing string_type"
    " bool_type bool_parsing greater_than greater_than_equal less_than less_than_equal multiple_of"
    " literal_error enum dataclass_type dataclass_args_type model_type model_attributes_type dict_type"
    " tuple_type list_type set_type frozen_set_type iterable_type none_required".split()
)

# Message templates (str.format, pydantic's ctx as named values): Message(PROBLEMS[kind], **ctx)
_OBJECT = template("オブジェクト（{{…}}）でなければなりません")
_ARRAY = template("配列（[…]）でなければなりません")
TOO_LONG = template("文字列が長すぎます（最大 {0} 文字、入力 {1} 文字）")

PROBLEMS: dict[str, str] = {
    "int_type": template("整数でなければなりません"),
    "int_parsing": template("整数でなければなりません"),
    "int_from_float": template("整数でなければなりません（小数は使えません）"),
    "int_parsing_size": template("数値が大きすぎます"),
    "float_type": template("数値でなければなりません"),
    "float_parsing": template("数値でなければなりません"),
    "string_type": template("文字列でなければなりません"),
    "bool_type": template("真偽値（true / false）でなければなりません"),
    "bool_parsing": template("真偽値（true / false）でなければなりません"),
    "string_too_long": template("文字列が長すぎます（最大 {max_length} 文字）"),
    "string_too_short": template("文字列が短すぎます（最小 {min_length} 文字）"),
    "too_long": template("項目が多すぎます（最大 {max_length} 個）"),
    "too_short": template("項目が少なすぎます（最小 {min_length} 個）"),
    "missing": template("必須項目がありません"),
    "missing_argument": template("必須項目がありません"),
    "missing_keyword_only_argument": template("必須項目がありません"),
    "missing_positional_only_argument": template("必須項目がありません"),
    "unexpected_keyword_argument": template("未知の項目です"),
    "unexpected_positional_argument": template("未知の項目です"),
    "extra_forbidden": template("未知の項目です"),
    "greater_than": template("{gt} より大きくなければなりません"),
    "greater_than_equal": template("{ge} 以上でなければなりません"),
    "less_than": template("{lt} より小さくなければなりません"),
    "less_than_equal": template("{le} 以下でなければなりません"),
    "multiple_of": template("{multiple_of} の倍数でなければなりません"),
    "literal_error": template("次のいずれかでなければなりません: {expected}"),
    "enum": template("次のいずれかでなければなりません: {expected}"),
    "none_required": template("null でなければなりません"),
    "dataclass_type": _OBJECT,
    "dataclass_args_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "dict_type": _OBJECT,
    "tuple_type": _ARRAY,
    "list_type": _ARRAY,
    "set_type": _ARRAY,
    "frozen_set_type": _ARRAY,
    "iterable_type": _ARRAY,
    "recursion_loop": template("入れ子が深すぎます"),
}


# Python's English json messages, for the ones a hand-edited or truncated file produces.
JSON_PROBLEMS = {
    "Expecting value": template("値がありません"),
    "Expecting property name enclosed in double quotes": template('項目名（"…"）がありません'),
    "Expecting ',' delimiter": template("「,」がありません"),
    "Expecting ':' delimiter": template("「:」がありません"),
    "Unterminated string starting at": template("文字列が閉じていません"),
    "Extra data": template("JSON の後に余分なデータがあります"),
    "Invalid control character at": template("文字列の中に制御文字があります"),
    "Invalid \\escape": template("不正なエスケープ（\\）があります"),
    "Invalid \\uXXXX escape": template("不正なエスケープ（\\u）があります"),
}
