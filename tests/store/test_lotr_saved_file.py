"""A saved LotR (CODA) character file (tests/data/lotr_character_v1.gmchar.json).

The file was written by `export_character` from `sample_lotr_character()`: it must keep loading to
the same character, and exporting that character again must give the same JSON (the format has
not drifted, beyond fields added later with their defaults).  A hand-edited or hostile variant is
refused with a Japanese message that names the file and the exact path of the bad value, and the
refusal writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.lotr import derived
from gmtool.rules.systems.lotr.character import Advancement, LotRCharacter, Pick, XpEntry
from gmtool.rules.systems.lotr.kinds import check_kinds
from gmtool.store.errors import ExchangeError
from gmtool.store.exchange import export_character, import_character
from tests.qt_fixtures import sample_lotr_character

SAVED_FILE = Path(__file__).resolve().parents[1] / "data" / "lotr_character_v1.gmchar.json"


def test_the_saved_file_imports_to_the_sample_character() -> None:
    system_id, character = import_character(SAVED_FILE)
    assert system_id == "lotr"
    assert isinstance(character, LotRCharacter)
    assert character == sample_lotr_character()
    # What the sheet shows for it: a Small hobbit, four wound levels, the Hide specialisation.
    assert (character.name, character.race, character.subrace, character.order) == (
        "ピピン",
        "hobbit",
        "fallohide",
        "rogue",
    )
    assert (character.size, character.wound_levels, character.health, character.courage) == ("small", 4, 7, 3)
    assert derived.defence(character) == 11
    assert [lv.id for lv in derived.wound_track(character).levels][-1] == "incapacitated"
    kinds = {k.id: k.value for k in check_kinds(character)}
    assert (kinds["skill:Stealth"], kinds["skill:Stealth:Hide"], kinds["reaction:swiftness"]) == (7, 9, 1)


# Fields added since the file was saved (issue 25: load, Armed Combat picks, the orders an
# advancement counts for, age), written with their defaults: an older file reads as these values.
ADDED_SINCE = {"load": None, "combat_picks": [], "advancing_orders": [], "age": ""}


def test_exporting_it_again_gives_the_same_file(tmp_path: Path) -> None:
    _, character = import_character(SAVED_FILE)
    export_character(tmp_path / "again.gmchar.json", "lotr", character)
    again = json.loads((tmp_path / "again.gmchar.json").read_text("utf-8"))
    saved = json.loads(SAVED_FILE.read_text("utf-8"))
    saved["data"].update(ADDED_SINCE)
    assert again == saved, "the saved format has not drifted beyond the fields added with defaults"
    assert again["schema_version"] == SYSTEMS["lotr"].schema_version == 1


def test_a_played_character_round_trips(tmp_path: Path) -> None:
    """Everything play adds (damage, courage spent, XP, advancements, overrides) survives a file."""
    played = replace(
        sample_lotr_character(),
        damage=12,
        weariness=2,
        courage_spent=2,
        corruption=1,
        renown=3,
        xp_log=(XpEntry("2026-03-01", "ブリー村の目的", 333), XpEntry("", "判定 TN 15", 15)),
        advancements=(
            Advancement("rogue", (Pick("skill_rank", "Stealth", 1, "メモ"), Pick("flaw", "Greedy", -6))),
        ),
        overrides=("作成時の GM 許可: テスト",),
        money="3 SP",
        notes="ホビット庄の出",
        is_pc=False,
    )
    path = tmp_path / "played.gmchar.json"
    export_character(path, "lotr", played)
    assert import_character(path) == ("lotr", played)


# --- hostile and corrupt files ---------------------------------------------------------------------


def _edited(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    envelope = json.loads(SAVED_FILE.read_text("utf-8"))
    edit(envelope["data"])
    path = tmp_path / "edited.gmchar.json"
    path.write_text(json.dumps(envelope, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def _first_skill(change: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["skills"][0].update(change)


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    (
        "courage as text",
        lambda d: d.update(courage="3"),
        'data.courage: 整数でなければなりません（入力: "3"）',
    ),
    (
        "attribute as a boolean",
        lambda d: d["attributes"].update(brg=True),
        "data.attributes.brg: 整数でなければなりません（入力: true）",
    ),
    (
        "damage as a float",
        lambda d: d.update(damage=1.5),
        "data.damage: 整数でなければなりません（入力: 1.5）",
    ),
    (
        "ranks as text",
        _first_skill({"ranks": "3"}),
        'data.skills[0].ranks: 整数でなければなりません（入力: "3"）',
    ),
    (
        "skills as an object",
        lambda d: d.update(skills={"Stealth": 6}),
        "data.skills: 配列（[…]）でなければなりません",
    ),
    ("name as null", lambda d: d.update(name=None), "data.name: 文字列でなければなりません（入力: null）"),
    (
        "courage spent over Courage",
        lambda d: d.update(courage_spent=4),
        "data: 使った勇気（4）が Courage（3）を超えています",
    ),
    ("unknown key", lambda d: d.update(hit_points=30), "data.hit_points: 未知の項目です"),
    ("unknown attribute", lambda d: d["attributes"].update(cha=12), "data.attributes.cha: 未知の項目です"),
    ("unknown skill key", _first_skill({"level": 3}), "data.skills[0].level: 未知の項目です"),
    (
        "duplicate skill",
        lambda d: d["skills"].append(dict(d["skills"][0])),
        "data: 技能が重複しています: Acrobatics",
    ),
    (
        "duplicate specialisation",
        lambda d: d["skills"][-1].update(specialisations=["Hide", "Hide"]),
        "data.skills[6]: Stealth の特化が重複しています",
    ),
    (
        "duplicate favoured attribute",
        lambda d: d.update(favoured_attributes=["nim", "nim"]),
        "data: 得意能力値が重複しています",
    ),
    (
        "three favoured attributes",
        lambda d: d.update(favoured_attributes=["nim", "per", "wit"]),
        "data.favoured_attributes: 項目が多すぎます（最大 2 個）",
    ),
    (
        "ranks over 12",
        _first_skill({"ranks": 13}),
        "data.skills[0].ranks: 12 以下でなければなりません（入力: 13）",
    ),
    ("negative corruption", lambda d: d.update(corruption=-1), "data.corruption: 0 以上でなければなりません"),
    (
        "weariness past Exhausted",
        lambda d: d.update(weariness=6),
        "data.weariness: 5 以下でなければなりません",
    ),
    ("six wound levels", lambda d: d.update(wound_levels=6), "data.wound_levels: 5 以下でなければなりません"),
    ("Health 0", lambda d: d.update(health=0), "data.health: 1 以上でなければなりません（入力: 0）"),
    ("unknown size", lambda d: d.update(size="tiny"), "data.size: 次のいずれかでなければなりません"),
    ("unknown skill attribute", _first_skill({"attribute": "cha"}), "data.skills[0].attribute: 次のいずれか"),
    (
        "skill without a name",
        lambda d: d.update(skills=[{"ranks": 3}]),
        "data.skills[0].name: 必須項目がありません",
    ),
    (
        "XP as text",
        lambda d: d.update(xp_log=[{"date": "", "reason": "", "xp": "100"}]),
        'data.xp_log[0].xp: 整数でなければなりません（入力: "100"）',
    ),
    (
        "unknown pick kind",
        lambda d: d.update(advancements=[{"order": "rogue", "picks": [{"kind": "wish"}], "date": ""}]),
        "data.advancements[0].picks[0].kind: 次のいずれかでなければなりません",
    ),
    (  # issue 25 review: 50 copies of one pick loaded and gave +50 to every attack
        "the same Armed Combat pick fifty times",
        lambda d: d.update(
            combat_picks=[{"skill": "Armed Combat: Blades", "rank": 6, "action": "attack"}] * 50
        ),
        "data: 戦闘行動の選択が重複しています（ランクごとに 1 つ）: Armed Combat: Blades ランク 6",
    ),
    (
        "an Armed Combat pick on another skill",
        lambda d: d.update(combat_picks=[{"skill": "Stealth", "rank": 6, "action": "attack"}]),
        "data.combat_picks[0]: 戦闘行動の選択（Stealth ランク 6）: "
        "「Stealth」は Armed Combat の技能ではありません",
    ),
    (
        "an Armed Combat pick of an unknown action",
        lambda d: d.update(combat_picks=[{"skill": "Armed Combat: Blades", "rank": 9, "action": "smite"}]),
        "data.combat_picks[0]: 戦闘行動の選択（Armed Combat: Blades ランク 9）: "
        "戦闘行動 'smite' はありません",
    ),
    (
        "a huge reason",
        lambda d: d.update(xp_log=[{"date": "", "reason": "あ" * 201, "xp": 1}]),
        "data.xp_log[0].reason: 文字列が長すぎます（最大 200 文字",
    ),
]


@pytest.mark.parametrize(("edit", "expected"), [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_file_is_refused_with_the_path(
    tmp_path: Path, snapshot: Callable[[Path], dict[str, bytes]], edit: Callable[[dict], None], expected: str
) -> None:
    path = _edited(tmp_path, edit)
    before = snapshot(tmp_path)
    with pytest.raises(ExchangeError) as info:
        import_character(path)
    message = str(info.value)
    assert "edited.gmchar.json" in message, message
    assert expected in message, message
    assert "Value error" not in message and "validation error" not in message, "our Japanese, not pydantic's"
    assert len(message) < 400
    assert snapshot(tmp_path) == before, "a refused file leaves the disk untouched"


def test_several_problems_name_the_first_and_count_the_rest(tmp_path: Path) -> None:
    path = _edited(tmp_path, lambda d: d.update(courage="3", zzz=1))
    with pytest.raises(ExchangeError) as info:
        import_character(path)
    assert "data.courage: 整数でなければなりません" in str(info.value)
    assert "ほか 1 件" in str(info.value)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    envelope = json.loads(SAVED_FILE.read_text("utf-8"))
    envelope["schema_version"] = 2
    path = tmp_path / "newer.gmchar.json"
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ExchangeError, match="スキーマ v2、このバージョンは v1 まで"):
        import_character(path)
