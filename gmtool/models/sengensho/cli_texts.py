"""What `gmtool prob sengensho` says: its help and its table's words, as message templates.

Kept here, with no Qt, so the message extraction finds them (`make i18n`) and the CLI shows them in
the UI language through the message catalogue (`gmtool.views.message_catalog.shown_message`); the
CLI itself only prints them.
"""

from __future__ import annotations

from gmtool.rules.checks import Outcome
from gmtool.rules.message import Message, template
from gmtool.rules.systems.sengensho.checks import CRITICAL, FUMBLE, NATURAL_TOTALS

HELP = template("千幻抄の判定: 3D6 + 修正 vs 目標値（クリティカル・ファンブルあり）")
JSON_HELP = template("JSON で出力")
MODIFIER_WHAT = template("3D6 に足す値")
TARGET_WHAT = template("目標値")
CRITICAL_WHAT = template("クリティカルの出目")
FUMBLE_WHAT = template("ファンブルの出目")
OUTCOME_NAMES = {
    CRITICAL: template("クリティカル（成功）"),
    Outcome.SUCCESS: template("成功"),
    Outcome.FAILURE: template("失敗"),
    FUMBLE: template("ファンブル（失敗）"),
}
SUCCESS_RATE = template("成功率（クリティカルを含む）")


def modifier_help(shown_range: str) -> Message:
    return Message("3D6 に足す値: 判定値（{{特性値}}+〈スキル〉）と修正の合計{0}", shown_range)


def target_help(shown_range: str) -> Message:
    return Message("目標値{0}", shown_range)


def critical_help(shown_range: str) -> Message:
    return Message(
        "3D6 の出目がこの値以上でクリティカル（既定はルールデータの値 16、19 でなし）{0}", shown_range
    )


def fumble_help(shown_range: str) -> Message:
    return Message("3D6 の出目がこの値以下でファンブル（既定はルールデータの値 5、2 でなし）{0}", shown_range)


def thresholds(critical: int, fumble: int) -> Message:
    """「クリティカル 16 以上・ファンブル 5 以下」, or that there is none at the 19 / 2 settings."""
    crit = (
        Message("クリティカルなし")
        if critical > NATURAL_TOTALS[-1]
        else Message("クリティカル {0} 以上", critical)
    )
    fum = Message("ファンブルなし") if fumble < NATURAL_TOTALS[0] else Message("ファンブル {0} 以下", fumble)
    return Message("{0}・{1}", crit, fum)


def heading(modifier: int, target: int, critical: int, fumble: int) -> Message:
    return Message(
        "千幻抄 判定: 3D6 {0:+d} / 目標値 {1} / {2}（3D6 の出目）",
        modifier,
        target,
        thresholds(critical, fumble),
    )
