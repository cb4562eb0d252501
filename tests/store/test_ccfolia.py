"""CCFolia clipboard JSON: every system's new character and every demo character has CCFolia's
shape; resources are status bars, the rest params; hidden participants stay out unless asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmtool.rules.battle import Encounter, Participant, Resource, Side
from gmtool.rules.battle_rules import combat_rules
from gmtool.rules.palette import command_lines, palette_variables
from gmtool.rules.systems import SYSTEMS
from gmtool.store.ccfolia import (
    character_to_ccfolia,
    dumps,
    encounter_to_ccfolia,
    participant_to_ccfolia,
    validate_ccfolia,
    write_ccfolia,
)


def labels(rows):
    return [row["label"] for row in rows]


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_a_new_character_of_every_system_validates(system_id):
    character = SYSTEMS[system_id].new_character("新人")
    document = character_to_ccfolia(system_id, character)
    validate_ccfolia(document)
    validate_ccfolia(json.loads(dumps(document)))  # the text round-trips
    assert document["kind"] == "character"
    assert document["data"]["name"] == "新人"
    assert document["data"]["commands"] == "\n".join(command_lines(system_id, character))


def test_every_demo_character_validates(demo_characters):
    assert {system for system, _ in demo_characters} == set(SYSTEMS)
    for system_id, character in demo_characters:
        document = character_to_ccfolia(system_id, character)
        validate_ccfolia(document)
        params = {row["label"]: row["value"] for row in document["data"]["params"]}
        # The palette's {name} resolve from the params, with the same values.
        for name, value in palette_variables(system_id, character).items():
            assert params[name] == str(value), (character.name, name)


def test_status_holds_the_resources_and_params_the_values(demo_characters):
    by_name = {c.name: (s, c) for s, c in demo_characters}
    system_id, mina = by_name["ミナ・クローデル"]
    data = character_to_ccfolia(system_id, mina)["data"]
    assert data["status"] == [
        {"label": "HP", "value": mina.hp, "max": mina.hp_max},
        {"label": "MP", "value": mina.mp, "max": mina.mp_max},
    ]
    assert "HP" not in labels(data["params"]) and "反射" in labels(data["params"])
    assert data["initiative"] == mina.combat.initiative  # 行動値
    assert "2D6+{反射}>={難易度}[11] 【反射判定】" in data["commands"].splitlines()  # critical 11
    assert "難易度" in labels(data["params"])  # CCFolia fills {難易度} from the character's params

    system_id, nar = by_name["ナール"]
    data = character_to_ccfolia(system_id, nar)["data"]
    assert labels(data["status"]) == ["ダメージ", "疲労段階", "勇気"]
    assert data["initiative"] == nar.reactions.swiftness

    system_id, lise = by_name["リゼ・アルノー"]
    data = character_to_ccfolia(system_id, lise)["data"]
    assert labels(data["status"]) == ["疲労", "負傷"]
    dead_line = next(int(p["value"]) for p in data["params"] if p["label"] == "死亡ライン")
    assert {row["max"] for row in data["status"]} == {dead_line}
    assert data["initiative"] == 0  # the GM orders フォーカード's turns

    system_id, deck = by_name["リーフ・ウォーカー"]
    data = character_to_ccfolia(system_id, deck)["data"]
    assert data["commands"] == ""  # MTGでTRPG rolls no dice
    assert labels(data["status"]) == ["ライフ"]


def test_an_npcs_notes_stay_with_the_gm(demo_characters):
    pc = next(c for s, c in demo_characters if s == "aw" and c.is_pc and c.notes)
    assert pc.notes in character_to_ccfolia("aw", pc)["data"]["memo"]
    from dataclasses import replace

    npc = replace(pc, is_pc=False)
    assert pc.notes not in character_to_ccfolia("aw", npc)["data"]["memo"]


def encounter(system_id: str = "aw") -> Encounter:
    hp = (Resource("hp", "HP", 20, 30), Resource("mp", "MP", 5, None))
    return Encounter(
        name="遭遇",
        system=system_id,
        participants=(
            Participant("p1", "勇者", is_pc=True, side=Side.ALLY, initiative=9, resources=hp),
            Participant(
                "p2", "ゴブリン A", initiative=5, values={"reflex": 2, "initiative_dice": 3}, resources=hp
            ),
            Participant("p3", "黒幕", hidden=True, initiative=12, resources=hp),
        ),
    )


def test_hidden_participants_are_left_out_unless_asked():
    shown = encounter_to_ccfolia(encounter())
    assert [d["data"]["name"] for d in shown] == ["勇者", "ゴブリン A"]
    every = encounter_to_ccfolia(encounter(), include_hidden=True)
    assert [d["data"]["name"] for d in every] == ["勇者", "ゴブリン A", "黒幕"]
    assert every[2]["data"]["secret"] is True  # exported on request: its status kept secret
    for document in every:
        validate_ccfolia(document)


def test_a_participant_carries_its_current_resources_and_named_values():
    goblin = encounter().participants[1]
    data = participant_to_ccfolia(goblin, "aw", palette=["2D6+{反射}>=10 【反射判定】"])["data"]
    assert data["status"] == [{"label": "HP", "value": 20, "max": 30}, {"label": "MP", "value": 5, "max": 0}]
    assert data["params"] == [{"label": "反射", "value": "2"}]  # bookkeeping keys stay out
    assert data["initiative"] == 5
    assert data["commands"] == "2D6+{反射}>=10 【反射判定】"


def test_a_linked_participant_takes_its_sheet(demo_characters):
    system_id, toru = next((s, c) for s, c in demo_characters if c.name == "朝霧 透")
    seed = combat_rules(system_id).from_character(toru)
    hurt = (Resource("hp", "HP", 3, toru.hp_max), *seed.resources[1:])
    participant = Participant("p1", toru.name, character_id="c1", initiative=seed.initiative, resources=hurt)
    documents = encounter_to_ccfolia(
        Encounter(system=system_id, participants=(participant,)), characters={"c1": toru}
    )
    data = documents[0]["data"]
    assert data["status"][0] == {"label": "HP", "value": 3, "max": toru.hp_max}
    assert data["commands"] == "\n".join(command_lines(system_id, toru))
    assert "反射" in labels(data["params"])


def test_a_saved_file_parses(tmp_path: Path):
    document = character_to_ccfolia("aw", SYSTEMS["aw"].new_character("保存"))
    path = write_ccfolia(tmp_path / "x.ccfolia.json", document)
    validate_ccfolia(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(kind="item"), "kind"),
        (lambda d: d["data"].pop("commands"), "data.commands"),
        (lambda d: d["data"].update(initiative="9"), "data.initiative"),
        (lambda d: d["data"]["status"].append({"label": "HP", "value": 1}), "data.status[2]"),
        (lambda d: d["data"]["status"][0].update(max=float("nan")), "data.status[0].max"),
        (lambda d: d["data"]["params"][0].update(value=3), "data.params[0].value"),
        (lambda d: d["data"].update(hp=3), "data.hp"),
        (lambda d: d["data"].update(secret="yes"), "data.secret"),
    ],
)
def test_validation_names_the_bad_path(change, path):
    document = character_to_ccfolia("aw", SYSTEMS["aw"].new_character("壊す"))
    validate_ccfolia(document)
    change(document)
    with pytest.raises(ValueError, match="^" + re.escape(path) + ":"):
        validate_ccfolia(document)
