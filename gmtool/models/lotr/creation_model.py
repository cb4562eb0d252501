"""The LotR (CODA) creation draft behind the wizard: 1. キャラクター, 1.1, 1.2, 1.4, 1.4.1.

The engine's `CreationDraft` holds every choice and `creation.problems` says
which limits a finished draft breaks; this model adds what only the desktop
needs: setters that refuse a change making any budget or cap worse (unless the
GM override is on), the nine 2d6 rolled once (again only with GM consent) and
logged with their seed, a live preview, and `finish()` that inserts the
character as one undo step, with every overridden limit recorded on it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.models.lotr.creation_limits import (
    FREE_PICK_KINDS,
    POOLS,
    Budget,
    FreeBuy,
    Preview,
    over_limits,
    preview,
    worse_limits,
)
from gmtool.models.lotr.creation_steps import SkillSteps
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.rules.dice import Distribution, Faces, new_seed
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import SYSTEM
from gmtool.rules.systems.lotr.character import LotRCharacter, Pick
from gmtool.rules.systems.lotr.creation import (
    CHOICE,
    CHOICE_POINTS,
    CHOICE_VALUES,
    RANDOM,
    STEP_ATTRIBUTES,
    STEP_EXTRAS,
    STEP_FAVOURED,
    STEP_ORIGIN,
    STEP_SKILLS,
    CreationDraft,
    best_six,
    build_character,
    problems,
    random_roll_distribution,
    roll_attribute_dice,
)
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, REACTION_IDS, LotRRules
from gmtool.store.validation import format_validation_error

__all__ = [
    "FREE_PICK_KINDS",
    "POOLS",
    "STEPS",
    "Blocker",
    "Budget",
    "CreationRefused",
    "FreeBuy",
    "LotRCreationModel",
    "Preview",
]

LOG_KIND = "lotr-creation"
STEPS = (STEP_ORIGIN, STEP_ATTRIBUTES, STEP_FAVOURED, STEP_SKILLS, STEP_EXTRAS)
SHORT_TEXT = 200  # the stored schema's limit for names and money


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


class LotRCreationModel(SkillSteps, QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        rules: LotRRules | None = None,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.rules = rules or campaign_lotr_rules(campaign_model)
        self._seed_source = seed_source
        self.draft = CreationDraft()
        self.roll_faces: tuple[Faces, ...] | None = None
        self.roll_seed: int | None = None
        self.override = False
        self.created_id: str | None = None
        self._skill_names: list[str] = []
        self._free_buys: list[FreeBuy] = []
        if rules is None:  # the campaign's tables: follow the GM's edits while the wizard is open
            campaign_model.session_changed.connect(self._on_session_changed)

    # ---- page 1: race, sub-race, order ---------------------------------------------------
    def set_race(self, race_id: str) -> None:
        race = self.rules.race(race_id)
        if race is None:
            raise CreationRefused(self.tr("種族 '{0}' はルールデータにありません").format(race_id))
        subrace = self.draft.subrace if race.subrace(self.draft.subrace) else ""
        self._update(race=race_id, subrace=subrace)

    def set_subrace(self, subrace_id: str) -> None:
        race = self.rules.race(self.draft.race)
        if race is None:
            raise CreationRefused(self.tr("先に種族を選んでください"))
        if subrace_id and race.subrace(subrace_id) is None:
            raise CreationRefused(self.tr("{0} に亜種族 '{1}' はありません").format(race.label, subrace_id))
        self._update(subrace=subrace_id)

    def set_order(self, order_id: str) -> None:
        if self.rules.order(order_id) is None:
            raise CreationRefused(self.tr("職業 '{0}' はルールデータにありません").format(order_id))
        self._update(order=order_id)

    # ---- page 2: attributes ---------------------------------------------------------------
    @staticmethod
    def random_roll_distribution() -> Distribution[int]:
        return random_roll_distribution()

    def set_method(self, method: str) -> None:
        """Random or choice; the values come from a different pool, so assignments start over."""
        if method not in (RANDOM, CHOICE):
            raise CreationRefused(self.tr("能力値の決め方はランダム法か選択法です（{0}）").format(method))
        if method != self.draft.method:
            self._update(method=method, assigned={}, choice_points={})

    def roll_attributes(self) -> tuple[Faces, ...]:
        if self.draft.method != RANDOM:
            raise CreationRefused(self.tr("2d6 を振るのはランダム法です。先にランダム法を選んでください"))
        if self.roll_faces is not None:
            raise CreationRefused(
                self.tr(
                    "能力値は既に振りました。振り直すには GM の同意が必要です（「GM の同意を得て振り直す」）"
                )
            )
        return self._roll("attributes", self.tr("能力値 2d6 ×9（高い 6 つを割り当てる）"), {})

    def reroll_attributes(self, consent: bool) -> tuple[Faces, ...]:
        """All nine again, only with the GM's consent (logged as such); assignments start over."""
        if self.roll_faces is None:
            raise CreationRefused(
                self.tr("能力値をまだ振っていません。先に「2d6 を 9 回振る」で振ってください")
            )
        if not consent:
            raise CreationRefused(
                self.tr("能力値の振り直しには GM の同意が必要です。「GM の同意を得た」にチェックしてください")
            )
        previous = {
            "previous_faces": [list(f) for f in self.roll_faces],
            "previous_values": list(self.draft.rolls),
        }
        inputs = self.tr("能力値 2d6 ×9 の振り直し（GM の同意あり）")
        return self._roll("reroll", inputs, {"consent": True, **previous})

    def best_six_indices(self) -> tuple[int, ...]:
        """Which of the nine rolls are the six kept (the first of equal values)."""
        rolls = self.draft.rolls
        return tuple(sorted(sorted(range(len(rolls)), key=lambda i: -rolls[i])[: len(ATTRIBUTE_IDS)]))

    def value_pool(self) -> tuple[int, ...]:
        if self.draft.method == RANDOM:
            return best_six(self.draft.rolls) if self.draft.rolls else ()
        return CHOICE_VALUES

    def available_values(self, attribute: str) -> list[int]:
        """The pool's values not assigned to another attribute (this one's own included)."""
        left = Counter(self.value_pool())
        left.subtract(v for a, v in self.draft.assigned.items() if a != attribute)
        return sorted((v for v, n in left.items() if n > 0), reverse=True)

    def assign(self, attribute: str, value: int | None) -> None:
        """Gives an attribute one of the remaining values (None takes it back)."""
        if attribute not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(attribute))
        assigned = dict(self.draft.assigned)
        if value is None:
            assigned.pop(attribute, None)
        else:
            available = self.available_values(attribute)
            if value not in available and not self.override:
                if not self.value_pool():
                    raise CreationRefused(self.tr("先に 2d6 を 9 回振ってください（ランダム法）"))
                raise CreationRefused(
                    self.tr("{0} は割り当てられません。残っている値: {1}").format(
                        value, ", ".join(map(str, available)) or self.tr("なし")
                    )
                )
            assigned[attribute] = value
        self._update(assigned=assigned)

    def set_choice_points(self, attribute: str, points: int) -> None:
        if self.draft.method != CHOICE:
            raise CreationRefused(self.tr("8 ポイントの配分は選択法だけです"))
        if attribute not in ATTRIBUTE_IDS:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(attribute))
        if points < 0:
            raise CreationRefused(self.tr("配分するポイントは 0 以上です（{0}）").format(points))
        chosen = {a: p for a, p in self.draft.choice_points.items() if a != attribute}
        if points:
            chosen[attribute] = points
        self._update(choice_points=chosen)

    def choice_points_left(self) -> int:
        return CHOICE_POINTS - sum(self.draft.choice_points.values())

    # ---- page 3: favoured attributes and reaction; the derived values -----------------------
    def set_favoured_attributes(self, attributes: Iterable[str]) -> None:
        chosen = tuple(dict.fromkeys(attributes))
        unknown = [a for a in chosen if a not in ATTRIBUTE_IDS]
        if unknown:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(", ".join(unknown)))
        if len(chosen) > 2:
            raise CreationRefused(self.tr("得意能力値は 2 つです。先にどれかを外してください"))
        self._update(favoured_attributes=chosen)

    def set_favoured(self, attribute: str, on: bool) -> None:
        current = [a for a in self.draft.favoured_attributes if a != attribute]
        self.set_favoured_attributes([*current, attribute] if on else current)

    def set_favoured_reaction(self, reaction: str) -> None:
        if reaction not in REACTION_IDS:
            raise CreationRefused(self.tr("リアクション '{0}' はありません").format(reaction))
        self._update(favoured_reaction=reaction)

    def preview(self) -> Preview:
        return preview(self.draft, self.rules)

    # ---- page 5: name, money, notes ---------------------------------------------------------
    def set_name(self, name: str) -> None:
        name = name.strip()
        if len(name) > SHORT_TEXT:
            raise CreationRefused(self.tr("名前は {0} 文字までです").format(SHORT_TEXT))
        self._update(name=name)

    def set_money(self, money: str) -> None:
        if len(money) > SHORT_TEXT:
            raise CreationRefused(self.tr("所持金の欄は {0} 文字までです").format(SHORT_TEXT))
        self._update(money=money)

    def set_notes(self, notes: str) -> None:
        self._update(notes=notes)

    # ---- limits, the GM override, finishing --------------------------------------------------
    def set_override(self, on: bool) -> None:
        self.override = bool(on)
        self.changed.emit()

    def problems_for(self, step: str) -> list[Blocker]:
        """Why the step's page cannot be left: every engine problem (GM-overridable), and the name."""
        found = [Blocker(p.message) for p in problems(self.draft, self.rules) if p.step == step]
        if step == STEP_EXTRAS and not self.draft.name:
            found.append(Blocker(self.tr("名前を入力してください"), overridable=False))
        return found

    def can_pass(self, step: str) -> bool:
        blockers = self.problems_for(step)
        return not blockers or (self.override and all(b.overridable for b in blockers))

    def all_problems(self) -> list[tuple[str, Blocker]]:
        return [(step, b) for step in STEPS for b in self.problems_for(step)]

    def can_finish(self) -> bool:
        return all(self.can_pass(step) for step in STEPS)

    def character(self) -> LotRCharacter:
        """The character the draft describes now, every broken limit recorded as a GM override."""
        found = problems(self.draft, self.rules)
        character = build_character(self.draft, bool(found), self.rules)
        try:  # through the file schema, so what is inserted is what a reopened file holds
            return SYSTEM.load_character(SYSTEM.dump_character(character))
        except ValidationError as e:
            raise CreationRefused(format_validation_error(e)) from None

    def finish(self) -> str:
        """Inserts the character (one undo step) and logs it; returns its id."""
        if self.created_id is not None:
            raise CreationRefused(self.tr("このキャラクターは既に作成しました"))
        if not self.can_finish():
            blocked = [b.reason for _, b in self.all_problems() if not (self.override and b.overridable)]
            raise CreationRefused(Message.joined("、", blocked))
        character = self.character()
        new_id = self.campaign_model.insert_character("lotr", character, self.tr("LotR キャラクターの作成"))
        self.created_id = new_id
        reasons = [p.message for p in problems(self.draft, self.rules)]
        if reasons:
            self._log("override", self.tr("GM オーバーライドで作成"), "", "、".join(reasons), reasons=reasons)
        attributes = {a: character.attributes.get(a) for a in ATTRIBUTE_IDS}
        self._log(
            "finish",
            self.tr("キャラクターの作成"),
            "",
            self.tr("{0} を作成（{1}・{2}、Health {3}、Courage {4}）").format(
                character.name, character.race, character.order, character.health, character.courage
            ),
            character_id=new_id,
            method=self.draft.method,
            attributes=attributes,
            skills={s.name: s.ranks for s in character.skills},
            overrides=list(character.overrides),
        )
        return new_id

    # ---- internals -------------------------------------------------------------------------
    def _update(self, buys: list[FreeBuy] | None = None, **changes: Any) -> None:
        """Applies a change; refused when it makes any budget or cap worse, unless overridden."""
        draft = replace(self.draft, **changes)
        priced = self.priced(draft, self._free_buys if buys is None else buys)
        picks = tuple(Pick(kind=b.kind, target=b.target, cost=b.cost, note=b.note) for b in priced)  # type: ignore[arg-type]
        draft = replace(draft, free_picks=picks)
        worse = worse_limits(over_limits(self.draft, self.rules), over_limits(draft, self.rules))
        if worse and not self.override:
            hint = self.tr(
                "（GM オーバーライドを有効にすると越えられます。越えたことはキャラクターに記録されます）"
            )
            raise CreationRefused(Message("{0}\n{1}", Message.joined("、", worse), hint))
        self.draft, self._free_buys = draft, priced
        self.changed.emit()

    def _roll(self, kind: str, inputs: str, extra: dict[str, Any]) -> tuple[Faces, ...]:
        seed = self._seed_source()
        faces = roll_attribute_dice(random.Random(seed))
        values = tuple(sum(f) for f in faces)
        self.roll_faces, self.roll_seed = faces, seed
        # A roll has happened and is logged: it always stands, whatever it does to the budgets.
        self.draft = replace(self.draft, rolls=values, assigned={})
        kept = best_six(values)
        distribution = {str(v): fraction_text(p) for v, p in sorted(random_roll_distribution().items())}
        self._log(
            kind,
            inputs,
            " ".join(f"[{','.join(map(str, f))}]" for f in faces),
            self.tr("{0} → 高い 6 つ: {1}").format(" ".join(map(str, values)), " ".join(map(str, kept))),
            seed=seed,
            dice_expression="2d6×9",
            faces=[list(f) for f in faces],
            values=list(values),
            best_six=list(kept),
            distribution=distribution,
            **extra,
        )
        self.changed.emit()
        return faces

    def _on_session_changed(self, key: str) -> None:
        if key != RULES_KEY:
            return
        self.rules = campaign_lotr_rules(self.campaign_model)  # bad edits fall back to the shipped tables
        self.changed.emit()

    def _log(self, kind: str, inputs: str, dice: str, result: str, **fields: Any) -> None:
        payload: dict[str, Any] = {
            "system": "lotr",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "roll": kind,
            "character": self.draft.name,
            **fields,
            "summary": {
                "who": self.draft.name or self.tr("（作成中のキャラクター）"),
                "inputs": inputs,
                "dice": dice,
                "result": result,
            },
        }
        self.campaign_model.append_log(LOG_KIND, payload)
