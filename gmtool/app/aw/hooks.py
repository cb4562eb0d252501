"""アナザーワールドSRS 3rd: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="aw",
    menu=imported("gmtool.app.aw.menu:AWMenu"),
    panel=panel(
        "gmtool.models.aw.check_model:AWCheckModel",
        "gmtool.views.aw.check_view:AWCheckView",
    ),
    first_side=value_of("gmtool.rules.checks:Side.ACTION"),
    sheet=imported("gmtool.views.aw.sheet_view:AWSheetView"),
    cli=value_of("gmtool.app.aw.cli"),
    print_parts=value_of("gmtool.views.aw.print_parts:PARTS"),
    tracker_box=imported("gmtool.app.aw.tracker:tracker_box"),
    srs=lambda character: (character.critical, character.fumble),
    test_steps=imported("gmtool.app.aw.test_steps:test_steps"),
    # F1 in its dialogs: the page of the manual about each (resources/manual/<lang>/).
    manual={
        "AWSessionDialog": "aw.md#session",
        "AWSupplyDialog": "aw.md#supply",
        "AWFocusDialog": "aw.md#focus",
    },
)
