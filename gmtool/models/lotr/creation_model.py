"""The LotR (CODA) creation draft behind the wizard: 1. キャラクター, 1.1, 1.2, 1.4, 1.4.1.

The engine's `CreationDraft` holds every choice; `creation.exceeded` says which budgets and caps
a draft is over and `creation.problems` which limits a finished draft breaks.  This model adds
what only the desktop needs: the draft's one guarded change (`CreationState`: refused when it
makes any limit worse, unless the GM override is on), the pages' steps — `attributes` (the nine
2d6 rolled once, again only with GM consent, logged with their seed), `skills`, `extras` — a live
preview, and `finish()` that inserts the character as one undo step, with every overridden limit
recorded on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.models.lotr.creation_attributes import CreationAttributes
from gmtool.models.lotr.creation_extras import CreationExtras
from gmtool.models.lotr.creation_skills import CreationSkills
from gmtool.models.lotr.creation_state import CreationLog, CreationState, FreeBuy
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name, ungloss
from gmtool.models.shown_text import shown
from gmtool.rules.creation_record import MADE_IN_GM
from gmtool.rules.dice import new_seed
from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import SYSTEM
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.creation import (
    STEP_ATTRIBUTES,
    STEP_EXTRAS,
    STEP_FAVOURED,
    STEP_ORIGIN,
    STEP_SKILLS,
    CreationDraft,
    CreationPreview,
    build_character,
    preview,
    problems,
)
from gmtool.rules.systems.lotr.derived import skill_attribute
from gmtool.rules.systems.lotr.rules_data import ATTRIBUTE_IDS, REACTION_IDS, LotRRules
from gmtool.rules.systems.lotr.rules_types import Named
from gmtool.store.errors import CampaignError
from gmtool.store.validation import format_validation_error

__all__ = ["STEPS", "Blocker", "CreationRefused", "CreationSummary", "FreeBuy", "LotRCreationModel"]

STEPS = (STEP_ORIGIN, STEP_ATTRIBUTES, STEP_FAVOURED, STEP_SKILLS, STEP_EXTRAS)


@dataclass(frozen=True)
class CreationSummary:
    """What the last page says of the character the draft makes now."""

    character: LotRCharacter
    origin: str  # race / sub-race / order, as the tables label them ("" when none is chosen)
    modifiers: dict[str, int]  # each attribute's modifier
    skill_attributes: dict[str, str]  # each skill's attribute, its own or the skill list's ("" = none)
    preview: CreationPreview
    over_stored_max: dict[str, int]  # skills above the 12 a sheet holds: stored as 12


class LotRCreationModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        rules: LotRRules | None = None,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
        *,
        made_in: str = MADE_IN_GM,
    ) -> None:
        """`made_in`: whose window the wizard runs in (the GM's or a player's), recorded with the
        character as who ticked the overrides and the consents."""
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.made_in = made_in
        self.state = CreationState(rules or campaign_lotr_rules(campaign_model), self.changed.emit, self)
        self.log = CreationLog(campaign_model, self.state)
        self.attributes = CreationAttributes(self.state, self.log, seed_source, self.changed.emit, self)
        self.skills = CreationSkills(self.state, self)
        self.extras = CreationExtras(self.state, self)
        self.created_id: str | None = None
        if rules is None:  # the campaign's tables: follow the GM's edits while the wizard is open
            campaign_model.session_changed.connect(self._on_session_changed)

    @property
    def draft(self) -> CreationDraft:
        return self.state.draft

    @property
    def rules(self) -> LotRRules:
        return self.state.rules

    @property
    def override(self) -> bool:
        return self.state.override

    # ---- page 1: race, sub-race, order ---------------------------------------------------
    def set_race(self, race_id: str) -> None:
        race = self.rules.race(race_id)
        if race is None:
            raise CreationRefused(self.tr("種族 '{0}' はルールデータにありません").format(race_id))
        subrace = self.draft.subrace if race.subrace(self.draft.subrace) else ""
        self.state.update(race=race_id, subrace=subrace)

    def set_subrace(self, subrace_id: str) -> None:
        race = self.rules.race(self.draft.race)
        if race is None:
            raise CreationRefused(self.tr("先に種族を選んでください"))
        if subrace_id and race.subrace(subrace_id) is None:
            raise CreationRefused(
                self.tr("{0} に亜種族 '{1}' はありません").format(shown_name(race), subrace_id)
            )
        self.state.update(subrace=subrace_id)

    def set_order(self, order_id: str) -> None:
        if self.rules.order(order_id) is None:
            raise CreationRefused(self.tr("職業 '{0}' はルールデータにありません").format(order_id))
        self.state.update(order=order_id)

    # ---- page 3: favoured attributes and reaction; the derived values -----------------------
    def set_favoured_attributes(self, attributes: Iterable[str]) -> None:
        chosen = tuple(dict.fromkeys(attributes))
        unknown = [a for a in chosen if a not in ATTRIBUTE_IDS]
        if unknown:
            raise CreationRefused(self.tr("能力値 '{0}' はありません").format(", ".join(unknown)))
        if len(chosen) > 2:
            raise CreationRefused(self.tr("得意能力値は 2 つです。先にどれかを外してください"))
        self.state.update(favoured_attributes=chosen)

    def set_favoured(self, attribute: str, on: bool) -> None:
        current = [a for a in self.draft.favoured_attributes if a != attribute]
        self.set_favoured_attributes([*current, attribute] if on else current)

    def set_favoured_reaction(self, reaction: str) -> None:
        if reaction not in REACTION_IDS:
            raise CreationRefused(self.tr("リアクション '{0}' はありません").format(reaction))
        self.state.update(favoured_reaction=reaction)

    def preview(self) -> CreationPreview:
        """The draft's values; its size as the UI language names it."""
        found = preview(self.draft, self.rules)
        race = self.rules.race(self.draft.race)
        size = self.rules.size(race.size) if race else None
        return replace(found, size=shown_name(size)) if size else found

    # ---- limits, the GM override, finishing --------------------------------------------------
    def set_override(self, on: bool) -> None:
        self.state.override = bool(on)
        self.changed.emit()

    def problems_for(self, step: str) -> list[Blocker]:
        """Why the step's page cannot be left: every engine problem (GM-overridable), and the name."""
        # in the UI language: an engine Message read as it is showed Japanese in the English wizard
        found = [
            Blocker(shown(ungloss(p.message))) for p in problems(self.draft, self.rules) if p.step == step
        ]
        if step == STEP_EXTRAS and not self.draft.name:
            found.append(Blocker(self.tr("名前を入力してください"), overridable=False))
        return found

    def can_pass(self, step: str) -> bool:
        blockers = self.problems_for(step)
        return not blockers or (self.override and all(b.overridable for b in blockers))

    def override_reasons(self) -> list[str]:
        """What the GM override records on the character (its `overrides`), in the UI language: the
        record itself is kept in the language it was written."""
        return [shown(ungloss(p.message)) for p in problems(self.draft, self.rules)]

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

    def summary(self) -> CreationSummary:
        """The character the draft makes now, with what the last page shows of it."""
        character, rules = self.character(), self.rules
        race, order = rules.race(character.race), rules.order(character.order)
        sub = race.subrace(character.subrace) if race else None
        return CreationSummary(
            character=character,
            origin=" / ".join(shown_name(x) for x in (race, sub, order) if x is not None),
            modifiers={a: rules.modifier(character.attributes.get(a)) for a in ATTRIBUTE_IDS},
            skill_attributes={s.name: skill_attribute(s, rules) for s in character.skills},
            preview=self.preview(),
            over_stored_max=self.skills.over_stored_max(),
        )

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
            self.log.recorder.overridden(self.tr("キャラクターの作成"), reasons)
            self.log.write(
                "override",
                self.tr("GM オーバーライドで作成"),
                "",
                Message.joined("、", reasons),
                reasons=reasons,
            )
        attributes = {a: character.attributes.get(a) for a in ATTRIBUTE_IDS}
        self.log.write(
            "finish",
            self.tr("キャラクターの作成"),
            "",
            self.tr("{0} を作成（{1}・{2}、Health {3}、Courage {4}）").format(
                character.name,
                _shown_rule(self.rules.race(character.race), character.race),
                _shown_rule(self.rules.order(character.order), character.order),
                character.health,
                character.courage,
            ),
            character_id=new_id,
            method=self.draft.method,
            attributes=attributes,
            skills={s.name: s.ranks for s in character.skills},
            overrides=list(character.overrides),
        )
        self.campaign_model.keep_creation_record(
            new_id, self.log.recorder.record(self.draft.method, self.made_in)
        )
        return new_id

    @property
    def has_rolled(self) -> bool:
        """The wizard has rolled: closing it throws the rolls away (the wizard asks first)."""
        return self.created_id is None and self.log.rolled

    def cancel(self) -> None:
        """The wizard is closed without a character: its log lines are marked 取り消し (they belong
        to no character)."""
        if self.created_id is not None:
            return
        try:
            self.log.cancel(self.tr("キャラクターは作られていません"))
        except CampaignError:
            pass  # the write was refused and taken back; `write_failed` has said why

    # ---- internals -------------------------------------------------------------------------
    def _on_session_changed(self, key: str) -> None:
        if key != RULES_KEY:
            return
        self.state.rules = campaign_lotr_rules(self.campaign_model)  # bad edits fall back to the shipped
        self.changed.emit()


def _shown_rule(named: Named | None, rule_id: str) -> str:
    """A race or order as the sheet names it (「Man（人間）」, in English "Man"): the log line reads as
    the sheet does, not its id 「man」; an id the campaign's rules lost is kept as it is."""
    return shown_name(named) if named is not None else rule_id
