"""gmtool writes Japanese in the platform's Japanese font (issue 38): Yu Gothic UI / Meiryo on Windows,
Hiragino on macOS, Noto Sans CJK JP / IPA on Linux — never a Chinese font that happens to be there —
chosen here for each platform from what it has installed."""

from __future__ import annotations

import pytest

from gmtool.japanese_fonts import japanese_family

WINDOWS_FONTS = {"Segoe UI", "Microsoft YaHei", "Malgun Gothic", "Yu Gothic UI", "Yu Gothic", "Meiryo"}
MACOS_FONTS = {
    "Helvetica Neue",
    "PingFang SC",
    "Apple SD Gothic Neo",
    "Hiragino Sans",
    "Hiragino Mincho ProN",
}
LINUX_FONTS = {
    "DejaVu Sans",
    "Noto Sans CJK SC",
    "Noto Sans CJK KR",
    "Noto Sans CJK JP",
    "Droid Sans Fallback",
}


@pytest.mark.parametrize(
    ("platform", "installed", "chosen"),
    [
        ("win32", WINDOWS_FONTS, "Yu Gothic UI"),
        ("win32", {"Segoe UI", "Microsoft YaHei", "Meiryo"}, "Meiryo"),  # Windows 7: no Yu Gothic yet
        ("win32", {"Segoe UI", "MS Gothic"}, "MS Gothic"),
        ("darwin", MACOS_FONTS, "Hiragino Sans"),
        ("darwin", {"PingFang SC", "Hiragino Kaku Gothic ProN"}, "Hiragino Kaku Gothic ProN"),
        ("linux", LINUX_FONTS, "Noto Sans CJK JP"),
        ("linux", {"DejaVu Sans", "IPAGothic", "IPAPGothic", "Noto Sans CJK JP"}, "IPAGothic"),
        ("linux", {"Droid Sans Fallback", "VL Gothic"}, "VL Gothic"),
        ("freebsd14", {"IPAPGothic"}, "IPAPGothic"),
    ],
)
def test_the_platforms_japanese_font_is_chosen_over_a_chinese_one(platform, installed, chosen):
    assert japanese_family(installed, platform) == chosen


def test_a_font_brought_from_another_platform_is_used_when_the_platforms_own_are_missing():
    assert japanese_family({"Arial", "Meiryo"}, "darwin") == "Meiryo"
    assert japanese_family({"Hiragino Sans"}, "linux") == "Hiragino Sans"
    assert japanese_family({"Noto Sans CJK JP"}, "win32") == "Noto Sans CJK JP"


def test_no_japanese_font_is_none():
    assert japanese_family({"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC"}, "win32") is None
