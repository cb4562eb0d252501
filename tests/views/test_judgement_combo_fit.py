"""The judgement panel's 判定 choice at the panel's size in the default layout at 1366×768: a long skill
shown with its gloss (「Armed Combat: Axes（武器戦闘）（Battle-axe）（+9）」) is cut at a word's end with
"…", its value kept, the whole of it in the tooltip and in the open list; the panel no wider than
its dock.  Qt clipped it at the box's edge: 「Appraise（鑑定）（+3」."""

from __future__ import annotations

import re
from typing import Any

from gmtool.models.aw.check_model import AWCheckModel
from gmtool.models.lotr.check_model import LotRCheckModel
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.views.aw.check_view import AWCheckView
from gmtool.views.fitting_combo import FittingCombo, elide_at_words
from gmtool.views.lotr.check_view import LotRCheckView
from tests.views.test_readability_issue34 import PANEL_AT_1366, shown

# Where a cut reads as a word's end: before a space or an opening bracket, after a colon.
WORD_END = re.compile(r"(?<=[A-Za-z\u3040-\u9fff）)])…|(?<=:)…")


def test_a_cut_ends_at_a_word_and_keeps_the_value() -> None:
    def within(chars: int) -> Any:
        return lambda text: len(text) <= chars

    text = "Armed Combat: Axes（武器戦闘）（Battle-axe）（+9）"
    assert elide_at_words(text, within(100)) == text
    assert elide_at_words(text, within(30)) == "Armed Combat: Axes（武器戦闘）…（+9）"
    assert elide_at_words(text, within(23)) == "Armed Combat: Axes…（+9）"
    assert elide_at_words(text, within(22)) == "Armed Combat…（+9）"
    assert elide_at_words(text, within(18)) == "Armed Combat…（+9）"
    assert elide_at_words(text, within(10)) == "Armed…（+9）"
    assert elide_at_words(text, within(5)) is None  # not even a word: the caller cuts it anywhere
    assert elide_at_words("Appraise Lore (+3)", within(15)) == "Appraise… (+3)"
    assert elide_at_words("Armed Combat: Axes (+7)", within(18)) == "Armed Combat… (+7)"


def _shown(qtbot: Any, view: Any) -> Any:
    return shown(qtbot, view, *PANEL_AT_1366)


def _every_choice_reads_whole_or_cut_at_a_word(combo: FittingCombo, value: str = r"[+-]?\d+") -> list[str]:
    """Each choice in turn; the ones the closed box had to cut (all of which must read sensibly)."""
    cut = []
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        whole, closed = combo.itemText(index), combo.shown_text()
        assert combo.fontMetrics().horizontalAdvance(closed) <= combo._room(combo._option()), closed
        if closed == whole:
            continue
        cut.append(whole)
        assert whole in combo.toolTip(), (whole, combo.toolTip())  # the whole of it, on hovering
        assert WORD_END.search(closed), f"{closed!r} is cut mid-word ({whole!r})"
        head, _, tail = closed.partition("…")
        assert whole.startswith(head) and whole.endswith(tail), (closed, whole)
        if re.search(value + r"[）)]$", whole):
            assert re.search(value + r"[）)]$", closed), f"{closed!r} lost its value ({whole!r})"
    return cut


def test_the_lotr_skill_choice_is_cut_at_a_word_with_its_value_and_whole_in_the_tooltip(
    qtbot: Any, campaign_model: Any, language: str
) -> None:
    view = _shown(qtbot, LotRCheckView(LotRCheckModel(campaign_model)))
    combo = view.a_box.source_combo
    assert isinstance(combo, FittingCombo) and view.model.inputs(Contestant.A).character_id
    cut = _every_choice_reads_whole_or_cut_at_a_word(combo)
    assert any(text.startswith("Armed Combat: Axes") for text in cut)  # the long one was cut: tested
    assert view.minimumSizeHint().width() <= PANEL_AT_1366[0]  # no wider than its dock


def test_the_open_list_shows_the_longest_choice_whole(qtbot: Any, campaign_model: Any, language: str) -> None:
    view = _shown(qtbot, LotRCheckView(LotRCheckModel(campaign_model)))
    combo = view.a_box.source_combo
    combo.showPopup()
    try:
        list_view = combo.view()
        qtbot.waitUntil(list_view.isVisible)
        assert list_view.viewport().width() >= list_view.sizeHintForColumn(0)
    finally:
        combo.hidePopup()


def test_the_aw_value_choice_reads_whole_or_cut_at_a_word(
    qtbot: Any, campaign_model: Any, language: str
) -> None:
    view = _shown(qtbot, AWCheckView(AWCheckModel(campaign_model)))
    _every_choice_reads_whole_or_cut_at_a_word(view.action_box.source_combo)
    assert view.minimumSizeHint().width() <= PANEL_AT_1366[0]
