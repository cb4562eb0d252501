"""Character files: export/import round trip, the committed v1 file, atomic writes."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from gmtool.store import exchange
from gmtool.store.errors import ExchangeError
from gmtool.store.exchange import export_character, import_character


def test_export_import_round_trip(tmp_path, make_character, aw):
    character = make_character("霧島 ユウ", notes="メモ\n二行目", classes=("クラスA", "クラスB"))
    character = dataclasses.replace(character, combat=dataclasses.replace(character.combat, initiative=11))
    path = tmp_path / "霧島.gmchar.json"
    export_character(path, "aw", character)

    text = path.read_text(encoding="utf-8")
    assert "霧島 ユウ" in text  # ensure_ascii=False: readable in any editor
    assert text.startswith("{\n  ")  # pretty-printed
    envelope = json.loads(text)
    assert envelope["format"] == "gmtool/character"
    assert envelope["schema_version"] == aw.schema_version
    assert envelope["system"] == "aw"
    assert import_character(path) == ("aw", character)
    assert sorted(os.listdir(tmp_path)) == ["霧島.gmchar.json"]  # no temp file left


def test_committed_v1_file_imports(v1_file):
    system, character = import_character(v1_file)
    assert system == "aw"
    assert character.name == "霧島 ユウ"
    assert (character.attributes.body, character.attributes.will) == (8, 11)
    assert character.combat.initiative == 11
    assert (character.hp, character.hp_max, character.mp, character.mp_max) == (28, 32, 15, 18)
    assert character.classes == ("クラスA", "クラスB")
    assert [feat.name for feat in character.feats] == ["特技A", "特技B"]
    first = character.feats[0]
    assert (first.timing, first.check, first.target, first.range, first.cost) == (
        "メジャー",
        "物理命中値",
        "単体",
        "武器",
        "MP3",
    )
    assert "赤い鍵" in character.notes


def test_file_with_bom_imports(tmp_path, v1_file):
    path = tmp_path / "bom.gmchar.json"
    path.write_bytes(b"\xef\xbb\xbf" + v1_file.read_bytes())
    assert import_character(path)[1].name == "霧島 ユウ"


def test_invalid_character_is_not_exported(tmp_path, make_character, snapshot):
    # dataclasses.replace does not validate: the store must, or the file could never be imported.
    bad = make_character("壊れた人", hp="12")
    path = tmp_path / "bad.gmchar.json"
    before = snapshot(tmp_path)
    with pytest.raises(ExchangeError) as info:
        export_character(path, "aw", bad)
    assert "hp" in str(info.value) and "bad.gmchar.json" in str(info.value)
    assert snapshot(tmp_path) == before


def test_failed_export_keeps_the_old_file_whole(tmp_path, make_character, monkeypatch):
    path = tmp_path / "hero.gmchar.json"
    export_character(path, "aw", make_character("旧"))
    old = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(exchange.os, "replace", broken_replace)
    with pytest.raises(ExchangeError, match="書き込めません"):
        export_character(path, "aw", make_character("新"))
    assert path.read_bytes() == old
    assert sorted(os.listdir(tmp_path)) == ["hero.gmchar.json"]
