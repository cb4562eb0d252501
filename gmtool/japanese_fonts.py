"""Which installed font writes gmtool's Japanese, per platform (issue 38).

Kanji look different in Japanese, Chinese and Korean fonts (the same code points), and a system left
to itself picks by the user's language: an English Windows writes 判定 in Microsoft YaHei's Chinese
forms, an English macOS in PingFang SC.  gmtool names the platform's Japanese fonts instead — Yu
Gothic UI / Meiryo on Windows, Hiragino on macOS, Noto Sans CJK JP / IPA on Linux — for its window
(`gmtool.views.fonts`) and its printed sheets.  Pure Python: the choice is tested for every platform
on any one of them.
"""

from __future__ import annotations

import sys
from collections.abc import Collection

WINDOWS = ("Yu Gothic UI", "Yu Gothic", "Meiryo UI", "Meiryo", "MS UI Gothic", "MS Gothic")
MACOS = ("Hiragino Sans", "Hiragino Kaku Gothic ProN", "Hiragino Kaku Gothic Pro", "Osaka")
# IPAGothic first: packaging/sysdeps.sh installs it, and the printed sheet has always used it.
LINUX = (
    "IPAGothic",
    "IPAゴシック",
    "IPAPGothic",
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "TakaoGothic",
    "VL Gothic",
)


def platform_fonts(platform: str = sys.platform) -> tuple[str, ...]:
    """The platform's Japanese fonts first, then the others' (a font copied from another system)."""
    if platform.startswith("win") or platform == "cygwin":
        return WINDOWS + MACOS + LINUX
    if platform == "darwin":
        return MACOS + WINDOWS + LINUX
    return LINUX + WINDOWS + MACOS


def japanese_family(installed: Collection[str], platform: str = sys.platform) -> str | None:
    """The first of the platform's Japanese fonts that is installed, or None."""
    return next((name for name in platform_fonts(platform) if name in installed), None)
