"""The words the MTGでTRPG panel, sheet, dialogs and log share (the engine speaks in codes)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from gmtool.models.shown_text import english_ui
from gmtool.rules.systems.mtg.cards import Card
from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard, MTGCheckResult, MTGOutcome, Reveal
from gmtool.rules.systems.mtg.rules_data import mtg_rules


def _tr(text: str) -> str:
    return QCoreApplication.translate("MTGLabels", text)


COLOR_CODES = ("W", "U", "B", "R", "G")
SWATCHES = {"W": "#d8c98a", "U": "#3b73c2", "B": "#4a4a4a", "R": "#c8402f", "G": "#2f8a44", "C": "#9aa5b1"}


def color_name(code: str) -> str:
    return {
        "W": _tr("白"),
        "U": _tr("青"),
        "B": _tr("黒"),
        "R": _tr("赤"),
        "G": _tr("緑"),
        "C": _tr("無色"),
    }[code]


def check_name(color: CheckColor) -> str:
    if color is CheckColor.COLORLESS:
        return _tr("色のない判定")
    return _tr("{0}判定").format(color_name(color.value))


def check_text(color: CheckColor, difficulty: int) -> str:
    return _tr("{0}・難易度 {1}").format(check_name(color), difficulty)


def outcome_text(outcome: MTGOutcome | str) -> str:
    return {
        MTGOutcome.SUCCESS: _tr("成功"),
        MTGOutcome.BOOSTED: _tr("成功（行動判定ブースト）"),
        MTGOutcome.FAILURE: _tr("失敗"),
        MTGOutcome.CANCELLED: _tr("判定不可（判定しなかったものとしてあつかう）"),
    }[MTGOutcome(outcome)]


# A card's name in brackets: 《稲妻》 in Japanese, «Lightning Bolt» in English.
CARD_NAME = "《{0}》"


def shown_card_name(card: Card) -> str:
    """The card's name in the UI language: its Japanese name where known in the Japanese UI, the
    English (Oracle) name in the English UI.  The deck stores both; which one shows is chosen here."""
    if english_ui():
        return card.name
    return card.name_ja or card.name


def card_full_name(card: Card) -> str:
    """The card as a list names it: both names in Japanese (「稲妻（Lightning Bolt）」, the English one
    helps find the card elsewhere), the English name alone in English."""
    return card.name if english_ui() else card.display_name()


def card_name(card: Card) -> str:
    """《稲妻》 (the Japanese name where known, else the English one) in Japanese, «Lightning Bolt» in
    English."""
    return _tr(CARD_NAME).format(shown_card_name(card))


# Card types as the card data writes them (the game's English words, which the English UI shows) and as
# a Japanese player reads them; other words (subtypes) stay as written.
TYPE_WORDS = {
    "Land": "土地",
    "Creature": "クリーチャー",
    "Artifact": "アーティファクト",
    "Enchantment": "エンチャント",
    "Planeswalker": "プレインズウォーカー",
    "Instant": "インスタント",
    "Sorcery": "ソーサリー",
    "Battle": "バトル",
    "Kindred": "部族",
    "Tribal": "部族",
    "Basic": "基本",
    "Legendary": "伝説の",
    "Snow": "氷雪",
}
LAND_TYPE_NAMES = {
    "Plains": "平地",
    "Island": "島",
    "Swamp": "沼",
    "Mountain": "山",
    "Forest": "森",
}


def type_word(word: str) -> str:
    """A card type or supertype in the UI language: 「クリーチャー」, "Creature" (the game's own word)."""
    return word if english_ui() else TYPE_WORDS.get(word, word)


def land_type_name(word: str) -> str:
    """A basic land type in the UI language: 「森」, "Forest"."""
    return word if english_ui() else LAND_TYPE_NAMES.get(word, word)


def type_line(card: Card) -> str:
    """「伝説のクリーチャー — Elf Druid」 in Japanese: supertypes lead the card types (「基本土地」), card
    types are joined with ・ (「土地・クリーチャー」); "Legendary Creature — Elf Druid" in English, as the
    card prints it.  Subtypes stay as the card data writes them."""
    if english_ui():
        line = " ".join((*card.supertypes, *card.types))
    else:
        prefix = "".join(type_word(w) for w in card.supertypes)
        line = prefix + "・".join(type_word(w) for w in card.types)
    return f"{line} — {' '.join(card.subtypes)}" if card.subtypes else line


def colors_label(colors: tuple[str, ...]) -> str:
    """「赤緑」 in Japanese, "Red/Green" in English; 「無色」 for none."""
    if not colors:
        return color_name("C")
    return ("/" if english_ui() else "").join(color_name(c) for c in colors)


def colors_text(card: Card) -> str:
    return colors_label(card.card_colors)


def copy_text(copy: LibraryCard) -> str:
    """《ルーン爪の熊》(2) — the mana value the check reads, クリティカル marked."""
    if copy.critical:
        return _tr("{0}(クリティカル: {1})").format(card_name(copy.card), mtg_rules().critical_mana_value)
    return _tr("{0}({1})").format(card_name(copy.card), copy.card.mana_value)


def cards_text(copies: Iterable[LibraryCard]) -> str:
    return _tr("、").join(copy_text(c) for c in copies)


def reveal_text(shown: Reveal) -> str:
    """目標値 and 達成値 as the rule text computes them."""
    chosen = _tr("（{0}としてあつかう）").format(color_name(shown.treated_as)) if shown.treated_as else ""
    return _tr("目標値 {0}（{1}+難易度）・達成値 {2}（{3}+色の修正 {4:+d}{5}）").format(
        shown.target,
        shown.top.mana_value(mtg_rules()),
        shown.achievement,
        shown.second.mana_value(mtg_rules()),
        shown.modifier,
        chosen,
    )


def result_text(result: MTGCheckResult, outcome: bool = True) -> str:
    """目標値, 達成値 and any boost, then 「→ 成功」 (left out with ``outcome=False``: the panel shows
    the outcome apart, in large type)."""
    if result.reveal is None:
        return outcome_text(result.outcome) if outcome else ""
    parts = [reveal_text(result.reveal)]
    if result.boosted:
        parts.append(
            _tr("ブースト: {0} 枚中 無色 {1} 枚 → 達成値 {2}").format(
                len(result.boost_cards), result.bonus, result.final_achievement
            )
        )
    if outcome:
        parts.append("→ " + outcome_text(result.outcome))
    return " ".join(parts)
