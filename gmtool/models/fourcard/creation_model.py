"""The フォーカード creation draft: every step of 「キャラクター」1–7, each rule from the engine.

The draft is rebuilt from its inputs (rolls, sex, 追加初期経験点, the purchases in
order) whenever one of them changes, so going back a page and changing the
extra XP can never leave a purchase standing that the new budget would refuse:
such purchases are dropped and `notice` names them.  Rolls happen once (the
attributes again only with GM consent) and every roll is logged with its seed.
The skill page's purchases are `skills` (`CreationPurchases`), the rolls for 利き腕 and 所持金
`fortune` (`CreationFortune`); this model holds the rest of the pages and the finished character.

A cancelled wizard leaves its rolls in the caller's `KeptRolls` and marks its log lines 取り消し
(`cancel`); the next wizard given the same `KeptRolls` starts from them.  The skill page offers the
GM's catalog editor (`offers_catalog`, on unless the caller turns it off: a player's wizard); a
catalog stored meanwhile is read again at once, the rolls and the purchases kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date
from fractions import Fraction
from typing import Any, Literal

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.creation_common import Blocker, CreationRefused
from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
from gmtool.models.fourcard.creation_fortune import CreationFortune
from gmtool.models.fourcard.creation_log import LOG_KIND, CreationLog, fraction_text
from gmtool.models.fourcard.creation_purchases import (
    SCENARIO,
    CatalogState,
    CreationPurchases,
    PurchaseIntent,
    SkillRow,
)
from gmtool.models.fourcard.creation_rolls import KeptRolls
from gmtool.models.fourcard.skill_catalog import CATALOG_KEY, CatalogProblem, campaign_catalog
from gmtool.models.fourcard.terms import INITIAL_XP_LABEL, LOST_XP_LABEL, skill_term
from gmtool.rules.creation_record import MADE_IN_GM
from gmtool.rules.dice import Faces, new_seed
from gmtool.rules.message import Message
from gmtool.rules.systems.fourcard import SYSTEM
from gmtool.rules.systems.fourcard.advancement import fitted_record
from gmtool.rules.systems.fourcard.catalog import SkillCatalog
from gmtool.rules.systems.fourcard.character import (
    ATTRIBUTES,
    FourCardCharacter,
    InitialAttributes,
    LedgerEntry,
)
from gmtool.rules.systems.fourcard.creation import (
    INITIAL_XP,
    CreationBudget,
    attribute_distribution,
    attribute_value,
    money_value,
    roll_attributes,
    with_sex_modifier,
)
from gmtool.rules.systems.fourcard.creation_replay import METHOD
from gmtool.rules.systems.fourcard.derived import HPLines, hp_lines, level, movement
from gmtool.store.errors import CampaignError
from gmtool.store.validation import format_validation_error

__all__ = [
    "LOG_KIND",
    "Blocker",
    "CatalogState",
    "CreationRefused",
    "FourCardCreationModel",
    "KeptRolls",
    "PurchaseIntent",
    "SkillRow",
]

# FourCardCharacter.sex: "" until the player has chosen.
Sex = Literal["", "male", "female"]


class FourCardCreationModel(QObject):
    changed = Signal()
    catalog_changed = Signal()  # the campaign's catalog was stored anew: its skills are offered

    def __init__(
        self,
        campaign_model: CampaignModel,
        catalog: SkillCatalog,
        seed_source: Callable[[], int] = new_seed,
        today: Callable[[], str] = lambda: date.today().isoformat(),
        parent: QObject | None = None,
        *,
        kept: KeptRolls | None = None,
        offers_catalog: bool = True,
        made_in: str = MADE_IN_GM,
    ) -> None:
        """`made_in`: whose window the wizard runs in (the GM's or a player's), recorded with the
        character as who ticked the overrides and the consents."""
        super().__init__(parent)
        self.made_in = made_in
        self.campaign_model = campaign_model
        self.catalog = catalog
        # The skill page's button to the GM's catalog editor (off in a player's wizard).
        self.offers_catalog = offers_catalog
        self._kept = kept if kept is not None else KeptRolls()
        self._seed_source = seed_source
        self._today = today
        self.name = ""
        self.is_pc = True
        self.sex: Sex = ""
        self.attribute_faces: dict[str, Faces] | None = None
        self.extra_xp = 0
        self.earmarked: tuple[str, ...] = ()
        self.gm_override = False
        self.carried_rolls = False  # the rolls are a cancelled wizard's (`KeptRolls`)
        self.created_id: str | None = None
        self._page_overrides: list[str] = []
        self._log = CreationLog(campaign_model, lambda: self.name)
        self.skills = CreationPurchases(
            catalog, self._base_character(), self._budget(), lambda: self.gm_override, self._log, today, self
        )
        self.fortune = CreationFortune(seed_source, self._log, self)
        self.skills.changed.connect(self._on_draft_rebuilt)
        self.fortune.changed.connect(self.changed)
        if offers_catalog:  # the catalog is the campaign's: follow it when the GM stores it
            campaign_model.session_changed.connect(self._on_session_changed)
        self._rebuild()
        if not self._kept.empty:
            self._carry_kept_rolls()

    @property
    def draft(self) -> FourCardCharacter:
        """The character as it stands: the inputs and every purchase still allowed."""
        return self.skills.draft

    @property
    def budget(self) -> CreationBudget:
        return self.skills.budget

    @property
    def notice(self) -> str:
        """The purchases the last change of the inputs dropped, or ""."""
        return self.skills.notice

    # ---- page 1: name, PC/NPC, sex -------------------------------------------------
    def set_name(self, name: str) -> None:
        self.name = name.strip()
        self._rebuild()

    def set_is_pc(self, is_pc: bool) -> None:
        self.is_pc = is_pc
        self._rebuild()

    def set_sex(self, sex: str) -> None:
        match sex:
            case "male" | "female":
                self.sex = sex
            case _:
                raise CreationRefused(self.tr("性別は男性か女性です（{0}）").format(sex))
        self._rebuild()

    def identity_blockers(self) -> list[Blocker]:
        blockers = []
        if not self.name:
            blockers.append(Blocker(self.tr("名前を入力してください"), overridable=False))
        if not self.sex:
            blockers.append(
                Blocker(self.tr("性別を選んでください（女性は ST −1・WP +1）"), overridable=False)
            )
        return blockers

    # ---- page 2: 能力値 --------------------------------------------------------------
    @staticmethod
    def attribute_odds() -> dict[int, Fraction]:
        """Each value 2D3+1 can give, in order, with its exact probability."""
        return dict(sorted(attribute_distribution().items()))

    @property
    def rolled(self) -> dict[str, int] | None:
        """2D3+1 per attribute, before the sex modifier."""
        if self.attribute_faces is None:
            return None
        return {a: attribute_value(f) for a, f in self.attribute_faces.items()}

    @property
    def attributes(self) -> dict[str, int] | None:
        """The initial attributes: rolled, after the sex modifier (clamped to 3–7)."""
        rolled = self.rolled
        return None if rolled is None else with_sex_modifier(rolled, self.sex)

    def roll_attributes(self) -> dict[str, Faces]:
        if self.attribute_faces is not None:
            raise CreationRefused(
                self.tr(
                    "能力値は既に振りました。振り直すには GM の同意が必要です（「GM の同意を得て振り直す」）"
                )
            )
        return self._roll_attributes("attributes", self.tr("能力値 2D3+1 ×5"), {})

    def reroll_attributes(self, consent: bool) -> dict[str, Faces]:
        """「GMの同意を得たうえで能力値をすべて振り直す」: all five again, never one alone."""
        if self.attribute_faces is None:
            raise CreationRefused(self.tr("能力値をまだ振っていません。先に「振る」で振ってください"))
        if not consent:
            raise CreationRefused(
                self.tr("能力値の振り直しには GM の同意が必要です。「GM の同意を得た」にチェックしてください")
            )
        previous = {a: list(f) for a, f in self.attribute_faces.items()}
        inputs = self.tr("能力値 2D3+1 ×5 の振り直し（GM の同意あり）")
        return self._roll_attributes("reroll", inputs, {"consent": True, "previous_faces": previous})

    def _roll_attributes(self, kind: str, inputs: str, extra: dict[str, Any]) -> dict[str, Faces]:
        seed = self._seed_source()
        faces = roll_attributes(random.Random(seed))
        self.attribute_faces = faces
        rolled = {a: attribute_value(f) for a, f in faces.items()}
        dice = " ".join(f"{label}[{','.join(map(str, faces[a]))}]" for a, label in ATTRIBUTES)
        result = " ".join(f"{label} {rolled[a]}" for a, label in ATTRIBUTES)
        distribution = {str(v): fraction_text(p) for v, p in sorted(attribute_distribution().items())}
        self._log.write(
            kind,
            inputs,
            dice,
            result,
            seed=seed,
            dice_expression="2D3+1",
            faces={a: list(f) for a, f in faces.items()},
            values=rolled,
            distribution=distribution,
            **extra,
        )
        self._rebuild()
        return faces

    def hp_lines(self) -> HPLines:
        return hp_lines(self.draft)

    def movement(self) -> int:
        return movement(self.draft)

    def attribute_blockers(self) -> list[Blocker]:
        if self.attribute_faces is None:
            return [
                Blocker(self.tr("能力値をまだ振っていません（「振る」で 2D3+1 を振ってください）"), False)
            ]
        return []

    # ---- page 3: 初期経験点 ----------------------------------------------------------
    def set_extra_xp(self, xp: int) -> None:
        if xp < 0:
            raise CreationRefused(self.tr("追加初期経験点は 0 以上です（{0}）").format(xp))
        self.extra_xp = xp
        self._rebuild()

    def set_earmarked(self, names: Iterable[str]) -> None:
        chosen = tuple(dict.fromkeys(names))
        unknown = [n for n in chosen if self.catalog.get(n) is None]
        if unknown:
            raise CreationRefused(
                self.tr("スキルカタログにないスキルは選べません: {0}").format("、".join(unknown))
            )
        self.earmarked = chosen
        self._rebuild()

    def xp_blockers(self) -> list[Blocker]:
        if self.extra_xp > 0 and not self.earmarked:
            return [Blocker(self.tr("追加初期経験点の用途（どのスキルに使うか）を選んでください"))]
        return []

    def xp_warnings(self) -> list[str]:
        """Earmarked skills the catalog cannot price: their extra XP would be lost."""
        if not self.extra_xp:
            return []
        warnings = []
        for name in self.earmarked:
            definition = self.catalog.get(name)
            missing = definition.missing() if definition else []
            if missing:
                warnings.append(
                    self.tr("{0}の{1}が未設定のため、追加初期経験点を使えません").format(
                        skill_term(name), self.skills.missing_text(missing)
                    )
                )
        return warnings

    # ---- GM override -------------------------------------------------------------------
    def set_gm_override(self, on: bool) -> None:
        self.gm_override = on
        self.changed.emit()

    def can_pass(self, blockers: list[Blocker]) -> bool:
        return not blockers or (self.gm_override and all(b.overridable for b in blockers))

    def pass_page(self, page: str, blockers: list[Blocker]) -> None:
        """Leaving a page: refused while blocked, unless the GM override passes it (recorded)."""
        if not blockers:
            return
        if not self.can_pass(blockers):
            raise CreationRefused(Message.joined("、", (b.reason for b in blockers)))
        reasons = tuple(b.reason for b in blockers)
        # stored as text, in the UI language it was written in
        record = fitted_record(
            self.tr("{0} {1}: GM オーバーライド（{2}）").format(
                self._today(), page, self.tr("、").join(reasons)
            )
        )
        if record not in self._page_overrides:
            self._page_overrides.append(record)
            self._log.override(page, list(reasons))

    @property
    def overrides(self) -> tuple[str, ...]:
        return (*self.draft.overrides, *self._page_overrides)

    # ---- finishing ---------------------------------------------------------------------
    def character(self) -> FourCardCharacter:
        """The finished character: the draft plus the lost-XP row, rolls and overrides."""
        growth = self.draft.growth
        leftover = self.skills.leftover
        if leftover:
            lost = LedgerEntry(self._today(), SCENARIO, bought=LOST_XP_LABEL, cost=leftover)
            growth = (*growth, lost)
        character = replace(
            self.draft,
            growth=growth,
            earmarked_skills=self.earmarked if self.extra_xp else (),
            money=self.fortune.money or 0,
            handedness=self.fortune.handedness,
            overrides=self.overrides,
        )
        try:  # through the file schema, so what is inserted is what a reopened file holds
            return SYSTEM.load_character(SYSTEM.dump_character(character))
        except ValidationError as e:
            raise CreationRefused(format_validation_error(e)) from None

    def finish(self) -> str:
        """Inserts the character (one undo step) and logs it; returns its id."""
        if self.created_id is not None:
            raise CreationRefused(self.tr("このキャラクターは既に作成しました"))
        blockers = [
            *self.identity_blockers(),
            *self.attribute_blockers(),
            *self.fortune.blockers(),
        ]
        if blockers:
            raise CreationRefused(Message.joined("、", (b.reason for b in blockers)))
        character = self.character()
        new_id = self.campaign_model.insert_character("fourcard", character, self.tr("キャラクターの作成"))
        self.created_id = new_id
        self._kept.clear()  # the rolls are this character's now
        self.campaign_model.keep_creation_record(new_id, self._log.recorder.record(METHOD, self.made_in))
        attributes = self.attributes or {}
        self._log.write(
            "finish",
            self.tr("キャラクターの作成"),
            "",
            self.tr("{0} を作成（獲得経験点 {1}、失われた経験点 {2}、{3} CP）").format(
                character.name, character.xp_earned, self.skills.leftover, character.money
            ),
            character_id=new_id,
            attributes=attributes,
            skills=[
                {"name": s.name, "tp": s.tp, "specialisations": list(s.specialisations)}
                for s in character.skills
            ],
            xp_earned=character.xp_earned,
            xp_spent=character.xp_spent,
            lost_xp=self.skills.leftover,
            money=character.money,
            handedness=character.handedness,
            overrides=list(character.overrides),
        )
        return new_id

    # ---- the skill catalog, cancelling ------------------------------------------------
    def catalog_editor(self) -> FourCardCatalogModel:
        """The GM's editor of the campaign's catalog (what the skill page's button opens)."""
        return FourCardCatalogModel(self.campaign_model)

    @property
    def catalog_state(self) -> CatalogState:
        return self.skills.catalog_state()

    def set_catalog(self, catalog: SkillCatalog) -> None:
        """Another catalog: the purchases replayed on it (those it no longer allows dropped, said
        in `notice`), the earmarks it no longer lists let go; the rolls stay."""
        self.catalog = catalog
        self.earmarked = tuple(n for n in self.earmarked if catalog.get(n) is not None)
        self.skills.set_catalog(catalog)
        self._rebuild()
        self.catalog_changed.emit()

    @property
    def has_rolled(self) -> bool:
        """The wizard has rolled: closing it leaves the rolls to the next wizard (it asks first)."""
        return self.created_id is None and self._log.rolled

    def cancel(self) -> None:
        """The wizard is closed without a character: its rolls are kept for the next wizard of the
        campaign, and its log lines marked 取り消し (they belong to no character)."""
        if self.created_id is not None:
            return
        rolled = [self.attribute_faces, self.fortune.handedness_faces, self.fortune.money_faces]
        if any(r is not None for r in rolled):
            lines = (*self._kept.lines, *self._log.written)
            self._kept.keep(
                self.attribute_faces,
                self.fortune.handedness_faces,
                self.fortune.money_faces,
                lines,
                tuple(self._log.recorder.rolls),
            )
        try:
            self._log.cancel(
                self.tr("キャラクターは作られていません（出目は次の作成ウィザードに引き継がれます）")
                if not self._kept.empty
                else self.tr("キャラクターは作られていません"),
            )
        except CampaignError:
            pass  # the write was refused and taken back; `write_failed` has said why

    def _carry_kept_rolls(self) -> None:
        """Starts from the rolls the cancelled wizard left, and says so in the log."""
        kept = self._kept
        self.carried_rolls = True
        self._log.recorder.rolls.extend(kept.recorded)  # rolled with their seeds in the cancelled wizard
        self.attribute_faces = kept.attribute_faces
        self.fortune.adopt(kept.handedness_faces, kept.money_faces)
        parts, shown = [], []
        if kept.attribute_faces is not None:
            faces = kept.attribute_faces
            parts.append(" ".join(f"{label}[{','.join(map(str, faces[a]))}]" for a, label in ATTRIBUTES))
            shown.append(" ".join(f"{label} {attribute_value(faces[a])}" for a, label in ATTRIBUTES))
        if kept.handedness_faces is not None:
            parts.append(self.tr("利き腕[{0}]").format(",".join(map(str, kept.handedness_faces))))
        if kept.money_faces is not None:
            parts.append(self.tr("所持金[{0}]").format(",".join(map(str, kept.money_faces))))
            shown.append(f"{money_value(kept.money_faces)} CP")
        self._log.write(
            "carried",
            self.tr("取り消した作成ウィザードの出目を引き継ぐ"),
            " ".join(parts),
            " ".join(shown),
            faces={a: list(f) for a, f in (kept.attribute_faces or {}).items()},
            handedness_faces=list(kept.handedness_faces or ()),
            money_faces=list(kept.money_faces or ()),
            carried_from=list(kept.lines),
        )
        self._rebuild()

    def _on_session_changed(self, key: str) -> None:
        if key != CATALOG_KEY:
            return
        try:
            self.set_catalog(campaign_catalog(self.campaign_model))
        except CatalogProblem:
            return  # the editor refuses to store a bad catalog; a hand-edited file keeps the one shown

    # ---- internals ---------------------------------------------------------------------
    def _base_character(self) -> FourCardCharacter:
        """The draft before any purchase: the inputs and the 初期経験点 rows."""
        today = self._today()
        growth = [LedgerEntry(today, SCENARIO, xp=INITIAL_XP, bought=INITIAL_XP_LABEL)]
        if self.extra_xp:
            uses = self.tr("、").join(skill_term(n) for n in self.earmarked) or self.tr("未指定")
            label = self.tr("追加初期経験点（用途: {0}）").format(uses)
            growth.append(LedgerEntry(today, SCENARIO, xp=self.extra_xp, bought=label))
        values = self.attributes or {}
        return FourCardCharacter(
            name=self.name,
            sex=self.sex,
            attributes=InitialAttributes(**values),
            growth=tuple(growth),
            is_pc=self.is_pc,
        )

    def _budget(self) -> CreationBudget:
        return CreationBudget(INITIAL_XP, self.extra_xp, self.earmarked)

    def _rebuild(self) -> None:
        """Replays every purchase on the current inputs; drops those they no longer allow."""
        self.skills.start_from(self._base_character(), self._budget())

    def _on_draft_rebuilt(self) -> None:
        self.level = level(self.draft)
        self.changed.emit()
