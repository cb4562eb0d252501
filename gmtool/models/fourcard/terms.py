"""フォーカード's words for what the sheet stores as ids, shared by the sheet, the panel's log and the
printed sheet, so a thing is named one way (the rule text's: 衰弱 / 昏倒 / 死亡, 自動的成功).

Each value is a Japanese source marked for lupdate; callers translate it in the "FourCardTerms"
context with `term()`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from gmtool.models.shown_text import shown, shown_label
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
    return bracketed_term(f"【{name}】")


def catalog_name(name: str) -> str:
    """A skill's or field's name as the catalog editor shows it (the name alone, no brackets): the rule
    text's own with its English in the English UI ("Melee 【接近戦】"), as `skill_term` names it; 「接近戦」
    in Japanese; a GM's as typed."""
    shown = skill_term(name)
    return shown if shown != f"【{name}】" else name


def typed_catalog_name(text: str) -> str:
    """A name as the catalog editor reads it back: what `catalog_name` shows for one of the rule text's
    own skills is that skill's name (「接近戦」); anything else is the name typed."""
    return next((bracketed[1:-1] for bracketed in GAME_SKILLS if catalog_name(bracketed[1:-1]) == text), text)


def bracketed_term(bracketed: str) -> str:
    """`skill_term` of a name already in its brackets (the engine's check labels carry them)."""
    return term(bracketed) if bracketed in GAME_SKILLS else bracketed


# Stands for a skill named in a message's 【{n}】 field while the message is put into words: the
# words' own 【{n}】 is then the skill as `skill_term` names it ("Melee 【接近戦】", not 「【接近戦】」).
_SKILL_MARK = "\x1f{0}\x1f"


def _naming_skills(message: Message, fill: Callable[[list[object]], str]) -> str:
    """*message* put into words by `fill` (given its values), each of the rule text's own skills among
    its values named as the skill table names it.  Only the marks this function put in are replaced."""
    skills = {
        i: value
        for i, value in enumerate(message.args)
        if isinstance(value, str) and not isinstance(value, Message) and f"【{value}】" in GAME_SKILLS
    }
    values = [_SKILL_MARK.format(i) if i in skills else value for i, value in enumerate(message.args)]
    text = fill(values)
    for i, name in skills.items():
        mark = _SKILL_MARK.format(i)
        text = text.replace(f"【{mark}】", skill_term(name)).replace(mark, name)
    return text


def skill_message(text: str) -> str:
    """An engine message in the UI language (the message catalogue), each of the rule text's own
    skills it names as the skill table names it: 「【接近戦】の専門性が未設定です…」 reads "Melee 【接近戦】:
    Expertise not set…" in English, as the wizard's table shows the skill.  A plain text: as `shown`."""
    if not isinstance(text, Message):
        return shown(text)
    return _naming_skills(text, lambda values: shown(Message(text.template, *values, **text.kwargs)))


def check_label(label: str) -> str:
    """A ベース (`FourCardSystem.checks`' label) in the UI language: 「【接近戦】（その他）」 is
    "Melee 【接近戦】 (other)" in English, 「【接近戦】特化【剣】」 "Melee 【接近戦】 specialization
    Sword 【剣】" (the skills as the sheet's table names them), 「IQ＋総合LV」 "IQ + overall LV"."""
    if not isinstance(label, Message):
        return shown_label(label)
    values = (bracketed_term(value) if isinstance(value, str) else value for value in label.args)
    return shown(Message(label.template, *values))


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
    message = text

    def fill(args: list[object]) -> str:
        values = [
            rendered(value) if isinstance(value, Message) else term(value) if value in SEPARATORS else value
            for value in args
        ]
        english = QCoreApplication.translate(CONTEXT, message.template)
        try:
            return english.format(*values, **message.kwargs)
        except (IndexError, KeyError, ValueError):  # a translation that lost a field: the Japanese
            return str(message)

    return _naming_skills(message, fill)  # 「【接近戦】1TP」, in English "Melee 【接近戦】1TP"
