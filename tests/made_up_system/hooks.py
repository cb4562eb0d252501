"""作り話RPG's Qt side: what the window, the CLI and the 戦闘 menu need of it, as
`gmtool/app/<id>/hooks.py` declares a shipped system's."""

from __future__ import annotations

from gmtool.app.system_hooks import MenuTool, SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="madeup",
    menu=imported("tests.made_up_system.menu:MadeUpMenu"),
    panel=panel("tests.made_up_system.panel:MadeUpPanelModel", "tests.made_up_system.panel:MadeUpPanelView"),
    first_side=lambda: None,
    sheet=imported("tests.made_up_system.panel:MadeUpSheetView"),
    cli=value_of("tests.made_up_system.cli"),
    print_parts=value_of("gmtool.views.print.parts:COMMON_PARTS"),
    battle_tools=(
        MenuTool(lambda: "作り話の地図…", "tests.made_up_system.panel:MadeUpMapDialog", "Ctrl+Shift+V"),
    ),
)
