"""フォーカード's words for what the sheet stores as ids, shared by the sheet, the panel's log and the
printed sheet, so a thing is named one way (the rule text's: 衰弱 / 昏倒 / 死亡, 自動的成功).

Each value is a Japanese source marked for lupdate; callers translate it in the "FourCardTerms"
context with `term()`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from gmtool.rules.checks import Outcome
from gmtool.rules.message import Message

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

# The fixed labels gmtool writes into the XP ledger: stored as these Japanese sources in either UI
# language (so a file reads the same whoever made it) and shown through `ledger_text`. Anything else
# in the ledger is the GM's own text (a scenario's name) or a purchase, shown as it was written.
CREATION_SCENARIO = QT_TRANSLATE_NOOP("FourCardTerms", "作成")
INITIAL_XP_LABEL = QT_TRANSLATE_NOOP("FourCardTerms", "初期経験点")
LOST_XP_LABEL = QT_TRANSLATE_NOOP("FourCardTerms", "使い切れなかった初期経験点（失われた）")
LEDGER_LABELS = frozenset({CREATION_SCENARIO, INITIAL_XP_LABEL, LOST_XP_LABEL})


# The rule text's own skills (resources/rules/fourcard/skills.toml: 【接近戦】 and its fields 【剣】【斧】):
# in the English UI with English beside the game's word, as 千幻抄's 類型 are (「Hunter 〈狩猟者〉」).
# A skill or field the GM adds is shown as typed.
GAME_SKILLS = frozenset(
    {
        QT_TRANSLATE_NOOP("FourCardTerms", "【接近戦】"),
        QT_TRANSLATE_NOOP("FourCardTerms", "【剣】"),
        QT_TRANSLATE_NOOP("FourCardTerms", "【斧】"),
    }
)


def skill_term(name: str) -> str:
    """A skill or field in its brackets: 「【接近戦】」, in the English UI 「Melee 【接近戦】」 for the
    rule text's own; a GM's 「【知識】」 as typed."""
    bracketed = f"【{name}】"
    return term(bracketed) if bracketed in GAME_SKILLS else bracketed


def term(source: str) -> str:
    """One of the terms above in the UI language."""
    return QCoreApplication.translate(CONTEXT, source)


def outcome_term(outcome: Outcome) -> str:
    """「自動的成功」 / 「成功」 / 「失敗」 / 「自動的失敗」, as the rule text names a roll's outcome."""
    return term(OUTCOME_NAMES[outcome])


def ledger_text(text: str) -> str:
    """A ledger cell (scenario or purchase) as shown: gmtool's fixed labels in the UI language."""
    return term(text) if text in LEDGER_LABELS else text


# The separators `Message.joined` keeps as values: shown as the UI language writes them.
SEPARATORS = frozenset({"、", "・"})


def rendered(text: str) -> str:
    """An engine Message that is stored as text (a purchase in the XP ledger, an override's record)
    written in the UI language: its template looked up in the translations as any tr() source (each
    such template has its English in resources/i18n/en/issue35_fc.json as well as in
    messages_en.json), each value that is a Message rendered the same way, any other value (a skill's
    name, a number) kept.  A lookup by the template, as the message catalogue does: nothing is parsed."""
    if not isinstance(text, Message):
        return text
    values = [
        rendered(value) if isinstance(value, Message) else term(value) if value in SEPARATORS else value
        for value in text.args
    ]
    english = QCoreApplication.translate(CONTEXT, text.template)
    try:
        return english.format(*values, **text.kwargs)
    except (IndexError, KeyError, ValueError):  # a translation that lost a field: the Japanese
        return str(text)
