"""Another Focus (AF判定) as Qt sees it: every step is one undo step, every roll one log line.

The AF is one JSON document in the campaign's session state (FOCUS_KEY, `aw_focus_state`), so
Ctrl+Z in the main window undoes a roll and a crash loses nothing.  The exact odds are
recomputed whenever the document changes (the engine is fast: milliseconds for a whole party).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.aw import focus_text as texts
from gmtool.models.aw.focus_build import Candidate, FocusSetup
from gmtool.models.aw.focus_preparation import AWFocusPreparation
from gmtool.models.aw.focus_readings import FocusReadings
from gmtool.models.aw.focus_state import (
    Ending,
    FocusDoc,
    RollRecord,
    SpecialRule,
    cancel,
    dump_focus,
    end_by_rule,
    load_focus,
    resolve_fumble,
    take_turn,
    with_member,
)
from gmtool.models.aw.focus_text import ABILITY_LABELS, ENDING_LABELS
from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.models.log_payload import summary_payload
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.aw import session as session_rules
from gmtool.rules.systems.aw.focus import (
    FocusOdds,
    FocusRules,
    advance,
    cancelled_fumble,
    focus_odds,
    roll_once,
)
from gmtool.rules.systems.aw.rules_data import aw_session_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

__all__ = ["ABILITY_LABELS", "ENDING_LABELS", "FOCUS_KEY", "AWFocusModel", "Candidate", "FocusSetup"]
FOCUS_KEY = "aw.focus"
LOG_KIND = "aw.focus"


@dataclass(frozen=True)
class FocusStanding:
    """Where the AF stands, in the numbers the run page shows."""

    difficulty: int  # lowered by the skills declared so far
    round_shown: int  # the round, never past the limit (an AF that ran out shows its last)
    next_declarations: int  # the skills the next participant would declare (and count) now
    next_difficulty: int  # the difficulty once they have
    reached: tuple[bool, ...]  # per special rule: whether the total has reached its threshold
    cancelled_achievement: int | None  # a fumble waiting for the GM: its 達成値 if a skill cancels it


class AWFocusModel(QObject):
    changed = Signal()
    thresholds_crossed = Signal(list)  # list[SpecialRule] reached by the step just taken

    def __init__(
        self,
        campaign_model: CampaignModel,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self._seed_source = seed_source
        self.session = AWSessionModel(campaign_model, self)  # the current scene, the roster, 令呪
        self.session_rules = aw_session_rules()
        self.rules = FocusRules(
            self.session_rules.focus_critical_achievement, self.session_rules.focus_declaration_reduction
        )
        self._cache: tuple[str, FocusDoc | None, str | None] | None = None
        self._odds: FocusOdds | None = None
        self._cancel_odds: FocusOdds | None = None
        self.readings = FocusReadings(campaign_model)
        self.preparation = AWFocusPreparation(self.session, self.rules, self.readings)
        campaign_model.session_changed.connect(self._on_session_changed)
        self.session.changed.connect(self.changed)  # the scene, a character or a 令呪 changed
        self._recompute()

    # ---- reading ---------------------------------------------------------------------------
    def doc(self) -> FocusDoc | None:
        return self._load()[0]

    def problem(self) -> str | None:
        """Why the stored AF could not be read (it is shown; starting a new AF replaces it)."""
        return self._load()[1]

    def _load(self) -> tuple[FocusDoc | None, str | None]:
        try:
            raw = self.campaign_model.session_value(FOCUS_KEY)
        except StoreError as e:
            return None, Message(self.tr("AF判定の状態が読めません: {0}"), e)
        text = json.dumps(raw, sort_keys=True, ensure_ascii=False)
        if self._cache is None or self._cache[0] != text:
            try:
                doc, problem = load_focus(raw), None
            except ValidationError as e:
                doc = None
                problem = Message(
                    self.tr("保存されたAF判定が正しくありません（{0}）。新しいAF判定を開始できます"),
                    format_validation_error(e, FOCUS_KEY),
                )
            self._cache = (text, doc, problem)
        return self._cache[1], self._cache[2]

    def odds(self) -> FocusOdds | None:
        """Exact odds from where the AF stands (None: no AF, or a fumble waits for the GM)."""
        return self._odds

    def cancel_odds(self) -> FocusOdds | None:
        """While a fumble waits for the GM: the odds if it is cancelled by a skill."""
        return self._cancel_odds

    # ---- house rules (aw.focus_redeclare, aw.focus_round_end): see `readings` -----------------
    def declarations_now(self, index: int) -> int:
        """How many skills member `index` would declare (and count) before their next roll."""
        doc = self.doc()
        if doc is None:
            return 0
        skills, other = doc.counted(index, self.readings.redeclaration(doc))
        return len(skills) + other

    def redeclare_allowed(self) -> bool:
        """Under the "gm" reading: whether the GM let declared skills count again this round."""
        doc = self.doc()
        return doc is not None and doc.round in doc.redeclare_rounds

    def allow_redeclare(self, allowed: bool) -> None:
        """The GM allows (or withdraws) declared skills counting again this round: one undo step."""
        doc = self._running()
        if not self.readings.gm_allows_redeclaring():
            raise SessionRefused(self.tr("ハウスルールが「GMが許可したラウンドだけ」ではありません"))
        rounds = set(doc.redeclare_rounds) - {doc.round} | ({doc.round} if allowed else set())
        text = (
            self.tr("AF判定: ラウンド {0} の特技の再宣言を許可")
            if allowed
            else self.tr("AF判定: ラウンド {0} の特技の再宣言の許可を取り消し")
        )
        self._commit(replace(doc, redeclare_rounds=tuple(sorted(rounds))), text.format(doc.round))

    def effective_difficulty(self) -> int | None:
        doc = self.doc()
        return doc.effective_difficulty(self.rules) if doc else None

    def standing(self) -> FocusStanding | None:
        """The AF's numbers as the run page shows them (None: no AF)."""
        doc = self.doc()
        if doc is None:
            return None
        difficulty = doc.effective_difficulty(self.rules)
        count = self.declarations_now(doc.next_index) if doc.running else 0
        cancelled = None
        last = doc.history[-1] if doc.pending_fumble and doc.history else None
        if last is not None and last.natural is not None:
            cancelled = cancelled_fumble(doc.members[last.member].participant(), last.natural).achievement
        return FocusStanding(
            difficulty,
            min(doc.round, doc.round_limit),
            count,
            difficulty - self.rules.declaration_reduction * count,
            tuple(doc.total >= rule.threshold for rule in doc.special_rules),
            cancelled,
        )

    def spell_masters(self) -> list[tuple[str, str, int]]:
        """(id, name, 令呪 left) of the running AF's participants who are masters (AF例2)."""
        doc = self.doc()
        if doc is None:
            return []
        session = self.session
        return [
            (m.id, m.name, session.contracts.spells_left(m.id))
            for m in doc.members
            if session.contracts.is_master(m.id)
        ]

    # ---- setting up (see `preparation`) ---------------------------------------------------------
    def start(self, setup: FocusSetup) -> None:
        current = self.doc()
        if current is not None and current.running:
            raise SessionRefused(
                self.tr("進行中のAF判定「{0}」があります。先に終了させるか中止してください").format(
                    current.goal or self.tr("（目的なし）")
                )
            )
        doc = self.preparation.build(setup)
        names = self.tr("、").join(m.name for m in doc.members)
        text = self.tr("AF判定「{0}」開始: 【{1}】 難易度 {2} / {3} ラウンド").format(
            doc.goal, self.tr(ABILITY_LABELS[doc.ability]), doc.difficulty, doc.round_limit
        )
        if doc.special_rules:
            rules = self.tr("、").join(f"{r.threshold}: {r.note}" for r in doc.special_rules)
            text += self.tr(" / 特別ルール {0}").format(rules)
        self._commit(doc, self.tr("AF判定の開始"))
        self._log(text, who=names, result=texts.odds_text(self._odds), event="start")

    # ---- declarations ------------------------------------------------------------------------
    def set_ticked(self, index: int, feat: str, ticked: bool) -> None:
        doc = self._running()
        member = doc.members[index]
        names = [f for f in member.feats if (f == feat and ticked) or (f != feat and f in member.ticked)]
        self._commit(with_member(doc, index, ticked=names), self.tr("AF判定: 特技の宣言"))

    def set_other(self, index: int, count: int) -> None:
        doc = self._running()
        if not 0 <= count <= 99 - len(doc.members[index].ticked):
            raise SessionRefused(self.tr("その他の特技の数は 0〜99 です"))
        self._commit(with_member(doc, index, other=count), self.tr("AF判定: その他の特技"))

    def set_modifier(self, index: int, modifier: int) -> None:
        doc = self._running()
        self._commit(with_member(doc, index, modifier=modifier), self.tr("AF判定: 修正"))

    # ---- the steps ---------------------------------------------------------------------------
    def roll(self, natural: int | None = None) -> RollRecord:
        """The next participant declares, then rolls (seeded), or `natural` is the real dice total."""
        doc = self._running()
        if doc.pending_fumble:
            raise SessionRefused(self.tr("ファンブルの扱い（特技で打ち消したか）を先に決めてください"))
        member = doc.members[doc.next_index]
        redeclare, play_out = self.readings.redeclaration(doc), self.readings.plays_out()
        if natural is None:
            seed = self._seed_source()
            faces, _ = roll_once(member.participant(), random.Random(seed), self.rules)
            new, record = take_turn(doc, sum(faces), self.rules, faces, seed, redeclare, play_out)
        else:
            if not 2 <= natural <= 12:
                raise SessionRefused(self.tr("2D6 の出目は 2〜12 です（{0}）").format(natural))
            new, record = take_turn(doc, natural, self.rules, (), None, redeclare, play_out)
        self._commit(new, self.tr("AF判定: {0}の判定").format(member.name))
        crossed = self._newly_crossed(doc, new)
        self._log(
            texts.roll_inputs(doc, record, self.rules),
            who=member.name,
            dice=texts.dice_text(record),
            result=texts.roll_result(new, record, crossed, self.rules),
            event="roll",
            seed=record.seed,
            natural=record.natural,
            achievement=record.achievement,
            total=new.total,
        )
        self._announce(crossed)
        return record

    def resolve_fumble(self, cancelled: bool) -> None:
        doc = self.doc()
        if doc is None or not doc.pending_fumble:
            raise SessionRefused(self.tr("GMの判断を待っているファンブルはありません"))
        new, record = resolve_fumble(doc, cancelled, self.rules, self.readings.plays_out())
        member = doc.members[record.member]
        undo = self.tr("AF判定: ファンブルを打ち消した") if cancelled else self.tr("AF判定: ファンブルで終了")
        self._commit(new, undo)
        crossed = self._newly_crossed(doc, new)
        if cancelled:
            inputs = self.tr("ファンブルを特技で打ち消した（通常の判定として数える）")
            result = texts.roll_result(new, record, crossed, self.rules)
        else:
            inputs = self.tr("ファンブル: 打ち消さなかった")
            result = texts.end_text(new, self.rules)
        self._log(inputs, who=member.name, dice=texts.dice_text(record), result=result, event="fumble")
        self._announce(crossed)

    def end_by_rule(self, success: bool, note: str = "") -> None:
        new = end_by_rule(self._running(), success, note)
        self._commit(new, self.tr("AF判定: 特別ルールで終了"))
        inputs = self.tr("GMが特別ルールで終了") + (f"「{note.strip()}」" if note.strip() else "")
        self._log(inputs, result=texts.end_text(new, self.rules), event="end")

    def end_by_command_spell(self, master: str, note: str = "") -> None:
        """AF例2: 「PCが令呪を1つ消費すればこのAF判定自動成功」 — one 令呪 of a participating master
        and the success, as one undo step; SessionRefused (nothing changes) when it cannot be spent."""
        doc = self._running()
        member = next((m for m in doc.members if m.id == master), None)
        if member is None:
            raise SessionRefused(self.tr("そのキャラクターはこのAF判定の参加者ではありません"))
        note = note.strip() or self.tr("令呪で自動成功")
        new = self._checked(end_by_rule(doc, True, note, Ending.GM_SPELL))
        # The engine's own check first (pure): a refusal must leave no half-made macro behind.
        session = self.session
        session_rules.spend_command_spell(
            session.state(), master, session.roster(), self.session_rules.command_spells
        )
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("AF判定: {0}の令呪で成功").format(member.name))
        try:
            session.contracts.spend_command_spell(
                master, self.tr("AF判定「{0}」: {1}").format(doc.goal, note)
            )
            self._commit(new, self.tr("AF判定: 令呪で成功"))
        finally:
            stack.endMacro()
        left = session.contracts.spells_left(master)
        inputs = self.tr("{0}が令呪を1つ使った（残り {1}）「{2}」").format(member.name, left, note)
        self._log(inputs, who=member.name, result=texts.end_text(new, self.rules), event="end")

    def cancel(self, note: str = "") -> None:
        """The GM abandons the AF (a mistaken set-up): no result; Ctrl+Z brings it back."""
        new = cancel(self._running(), note)
        self._commit(new, self.tr("AF判定: 中止"))
        inputs = self.tr("GMがAF判定を中止") + (f"「{note.strip()}」" if note.strip() else "")
        self._log(inputs, result=texts.end_text(new, self.rules), event="cancel")

    # ---- texts -------------------------------------------------------------------------------
    def end_text(self) -> str:
        doc = self.doc()
        return texts.end_text(doc, self.rules) if doc is not None and not doc.running else ""

    # ---- internals ---------------------------------------------------------------------------
    def _running(self) -> FocusDoc:
        doc = self.doc()
        if doc is None:
            raise SessionRefused(self.problem() or self.tr("AF判定が開始されていません"))
        if not doc.running:
            raise SessionRefused(
                self.tr("AF判定は終了しています（{0}）").format(texts.end_text(doc, self.rules))
            )
        return doc

    def _newly_crossed(self, before: FocusDoc, after: FocusDoc) -> list[SpecialRule]:
        return [r for r in after.crossed() if before.total < r.threshold]

    def _announce(self, crossed: list[SpecialRule]) -> None:
        if crossed:
            self.thresholds_crossed.emit(crossed)

    def _checked(self, doc: FocusDoc) -> FocusDoc:
        """`doc` as it would load back; steps built with `replace` skip pydantic's limits (a 6000
        character note would be stored, then read as a damaged AF)."""
        try:
            return load_focus(dump_focus(doc)) or doc
        except ValidationError as e:
            raise SessionRefused(
                Message(self.tr("AF判定を保存できません（{0}）"), format_validation_error(e))
            ) from None

    def _commit(self, doc: FocusDoc, undo_text: str) -> None:
        self.campaign_model.set_session_value(FOCUS_KEY, dump_focus(self._checked(doc)), undo_text)

    def _log(self, inputs: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        self.campaign_model.append_log(LOG_KIND, summary_payload("aw", inputs, who, dice, result, **extra))

    def _recompute(self) -> None:
        doc = self.doc()
        self._odds = self._cancel_odds = None
        if doc is None:
            return
        last = doc.history[-1] if doc.history else None
        redeclare, play_out = self.readings.redeclaration(doc), self.readings.plays_out()
        if not doc.pending_fumble:
            self._odds = focus_odds(
                doc.participants(), doc.progress(), self.rules, redeclare, doc.fresh(redeclare), play_out
            )
        elif last is not None and last.natural is not None:  # FocusDoc guarantees it; no crash if not
            judgement = cancelled_fumble(doc.members[last.member].participant(), last.natural)
            after = advance(doc.progress(), judgement, len(doc.members), self.rules, play_out)
            fresh = doc.fresh(redeclare)
            self._cancel_odds = focus_odds(doc.participants(), after, self.rules, redeclare, fresh, play_out)

    def _on_session_changed(self, key: str) -> None:
        if key in (FOCUS_KEY, HOUSE_RULES_KEY):  # a house rule changes the procedure and the odds
            self._recompute()
            self.changed.emit()
