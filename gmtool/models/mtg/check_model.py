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
from gmtool.models.mtg.labels import check_name
from gmtool.models.mtg.table_model import SYSTEM_ID, MTGTableModel
from gmtool.rules.checks import Side
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.mtg.character import MTGCharacter
from gmtool.rules.systems.mtg.checks import DIFFICULTY_BOUNDS, CheckColor, LibraryCard
from gmtool.rules.systems.mtg.house_rules import (
    BOOST_CARDS,
    BOOST_INCLUDING_REVEALED,
    BOOST_TIMING,
    KNOWN_RESULT,
)
from gmtool.rules.systems.mtg.odds import check_odds
from gmtool.rules.systems.mtg.procedure import CheckPlan, plan_check
from gmtool.rules.systems.mtg.rules_data import mtg_rules
from gmtool.rules.systems.mtg.table import TableRefused
from gmtool.store.campaign import StoredCharacter


class MTGCheckModel(QObject):
    changed = Signal()
    check_resolved = Signal(object)  # MTGCheckResult
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
        self.known_top = list(cards)
        self._recompute()

    # ---- reading --------------------------------------------------------------------------
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
            return self.campaign_model.character(cid)
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
        return self.tr("デッキ全体 {0} 枚を無作為な順番として計算{1}").format(deck.size, known)

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
        self.changed.emit()

    def refresh(self) -> None:
        self._recompute()

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
