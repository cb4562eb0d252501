"""The GM's editor of the campaign's フォーカード skill catalog, as Qt sees it.

The dialog edits a working copy (`SkillCatalogTableModel`); this model reads what the campaign
holds (the shipped catalog until the GM edits it, with why a stored one cannot be read), turns what
the GM typed into catalog values (names separated by 、 or commas, a specialisation's cost), names
new rows, checks the whole catalog before it is stored, and stores it or the shipped one back —
each one undo step.  `stored_changed` says that the campaign's catalog changed (a save, undo/redo).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.fourcard.skill_catalog import (
    CATALOG_KEY,
    CatalogProblem,
    campaign_catalog,
    reset_campaign_catalog,
    set_campaign_catalog,
)
from gmtool.rules.systems.fourcard.catalog import (
    SkillCatalog,
    SkillDef,
    catalog_from_document,
    catalog_to_document,
    shipped_catalog,
)
from gmtool.store.validation import format_validation_error

NAME_SEPARATORS = re.compile(r"[,、，]")
MAX_COST = 99  # the catalog's bound for 専門性 and a specialisation's XP


def split_names(text: str) -> tuple[str, ...]:
    """「魔術理論, 古代語」 → the names, in order; 、 and ， separate too."""
    return tuple(n.strip() for n in NAME_SEPARATORS.split(text) if n.strip())


class FourCardCatalogModel(QObject):
    stored_changed = Signal()  # the campaign's catalog changed (a save, a reset, undo or redo)

    def __init__(self, campaign_model: CampaignModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        campaign_model.session_changed.connect(self._on_session_changed)

    def load(self) -> tuple[SkillCatalog, str]:
        """The campaign's catalog and "", or the shipped one and why the stored one cannot be used
        (the engine's message, which the dialog shows in the UI language)."""
        try:
            return campaign_catalog(self.campaign_model), ""
        except CatalogProblem as e:
            return shipped_catalog(), str(e)

    # ---- what the GM typed -------------------------------------------------------------
    def specialisation_cost(self, name: str, text: str) -> int | None:
        """A specialisation's XP as typed: None when blank (未設定), else 1〜99; ValueError otherwise."""
        text = text.strip()
        if not text:
            return None
        if text.isdigit() and 1 <= int(text) <= MAX_COST:
            return int(text)
        raise ValueError(
            self.tr("特化【{0}】の経験点は 1〜{1} の整数か、空欄（未設定）です（入力: {2}）").format(
                name, MAX_COST, text[:20]
            )
        )

    def new_skill_name(self, taken: Iterable[str]) -> str:
        """「新しいスキル」, or 「新しいスキル2」… the first the catalog does not have yet."""
        taken = set(taken)
        base = self.tr("新しいスキル")
        return next(n for i in range(1, 1000) if (n := base if i == 1 else f"{base}{i}") not in taken)

    def new_field_name(self, taken: Iterable[str]) -> str:
        """「分野1」, 「分野2」… the first the skill does not have yet."""
        taken = set(taken)
        return next(n for i in range(1, 1000) if (n := self.tr("分野{0}").format(i)) not in taken)

    # ---- storing -----------------------------------------------------------------------
    def validated(self, skills: tuple[SkillDef, ...]) -> SkillCatalog:
        """The working copy as a catalog, or ValueError saying what is wrong."""
        for i, skill in enumerate(skills, start=1):
            if not skill.name:
                raise ValueError(self.tr("{0} 行目のスキル名が空です").format(i))
            if any(not s.name for s in skill.specialisations):
                raise ValueError(self.tr("【{0}】に名前が空の特化分野があります").format(skill.name))
        catalog = SkillCatalog(skills)  # duplicates, unknown 前提/制限 skills
        try:  # lengths and ranges, as the stored document will be checked when read back
            return catalog_from_document(catalog_to_document(catalog))
        except ValidationError as e:
            raise ValueError(format_validation_error(e, self.tr("スキルカタログ"))) from None

    def save(self, catalog: SkillCatalog) -> None:
        """Stores the catalog with the campaign: one undo step."""
        set_campaign_catalog(self.campaign_model, catalog, self.tr("スキルカタログの編集"))

    def reset_to_shipped(self) -> None:
        """Back to the shipped catalog: one undo step."""
        reset_campaign_catalog(self.campaign_model, self.tr("スキルカタログを既定に戻す"))

    def _on_session_changed(self, key: str) -> None:
        if key == CATALOG_KEY:
            self.stored_changed.emit()
