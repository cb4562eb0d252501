"""The LotR (CODA) character-creation wizard (1. キャラクター of the rule summary).

Five pages over one LotRCreationModel; the GM override switch sits beside
every page, and the campaign gets the character only on 完了 (one undo step).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from gmtool.models.lotr.creation_model import LotRCreationModel
from gmtool.rules.systems.lotr.creation_types import STEP_FAVOURED, CreationPreview
from gmtool.rules.systems.lotr.rules_types import ATTRIBUTE_IDS, ATTRIBUTE_NAMES, REACTION_IDS, REACTION_NAMES
from gmtool.views.lotr.wizard_extras import ExtrasPage
from gmtool.views.lotr.wizard_pages import AttributesPage, LotRPage, OriginPage, signed
from gmtool.views.lotr.wizard_skills import SkillsPage
from gmtool.views.wizard.creation_wizard import CreationWizard


class DerivedPreview(QGroupBox):
    """Every derived value as the finished character will have it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("副能力値（作成時の値）"), parent)
        form = QFormLayout(self)
        self.labels: dict[str, QLabel] = {}
        rows = (
            ("reactions", "リアクション"),
            ("health", "Health"),
            ("defence", "Defence（10 + NIM 修正）"),
            ("courage", "Courage"),
            ("renown", "Renown"),
            ("size", "Size / 負傷段階"),
            ("encumbrance", "荷重（普通 / 重荷 / 超重荷）"),
            ("damage", "ダメージ修正（STR 修正）"),
        )
        for key, title in rows:
            self.labels[key] = QLabel("—")
            self.labels[key].setWordWrap(True)
            form.addRow(self.tr(title), self.labels[key])

    def show_preview(self, preview: CreationPreview) -> None:
        labels = self.labels
        if preview.reactions is None:
            labels["reactions"].setText(self.tr("能力値をすべて割り当てると決まります"))
        else:
            labels["reactions"].setText(
                " / ".join(f"{REACTION_NAMES[r]} {preview.reactions[r]:+d}" for r in REACTION_IDS)
            )
        labels["health"].setText(
            self.tr("{0}（VIT + STR 修正）").format(preview.health) if preview.health is not None else "—"
        )
        labels["defence"].setText("—" if preview.defence is None else str(preview.defence))
        courage = str(preview.courage)
        if not preview.courage_known:
            courage += self.tr("（種族・職業の修正は未設定）")
        labels["courage"].setText(courage)
        labels["renown"].setText(str(preview.renown))
        wounds = "—" if preview.wound_levels is None else str(preview.wound_levels)
        labels["size"].setText(self.tr("{0} / {1} 段階").format(preview.size or "—", wounds))
        bands = preview.encumbrance
        labels["encumbrance"].setText(
            "—" if bands is None else self.tr("{0} / {1} / {2} まで").format(*bands)
        )
        labels["damage"].setText(signed(preview.damage_bonus))


class FavouredPage(LotRPage):
    """3 得意能力値 (2) と得意リアクション (1), with the derived values."""

    step = STEP_FAVOURED

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        super().__init__(model, parent)
        self.setTitle(self.tr("得意能力値・リアクション"))
        attributes_box = QGroupBox(self.tr("得意能力値（2 つ。成長に必要なポイントが少なくなる）"))
        attributes_layout = QHBoxLayout(attributes_box)
        self.favoured_checks: dict[str, QCheckBox] = {}
        for a in ATTRIBUTE_IDS:
            check = self.favoured_checks[a] = QCheckBox()
            check.toggled.connect(lambda on, a=a: self.guard(lambda: model.set_favoured(a, on)))
            attributes_layout.addWidget(check)
        reactions_box = QGroupBox(self.tr("得意リアクション（1 つ）"))
        reactions_layout = QHBoxLayout(reactions_box)
        group = QButtonGroup(self)
        self.reaction_radios: dict[str, QRadioButton] = {}
        for r in REACTION_IDS:
            radio = self.reaction_radios[r] = QRadioButton()
            group.addButton(radio)
            radio.toggled.connect(lambda on, r=r: on and self.guard(lambda: model.set_favoured_reaction(r)))
            reactions_layout.addWidget(radio)
        self.derived = DerivedPreview()
        for widget in (attributes_box, reactions_box, self.derived):
            self.body.addWidget(widget)
        self.body.addStretch(1)
        self.refresh()

    def editors(self) -> Sequence[QWidget]:
        return (*self.favoured_checks.values(), *self.reaction_radios.values())

    def sync(self) -> None:
        draft, preview = self.model.draft, self.model.preview()
        for a, check in self.favoured_checks.items():
            value = preview.attributes[a]
            # 「9（+1）」, "9 (+1)": the brackets of the UI language
            shown = (
                ""
                if value is None
                else " " + self.tr("{0}（{1}）").format(value, f"{preview.modifiers[a]:+d}")
            )
            check.setText(f"{ATTRIBUTE_NAMES[a]}{shown}")
            check.setChecked(a in draft.favoured_attributes)
        for r, radio in self.reaction_radios.items():
            bonus = "" if preview.reactions is None else f" {preview.reactions[r]:+d}"
            radio.setText(f"{REACTION_NAMES[r]}{bonus}")
            radio.setChecked(draft.favoured_reaction == r)
        self.derived.show_preview(preview)


class LotRWizard(CreationWizard):
    """Creates one LotR character; `created_id` holds its id after 完了."""

    def __init__(self, model: LotRCreationModel, parent: QWidget | None = None) -> None:
        pages = (
            OriginPage(model),
            AttributesPage(model),
            FavouredPage(model),
            SkillsPage(model),
            ExtrasPage(model),
        )
        title = QCoreApplication.translate("LotRWizard", "指輪物語RPG キャラクター作成")
        super().__init__(model, title, pages, lambda: model.override, model.set_override, parent)
        self.pages: list[LotRPage] = list(pages)
        self.origin_page, self.attributes_page, self.favoured_page, self.skills_page, self.extras_page = pages
