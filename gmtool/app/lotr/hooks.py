"""指輪物語RPG（CODA）: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="lotr",
    menu=imported("gmtool.app.lotr.menu:LotRMenu"),
    panel=panel(
        "gmtool.models.lotr.check_model:LotRCheckModel",
        "gmtool.views.lotr.check_view:LotRCheckView",
    ),
    first_side=value_of("gmtool.rules.systems.lotr.checks:Contestant.A"),
    sheet=imported("gmtool.views.lotr.sheet_view:LotRSheetView"),
    cli=value_of("gmtool.app.lotr.cli"),
    print_parts=value_of("gmtool.views.lotr.print_parts:PARTS"),
    has_wizard=True,
    tracker_box=imported("gmtool.app.lotr.tracker:tracker_box"),
)
