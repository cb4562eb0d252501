"""千幻抄: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import SystemHooks, imported, panel, value_of

HOOKS = SystemHooks(
    id="sengensho",
    menu=imported("gmtool.app.sengensho.menu:SengenshoMenu"),
    panel=panel(
        "gmtool.models.sengensho.check_model:SengenshoCheckModel",
        "gmtool.views.sengensho.check_view:SengenshoCheckView",
    ),
    first_side=value_of("gmtool.rules.checks:Side.ACTION"),
    sheet=imported("gmtool.app.sengensho.sheet:sengensho_sheet"),
    cli=value_of("gmtool.app.sengensho.cli"),
    print_parts=value_of("gmtool.views.sengensho.print_parts:PARTS"),
    session_sheet=imported("gmtool.models.sengensho.export_sheet:sengensho_session_sheet"),
    # F1 in its dialogs: the page of the manual about each (resources/manual/<lang>/).
    manual={
        "SengenshoCatalogDialog": "sengensho.md#catalog",
        "SengenshoSessionDialog": "sengensho.md#session",
        "SengenshoBondDialog": "sengensho.md#session",
        "SengenshoOpposedDialog": "sengensho.md#opposed",
    },
)
