"""Udonarium characters onto gmtool's sheets (gmtool.store.udonarium_import): Udonarium's own sample
characters (tests/data/udonarium, written by make_samples.py from Udonarium's source) go on the
chosen system's sheet with their gauges, their other values and notes kept in the notes; gmtool's
own export comes back onto the sheet it left; a value the sheet keeps that is not a whole number or
that the sheet refuses is refused with the reason, and the others still go in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings, strategies as st

from gmtool.rules.systems import SYSTEMS, get_system
from gmtool.store.udonarium import UdonariumCharacter, character_to_udonarium
from gmtool.store.udonarium_import import plan_import, system_named_by
from gmtool.store.udonarium_read import read_udonarium
from tests.data.udonarium import make_samples

SAMPLES = Path(make_samples.__file__).parent
ROOM = SAMPLES / "ルームデータ_2025-04-23_2119.zip"
MONSTER = SAMPLES / "xml_モンスターA_2025-04-23_2119.zip"


def test_the_sample_saves_are_what_the_script_makes():
    for file_name, data in make_samples.samples():
        assert (SAMPLES / file_name).read_bytes() == data, file_name


def test_udonariums_six_sample_characters_go_on_the_chosen_sheet():
    characters = read_udonarium(ROOM)
    assert [c.name for c in characters] == make_samples.SAMPLE_NAMES
    for each in characters:
        assert system_named_by(each) is None  # Udonarium's generic DiceBot, no gmtool memo
        plan = plan_import(each, "aw")
        assert plan.system_id == "aw" and not plan.detected and plan.refusal is None
        sheet = plan.character
        assert (sheet.name, sheet.hp, sheet.hp_max, sheet.mp, sheet.mp_max) == (each.name, 200, 200, 100, 100)
        assert plan.read == ("HP", "MP")
        # Another game's values and Udonarium's notes: kept in the notes, nothing lost.
        assert "器用度" in plan.kept and "Lv9" in plan.kept
        assert "説明: ここに説明を書く\nあいうえお" in sheet.notes
        assert "任意の文字列\n１\n２\n３\n４\n５" in sheet.notes
        assert "器用度 24" in sheet.notes and "Lv9 薙ぎ払い" in sheet.notes


def test_a_character_saved_from_its_sheet_reads_on_every_system():
    [monster] = read_udonarium(MONSTER)
    for system_id in SYSTEMS:
        plan = plan_import(monster, system_id)
        assert plan.refusal is None, (system_id, plan.refusal)
        assert plan.character.name == "モンスターA"
        get_system(system_id).dump_character(plan.character)  # a sheet the system stores


def test_gmtools_own_export_comes_back_onto_the_sheet_it_left(demo_characters):
    for system_id, character in demo_characters:
        exported = character_to_udonarium(system_id, character)
        plan = plan_import(exported, fallback_system="mtg" if system_id != "mtg" else "aw")
        assert (plan.system_id, plan.detected, plan.refusal) == (system_id, True, None), character.name
        again = character_to_udonarium(system_id, plan.character)
        fields = get_system(system_id).ccfolia.sheet_fields
        # Every gauge as it left (its current value and maximum on the sheet, or computed again),
        # and every value the sheet keeps.
        assert again.resources == exported.resources, character.name
        kept = [p for p in exported.params if p[0] in fields]
        assert [p for p in again.params if p[0] in fields] == kept, character.name
        assert {label for label, _v in kept} <= set(plan.read)
        assert not plan.character.notes.startswith(str(SYSTEMS[system_id].name))  # its name is not a note


def test_a_palette_set_to_a_systems_own_bot_names_the_system():
    assert system_named_by(UdonariumCharacter("a", dicebot="SRS")) == "aw"
    assert system_named_by(UdonariumCharacter("b", dicebot="Sengensyou")) == "sengensho"
    assert system_named_by(UdonariumCharacter("c", dicebot="SwordWorld2.5")) is None
    assert plan_import(UdonariumCharacter("d", dicebot="SRS"), "lotr").system_id == "aw"


def test_what_does_not_fit_the_sheet_is_refused_with_the_reason():
    [monster] = read_udonarium(MONSTER)
    not_a_number = replace(monster, params=(("反射", "速い"),))
    plan = plan_import(not_a_number, "aw")
    assert plan.character is None and "「反射」の値「速い」は整数ではありません" in str(plan.refusal)
    too_big = replace(monster, params=(("体力", "100000"),))
    refused = plan_import(too_big, "aw").refusal
    assert refused is not None and "attributes.body" in str(refused)
    assert "名前" in str(plan_import(replace(monster, name="  "), "aw").refusal)
    control = plan_import(replace(monster, notes=(("メモ", "bell\x07"),)), "aw").refusal
    assert control is not None and "制御文字" in str(control)
    # A 千幻抄 value that is not a number is kept as a note, not refused: it has no place there.
    assert plan_import(replace(monster, params=(("反射", "速い"),)), "sengensho").refusal is None


LABELS = sorted(
    {label for system_id in SYSTEMS for label in get_system(system_id).ccfolia.sheet_fields}
    | {"HP", "MP", "勇気", "ダメージ", "疲労", "器用度", ""}
)
texts = st.text(max_size=12) | st.integers(-(10**7), 10**7).map(str)
udonarium_characters = st.builds(
    UdonariumCharacter,
    name=st.text(max_size=20),
    resources=st.lists(
        st.tuples(st.sampled_from(LABELS), st.integers(-(10**7), 10**7), st.integers(-(10**7), 10**7)),
        max_size=5,
    ).map(tuple),
    params=st.lists(st.tuples(st.sampled_from(LABELS) | st.text(max_size=8), texts), max_size=8).map(tuple),
    notes=st.lists(st.tuples(st.sampled_from(["メモ", "説明"]), st.text(max_size=40)), max_size=3).map(tuple),
    dicebot=st.sampled_from(["DiceBot", "SRS", "Sengensyou", ""]),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(character=udonarium_characters, system_id=st.sampled_from(sorted(SYSTEMS)), as_npc=st.booleans())
def test_whatever_a_save_holds_becomes_a_stored_sheet_or_a_reason(character, system_id, as_npc):
    plan = plan_import(character, system_id, as_npc)
    if plan.character is None:
        assert plan.refusal  # never a silent refusal
        return
    system = get_system(plan.system_id)
    assert system.load_character(system.dump_character(plan.character)) == plan.character
    assert plan.character.name == character.name.strip()
