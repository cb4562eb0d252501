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
    " tuple_type list_type set_type frozen_set_type iterable_type none_required string_pattern_mismatch"
    " finite_number date_parsing time_parsing datetime_parsing url_parsing uuid_parsing"
    " decimal_parsing date_type date_from_datetime_parsing datetime_type datetime_from_date_parsing"
    " time_type".split()
)

# Message templates (str.format, pydantic's ctx as named values): Message(PROBLEMS[kind], **ctx)
_OBJECT = template("オブジェクト（{{…}}）でなければなりません")
_ARRAY = template("配列（[…]）でなければなりません")
TOO_LONG = template("文字列が長すぎます（最大 {0} 文字、入力 {1} 文字）")
_INVALID = template("値が正しくありません")
_DATE = template("日付（YYYY-MM-DD）でなければなりません")
_TIME = template("時刻（HH:MM:SS）でなければなりません")
_DATETIME = template("日時（YYYY-MM-DDTHH:MM:SS）でなければなりません")
_URL = template("URL が正しくありません")
_UUID = template("UUID が正しくありません")

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
    "recursion_depth_exceeded": template("入れ子が深すぎます"),
    "value_error": _INVALID,  # without ctx["error"]: ours carry a Japanese text, shown instead
    "assertion_error": _INVALID,
    "json_invalid": template("JSON として読めません"),
    "json_type": template("JSON のテキストでなければなりません"),
    "finite_number": template("有限の数値でなければなりません"),
    "string_unicode": template("文字列として読めません"),
    "string_pattern_mismatch": template("書式が正しくありません"),
    "string_not_ascii": template("半角英数字と記号（ASCII）でなければなりません"),
    "mapping_type": _OBJECT,
    "frozen_dict_type": _OBJECT,
    "ordered_dict_type": _OBJECT,
    "counter_type": _OBJECT,
    "named_tuple_type": _ARRAY,
    "deque_type": _ARRAY,
    "set_item_not_hashable": _INVALID,
    "bytes_type": template("バイト列でなければなりません"),
    "bytes_too_short": template("短すぎます（最小 {min_length} バイト）"),
    "bytes_too_long": template("長すぎます（最大 {max_length} バイト）"),
    "bytes_invalid_encoding": template("バイト列として読めません"),
    "date_type": _DATE,
    "date_parsing": _DATE,
    "date_from_datetime_parsing": _DATE,
    "date_from_datetime_inexact": _DATE,
    "date_past": template("過去の日付でなければなりません"),
    "date_future": template("未来の日付でなければなりません"),
    "time_type": _TIME,
    "time_parsing": _TIME,
    "datetime_type": _DATETIME,
    "datetime_parsing": _DATETIME,
    "datetime_object_invalid": _DATETIME,
    "datetime_from_date_parsing": _DATETIME,
    "datetime_past": template("過去の日時でなければなりません"),
    "datetime_future": template("未来の日時でなければなりません"),
    "timezone_naive": template("タイムゾーンなしの日時でなければなりません"),
    "timezone_aware": template("タイムゾーン付きの日時でなければなりません"),
    "timezone_offset": template("タイムゾーンが正しくありません"),
    "time_delta_type": template("時間の長さでなければなりません"),
    "time_delta_parsing": template("時間の長さでなければなりません"),
    # not ctx["tag"]: that is the input, of any length
    "union_tag_invalid": template("種類が正しくありません（次のいずれか: {expected_tags}）"),
    "union_tag_not_found": template("種類を表す項目 {discriminator} がありません"),
    "url_type": _URL,
    "url_parsing": _URL,
    "url_syntax_violation": _URL,
    "url_too_long": template("URL が長すぎます（最大 {max_length} 文字）"),
    "url_scheme": _URL,
    "uuid_type": _UUID,
    "uuid_parsing": _UUID,
    "uuid_version": _UUID,
    "decimal_type": template("数値でなければなりません"),
    "decimal_parsing": template("数値でなければなりません"),
    "decimal_max_digits": template("桁数が多すぎます（最大 {max_digits} 桁）"),
    "decimal_max_places": template("小数点以下の桁数が多すぎます（最大 {decimal_places} 桁）"),
    "decimal_whole_digits": template("整数部の桁数が多すぎます（最大 {whole_digits} 桁）"),
    "fraction_type": template("数値でなければなりません"),
    "fraction_parsing": template("数値でなければなりません"),
    "complex_type": template("数値でなければなりません"),
    "complex_str_parsing": template("数値でなければなりません"),
    "multiple_argument_values": template("同じ項目が 2 回あります"),
    "frozen_field": template("変更できない項目です"),
    "frozen_instance": template("変更できない項目です"),
}
# Anything else (a pydantic error type not listed above, e.g. one a later pydantic adds): never its
# English text, which would reach the Japanese window.
UNKNOWN_PROBLEM = _INVALID


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
