"""フォーカード growth between scenarios: the XP award and what the XP buys.

The engine (rules/systems/fourcard/advancement.py) decides costs and caps; this
model adds what the table needs around it: the campaign's skill catalog, the GM
override switch, one undo step per action, and a session-log entry for each.
The preview helpers run the very same engine functions without committing, so
the dialog shows exactly the cost and the reasons a click would meet.  The campaign's house
rules (the 総合LV table, 「一度に1TP」 per purchase or per 幕間) are read on every preview and
purchase; a flipped switch says `changed`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date as calendar_date, datetime
from typing import Any, NamedTuple

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.fourcard.skill_catalog import CATALOG_KEY, CatalogProblem, campaign_catalog
from gmtool.models.fourcard.terms import rendered
from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.fourcard import SYSTEM, advancement
from gmtool.rules.systems.fourcard.advancement import Purchase, PurchaseBlocked
from gmtool.rules.systems.fourcard.catalog import SkillCatalog
from gmtool.rules.systems.fourcard.character import ATTRIBUTE_LABELS, FourCardCharacter
from gmtool.rules.systems.fourcard.derived import level
from gmtool.rules.systems.fourcard.house_rules import LEVEL_TABLE, TP_STEP
from gmtool.store.validation import format_validation_error

LOG_KIND = "fourcard-growth"
NO_DICE = "—"  # growth rolls no dice; the log table still has a 「ダイス」 column


class GrowthPreview(NamedTuple):
    """What a click would meet: the cost, and every reason that blocks it.

    cost is None when the purchase cannot happen at all (10TP, +3 over the initial
    value, a 専門性 the GM has not filled in): no override passes those.
    """

    cost: int | None
    reasons: list[str]


class AwardPreview(NamedTuple):
    """The XP an award would give, and what it is made of: the scenario's part, 個人別, and
    whether the 「最低でも1点」 floor raised it."""

    xp: int
    scenario: int
    personal: int
    floored: bool


class SkillLine(NamedTuple):
    """One skill as the growth dialog lists it: the catalog's base and 専門性 (the character's own
    base when the catalog no longer has it), the TP now, the TP a purchase would reach, and its
    preview."""

    name: str
    base: str  # "IQ" / "DX" / "" (未設定)
    expertise: int | None
    tp: int
    next_tp: int
    preview: GrowthPreview


def _today() -> str:
    return calendar_date.today().isoformat()


class FourCardGrowthModel(QObject):
    changed = Signal()  # the character, the catalog or the override switch changed

    def __init__(
        self,
        campaign_model: CampaignModel,
        character_id: str,
        seed_source: Callable[[], int] | None = None,
        today: Callable[[], str] = _today,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id
        # Nothing in growth is rolled; the seed source is accepted so every
        # フォーカード model is built the same way by the main window.
        self.seed_source = seed_source
        self.scenario = ""  # the scenario just finished: written on every ledger row
        self.date = today()  # ISO date written on every ledger row
        self._override = False
        self._catalog, self.catalog_problem = self._read_catalog()
        campaign_model.character_changed.connect(self._on_character_changed)
        campaign_model.characters_changed.connect(self.changed)  # deleted, or back by undo
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading -------------------------------------------------------------
    @property
    def exists(self) -> bool:
        return self.campaign_model.has_character(self.character_id)

    @property
    def character(self) -> FourCardCharacter:
        return self.campaign_model.character_as(self.character_id, FourCardCharacter)

    @property
    def catalog(self) -> SkillCatalog:
        return self._catalog

    def level(self) -> int:
        """総合LV, the table read as the campaign's house rule says."""
        return level(self.character, campaign_house_rules(self.campaign_model).get(LEVEL_TABLE))

    def award_warning(self, scenario: str | None = None) -> str:
        """Why an award for the scenario may be a mistake (one already given for it), or ""."""
        name = (self.scenario if scenario is None else scenario).strip()
        if name and advancement.awarded_for(self.character, name):
            return self.tr("シナリオ「{0}」の経験点はもう付与しています。もう一度付与しますか？").format(name)
        return ""

    @property
    def available(self) -> int:
        """残り経験点: what purchases may spend."""
        return self.character.xp_unspent

    @property
    def override(self) -> bool:
        """GM オーバーライド: purchases pass the rule caps, and the character records it."""
        return self._override

    @override.setter
    def override(self, on: bool) -> None:
        if on != self._override:
            self._override = on
            self.changed.emit()

    def skill_names(self) -> list[str]:
        """The catalog's skills, then any the character has that the catalog no longer lists."""
        names = self._catalog.names
        return names + [s.name for s in self.character.skills if s.name not in names]

    def specialisation_rows(self) -> list[tuple[str, str, bool]]:
        """(skill, field, already specialised) for every 特化分野 of the catalog and the character."""
        character = self.character
        rows: list[tuple[str, str, bool]] = []
        for definition in self._catalog.skills:
            taken = character.skill(definition.name)
            for spec in definition.specialisations:
                rows.append((definition.name, spec.name, bool(taken and spec.name in taken.specialisations)))
        listed = {(skill, field) for skill, field, _ in rows}
        for skill in character.skills:
            rows += [(skill.name, f, True) for f in skill.specialisations if (skill.name, f) not in listed]
        return rows

    # ---- previews ----------------------------------------------------------------
    @staticmethod
    def personal_xp(unnatural: bool, uncooperative: bool, both_well: bool) -> int:
        """個人別 from the GM's three judgements: −1, −1, +1."""
        return advancement.personal_xp(unnatural, uncooperative, both_well)

    def award_preview(self, succeeded: bool, partial: int = 1, personal: int = 0) -> int:
        """The XP an award would give: 5 on success, else 1–4; personal ±; at least 1."""
        return advancement.scenario_xp(succeeded, partial, personal)

    def award_breakdown(self, succeeded: bool, partial: int = 1, personal: int = 0) -> AwardPreview:
        """The award and what it is made of, as the dialog spells it out."""
        xp = self.award_preview(succeeded, partial, personal)
        scenario = advancement.scenario_base_xp(succeeded, partial)
        return AwardPreview(xp, scenario, personal, scenario + personal < xp)

    def skill_line(self, name: str) -> SkillLine:
        character = self.character
        definition, owned = self._catalog.get(name), character.skill(name)
        base = definition.base if definition else owned.base if owned else ""
        expertise = definition.expertise if definition else None
        tp = character.tp(name)
        return SkillLine(name, base.upper(), expertise, tp, tp + 1, self.skill_preview(name))

    def skill_preview(self, name: str) -> GrowthPreview:
        return self._preview(lambda: self._skill_purchase(name))

    def specialisation_preview(self, skill: str, field: str) -> GrowthPreview:
        return self._preview(lambda: self._specialisation_purchase(skill, field))

    def attribute_preview(self, attribute: str) -> GrowthPreview:
        return self._preview(lambda: self._attribute_purchase(attribute))

    def can_buy(self, preview: GrowthPreview) -> bool:
        """Whether a click with the current override switch would go through."""
        return preview.cost is not None and (not preview.reasons or self._override)

    # ---- actions (each one undo step and one log entry) ---------------------------
    def award(self, succeeded: bool, partial: int = 1, personal: int = 0, scenario: str | None = None) -> int:
        """Adds the scenario's XP to the growth history; returns the XP given."""
        name = (self.scenario if scenario is None else scenario).strip()
        if not name:
            raise ValueError(self.tr("経験点を付与するシナリオの名前を入力してください"))
        again = advancement.awarded_for(self.character, name)
        self.scenario = name
        xp = advancement.scenario_xp(succeeded, partial, personal)
        after = advancement.award(self.character, xp, date=self.date, scenario=name)
        how = self.tr("成功") if succeeded else self.tr("未到達 {0} 点").format(partial)
        inputs = self.tr("シナリオ「{0}」{1}、個人別 {2:+d}").format(name, how, personal)
        if again:  # the dialog asked first; the log says so
            inputs += self.tr("（同じシナリオに2度目の付与）")
        result = self.tr("経験点 +{0}（残り {1}）").format(xp, after.xp_unspent)
        self._write(
            after,
            self.tr("経験点の付与（{0}）").format(name),
            {
                "action": "award",
                "succeeded": succeeded,
                "partial": partial,
                "personal": personal,
                "xp": xp,
            },
            inputs,
            result,
        )
        return xp

    def buy_skill_tp(self, name: str) -> Purchase:
        """+1 TP in a skill for 専門性 × the new TP."""
        return self._buy(self._skill_purchase(name), {"action": "skill", "skill": name})

    def buy_specialisation(self, skill: str, field: str) -> Purchase:
        """特化 in one more field: the first is free, later ones cost what the catalog says."""
        return self._buy(
            self._specialisation_purchase(skill, field),
            {"action": "specialisation", "skill": skill, "field": field},
        )

    def buy_attribute(self, attribute: str) -> Purchase:
        """+1 to an attribute: a lost point back, else the +1 / +2 growth."""
        if attribute not in ATTRIBUTE_LABELS:
            raise ValueError(self.tr("能力値 {0} はありません").format(attribute))
        return self._buy(self._attribute_purchase(attribute), {"action": "attribute", "attribute": attribute})

    # ---- internals -----------------------------------------------------------------
    def _skill_purchase(self, name: str) -> Purchase:
        self._refuse_catalog_problem()
        rules = campaign_house_rules(self.campaign_model)
        return advancement.skill_tp_purchase(
            self.character,
            self._catalog,
            name,
            self.available,
            level_reading=rules.get(LEVEL_TABLE),
            per=rules.get(TP_STEP),
            interlude=self.scenario,
        )

    def _specialisation_purchase(self, skill: str, field: str) -> Purchase:
        self._refuse_catalog_problem()
        return advancement.specialisation_purchase(
            self.character, self._catalog, skill, field, self.available
        )

    def _attribute_purchase(self, attribute: str) -> Purchase:
        return advancement.attribute_purchase(self.character, attribute, self.available)

    def _refuse_catalog_problem(self) -> None:
        if self.catalog_problem:
            raise PurchaseBlocked(self.catalog_problem)

    @staticmethod
    def _preview(make: Callable[[], Purchase]) -> GrowthPreview:
        try:
            purchase = make()
        except PurchaseBlocked as blocked:
            return GrowthPreview(None, [str(blocked)])
        return GrowthPreview(purchase.cost, list(purchase.refusals))

    def _buy(self, purchase: Purchase, details: dict[str, Any]) -> Purchase:
        after = advancement.commit(
            purchase, override=self._override, date=self.date, scenario=self.scenario.strip(), shown=rendered
        )
        bought = rendered(purchase.description)
        overridden = list(purchase.refusals)
        result = self.tr("経験点 {0} を消費（残り {1}）").format(purchase.cost, after.xp_unspent)
        if overridden:
            result += self.tr("、GM オーバーライド")
        self._write(
            after,
            self.tr("成長: {0}").format(bought),
            {**details, "bought": bought, "cost": purchase.cost, "overridden": overridden},
            bought,
            result,
        )
        return purchase

    def _write(
        self, after: FourCardCharacter, label: str, details: dict[str, Any], inputs: str, result: str
    ) -> None:
        # The engine builds the new character with dataclasses.replace, which skips the
        # schema's ranges and lengths; check them before anything reaches the file.
        try:
            after = SYSTEM.load_character(SYSTEM.dump_character(after))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.campaign_model.update_character(self.character_id, after, label)
        payload = {
            "system": "fourcard",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "character_id": self.character_id,
            "character": after.name,
            "date": self.date,
            "scenario": self.scenario,
            **details,
            "xp_unspent": after.xp_unspent,
            "summary": {"who": after.name, "inputs": inputs, "dice": NO_DICE, "result": result},
        }
        self.campaign_model.append_log(LOG_KIND, payload)

    def _read_catalog(self) -> tuple[SkillCatalog, str]:
        try:
            return campaign_catalog(self.campaign_model), ""
        except CatalogProblem as problem:
            return SkillCatalog(), str(problem)

    def _on_character_changed(self, character_id: str) -> None:
        if character_id == self.character_id and self.exists:
            self.changed.emit()

    def _on_session_changed(self, key: str) -> None:
        if key == CATALOG_KEY:
            self._catalog, self.catalog_problem = self._read_catalog()
            self.changed.emit()
        elif key == HOUSE_RULES_KEY:
            self.changed.emit()
