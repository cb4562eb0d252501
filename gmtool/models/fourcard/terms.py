"""フォーカード's words for what the sheet stores as ids, shared by the sheet, the panel's log and the
printed sheet, so a thing is named one way (the rule text's: 衰弱 / 昏倒 / 死亡, 自動的成功).

Each value is a Japanese source marked for lupdate; callers translate it in the "FourCardTerms"
context with `term()`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import Outcome

CONTEXT = "FourCardTerms"


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Marks `source` for lupdate and returns it (PySide6's stub types Qt's own as `object`)."""
    return source


SEX_NAMES: dict[str, str] = {
    "male": QT_TRANSLATE_NOOP("FourCardTerms", "男性"),
    "female": QT_TRANSLATE_NOOP("FourCardTerms", "女性"),
}
HANDEDNESS_NAMES: dict[str, str] = {
    "right": QT_TRANSLATE_NOOP("FourCardTerms", "右"),
    "left": QT_TRANSLATE_NOOP("FourCardTerms", "左"),
    "both": QT_TRANSLATE_NOOP("FourCardTerms", "両手"),
}
HANDEDNESS = QT_TRANSLATE_NOOP("FourCardTerms", "利き腕")
# The three HP lines (「衰弱」「昏倒」「死亡」の3つのライン).
LINE_NAMES: dict[str, str] = {
    "weakened_line": QT_TRANSLATE_NOOP("FourCardTerms", "衰弱ライン"),
    "unconscious_line": QT_TRANSLATE_NOOP("FourCardTerms", "昏倒ライン"),
    "dead_line": QT_TRANSLATE_NOOP("FourCardTerms", "死亡ライン"),
}
OUTCOME_NAMES: dict[Outcome, str] = {
    Outcome.AUTO_SUCCESS: QT_TRANSLATE_NOOP("FourCardTerms", "自動的成功"),
    Outcome.SUCCESS: QT_TRANSLATE_NOOP("FourCardTerms", "成功"),
    Outcome.FAILURE: QT_TRANSLATE_NOOP("FourCardTerms", "失敗"),
    Outcome.AUTO_FAILURE: QT_TRANSLATE_NOOP("FourCardTerms", "自動的失敗"),
}


def term(source: str) -> str:
    """One of the terms above in the UI language."""
    return QCoreApplication.translate(CONTEXT, source)


def outcome_term(outcome: Outcome) -> str:
    """「自動的成功」 / 「成功」 / 「失敗」 / 「自動的失敗」, as the rule text names a roll's outcome."""
    return term(OUTCOME_NAMES[outcome])
