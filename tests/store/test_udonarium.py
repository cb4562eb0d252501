"""Udonarium export: what gmtool writes has the structure Udonarium's own code reads, a ZIP of
Udonarium's own sample data reads back, every demo character exports, hidden participants stay
with the GM, and hostile files are refused with a message that says why.

Udonarium source: github.com/TK11235/udonarium (commit e2d9175, 2025-04-23)."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from gmtool.rules.battle import Encounter, Participant, Resource, Side
from gmtool.rules.systems import SYSTEMS
from gmtool.store import udonarium_read
from gmtool.store.errors import StoreError
from gmtool.store.udonarium import (
    UdonariumCharacter,
    character_to_udonarium,
    character_xml,
    encounter_to_udonarium,
    write_udonarium,
    zip_bytes,
)
from gmtool.store.udonarium_read import read_udonarium, read_udonarium_bytes

# BCDice game system IDs: lib/bcdice/game_system/SRS.rb (ID = 'SRS'), Sengensyou.rb
# (ID = 'Sengensyou'), DiceBot.rb (ID = 'DiceBot', the generic bot Udonarium falls back to in
# src/app/class/dice-bot.ts loadGameSystemAsync).
EXPECTED_DICEBOT = {
    "aw": "SRS",
    "sengensho": "Sengensyou",
    "fourcard": "DiceBot",
    "lotr": "DiceBot",
    "mtg": "DiceBot",
}


def data_child(parent: ET.Element, name: str) -> ET.Element:
    """DataElement.getFirstElementByName as TabletopObject.getElement uses it (data-element.ts)."""
    found = next((c for c in parent.iter("data") if c is not parent and c.get("name") == name), None)
    assert found is not None, f"no <data name={name!r}>"
    return found


def assert_udonarium_reads(xml: bytes, name: str) -> None:
    """What Udonarium's loader needs of a character XML, each point from its source."""
    # XmlUtil.xml2element (src/app/class/core/system/util/xml-util.ts): parsed as application/xml.
    assert xml.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n')  # as SaveDataService.convertToXml
    root = ET.fromstring(xml)
    # ObjectFactory.create(tagName): GameCharacter is @SyncObject('character') (game-character.ts).
    assert root.tag == "character"
    # Its attributes are sync variables (TabletopObject.location, posZ; GameCharacter.rotate, roll);
    # ObjectSerializer.parseAttributes JSON.parses every one whose default is not a string.
    assert root.get("location.name") == "table"
    for key in ("location.x", "location.y", "posZ", "rotate", "roll"):
        assert isinstance(json.loads(root.attrib[key]), int), key
    # TabletopObject.rootDataElement: the child <data> named as the alias, holding image/common/detail.
    [body] = [c for c in root if c.tag == "data"]
    assert body.get("name") == "character"
    assert data_child(data_child(body, "image"), "imageIdentifier").get("type") == "image"
    common = data_child(body, "common")
    assert data_child(common, "name").text == name  # GameCharacter.name = getCommonValue('name')
    assert int(data_child(common, "size").text) >= 1  # getCommonValue('size', 1) is +value
    for element in data_child(body, "detail").iter("data"):
        # DataElement's sync attributes are name, type and currentValue (data-element.ts).
        assert set(element.attrib) <= {"name", "type", "currentValue"}
        if len(element):  # ObjectNode.parseInnerXml: a node with children keeps no text
            assert not (element.text or "").strip()
        elif element.get("type") == "numberResource":  # isNumberResource: the value is the maximum
            int(element.text)
            int(element.get("currentValue"))
        else:
            assert "currentValue" not in element.attrib
            assert element.get("type", "note") == "note"  # isNote, or a plain value
    # GameCharacter.chatPalette: a <chat-palette> child whose only sync variable is dicebot.
    [palette] = [c for c in root if c.tag == "chat-palette"]
    assert set(palette.attrib) == {"dicebot"} and len(palette) == 0


# ---- (a) the structure Udonarium reads -----------------------------------------------------------


def test_what_gmtool_writes_has_the_structure_udonarium_reads(demo_characters):
    for system_id, character in demo_characters:
        exported = character_to_udonarium(system_id, character)
        assert_udonarium_reads(character_xml(exported), character.name)


def test_a_resource_is_a_gauge_and_the_palette_rolls_the_sheets_values(demo_characters):
    toru = next(c for s, c in demo_characters if c.name == "朝霧 透")
    root = ET.fromstring(character_xml(character_to_udonarium("aw", toru)))
    hp = data_child(root, "HP")
    assert (hp.get("type"), hp.get("currentValue"), hp.text) == ("numberResource", "28", "28")
    assert data_child(root, "反射").text == "4" and data_child(root, "反射").get("type") is None
    palette = root.find("chat-palette")
    assert palette.get("dicebot") == "SRS"
    # The command lines alone: the values they use ({反射}) are the data elements above.
    assert any(
        line.startswith("2D6+{反射}>=") and line.endswith("【反射判定】")
        for line in palette.text.splitlines()
    )
    assert not any(line.startswith("//") for line in palette.text.splitlines())


