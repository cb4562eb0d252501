"""Another Focus (AF判定) as Qt sees it: every step is one undo step, every roll one log line.

The AF is one JSON document in the campaign's session state (FOCUS_KEY, `aw_focus_state`), so
Ctrl+Z in the main window undoes a roll and a crash loses nothing.  The exact odds are
recomputed whenever the document changes (the engine is fast: milliseconds for a whole party).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.aw_focus_state import (
    Ending,
    FocusDoc,
    RecordKind,
    RollRecord,
    SpecialRule,
    dump_focus,
    end_by_rule,
    load_focus,
    new_focus,
    resolve_fumble,
    take_turn,
    with_member,
)
from gmtool.models.aw_session_model import AWSessionModel
from gmtool.models.campaign_model import CampaignModel
from gmtool.rules.dice import new_seed
from gmtool.rules.systems.aw.character import ATTRIBUTES
from gmtool.rules.systems.aw.focus import (
    FocusOdds,
    FocusProgress,
    FocusRules,
    FocusStatus,
    advance,
    cancelled_fumble,
    focus_odds,
    roll_once,
)
from gmtool.rules.systems.aw.rules_data import FocusGuideline, aw_session_rules
from gmtool.rules.systems.aw.session import SessionRefused
from gmtool.store.errors import StoreError
from gmtool.store.validation import format_validation_error

FOCUS_KEY = "aw.focus"
LOG_KIND = "aw.focus"
ABILITY_LABELS = dict(ATTRIBUTES)
ENDING_LABELS = {
    Ending.REACHED: "達成値の合計が難易度に到達",
    Ending.FUMBLE: "ファンブルで終了",
    Ending.ROUNDS: "ラウンド制限を過ぎた",
    Ending.GM_SUCCESS: "特別ルールで成功",
    Ending.GM_FAILURE: "特別ルールで失敗",
}


@dataclass(frozen=True)
class Candidate:
    """An AW character who may take part; `default` is whether the set-up ticks them at first."""

    id: str
    name: str
    is_pc: bool
    in_scene: bool
    default: bool


@dataclass(frozen=True)
class FocusSetup:
    goal: str = ""
    ability: str = "intellect"
    difficulty: int = 100
    round_limit: int = 2
    special_rules: tuple[tuple[int, str], ...] = ()  # (threshold, note)
    participants: tuple[str, ...] = ()  # character ids


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
        self.session = AWSessionModel(campaign_model, self)  # the current scene and the roster
        self.session_rules = aw_session_rules()
        self.rules = FocusRules(
            self.session_rules.focus_critical_achievement, self.session_rules.focus_declaration_reduction
        )
        self._cache: tuple[str, FocusDoc | None, str | None] | None = None
        self._odds: FocusOdds | None = None
        self._cancel_odds: FocusOdds | None = None
        campaign_model.session_changed.connect(self._on_session_changed)
        self.session.changed.connect(self.changed)  # the scene or a character changed: new candidates
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
            return None, self.tr("AF判定の状態が読めません: {0}").format(e)
        text = json.dumps(raw, sort_keys=True, ensure_ascii=False)
        if self._cache is None or self._cache[0] != text:
            try:
                doc, problem = load_focus(raw), None
            except ValidationError as e:
                doc = None
                problem = self.tr(
                    "保存されたAF判定が正しくありません（{0}）。新しいAF判定を開始できます"
                ).format(format_validation_error(e, FOCUS_KEY))
            self._cache = (text, doc, problem)
        return self._cache[1], self._cache[2]

    def odds(self) -> FocusOdds | None:
        """Exact odds from where the AF stands (None: no AF, or a fumble waits for the GM)."""
        return self._odds

    def cancel_odds(self) -> FocusOdds | None:
        """While a fumble waits for the GM: the odds if it is cancelled by a skill."""
        return self._cancel_odds

    def effective_difficulty(self) -> int | None:
        doc = self.doc()
        return doc.effective_difficulty(self.rules) if doc else None

    def candidates(self) -> list[Candidate]:
        """Every AW character; ticked at first: those in the current scene, or the PCs without one."""
        scene = self.session.current_scene()
        present = set(scene.present) if scene is not None else set()
        out = []
        for stored in self.campaign_model.characters_of("aw"):
            c = stored.character
            in_scene = stored.id in present
            default = in_scene if scene is not None else c.is_pc
            out.append(Candidate(stored.id, c.name, c.is_pc, in_scene, default))
        return out

    def scene_name(self) -> str | None:
        scene = self.session.current_scene()
        return scene.name if scene is not None else None

    def guidelines(self, difficulty: int) -> list[FocusGuideline]:
        """The AF判定の設定 bands the difficulty falls in (100 and 120 are in two)."""
        return [
            g
            for g in self.session_rules.focus_guidelines
            if g.low <= difficulty and (g.high is None or difficulty <= g.high)
        ]

    # ---- setting up ------------------------------------------------------------------------
    def build(self, setup: FocusSetup) -> FocusDoc:
        """The AF the set-up describes; SessionRefused with the reason when it cannot start."""
        minimum = self.session_rules.focus_minimum_difficulty
        if setup.difficulty < minimum:
            raise SessionRefused(
                self.tr("AF判定の難易度は {0} 以上です（{1} が指定されました）").format(
                    minimum, setup.difficulty
                )
            )
        if setup.round_limit < 1:
            raise SessionRefused(self.tr("ラウンド制限は 1 以上です"))
        if setup.ability not in ABILITY_LABELS:
            raise SessionRefused(self.tr("能力値 {0} はありません").format(setup.ability))
        known = {s.id: s.character for s in self.campaign_model.characters_of("aw")}
        chosen = [(cid, known[cid]) for cid in setup.participants if cid in known]
        if not chosen:
            raise SessionRefused(self.tr("参加者を 1 人以上選んでください"))
        for threshold, _ in setup.special_rules:
            if threshold < 1:
                raise SessionRefused(self.tr("特別ルールの達成値は 1 以上です（{0}）").format(threshold))
        try:
            return new_focus(
                setup.goal,
                setup.ability,
                setup.difficulty,
                setup.round_limit,
                setup.special_rules,
                chosen,
            )
        except ValidationError as e:
            raise SessionRefused(
                self.tr("AF判定を開始できません（{0}）").format(format_validation_error(e))
            ) from None

    def preview_odds(self, setup: FocusSetup) -> FocusOdds | None:
        """The set-up's odds with no skill declarations (None when it could not start)."""
        try:
            doc = self.build(setup)
        except SessionRefused:
            return None
        return focus_odds(doc.participants(), doc.progress(), self.rules)

    def start(self, setup: FocusSetup) -> None:
        current = self.doc()
        if current is not None and current.running:
            raise SessionRefused(
                self.tr("進行中のAF判定「{0}」があります。先に特別ルールで終了させてください").format(
                    current.goal or self.tr("（目的なし）")
                )
            )
        doc = self.build(setup)
        names = "、".join(m.name for m in doc.members)
        text = self.tr("AF判定「{0}」開始: 【{1}】 難易度 {2} / {3} ラウンド").format(
            doc.goal, self.tr(ABILITY_LABELS[doc.ability]), doc.difficulty, doc.round_limit
        )
        if doc.special_rules:
            rules = "、".join(f"{r.threshold}: {r.note}" for r in doc.special_rules)
            text += self.tr(" / 特別ルール {0}").format(rules)
        self._commit(doc, self.tr("AF判定の開始"))
        self._log(text, who=names, result=self._odds_text(), event="start")

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
        if natural is None:
            seed = self._seed_source()
            faces, _ = roll_once(member.participant(), random.Random(seed), self.rules)
            new, record = take_turn(doc, sum(faces), self.rules, faces, seed)
        else:
            if not 2 <= natural <= 12:
                raise SessionRefused(self.tr("2D6 の出目は 2〜12 です（{0}）").format(natural))
            new, record = take_turn(doc, natural, self.rules)
        self._commit(new, self.tr("AF判定: {0}の判定").format(member.name))
        crossed = self._newly_crossed(doc, new)
        self._log(
            self._roll_inputs(doc, record),
            who=member.name,
            dice=self._dice_text(record),
            result=self._roll_result(new, record, crossed),
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
        new, record = resolve_fumble(doc, cancelled, self.rules)
        member = doc.members[record.member]
        undo = self.tr("AF判定: ファンブルを打ち消した") if cancelled else self.tr("AF判定: ファンブルで終了")
        self._commit(new, undo)
        crossed = self._newly_crossed(doc, new)
        if cancelled:
            inputs = self.tr("ファンブルを特技で打ち消した（通常の判定として数える）")
            result = self._roll_result(new, record, crossed)
        else:
            inputs = self.tr("ファンブル: 打ち消さなかった")
            result = self._end_text(new)
        self._log(inputs, who=member.name, dice=self._dice_text(record), result=result, event="fumble")
        self._announce(crossed)

    def end_by_rule(self, success: bool, note: str = "") -> None:
        doc = self._running()
        new = end_by_rule(doc, success, note)
        self._commit(new, self.tr("AF判定: 特別ルールで終了"))
        inputs = self.tr("GMが特別ルールで終了") + (f"「{note.strip()}」" if note.strip() else "")
        self._log(inputs, result=self._end_text(new), event="end")

    # ---- texts -------------------------------------------------------------------------------
    def end_text(self) -> str:
        doc = self.doc()
        return self._end_text(doc) if doc is not None and not doc.running else ""

    def _end_text(self, doc: FocusDoc) -> str:
        verdict = self.tr("AF判定成功") if doc.status is FocusStatus.SUCCESS else self.tr("AF判定失敗")
        assert doc.ending is not None
        text = f"{verdict}（{self.tr(ENDING_LABELS[doc.ending])}）"
        if doc.ending_note:
            text += f"「{doc.ending_note}」"
        return text + self.tr(" 達成値合計 {0} / 難易度 {1}").format(
            doc.total, doc.effective_difficulty(self.rules)
        )

    def _roll_inputs(self, before: FocusDoc, record: RollRecord) -> str:
        member = before.members[record.member]
        text = self.tr("AF判定「{0}」ラウンド {1}: 【{2}】{3}").format(
            before.goal, record.round, self.tr(ABILITY_LABELS[before.ability]), member.value
        )
        if member.modifier:
            text += self.tr(" 修正 {0:+d}").format(member.modifier)
        if record.declared:
            skills = "".join(f"《{s}》" for s in record.skills)
            other = self.tr("その他 {0}").format(member.other) if member.other else ""
            text += self.tr(" 特技宣言 {0}（{1}）").format(
                record.declared, "、".join(x for x in (skills, other) if x)
            )
        progress = FocusProgress(
            before.difficulty, before.round_limit, declared=before.declared + record.declared
        )
        return text + self.tr(" → 難易度 {0}").format(progress.effective_difficulty(self.rules))

    def _dice_text(self, record: RollRecord) -> str:
        if record.natural is None:
            return self.tr("（振らず）")
        if record.faces:
            return "+".join(str(f) for f in record.faces) + f"={record.natural}"
        return self.tr("{0}（手入力）").format(record.natural)

    def _roll_result(self, doc: FocusDoc, record: RollRecord, crossed: Sequence[SpecialRule]) -> str:
        kind = {
            RecordKind.CRITICAL: self.tr("クリティカル: 達成値 {0}"),
            RecordKind.NORMAL: self.tr("達成値 {0}"),
            RecordKind.CANCELLED: self.tr("ファンブルを打ち消し: 達成値 {0}"),
            RecordKind.FUMBLE: self.tr("ファンブル（GMの判断待ち）"),
            RecordKind.DECLARED: self.tr("特技宣言で難易度に到達"),
        }[record.kind].format(record.achievement)
        text = kind + self.tr(" → 合計 {0} / 難易度 {1}").format(
            doc.total, doc.effective_difficulty(self.rules)
        )
        for rule in crossed:
            text += self.tr(" ／ 特別ルール（達成値 {0}）: {1}").format(rule.threshold, rule.note)
        if not doc.running:
            text += " ／ " + self._end_text(doc)
        return text

    def _odds_text(self) -> str:
        return self.tr("成功率 {0:.1f}%").format(float(self._odds.success) * 100) if self._odds else ""

    # ---- internals ---------------------------------------------------------------------------
    def _running(self) -> FocusDoc:
        doc = self.doc()
        if doc is None:
            raise SessionRefused(self.problem() or self.tr("AF判定が開始されていません"))
        if not doc.running:
            raise SessionRefused(self.tr("AF判定は終了しています（{0}）").format(self._end_text(doc)))
        return doc

    def _newly_crossed(self, before: FocusDoc, after: FocusDoc) -> list[SpecialRule]:
        return [r for r in after.crossed() if before.total < r.threshold]

    def _announce(self, crossed: list[SpecialRule]) -> None:
        if crossed:
            self.thresholds_crossed.emit(crossed)

    def _commit(self, doc: FocusDoc, undo_text: str) -> None:
        self.campaign_model.set_session_value(FOCUS_KEY, dump_focus(doc), undo_text)

    def _log(self, inputs: str, who: str = "", dice: str = "", result: str = "", **extra: Any) -> None:
        payload: dict[str, Any] = {
            "system": "aw",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "summary": {"who": who, "inputs": inputs, "dice": dice, "result": result},
            **extra,
        }
        self.campaign_model.append_log(LOG_KIND, payload)

    def _recompute(self) -> None:
        doc = self.doc()
        self._odds = self._cancel_odds = None
        if doc is not None and not doc.pending_fumble:
            self._odds = focus_odds(doc.participants(), doc.progress(), self.rules)
        elif doc is not None:
            last = doc.history[-1]
            assert last.natural is not None
            judgement = cancelled_fumble(doc.members[last.member].participant(), last.natural)
            after = advance(doc.progress(), judgement, len(doc.members), self.rules)
            self._cancel_odds = focus_odds(doc.participants(), after, self.rules)

    def _on_session_changed(self, key: str) -> None:
        if key == FOCUS_KEY:
            self._recompute()
            self.changed.emit()
