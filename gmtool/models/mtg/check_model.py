"""The MTGでTRPG judgement panel: who checks, the color and 難易度, the exact odds with and without
行動判定ブースト, the curve over 難易度 and the six colors side by side.

The odds are the player's: from the virtual library's known state when the deck has one, else
from the whole deck less the cards the player knows on top (entered on the panel).  Why a check
may not be made (the same check twice, fewer than 2 cards, a certain result) is `plan.refusal`.
The check itself is walked by `MTGCheckProcedure` (mtg_check_procedure.py), which this model owns.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.mtg.check_procedure import MTGCheckProcedure
from gmtool.models.mtg.labels import (
    card_name,
    check_name,
    outcome_text,
    result_text,
    reveal_text,
    shown_card_name,
)
from gmtool.models.mtg.table_model import SYSTEM_ID, MTGTableModel
from gmtool.rules.checks import Side
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import (
    DIFFICULTY_BOUNDS as DIFFICULTY_BOUNDS,  # re-exported: the view's spin box bounds
    CheckColor,
    LibraryCard,
    MTGCheckResult,
    MTGOutcome,
)
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_CARDS,
    BOOST_INCLUDING_REVEALED,
    BOOST_TIMING,
    KNOWN_RESULT,
    ODDS_LIBRARY_ONLY,
    PHYSICAL_ODDS,
)
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.outside import Outside, deck_limit, outside_copies, outside_total, with_count
from gmtool.rules.systems.mtg.procedure import CheckPlan, physical_outside, physical_view, plan_check
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.rules.systems.mtg.table import TableRefused, set_outside
from gmtool.store.campaign import StoredCharacter


class MTGCheckModel(QObject):
    changed = Signal()
    check_resolved = Signal(object)  # MTGCheckResult
    # The last result no longer answers the check the panel shows (another deck, color or 難易度, a
    # virtual library started or given up, the check undone or a new one revealed): it is wiped, not
    # left beside the new inputs as if it were theirs.
    result_cleared = Signal()
    roll_refused = Signal(object)  # a Message stays one (a str signal would copy it to a plain str)

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.table = MTGTableModel(campaign_model, seed_source, self)
        self.character_id: str | None = None
        self.color = CheckColor.WHITE
        self.difficulty = 0
        self.situation_changed = False  # 「状況が変わった」: the GM allows the same check again
        self.known_top: list[LibraryCard] = []  # physical deck: cards the player knows on top
        self.last_result: MTGCheckResult | None = None  # shown under the buttons while it is current
        self._result_inputs: tuple[str | None, CheckColor, int, bool] | None = None
        self.procedure = MTGCheckProcedure(self)
        decks = self.decks()
        if decks:
            self.character_id = decks[0].id
        self.table.changed.connect(self._recompute)
        campaign_model.characters_changed.connect(self._on_characters_changed)
        campaign_model.session_changed.connect(self._on_session_changed)
        self._recompute()

    # ---- inputs ---------------------------------------------------------------------------
    def set_character(self, side: Side, character_id: str | None) -> None:
        if side != Side.ACTION or character_id == self.character_id:
            return
        self.procedure.cancel()
        self.character_id = character_id
        self.known_top = []
        self.situation_changed = False
        self._recompute()

    def set_color(self, color: CheckColor) -> None:
        if color != self.color:
            self.color = CheckColor(color)
            self.situation_changed = False
            self._recompute()

    def set_difficulty(self, difficulty: int) -> None:
        low, high = DIFFICULTY_BOUNDS
        if not low <= difficulty <= high:
            raise TableRefused(self.tr("難易度 {0} は {1}〜{2} の範囲外です").format(difficulty, low, high))
        if difficulty != self.difficulty:
            self.difficulty = difficulty
            self.situation_changed = False
            self._recompute()

    def set_situation_changed(self, changed: bool) -> None:
        self.situation_changed = changed
        self._recompute()

    def set_known_top(self, cards: list[LibraryCard]) -> None:
        """Physical deck: the cards the player knows on top, top first (exiled before revealing)."""
        if self.virtual:
            raise TableRefused(self.tr("仮想ライブラリーでは、既知のカードはライブラリーが覚えています"))
        deck = self.deck()
        if deck is not None:  # the known cards are in the library: not among the cards out of it
            physical_view(deck, cards, self.outside_copies())  # TableRefused names the card
        self.known_top = list(cards)
        self._recompute()

    def set_outside(self, card: LibraryCard, count: int) -> None:
        """Physical deck: how many copies of ``card`` are out of the library (hand, graveyard,
        battlefield, exile) — one undo step and one log line; TableRefused names a count the deck
        does not allow."""
        deck, cid = self.deck(), self.character_id
        if deck is None or cid is None:
            raise TableRefused(self.tr("判定するデッキ（PC）を選んでください"))
        if self.virtual:
            raise TableRefused(
                self.tr("仮想ライブラリーでは、手札や墓地のカードはライブラリーが覚えています")
            )
        entries = with_count(self.outside(), deck, card.card.name, card.critical, count, shown_card_name)
        on_top = self.known_top.count(card)
        if count + on_top > deck_limit(deck, card.card.name, card.critical):
            raise TableRefused(
                self.tr(
                    "{0}は {1} 枚がPLの知っている上のカード（ライブラリーの中）です。"
                    "ライブラリー外は{2}枚までです"
                ).format(
                    card_name(card.card), on_top, deck_limit(deck, card.card.name, card.critical) - on_top
                )
            )
        if entries == self.outside():
            return
        text = self.tr("ライブラリー外のカード: {0} {1}枚（{2}）").format(
            card_name(card.card), count, deck.name
        )
        result = self.tr("ライブラリー外 合計 {0} 枚").format(outside_total(entries))
        self.table.commit(set_outside(self.table.state(), cid, entries), text, text, deck.name,
                          result=result, action="outside")  # fmt: skip

    def clear_outside(self) -> None:
        """Every card back in the library (a new game, a shuffle of everything): one undo step."""
        deck, cid = self.deck(), self.character_id
        if deck is None or cid is None or not self.outside():
            return
        text = self.tr("ライブラリー外のカードをすべてライブラリーへ（{0}）").format(deck.name)
        self.table.commit(set_outside(self.table.state(), cid, ()), text, text, deck.name, action="outside")

    # ---- reading --------------------------------------------------------------------------
    def outside(self) -> Outside:
        """The physical deck's cards entered as out of the library (kept under either reading)."""
        return self.table.state().outside.get(self.character_id or "", ())

    def outside_count(self, card: LibraryCard) -> int:
        return next(
            (e.count for e in self.outside() if (e.name, e.critical) == (card.card.name, card.critical)), 0
        )

    def outside_limit(self, card: LibraryCard) -> int:
        """The most copies of ``card`` that may be out of the library: as many as the deck has."""
        deck = self.deck()
        return deck_limit(deck, card.card.name, card.critical) if deck is not None else 0

    def reading_text(self) -> str:
        """Which reading of mtg.physical_odds is in force, and what it does with the cards out."""
        if self.virtual:
            return self.tr("仮想ライブラリーのデッキです。成功率はいつもライブラリーに残るカードから数えます")
        if self.house_rule(PHYSICAL_ODDS) == ODDS_LIBRARY_ONLY:
            return self.tr(
                "ハウスルール: ライブラリーに残るカードだけで数える。"
                "ここで入力したカードを除いて成功率を計算します"
            )
        return self.tr(
            "ハウスルール: デッキ全体で数える（既定）。ここで入力したカードも成功率に数えます"
            "（編集 → ハウスルール… で「ライブラリーに残るカードだけ」にすると除きます）"
        )

    @property
    def library_only(self) -> bool:
        """The odds leave out the cards not in the library: house rule mtg.physical_odds, physical deck."""
        return self.house_rule(PHYSICAL_ODDS) == ODDS_LIBRARY_ONLY and not self.virtual

    def outside_copies(self) -> list[LibraryCard]:
        """The copies the odds leave out now ([] under the whole-deck reading or a virtual library)."""
        deck = self.deck()
        if deck is None:
            return []
        return physical_outside(
            self.table.state(), self.character_id or "", deck, self.house_rule(PHYSICAL_ODDS)
        )

    def decks(self) -> list[StoredCharacter]:
        return self.campaign_model.characters_of(SYSTEM_ID)

    def characters(self) -> list[StoredCharacter]:
        return self.decks()

    def deck(self) -> MTGCharacter | None:
        cid = self.character_id
        if (
            cid
            and self.campaign_model.has_character(cid)
            and self.campaign_model.stored(cid).system == SYSTEM_ID
        ):
            return self.campaign_model.character_as(cid, MTGCharacter)
        return None

    @property
    def virtual(self) -> bool:
        """The deck has a virtual library: the odds and the check read it."""
        return self.character_id is not None and self.table.library(self.character_id) is not None

    def deck_cards(self) -> list[LibraryCard]:
        """The distinct cards of the deck (a critical copy apart), for entering revealed cards by name."""
        deck = self.deck()
        if deck is None:
            return []
        out: list[LibraryCard] = []
        for entry in deck.library:
            if entry.count > entry.critical:
                out.append(LibraryCard(entry.card))
            if entry.critical:
                out.append(LibraryCard(entry.card, True))
        return out

    def basis_text(self) -> str:
        """What the odds are computed from, for the line under them."""
        deck = self.deck()
        if deck is None:
            return ""
        if self.virtual:
            library = self.table.library(self.character_id or "")
            assert library is not None
            return self.tr(
                "仮想ライブラリー: 残り {0} 枚（PLが知っている上の {1} 枚・下に置いた {2} 枚を考慮）"
            ).format(library.size, library.known_top, sum(library.blocks))
        known = self.tr("、上の {0} 枚はPLが知っている").format(len(self.known_top)) if self.known_top else ""
        # Which reading of the house rule mtg.physical_odds is in force, said in the line itself.
        if self.library_only:
            out = len(self.outside_copies())
            return self.tr("ライブラリーに残る {0} 枚で計算（ライブラリー外 {1} 枚を除く{2}）").format(
                deck.size - out, out, known
            )
        entered = outside_total(self.outside())
        ignored = self.tr("。ライブラリー外の {0} 枚も数えています").format(entered) if entered else ""
        return self.tr("デッキ全体 {0} 枚で計算（手札・墓地なども数える{1}）{2}").format(
            deck.size, known, ignored
        )

    @property
    def already_checked(self) -> bool:
        """This PC made this very check (color and 難易度) this turn."""
        cid = self.character_id
        return cid is not None and self.table.state().has_checked(cid, self.color, self.difficulty)

    def roll_refusal(self) -> str | None:
        if self.deck() is None:
            if not self.decks():
                return self.tr("MTGでTRPG のデッキ（キャラクター）がありません。デッキを追加してください")
            return self.tr("判定するデッキ（PC）を選んでください")
        return self.plan.refusal or None

    def house_rule(self, rule_id: str) -> str:
        """The reading the campaign plays for one of MTG's switches."""
        return campaign_house_rules(self.campaign_model).get(rule_id)

    @property
    def boost_includes_revealed(self) -> bool:
        return self.house_rule(BOOST_CARDS) == BOOST_INCLUDING_REVEALED

    @property
    def boost_timing(self) -> str:
        return self.house_rule(BOOST_TIMING)

    # ---- what the panel and the plots read -------------------------------------------------
    curve_x_label = "難易度"

    @property
    def curve_marker(self) -> int:
        return self.difficulty

    def curve_range(self) -> range:
        low, high = mtg_rules().curve
        return range(min(low, self.difficulty), max(high, self.difficulty) + 1)

    @property
    def outcome_probabilities(self) -> dict[MTGOutcome, Fraction]:
        """P(success as revealed), P(made good by 行動判定ブースト), P(failure) at the current 難易度."""
        plain, boosted = self.plan.success, self.plan.success_with_boost
        return {
            MTGOutcome.SUCCESS: plain,
            MTGOutcome.BOOSTED: boosted - plain,
            MTGOutcome.FAILURE: 1 - boosted,
        }

    @property
    def difficulty_unusual(self) -> bool:
        """A 難易度 outside the usual range (allowed when the scenario needs it: the panel says so)."""
        low, high = mtg_rules().usual_difficulty
        return not low <= self.difficulty <= (high if high is not None else low)

    @property
    def cards_outside(self) -> int:
        """How many of the physical deck's cards the GM has entered as out of its library."""
        return outside_total(self.outside())

    @property
    def boost_cards(self) -> int:
        """The cards 行動判定ブースト exiles (the rule data's six)."""
        return mtg_rules().boost_cards

    def difficulty_guides(self) -> list[tuple[int, int | None, str]]:
        low, high = mtg_rules().usual_difficulty
        return [(low, high, "通常の難易度")]

    def color_label(self, color: CheckColor) -> str:
        return check_name(color)

    # Computed by _recompute: the views read these, never the engine.
    plan: CheckPlan
    curve: dict[int, Fraction]  # P(success) as revealed, per 難易度
    boost_curve: dict[int, Fraction]  # P(success) boosting when failing (if the PC may still boost)
    color_table: dict[CheckColor, tuple[Fraction, Fraction]]  # at the current 難易度
    problem: str = ""  # why no odds could be computed (a known card not in the deck…)

    def _recompute(self) -> None:
        deck = self.deck()
        self.problem = self.table.problem() or ""
        if deck is None:
            deck = MTGCharacter()
        table = self.table.state()
        character = self.character_id or ""
        boost_cards, known_result = self.house_rule(BOOST_CARDS), self.house_rule(KNOWN_RESULT)
        physical_odds = self.house_rule(PHYSICAL_ODDS)
        if self.library_only and deck.size:  # a deck edited since the cards out were entered
            note = outside_copies(deck, self.outside(), shown_card_name)[1]
            if note:
                self.problem = Message.joined("\n", [p for p in (self.problem, note) if p])
        try:
            self.plan = plan_check(
                table,
                character,
                deck,
                self.color,
                self.difficulty,
                self.known_top,
                self.situation_changed,
                boost_cards,
                known_result,
                physical_odds,
            )
        except TableRefused as refused:  # a known card no longer in the deck: forget them
            self.problem = str(refused)
            self.known_top = []
            self.plan = plan_check(
                table,
                character,
                deck,
                self.color,
                self.difficulty,
                (),
                self.situation_changed,
                boost_cards,
                known_result,
                physical_odds,
            )
        view, plan = self.plan.spec.library, self.plan
        odds = plan.odds
        span = self.curve_range()
        self.curve = {d: odds.success(d) for d in span}
        self.boost_curve = {
            d: odds.success_with_boost(d) if plan.boost_allowed else odds.success(d) for d in span
        }
        self.color_table = {}
        for color in CheckColor:
            each = check_odds(view, color, boost_cards)
            plain = each.success(self.difficulty)
            self.color_table[color] = (
                plain,
                each.success_with_boost(self.difficulty) if plan.boost_allowed else plain,
            )
        self._clear_stale_result()
        self.changed.emit()

    def refresh(self) -> None:
        self._recompute()

    # ---- the result line ------------------------------------------------------------------
    def _inputs(self) -> tuple[str | None, CheckColor, int, bool]:
        return self.character_id, self.color, self.difficulty, self.virtual

    def remember_result(self, result: MTGCheckResult) -> None:
        """A finished check: shown until its inputs change (`result_cleared`)."""
        self.last_result, self._result_inputs = result, self._inputs()

    def clear_result(self) -> None:
        if self.last_result is not None:
            self.last_result, self._result_inputs = None, None
            self.result_cleared.emit()

    def _clear_stale_result(self) -> None:
        """Another deck, color or 難易度, the other kind of deck, or the check no longer in the turn's
        record (undone, ターン終了): the result shown is not this check's."""
        if self.last_result is not None and (
            self._result_inputs != self._inputs() or not self.already_checked
        ):
            self.clear_result()

    def result_lines(self) -> tuple[str, str]:
        """(the outcome, in large type; how it came about) for the line under the buttons: while the
        cards are revealed, the outcome they give (not yet stored); after 結果を確定, the result."""
        revealed = self.procedure.revealed
        if revealed is not None:
            outcome = MTGOutcome.SUCCESS if revealed.shown.succeeded else MTGOutcome.FAILURE
            return "→ " + outcome_text(outcome), self.tr("{0}（まだ確定していません）").format(
                reveal_text(revealed.shown)
            )
        if self.last_result is not None:
            return "→ " + outcome_text(self.last_result.outcome), result_text(self.last_result, outcome=False)
        return "", ""

    # ---- rolling --------------------------------------------------------------------------
    def roll(self) -> Any:
        """Ctrl+R: the whole check on the virtual library, boosting exactly when it would fail."""
        return self.procedure.run_all()

    def _on_session_changed(self, key: str) -> None:
        if key == HOUSE_RULES_KEY:
            self._recompute()

    def _on_characters_changed(self) -> None:
        if self.character_id and not self.campaign_model.has_character(self.character_id):
            self.procedure.cancel()
            decks = self.decks()
            self.character_id = decks[0].id if decks else None
        self._recompute()
