"""フォーカード in CCFolia: the damage tracks end at the 死亡 line; the GM orders the turns."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.rules.battle import Resource
from gmtool.rules.systems.base import CCFoliaExport, SheetField
from gmtool.rules.systems.fourcard.character import ATTRIBUTES, FourCardCharacter
from gmtool.rules.systems.fourcard.combat import FATIGUE, INJURY
from gmtool.rules.systems.fourcard.derived import derive, lines_for


def _sheet_params(character: FourCardCharacter) -> list[tuple[str, int]]:
    derived = derive(character)
    return [
        *((key.upper(), derived[key]) for key in ("iq", "dx", "st", "wp", "vt")),
        ("総合LV", derived["level"]),
        ("移動力", derived["movement"]),
        ("衰弱ライン", derived["weakened_line"]),
        ("昏倒ライン", derived["unconscious_line"]),
        ("死亡ライン", derived["dead_line"]),
    ]


def _track_end(resource: Resource, values: Mapping[str, int]) -> int | None:
    if resource.grows and all(k in values for k in ("st", "wp", "vt")):
        # 疲労 and 負傷 add up to 累積ダメージ, which ends at the 死亡 line: the track's end.
        return lines_for(values["st"], values["wp"], values["vt"]).dead
    return None


CCFOLIA = CCFoliaExport(
    value_labels={"st": "ST", "wp": "WP", "vt": "VT"},
    sheet_params=_sheet_params,
    track_end=_track_end,
    # The five values are the sheet's attributes as they stand (a character read in has no
    # gains or losses yet); the tracks' end is the 死亡 line, computed.
    sheet_fields={
        FATIGUE: SheetField("fatigue"),
        INJURY: SheetField("injury"),
        **{label: SheetField(f"attributes.{key}") for key, label in ATTRIBUTES},
    },
)
