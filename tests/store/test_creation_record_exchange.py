"""A character made by a wizard that rolls carries its creation record in its file; an import
replays every roll from its seed and refuses one that does not match, naming it."""

from __future__ import annotations

import json

import pytest

from gmtool.models.creation_common import Blocker
from gmtool.store.errors import ExchangeError
from gmtool.store.exchange import export_character, read_character
from tests.models.fourcard.creation_helpers import make_model as make_fourcard
from tests.models.lotr.creation_fixtures import make_model as make_lotr, nine_rolls, ready


def fourcard_file(campaign_model, path):
    """A フォーカード character made with its rolls, re-rolled once with consent, exported."""
    model = make_fourcard(campaign_model, seeds=(11, 12, 13, 14))
    model.roll_attributes()
    model.reroll_attributes(consent=True)
    model.set_gm_override(True)
    model.pass_page("能力値", [Blocker("試しの理由")])
    model.fortune.roll_handedness()
    if not model.fortune.handedness:
        model.fortune.set_handedness("left")
    model.fortune.roll_money()
    new_id = model.finish()
    stored = campaign_model.stored(new_id)
    export_character(path, stored.system, stored.character, campaign_model.creation_record(new_id))
    return path


def test_the_record_goes_out_with_the_character_and_comes_back_replayed(empty_campaign_model, tmp_path):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    on_disk = json.loads(path.read_text(encoding="utf-8"))["creation"]
    assert on_disk["version"] == 1 and on_disk["method"] == "random" and on_disk["made_in"] == "gm"
    assert [(r["roll"], r["seed"], r["consent"]) for r in on_disk["rolls"]] == [
        ("attributes", 11, False),
        ("reroll", 12, True),
        ("handedness", 13, False),
        ("money", 14, False),
    ]
    assert on_disk["overrides"] == [{"what": "能力値", "reasons": ["試しの理由"]}]
    imported = read_character(path)
    assert imported.system_id == "fourcard" and imported.character.name == "リナ"
    assert imported.creation is not None
    assert [r.seed for r in imported.creation.rolls] == [11, 12, 13, 14]
    assert len(imported.creation.rerolls) == 1


def test_lotr_random_rolls_and_a_reroll_are_recorded(empty_campaign_model, tmp_path):
    model = make_lotr(empty_campaign_model, seeds=(5, 6))
    ready(model)  # by the choice method, after rolling: the record says so
    model.attributes.set_method("random")
    model.attributes.roll_attributes()
    model.attributes.reroll_attributes(consent=True)
    model.attributes.set_method("choice")
    ready(model)
    model.set_override(True)
    new_id = model.finish()
    record = empty_campaign_model.creation_record(new_id)
    assert record is not None and record.method == "choice"
    assert [(r.roll, r.seed, r.faces, r.consent) for r in record.rolls] == [
        ("attributes", 5, nine_rolls(5), False),
        ("reroll", 6, nine_rolls(6), True),
    ]
    stored = empty_campaign_model.stored(new_id)
    export_character(tmp_path / "g.gmchar.json", "lotr", stored.character, record)
    assert read_character(tmp_path / "g.gmchar.json").creation == record


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda rolls: rolls[3].update(faces=[6, 6, 6]),
            "4 番目（所持金 3D6×100+1000 CP）: 出目 [6,6,6] はシード 14",
        ),
        (lambda rolls: rolls[1].update(seed=99), "2 番目（能力値の振り直し（GM の同意））"),
        (lambda rolls: rolls[2].update(roll="fate"), "3 番目の出目: 'fate' という振り方はありません"),
    ],
    ids=["faces", "seed", "roll"],
)
def test_a_tampered_roll_is_refused_naming_it(empty_campaign_model, tmp_path, change, expected):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    change(envelope["creation"]["rolls"])
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    characters = len(empty_campaign_model.characters())
    with pytest.raises(ExchangeError) as refused:
        read_character(path)
    assert "rina.gmchar.json" in str(refused.value) and expected in str(refused.value)
    assert path.read_bytes() == before and len(empty_campaign_model.characters()) == characters


def test_a_malformed_record_is_refused_with_its_place(empty_campaign_model, tmp_path):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["creation"]["rolls"][0]["seed"] = "42"
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ExchangeError, match=r"creation\.rolls\[0\]\.seed"):
        read_character(path)


def test_an_old_file_without_a_record_still_imports(empty_campaign_model, tmp_path):
    path = fourcard_file(empty_campaign_model, tmp_path / "rina.gmchar.json")
    envelope = json.loads(path.read_text(encoding="utf-8"))
    del envelope["creation"]
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    imported = read_character(path)
    assert imported.creation is None and imported.character.name == "リナ"