def test_one_character_is_data_xml_and_several_are_one_entry_each(tmp_path, demo_characters):
    exported = [character_to_udonarium(s, c) for s, c in demo_characters[:3]]
    written = write_udonarium(tmp_path / "one.zip", exported[:1])
    assert zipfile.ZipFile(written).namelist() == ["data.xml"]  # as SaveDataService saves one
    names = zipfile.ZipFile(write_udonarium(tmp_path / "three.zip", exported)).namelist()
    # FileArchiver.handleZip loads each entry by its MimeType: *.xml is text/xml → handleText.
    assert len(set(names)) == 3 and all(n.endswith(".xml") for n in names)
    assert names[0] == "01_朝霧 透.xml"


def test_markup_and_control_characters_in_a_note_still_make_xml():
    note = '敵 <ボス> & "罠"\n二行目\x0b'
    exported = UdonariumCharacter("A&B", notes=(("メモ", note),), palette="2D6>=7 <成功>")
    [back] = read_udonarium_bytes(zip_bytes([exported]))
    assert back.name == "A&B" and back.notes == (("メモ", '敵 <ボス> & "罠"\n二行目'),)
    assert back.palette == "2D6>=7 <成功>"


# ---- (b) Udonarium's own sample data ------------------------------------------------------------

# The sample character Udonarium creates (GameCharacter.createTestGameDataElement in
# src/app/class/game-character.ts: リソース HP 200 / MP 100, 情報 notes, 能力, 戦闘特技, its palette),
# laid out as Udonarium's room save writes it (SaveDataService + ObjectSerializer.toXml, as in
# the real save src/__fixtures__/sample-character.zip of blhsrwznrghfzpr/udonarium-resonite-importer,
# commit 3867b8f).
SAMPLE_ROOM = """<?xml version="1.0" encoding="UTF-8"?>
<room>
  <game-table name="最初のテーブル" width="20" height="15" gridSize="50"></game-table>
  <character rotate="0" roll="0" location.name="table" location.x="250" location.y="450" posZ="0">
    <data name="character">
      <data name="image">
        <data type="image" name="imageIdentifier">testCharacter_1_image</data>
      </data>
      <data name="common">
        <data name="name">モンスターA</data>
        <data name="size">1</data>
      </data>
      <data name="detail">
        <data name="リソース">
          <data type="numberResource" currentValue="200" name="HP">200</data>
          <data type="numberResource" currentValue="100" name="MP">100</data>
        </data>
        <data name="情報">
          <data type="note" name="説明">ここに説明を書く
あいうえお</data>
          <data type="note" name="メモ">任意の文字列
１
２</data>
        </data>
        <data name="能力">
          <data name="器用度">24</data>
          <data name="敏捷度">24</data>
        </data>
        <data name="戦闘特技">
          <data name="Lv1">全力攻撃</data>
        </data>
      </data>
    </data>
    <chat-palette dicebot="">チャットパレット入力例：
2d6+1 ダイスロール
１ｄ２０＋{敏捷}＋｛格闘｝　{name}の格闘！
//敏捷=10+{敏捷A}
//敏捷A=10
//格闘＝１</chat-palette>
  </character>
</room>
"""


def sample_zip(xml: str, name: str = "data.xml") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, xml.encode("utf-8"))
        archive.writestr(
            "chat.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<chat-tab-list></chat-tab-list>'
        )
        archive.writestr("testCharacter_1_image.png", b"\x89PNG\r\n\x1a\n")  # images are skipped
    return buffer.getvalue()


def test_udonariums_own_sample_room_reads_back(tmp_path):
    path = tmp_path / "ルームデータ_2025-04-23_2119.zip"
    path.write_bytes(sample_zip(SAMPLE_ROOM))
    [monster] = read_udonarium(path)
    assert monster.name == "モンスターA"
    assert monster.resources == (("HP", 200, 200), ("MP", 100, 100))
    assert monster.params == (("器用度", "24"), ("敏捷度", "24"), ("Lv1", "全力攻撃"))
    assert monster.notes == (("説明", "ここに説明を書く\nあいうえお"), ("メモ", "任意の文字列\n１\n２"))
    assert monster.palette.splitlines()[-1] == "//格闘＝１" and monster.dicebot == "DiceBot"
    # …and gmtool's ZIP of what it read has Udonarium's structure and reads back the same.
    again = zip_bytes([monster])
    assert_udonarium_reads(zipfile.ZipFile(io.BytesIO(again)).read("data.xml"), "モンスターA")
    assert read_udonarium_bytes(again) == [monster]


# ---- (c) every demo character ------------------------------------------------------------------


