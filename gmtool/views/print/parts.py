"""What a game system adds to the printed sheet, so the shared print code never names a system.

Each system declares its `PrintParts` in `gmtool/views/<id>/print_parts.py` (reached through
`SystemHooks.print_parts`); the sheet functions take them as a parameter. `COMMON_PARTS` adds
nothing: the shared labels, the shared outcome names and colours, no session sections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.rules.checks import CheckKind


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Marks `source` for lupdate (which finds the call by this name) and returns it unchanged, as
    Qt's own does; PySide6's stub types Qt's as returning `object`, so the labels use this one."""
    return source


@dataclass(frozen=True)
class PrintParts:
    # Field / computed-value key → QT_TRANSLATE_NOOP("SheetPrint", …) source; translated at print
    # time, and taking precedence over the shared names (AW calls its skills 特技).
    labels: Mapping[str, str] = field(default_factory=dict)
    # Names the rule tables give (LotR attributes and reactions, フォーカード IQ/DX/…), asked only
    # for a key no label names; a function so the tables load when a sheet is printed.
    rule_names: Callable[[], Mapping[str, str]] | None = None
    # The sections the on-screen sheet shows from the campaign's session state (AW 契約, 千幻抄 縁故).
    session_html: Callable[[CampaignModel, str], str] | None = None
    # The name and colour of an outcome code the shared code does not know; None for any other code.
    outcome_name: Callable[[Any], str | None] | None = None
    outcome_color: Callable[[Any], str | None] | None = None
    # The name a stored id prints as (field key, id → its term: フォーカード's "female" → 女性, LotR's
    # "dwarf" → Dwarf（ドワーフ）); None where the value is printed as it is (a name, a number).
    value_name: Callable[[str, Any], str | None] | None = None
    # A check's name where the system's own differs from its label in the UI language (LotR's
    # 「Appraise（鑑定）」 is 「Appraise」 in English); None: the label, translated.
    check_name: Callable[[CheckKind], str] | None = None
    # What the main check's default difficulty is called (難易度, 目標値, TN): a QT_TRANSLATE_NOOP source.
    difficulty_label: str = QT_TRANSLATE_NOOP("SheetPrint", "難易度")
    # False where a check has no 判定値 of its own (MTG's 行動判定 compare two cards): the 判定値
    # section lists the checks without a number.
    check_values: bool = True


COMMON_PARTS = PrintParts()
