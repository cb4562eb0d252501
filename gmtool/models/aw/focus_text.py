"""The AF's texts for the session log and the dialog: endings, one roll's inputs and result, odds.

Pure functions over the stored document, so the model stays about the steps.  Strings are
translated in the "AWFocusModel" context, where they were before this module was split off.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from PySide6.QtCore import QCoreApplication

from gmtool.models.aw.focus_state import Ending, FocusDoc, RecordKind, RollRecord, SpecialRule
from gmtool.rules.systems.aw.character import ATTRIBUTES
from gmtool.rules.systems.aw.focus import FocusOdds, FocusProgress, FocusRules, FocusStatus


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Marks `source` for lupdate (which looks for this name) in `context`; `tr` translates it
    when shown.  Qt's own is typed as returning `object` in PySide6's stubs."""
    return source


ABILITY_LABELS = dict(ATTRIBUTES)
# Marked for lupdate: the English UI showed them in Japanese.
ENDING_LABELS = {
    Ending.REACHED: QT_TRANSLATE_NOOP("AWFocusModel", "達成値の合計が難易度に到達"),
    Ending.FUMBLE: QT_TRANSLATE_NOOP("AWFocusModel", "ファンブルで終了"),
    Ending.ROUNDS: QT_TRANSLATE_NOOP("AWFocusModel", "ラウンド制限を過ぎた"),
    Ending.GM_SUCCESS: QT_TRANSLATE_NOOP("AWFocusModel", "特別ルールで成功"),
    Ending.GM_FAILURE: QT_TRANSLATE_NOOP("AWFocusModel", "特別ルールで失敗"),
    Ending.GM_SPELL: QT_TRANSLATE_NOOP("AWFocusModel", "令呪を1つ使って成功"),
    Ending.CANCELLED: QT_TRANSLATE_NOOP("AWFocusModel", "成功でも失敗でもない"),
}


def tr(text: str) -> str:
    return QCoreApplication.translate("AWFocusModel", text)


def percent_text(p: Fraction) -> str:
    """A probability for the table: never "0.0%" for a chance that exists, never "100.0%" for one
    that can still fail (an AF far from its difficulty has odds like 1e-16)."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if p < Fraction(1, 2000):
        return "<0.1%"
    if p > 1 - Fraction(1, 2000):
        return ">99.9%"
    return f"{float(p) * 100:.1f}%"


def end_text(doc: FocusDoc, rules: FocusRules) -> str:
    assert doc.ending is not None
    verdict = {
        FocusStatus.SUCCESS: tr("AF判定成功"),
        FocusStatus.FAILURE: tr("AF判定失敗"),
        FocusStatus.CANCELLED: tr("AF判定を中止"),
    }[doc.status]
    text = tr("{0}（{1}）").format(verdict, tr(ENDING_LABELS[doc.ending]))  # the UI language's brackets
    if doc.ending_note:
        text += f"「{doc.ending_note}」"
    return text + tr(" 達成値合計 {0} / 難易度 {1}").format(doc.total, doc.effective_difficulty(rules))


def roll_inputs(before: FocusDoc, record: RollRecord, rules: FocusRules) -> str:
    member = before.members[record.member]
    text = tr("AF判定「{0}」ラウンド {1}: 【{2}】{3}").format(
        before.goal, record.round, tr(ABILITY_LABELS[before.ability]), member.value
    )
    if member.modifier:
        text += tr(" 修正 {0:+d}").format(member.modifier)
    if record.declared:
        skills = "".join(f"《{s}》" for s in record.skills)
        other = tr("その他 {0}").format(member.other) if member.other else ""
        text += tr(" 特技宣言 {0}（{1}）").format(
            record.declared, tr("、").join(x for x in (skills, other) if x)
        )
    declared = before.declared + record.declared
    progress = FocusProgress(before.difficulty, before.round_limit, declared=declared)
    return text + tr(" → 難易度 {0}").format(progress.effective_difficulty(rules))


def dice_text(record: RollRecord) -> str:
    if record.natural is None:
        return tr("（振らず）")
    if record.faces:
        return "+".join(str(f) for f in record.faces) + f"={record.natural}"
    return tr("{0}（手入力）").format(record.natural)


def roll_result(doc: FocusDoc, record: RollRecord, crossed: Sequence[SpecialRule], rules: FocusRules) -> str:
    kind = {
        RecordKind.CRITICAL: tr("クリティカル: 達成値 {0}"),
        RecordKind.NORMAL: tr("達成値 {0}"),
        RecordKind.CANCELLED: tr("ファンブルを打ち消し: 達成値 {0}"),
        RecordKind.FUMBLE: tr("ファンブル（GMの判断待ち）"),
        RecordKind.DECLARED: tr("特技宣言で難易度に到達"),
    }[record.kind].format(record.achievement)
    text = kind + tr(" → 合計 {0} / 難易度 {1}").format(doc.total, doc.effective_difficulty(rules))
    for rule in crossed:
        text += tr(" ／ 特別ルール（達成値 {0}）: {1}").format(rule.threshold, rule.note)
    if not doc.running:
        text += tr(" ／ ") + end_text(doc, rules)
    return text


def odds_text(odds: FocusOdds | None) -> str:
    return tr("成功率 {0}").format(percent_text(odds.success)) if odds else ""