def test_every_demo_character_of_every_system_exports_and_reads_back(tmp_path, demo_characters):
    assert {system for system, _ in demo_characters} == set(SYSTEMS)
    exported = [character_to_udonarium(s, c) for s, c in demo_characters]
    back = read_udonarium(write_udonarium(tmp_path / "all.zip", exported))
    assert back == exported
    for (system_id, character), each in zip(demo_characters, back, strict=True):
        assert each.dicebot == EXPECTED_DICEBOT[system_id]
        assert each.resources, character.name  # HP, MP, damage tracks, life: gauges
        assert each.notes[0][1].startswith(SYSTEMS[system_id].name)
        # ChatPalette.evaluate resolves {name} from the character's data elements: every variable
        # the palette uses is a value under detail.
        labels = {label for label, _ in each.params}
        for used in re.findall(r"\{([^{}]+)\}", each.palette):
            assert used in labels, (character.name, used)


def test_a_damage_track_keeps_its_end_as_the_maximum(demo_characters):
    rize = next(c for s, c in demo_characters if s == "fourcard")
    resources = dict(
        (label, (value, maximum))
        for label, value, maximum in character_to_udonarium("fourcard", rize).resources
    )
    assert resources["疲労"] == (2, 35) and resources["負傷"] == (1, 35)


def test_an_npcs_notes_stay_with_the_gm(demo_characters):
    npc = next(c for s, c in demo_characters if s == "aw" and not c.is_pc)
    pc = next(c for s, c in demo_characters if s == "aw" and c.is_pc and c.notes)
    assert pc.notes in character_to_udonarium("aw", pc).notes[0][1]
    assert npc.notes == "デモ用のNPC。"
    assert character_to_udonarium("aw", npc).notes == (("メモ", "アナザーワールドSRS 3rd"),)


# ---- (d) hidden participants -------------------------------------------------------------------


def encounter() -> Encounter:
    hp = (Resource("hp", "HP", 20, 30), Resource("mp", "MP", 5))
    return Encounter(
        name="森",
        system="aw",
        participants=(
            Participant("p1", "勇者", is_pc=True, side=Side.ALLY, initiative=9, resources=hp),
            Participant(
                "p2", "ゴブリン A", initiative=5, resources=hp, values={"reflex": 2, "initiative_roll": 4}
            ),
            Participant("p3", "黒幕", hidden=True, initiative=12, resources=hp),
        ),
    )


def test_hidden_participants_are_left_out_unless_asked():
    assert [c.name for c in encounter_to_udonarium(encounter())] == ["勇者", "ゴブリン A"]
    every = encounter_to_udonarium(encounter(), include_hidden=True)
    assert [c.name for c in every] == ["勇者", "ゴブリン A", "黒幕"]
    goblin = every[1]
    assert goblin.resources == (("HP", 20, 30), ("MP", 5, 0))
    assert goblin.params == (("反射", "2"),)  # the tracker's bookkeeping stays out
    assert goblin.dicebot == "SRS"


# ---- (e) hostile and broken files --------------------------------------------------------------


def refusal(data: bytes) -> str:
    with pytest.raises(StoreError) as raised:
        read_udonarium_bytes(data)
    return str(raised.value)


def test_a_zip_bomb_is_refused_before_it_is_unpacked():
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "data.xml", b"<character>" + b" " * (udonarium_read.MAX_XML_BYTES + 1) + b"</character>"
        )
    assert len(bomb.getvalue()) < 100_000  # small on disk, 8 MB unpacked
    assert "大きすぎます" in refusal(bomb.getvalue()) and "data.xml" in refusal(bomb.getvalue())


def test_too_many_entries_and_too_big_a_file_are_refused(monkeypatch, tmp_path):
    many = io.BytesIO()
    with zipfile.ZipFile(many, "w") as archive:
        for i in range(udonarium_read.MAX_ENTRIES + 1):
            archive.writestr(f"{i}.png", b"")
    assert "多すぎます" in refusal(many.getvalue())
    monkeypatch.setattr(udonarium_read, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.zip"
    path.write_bytes(sample_zip(SAMPLE_ROOM + " " * 2000))
    with pytest.raises(StoreError, match=r"big\.zip.*大きすぎます"):
        read_udonarium(path)


@pytest.mark.parametrize(
    ("xml", "expected"),
    [
        (
            '<?xml version="1.0"?><!DOCTYPE character [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
            "<character>&b;</character>",
            "DTD",
        ),
        ('<!DOCTYPE character SYSTEM "file:///etc/passwd"><character/>', "DTD"),
        ("<character><data name='character'>", "XML として正しくありません"),
        ("<chat-tab-list></chat-tab-list>", "<character> 要素）がありません"),
        ("<character><data name='character'><data name='common'/></data></character>", "名前"),
    ],
)
def test_hostile_or_broken_xml_is_refused_with_the_reason(xml, expected):
    assert expected in refusal(sample_zip(xml))
    assert expected in refusal(xml.encode("utf-8"))  # a bare XML file too


def test_a_broken_or_empty_zip_is_refused():
    assert "壊れています" in refusal(b"PK\x03\x04" + b"\x00" * 40)
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("image.png", b"")
    assert "XML ファイルがありません" in refusal(empty.getvalue())


def test_an_unreadable_file_is_named(tmp_path: Path):
    with pytest.raises(StoreError, match=r"none\.zip"):
        read_udonarium(tmp_path / "none.zip")
