"""A 行動判定 walked step by step at the table, with a virtual library or physical cards.

1. reveal: the two cards under the known ones (virtual: read from the library; physical: the GM
   enters them by name) give 目標値 and 達成値; a card of several colors is treated as one chosen
   at random (seeded and logged) unless the GM enters the color the table chose.
2. boost (optional, only while the check is failing): once per turn, six cards exiled.
3. finish: the result, one undo step (the turn's record and, virtual, the library: the two revealed
   cards to the bottom in random order, the six to exile until the end of the turn) and one log line.

Nothing is stored before `finish`, so a cancelled check leaves the campaign as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gmtool.models.mtg.labels import card_name, cards_text, check_text, result_text
from gmtool.rules.systems.mtg import library as lib
from gmtool.rules.systems.mtg.checks import (
    CheckColor,
    LibraryCard,
    MTGCheckResult,
    Reveal,
    modifier_choices,
    reveal,
    settle,
)
from gmtool.rules.systems.mtg.house_rules import BOOST_ON_FAILURE
from gmtool.rules.systems.mtg.procedure import deck_copies
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.rules.systems.mtg.table import TableRefused, record_check, refuse_boost, set_library

if TYPE_CHECKING:
    from gmtool.models.mtg.check_model import MTGCheckModel


def _tr(text: str) -> str:
    return QCoreApplication.translate("MTGCheckProcedure", text)


@dataclass(frozen=True)
class Revealed:
    """Step 1 done: what was revealed, and from where."""

    character_id: str
    shown: Reveal
    virtual: bool
    instances: tuple[int, ...] = ()  # virtual: the two revealed copies in the library
    boost_instances: tuple[int, ...] = ()  # virtual: the six a boost would exile (() if fewer)
    seed: int | None = None  # of the color choice


class MTGCheckProcedure:
    def __init__(self, model: MTGCheckModel) -> None:
        self.model = model
        self.revealed: Revealed | None = None
        self.last_result: MTGCheckResult | None = None

    # ---- step 1 -----------------------------------------------------------------------------
    def _check_allowed(self) -> str:
        refusal = self.model.roll_refusal()
        if refusal:
            raise TableRefused(refusal)
        if self.revealed is not None:
            raise TableRefused(_tr("判定の途中です。先に結果を確定するか、取り消してください"))
        return self.model.character_id or ""

    def _choose(self, second: LibraryCard, choice: int | None) -> tuple[int, int | None]:
        """The color a card of several colors is treated as: the GM's, else at random (seeded)."""
        count = len(modifier_choices(second.card, self.model.color, mtg_rules()))
        if choice is not None:
            return choice, None
        if count == 1:
            return 0, None
        rng, seed = self.model.table.new_rng()
        return rng.randrange(count), seed

    def color_choices(self, second: LibraryCard | None) -> tuple[str, ...]:
        """The colors the table may treat a revealed 2nd card as (empty: nothing to choose — one
        color, or a 色のない判定)."""
        colors = second.card.modifier_colors if second is not None else ()
        if self.model.color is CheckColor.COLORLESS or len(colors) < 2:
            return ()
        return colors

    def reveal_virtual(self) -> Reveal:
        character_id = self._check_allowed()
        library = self.model.table.library(character_id)
        if library is None:
            raise TableRefused(
                _tr("このデッキには仮想ライブラリーがありません（物理デッキのカードを入力してください）")
            )
        try:
            cards = lib.check_cards(library, self.model.boost_includes_revealed)
        except lib.LibraryRefused as refused:
            raise TableRefused(str(refused)) from None
        top, second = library.cards_of(cards.revealed)
        choice, seed = self._choose(second, None)
        shown = reveal(top, second, self.model.color, self.model.difficulty, choice)
        self.revealed = Revealed(character_id, shown, True, cards.revealed, cards.boost, seed)
        self.model.clear_result()  # a new check: the last one's result is not this one's
        self.model.changed.emit()
        return shown

    def reveal_physical(self, top: LibraryCard, second: LibraryCard, choice: int | None = None) -> Reveal:
        character_id = self._check_allowed()
        if self.model.virtual:
            raise TableRefused(_tr("このデッキは仮想ライブラリーで判定します（カードの入力はいりません）"))
        # Under the library-only reading the revealed cards come from what is left in the library.
        self._require_in_deck([top, second], [*self.model.outside_copies(), *self.model.known_top])
        choice, seed = self._choose(second, choice)
        try:
            shown = reveal(top, second, self.model.color, self.model.difficulty, choice)
        except ValueError as error:
            raise TableRefused(str(error)) from None
        self.revealed = Revealed(character_id, shown, False, seed=seed)
        self.model.clear_result()  # a new check: the last one's result is not this one's
        self.model.changed.emit()
        return shown

    def _require_in_deck(self, cards: Sequence[LibraryCard], already_out: Sequence[LibraryCard]) -> None:
        deck = self.model.deck()
        available = Counter(deck_copies(deck)) if deck is not None else Counter()
        available.subtract(Counter(already_out))
        for card, wanted in Counter(cards).items():
            if available[card] < wanted:
                label = _tr("クリティカル・カードの") if card.critical else ""
                raise TableRefused(
                    _tr("デッキに{0}{1}は{2}枚しか残っていません（入力は{3}枚）").format(
                        label, card_name(card.card), max(available[card], 0), wanted
                    )
                )

    # ---- step 2 -----------------------------------------------------------------------------
    def boost_refusal(self) -> str:
        """Why the PC cannot boost now ("" when it can)."""
        revealed = self.revealed
        if revealed is None:
            return _tr("先にカードを公開してください")
        if revealed.shown.succeeded and self.model.boost_timing == BOOST_ON_FAILURE:
            return _tr("成功しているので、行動判定ブーストはいりません")
        try:
            refuse_boost(self.model.table.state(), revealed.character_id)
        except TableRefused as refused:
            return str(refused)
        if revealed.virtual and not revealed.boost_instances:
            return _tr("ライブラリーが6枚未満のため、行動判定ブーストはできません")
        if not revealed.virtual and not self.model.plan.odds.boost_possible:
            return _tr("ライブラリーが6枚未満のため、行動判定ブーストはできません")
        return ""

    def boost_virtual(self) -> MTGCheckResult:
        refusal = self.boost_refusal()
        if refusal:
            raise TableRefused(refusal)
        revealed = self.revealed
        assert revealed is not None and revealed.virtual
        library = self.model.table.library(revealed.character_id)
        assert library is not None
        return self._finish(settle(revealed.shown, library.cards_of(revealed.boost_instances)))

    @property
    def boost_entry_count(self) -> int:
        """Physical deck: the boost's cards the GM enters (the revealed two are counted already when
        the house rule mtg.boost_cards makes them part of the six)."""
        return mtg_rules().boost_cards - (
            mtg_rules().minimum_cards if self.model.boost_includes_revealed else 0
        )

    def boost_physical(self, cards: Sequence[LibraryCard]) -> MTGCheckResult:
        refusal = self.boost_refusal()
        if refusal:
            raise TableRefused(refusal)
        revealed = self.revealed
        assert revealed is not None and not revealed.virtual
        # The house rule mtg.boost_cards may make the revealed two part of the six: then the GM
        # enters only the four under them.
        shown_two = [revealed.shown.top, revealed.shown.second]
        including = self.model.boost_includes_revealed
        wanted = self.boost_entry_count
        if len(cards) != wanted:
            raise TableRefused(_tr("行動判定ブーストで追放したカードを{0}枚入力してください").format(wanted))
        self._require_in_deck(cards, [*self.model.outside_copies(), *self.model.known_top, *shown_two])
        return self._finish(settle(revealed.shown, [*shown_two, *cards] if including else cards))

    # ---- step 3 -----------------------------------------------------------------------------
    def finish(self) -> MTGCheckResult:
        if self.revealed is None:
            raise TableRefused(_tr("先にカードを公開してください"))
        return self._finish(settle(self.revealed.shown))

    def cancel(self) -> None:
        if self.revealed is not None:
            self.revealed = None
            self.model.changed.emit()

    def run_all(self) -> MTGCheckResult | None:
        """Ctrl+R on a virtual library: reveal, boost exactly when failing (if allowed), finish."""
        try:
            if not self.model.virtual and self.model.deck() is not None and not self.model.roll_refusal():
                raise TableRefused(
                    _tr(
                        "物理デッキでは、公開されたカードを判定パネルで入力してください（仮想ライブラリーなら自動で進みます）"
                    )
                )
            shown = self.reveal_virtual()
            if not shown.succeeded and not self.boost_refusal():
                return self.boost_virtual()
            return self.finish()
        except TableRefused as refused:
            self.model.roll_refused.emit(str(refused))
            return None

    def _finish(self, result: MTGCheckResult) -> MTGCheckResult:
        revealed = self.revealed
        assert revealed is not None
        model, table_model = self.model, self.model.table
        table = table_model.state()
        rng, seed = table_model.new_rng()
        if revealed.virtual:
            library = table.libraries.get(revealed.character_id)
            including = model.boost_includes_revealed
            if library is None or lib.check_cards(library, including).revealed != revealed.instances:
                self.cancel()
                raise TableRefused(_tr("判定の途中でライブラリーが変わったので、この判定は取り消しました"))
            table = set_library(
                table, revealed.character_id, lib.finish_check(library, result.boosted, rng, including)
            )
        table = record_check(table, revealed.character_id, model.color, model.difficulty, result.boosted)
        who = table_model.name(revealed.character_id)
        inputs = check_text(model.color, model.difficulty)
        dice = _tr("公開: {0}").format(cards_text([revealed.shown.top, revealed.shown.second]))
        if result.boosted:
            dice += _tr(" / ブースト: {0}").format(cards_text(result.boost_cards))
        text = _tr("{0}（{1}）").format(inputs, who)
        table_model.commit(
            table,
            text,
            inputs,
            who,
            dice=dice,
            result=result_text(result),
            seed=seed,
            color_seed=revealed.seed,
            virtual=revealed.virtual,
            outcome=result.outcome.value,
            situation_changed=model.situation_changed,
        )
        final = MTGCheckResult(result.outcome, result.reveal, result.boost_cards, seed)
        self.revealed = None
        self.last_result = final
        model.situation_changed = False
        model.remember_result(final)
        model.check_resolved.emit(final)
        model.refresh()
        return final
