"""フォーカード: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="fourcard",
    menu=imported("gmtool.app.fourcard.menu:FourCardMenu"),
    panel=panel(
        "gmtool.models.fourcard.check_model:FourCardCheckModel",
        "gmtool.views.fourcard.check_view:FourCardCheckView",
    ),
    first_side=value_of("gmtool.rules.systems.fourcard.checks:Contestant.A"),
    sheet=imported("gmtool.app.fourcard.sheet:fourcard_sheet"),
    cli=value_of("gmtool.app.fourcard.cli"),
    print_parts=value_of("gmtool.views.fourcard.print_parts:PARTS"),
    has_wizard=True,
    # F1 in its dialogs: the page of the manual about each (resources/manual/<lang>/).
    manual={
        "FourCardWizard": "fourcard.md#wizard",
        "FourCardGrowthDialog": "fourcard.md#growth",
        "SkillCatalogDialog": "fourcard.md#catalog",
    },
)
