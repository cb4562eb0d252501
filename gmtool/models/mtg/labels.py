"""The words the MTGでTRPG panel, sheet, dialogs and log share (the engine speaks in codes)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

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


def card_name(card: Card) -> str:
    """《日本語名》 where known, else the English name."""
    return f"《{card.name_ja or card.name}》"


def colors_text(card: Card) -> str:
    colors = card.card_colors
    if not colors:
        return _tr("無色")
    return "".join(color_name(c) for c in colors)


def copy_text(copy: LibraryCard) -> str:
    """《ルーン爪の熊》(2) — the mana value the check reads, クリティカル marked."""
    if copy.critical:
        return _tr("{0}(クリティカル: {1})").format(card_name(copy.card), mtg_rules().critical_mana_value)
    return f"{card_name(copy.card)}({copy.card.mana_value})"


def cards_text(copies: Iterable[LibraryCard]) -> str:
    return "、".join(copy_text(c) for c in copies)


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
