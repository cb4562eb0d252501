"""指輪物語RPG（CODA）: what the window, the CLI and the tracker need of it (`gmtool.app.systems`).

Each reference is imported when the window first asks for it (`gmtool.app.system_hooks`).
"""

from __future__ import annotations

from gmtool.app.system_hooks import MenuTool, SystemHooks, imported, panel, value_of


def _army_title() -> str:
    from PySide6.QtCore import QCoreApplication  # when the menu is built: this module imports no Qt

    return QCoreApplication.translate("BattleMenu", "軍勢・攻城戦（指輪物語）…")


HOOKS = SystemHooks(
    id="lotr",
    menu=imported("gmtool.app.lotr.menu:LotRMenu"),
    panel=panel(
        "gmtool.models.lotr.check_model:LotRCheckModel",
        "gmtool.views.lotr.check_view:LotRCheckView",
    ),
    first_side=value_of("gmtool.rules.systems.lotr.checks:Contestant.A"),
    sheet=imported("gmtool.app.lotr.sheet:lotr_sheet"),
    cli=value_of("gmtool.app.lotr.cli"),
    print_parts=value_of("gmtool.views.lotr.print_parts:PARTS"),
    has_wizard=True,
    tracker_box=imported("gmtool.app.lotr.tracker:tracker_box"),
    # The army tracker, in the 戦闘 menu of every campaign (the GM may use it for any system),
    # built with its models by gmtool.app.lotr.army.
    battle_tools=(
        MenuTool(
            _army_title,
            "gmtool.views.lotr.army.army_dialog:ArmyDialog",
            "Ctrl+Shift+A",
            make="gmtool.app.lotr.army:army_dialog",
        ),
    ),
    test_steps=imported("gmtool.app.lotr.test_steps:test_steps"),
    # F1 in its dialogs: the page of the manual about each (resources/manual/<lang>/).
    manual={
        "LotRWizard": "lotr.md#wizard",
        "LotRAdvancementDialog": "lotr.md#advancement",
        "LotRRulesDialog": "lotr.md#rules",
        "LotRCareDialog": "lotr.md#recovery",
        "LotRHazardDialog": "lotr.md#recovery",
        "LotRRenownDialog": "lotr.md#character",
        "ArmyDialog": "lotr.md#army",
    },
)
