"""MTGでTRPG: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="mtg",
    menu=imported("gmtool.app.mtg.menu:MTGMenu"),
    panel=panel(
        "gmtool.models.mtg.check_model:MTGCheckModel",
        "gmtool.views.mtg.check_view:MTGCheckView",
    ),
    first_side=value_of("gmtool.rules.checks:Side.ACTION"),
    sheet=imported("gmtool.app.mtg.sheet:mtg_sheet"),
    cli=value_of("gmtool.app.mtg.cli"),
    print_parts=value_of("gmtool.views.mtg.print_parts:PARTS"),
    has_wizard=True,  # 「PCはデッキ」: a decklist, or an empty deck
    # F1 in its dialogs: the page of the manual about each (resources/manual/<lang>/).
    manual={
        "MTGDecklistDialog": "mtg.md#deck",
        "MTGCardDatabaseDialog": "mtg.md#card-database",
        "MTGCardEntryDialog": "mtg.md#card-database",
        "MTGLibraryDialog": "mtg.md#library",
        "MTGOutsideDialog": "mtg.md#check",
    },
)
