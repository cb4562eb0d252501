"""Writes the Udonarium saves the import tests read: Udonarium's own sample characters.

Source: Udonarium, github.com/TK11235/udonarium, commit e2d9175 (2025-04-23).  Udonarium ships no
sample save: its six sample characters are made in code when a room opens —
src/app/service/tabletop-action.service.ts `makeDefaultTabletopObjects` (names, positions, sizes,
pictures) and src/app/class/game-character.ts `createTestGameDataElement` (リソース HP 200 / MP
100, 情報 説明 and メモ notes, 能力 six values of 24, 戦闘特技, the palette).  So this script writes
them as Udonarium saves them, by its format:

* a character saved from its sheet (game-character-sheet.component.ts: `saveGameObjectAsync(…,
  'xml_' + name)`) is ``xml_<name>_<YYYY-MM-DD_HHMM>.zip`` (save-data.service.ts `appendTimestamp`)
  holding ``data.xml`` — the ``<character>`` element — and its pictures;
* a room save is ``ルームデータ_<date>.zip`` holding ``data.xml`` (``<room>`` with the pieces),
  ``chat.xml`` and ``summary.xml``;
* the XML is ObjectSerializer.toXml indented by Beautify.xml(…, 2) after the UTF-8 declaration
  (SaveDataService.convertToXml).  The layout was checked against a save Udonarium itself made of
  these sample characters: src/__fixtures__/sample-character.zip of
  github.com/blhsrwznrghfzpr/udonarium-resonite-importer (MIT), commit 3867b8f.

The pictures are not Udonarium's (its mon_*.gif are not ours to copy): a 1×1 GIF stands in for
each, under the name Udonarium gives a picture in a save (``<identifier>.<extension>``).

Run ``python tests/data/udonarium/make_samples.py`` to write them again;
tests/store/test_udonarium_import.py checks that the files are what this script makes.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STAMP = "2025-04-23_2119"
ZIP_TIME = (2025, 4, 23, 21, 19, 0)
# A 1×1 transparent GIF: the stand-in picture.
GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")

# makeDefaultTabletopObjects: (identifier, name, size, location x, y, picture identifier).
SAMPLES = (
    ("testCharacter_1", "モンスターA", 1, 5 * 50, 9 * 50, "testCharacter_1_image"),
    ("testCharacter_2", "モンスターB", 1, 8 * 50, 8 * 50, "testCharacter_1_image"),
    ("testCharacter_3", "モンスターC", 3, 4 * 50, 2 * 50, "testCharacter_3_image"),
    ("testCharacter_4", "キャラクターA", 1, 6 * 50, 11 * 50, "testCharacter_4_image"),
    ("testCharacter_5", "キャラクターB", 1, 12 * 50, 12 * 50, "testCharacter_5_image"),
    ("testCharacter_6", "キャラクターC", 1, 5 * 50, 13 * 50, "testCharacter_6_image"),
)
SAMPLE_NAMES = [name for _identifier, name, *_rest in SAMPLES]

PALETTE = """チャットパレット入力例：
2d6+1 ダイスロール
１ｄ２０＋{敏捷}＋｛格闘｝　{name}の格闘！
//敏捷=10+{敏捷A}
//敏捷A=10
//格闘＝１"""


def character_xml(name: str, size: int, x: int, y: int, picture: str, indent: str = "") -> str:
    """One sample character's ``<character>`` element as Udonarium writes it."""
    abilities = "".join(
        f'\n{indent}        <data name="{label}">24</data>'
        for label in ("器用度", "敏捷度", "筋力", "生命力", "知力", "精神力")
    )
    feats = "".join(
        f'\n{indent}        <data name="{level}">{feat}</data>'
        for level, feat in (
            ("Lv1", "全力攻撃"),
            ("Lv3", "武器習熟/ソード"),
            ("Lv5", "武器習熟/ソードⅡ"),
            ("Lv7", "頑強"),
            ("Lv9", "薙ぎ払い"),
            ("自動", "治癒適正"),
        )
    )
    i = indent
    place = f'location.name="table" location.x="{x}" location.y="{y}" posZ="0"'
    return f"""{i}<character rotate="0" roll="0" {place}>
{i}  <data name="character">
{i}    <data name="image">
{i}      <data type="image" name="imageIdentifier">{picture}</data>
{i}    </data>
{i}    <data name="common">
{i}      <data name="name">{name}</data>
{i}      <data name="size">{size}</data>
{i}    </data>
{i}    <data name="detail">
{i}      <data name="リソース">
{i}        <data type="numberResource" currentValue="200" name="HP">200</data>
{i}        <data type="numberResource" currentValue="100" name="MP">100</data>
{i}      </data>
{i}      <data name="情報">
{i}        <data type="note" name="説明">ここに説明を書く
あいうえお</data>
{i}        <data type="note" name="メモ">任意の文字列
１
２
３
４
５</data>
{i}      </data>
{i}      <data name="能力">{abilities}
{i}      </data>
{i}      <data name="戦闘特技">{feats}
{i}      </data>
{i}    </data>
{i}  </data>
{i}  <chat-palette dicebot="">{PALETTE}</chat-palette>
{i}</character>"""


DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def character_save(index: int = 0) -> tuple[str, bytes]:
    """(file name, bytes) of one sample character saved from its sheet."""
    _identifier, name, size, x, y, picture = SAMPLES[index]
    xml = DECLARATION + character_xml(name, size, x, y, picture)
    return f"xml_{name}_{STAMP}.zip", _zip([("data.xml", xml.encode()), (f"{picture}.gif", GIF)])


def room_save() -> tuple[str, bytes]:
    """(file name, bytes) of the room save holding all six sample characters."""
    pieces = "\n".join(character_xml(n, s, x, y, p, "  ") for _i, n, s, x, y, p in SAMPLES)
    table = (
        '  <game-table name="最初のテーブル" width="20" height="15" gridSize="50" '
        'imageIdentifier="testTableBackgroundImage_image" backgroundImageIdentifier="imageIdentifier" '
        'backgroundFilterType="" selected="false" gridType="0" gridColor="#000000e6"></game-table>'
    )
    room = f"{DECLARATION}<room>\n{table}\n{pieces}\n</room>"
    chat = (
        f'{DECLARATION}<chat-tab-list>\n  <chat-tab name="メインタブ"></chat-tab>\n'
        '  <chat-tab name="サブタブ"></chat-tab>\n</chat-tab-list>'
    )
    summary = (
        f'{DECLARATION}<summary-setting sortTag="name" sortOrder="ASC" '
        'dataTag="HP MP 敏捷度 生命力 精神力"></summary-setting>'
    )
    pictures = sorted({p for *_rest, p in SAMPLES})
    entries = [("data.xml", room.encode()), ("chat.xml", chat.encode()), ("summary.xml", summary.encode())]
    return f"ルームデータ_{STAMP}.zip", _zip(entries + [(f"{p}.gif", GIF) for p in pictures])


def samples() -> list[tuple[str, bytes]]:
    return [character_save(), room_save()]


if __name__ == "__main__":
    for file_name, data in samples():
        (HERE / file_name).write_bytes(data)
        print(file_name, len(data), "bytes")
