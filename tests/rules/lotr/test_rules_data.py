"""The LotR (CODA) rule tables (resources/rules/lotr/*.toml): the shipped data, and broken tables.

A broken table must be refused with a RuleDataError whose message names the file and the key,
so the GM who edited it can find the line.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gmtool.resources import resource_path
from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.lotr.rules_data import (
    ATTRIBUTE_IDS,
    DEGREE_ORDER,
    Degree,
    lotr_rules,
)


@pytest.fixture(autouse=True)
def _fresh_rules_cache() -> Iterator[None]:
    lotr_rules.cache_clear()
    yield
    lotr_rules.cache_clear()


# --- the shipped tables --------------------------------------------------------------------------


def test_every_shipped_table_loads_and_is_cached() -> None:
    rules = lotr_rules()
    assert rules is lotr_rules()
    assert len(rules.degrees) == 7
    assert len(rules.wound_levels) == len(rules.weariness_levels) == 6
    assert rules.races and rules.orders and rules.skills and rules.sizes


# 1.1.1 能力値修正表: 0-1 −3, 2 −2, 3 −1, 4-7 0, 8-9 +1, 10-11 +2, 12-13 +3, 14-15 +4, 16-17 +5,
# 18+ 能力値 2 点ごとに +1.
MODIFIERS = {
    0: -3,
    1: -3,
    2: -2,
    3: -1,
    4: 0,
    7: 0,
    8: 1,
    9: 1,
    10: 2,
    11: 2,
    12: 3,
    13: 3,
    14: 4,
    15: 4,
    16: 5,
    17: 5,
    18: 6,
    19: 6,
    20: 7,
    21: 7,
    22: 8,
    25: 9,
}


@pytest.mark.parametrize(("value", "modifier"), MODIFIERS.items())
def test_attribute_modifier_table(value: int, modifier: int) -> None:
    assert lotr_rules().modifier(value) == modifier


def test_modifier_rows_as_shipped() -> None:
    rules = lotr_rules()
    assert rules.modifier_rows == (
        (0, 1, -3),
        (2, 2, -2),
        (3, 3, -1),
        (4, 7, 0),
        (8, 9, 1),
        (10, 11, 2),
        (12, 13, 3),
        (14, 15, 4),
        (16, 17, 5),
    )
    assert (rules.beyond_from, rules.beyond_step) == (18, 2)
    values = [rules.modifier(v) for v in range(0, 40)]
    assert values == sorted(values), "never falls as the attribute rises"


def test_degree_bands() -> None:
    rules = lotr_rules()
    assert tuple(Degree(b.id) for b in rules.degrees) == DEGREE_ORDER
    assert [b.min_margin for b in rules.degrees] == [None, -10, -5, 0, 1, 6, 11]
    assert rules.degree_bands() == tuple(zip(DEGREE_ORDER, [None, -10, -5, 0, 1, 6, 11], strict=True))
    times = {Degree(b.id): b.time for b in rules.degrees if b.time is not None}
    assert times == {  # 「時間 x0.75 / x0.5 / x0.25」
        Degree.COMPLETE_SUCCESS: 0.75,
        Degree.SUPERIOR_SUCCESS: 0.5,
        Degree.EXTRAORDINARY_SUCCESS: 0.25,
    }
    assert rules.band(Degree.MARGINAL_SUCCESS).name == "Marginal Success"
    assert "Disastrous Failure" in rules.band(Degree.DISASTROUS_FAILURE).label
    assert [d.succeeded for d in DEGREE_ORDER] == [False, False, False, True, True, True, True]


def test_races_with_known_bonuses() -> None:
    rules = lotr_rules()
    assert rules.race_bonuses("dwarf") == ({"str": 2, "vit": 2}, True)
    assert rules.race_bonuses("elf", "noldor") == ({"brg": 2, "per": 2, "nim": 1, "wit": 1}, True)
    assert rules.race_bonuses("elf", "sindar") == ({"brg": 1, "per": 2, "nim": 2, "vit": 1}, True)
    assert rules.race_bonuses("elf", "silvan") == ({"per": 2, "nim": 1, "brg": 1}, True)


@pytest.mark.parametrize(
    ("race", "subrace"),
    [
        ("hobbit", "harfoot"),
        ("hobbit", "fallohide"),
        ("hobbit", "stoor"),
        ("man", "dunedain"),
        ("man", "middle_men"),
        ("man", "wild_men"),
        ("elf", ""),  # an elf without a sub-race has no bonuses yet
        ("hobbit", ""),
        ("nobody", ""),
    ],
)
def test_races_with_unknown_bonuses_stay_empty(race: str, subrace: str) -> None:
    assert lotr_rules().race_bonuses(race, subrace) == ({}, False)


def test_race_sizes_and_wound_levels() -> None:
    rules = lotr_rules()
    shape = {r.id: (r.size, r.wound_levels, r.courage) for r in rules.races}
    # 「エルフと人間は Medium,ホビットとドワーフは Small」; hobbits 四段階, dwarves 五段階 (頑健).
    assert shape == {
        "dwarf": ("small", 5, None),
        "elf": ("medium", 5, None),
        "hobbit": ("small", 4, None),
        "man": ("medium", 5, None),
    }
    subraces = {r.id: [s.id for s in r.subraces] for r in rules.races}
    assert subraces == {
        "dwarf": [],
        "elf": ["noldor", "sindar", "silvan"],
        "hobbit": ["harfoot", "fallohide", "stoor"],
        "man": ["dunedain", "middle_men", "wild_men"],
    }
    assert rules.race("hobbit").subrace("stoor").bonuses_known is False  # type: ignore[union-attr]
    assert rules.race("elf").subrace("nope") is None  # type: ignore[union-attr]
    assert rules.race("ent") is None


def test_the_nine_orders() -> None:
    rules = lotr_rules()
    names = [o.name for o in rules.orders]
    assert names == [
        "Barbarian",
        "Craftsman",
        "Loremaster",
        "Magician",
        "Mariner",
        "Minstrel",
        "Noble",
        "Rogue",
        "Warrior",
    ]
    assert [o.id for o in rules.orders] == [n.lower() for n in names]
    # The summary gives no order skills, packages or courage modifiers: empty for the GM.
    assert all(o.skills == () and dict(o.package) == {} and o.courage is None for o in rules.orders)
    assert rules.order("rogue").name == "Rogue"  # type: ignore[union-attr]
    assert rules.order("paladin") is None


def test_wound_levels_and_penalties() -> None:
    levels = [(lv.id, lv.penalty) for lv in lotr_rules().wound_levels]
    # The summary gives no wound penalty (1.2.1 says only 「ペナルティを受ける」): every level ships
    # 未設定 (the −1/−1/−5 shipped before as 既知 were not the text's); Healthy is unhurt (0).
    assert levels == [
        ("healthy", 0),
        ("dazed", None),
        ("injured", None),
        ("wounded", None),
        ("incapacitated", None),
        ("near_death", None),
    ]
    assert [lv.name for lv in lotr_rules().wound_levels][-1] == "Near Death"


def test_weariness_levels_and_penalties() -> None:
    levels = [(lv.id, lv.penalty) for lv in lotr_rules().weariness_levels]
    assert levels == [  # 「Exhaustedによる-10の修正」; the others are 未設定
        ("hale", 0),
        ("winded", None),
        ("tired", None),
        ("weary", None),
        ("spent", None),
        ("exhausted", -10),
    ]


def test_sizes() -> None:
    sizes = [(s.id, s.order, s.extra_healthy) for s in lotr_rules().sizes]
    # 「大きな(Large以上)生物は,Healthy である段階が大きさ1段階ごとに1段階追加」
    assert sizes == [("small", 0, 0), ("medium", 1, 0), ("large", 2, 1), ("huge", 3, 2)]
    assert lotr_rules().size("tiny") is None


def test_skills() -> None:
    rules = lotr_rules()
    names = [s.name for s in rules.skills]
    assert len(names) == len(set(names))
    keyed = {s.name: s.attribute for s in rules.skills}
    assert {k: keyed[k] for k in ("Acrobatics", "Observe", "Climb", "Stealth", "Persuade", "Language")} == {
        "Acrobatics": "nim",
        "Observe": "per",
        "Climb": "str",
        "Stealth": "wit",
        "Persuade": "brg",
        "Language": "wit",
    }
    assert all(s.attribute in ("", *ATTRIBUTE_IDS) for s in rules.skills)
    assert keyed["Run"] == "" and keyed["Lore"] == "", "not readable from the summary: the GM sets them"
    assert {s.name for s in rules.skills if s.group} >= {"Language", "Lore", "Armed Combat"}
    assert all(s.untrained is None for s in rules.skills), "the summary lists no Trained/Untrained"
    assert rules.skill("Swimming") is None


def test_pick_costs() -> None:
    rules = lotr_rules()
    assert dict(rules.picks) == {"skill_rank": 1, "new_order": 5, "flaw_picks": 6}
    assert rules.inferred_picks == frozenset({"skill_rank"})


# --- broken tables -------------------------------------------------------------------------------

Editor = Callable[[str, str, str], None]


@pytest.fixture
def edit_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Editor:
    """A temporary copy of the shipped tables; `edit(name, old, new)` replaces text in one of them."""
    shutil.copytree(resource_path("rules", "lotr"), tmp_path / "rules" / "lotr")
    monkeypatch.setattr("gmtool.rules.data.resource_path", lambda *parts: tmp_path.joinpath(*parts))

    def edit(name: str, old: str, new: str) -> None:
        path = tmp_path / "rules" / "lotr" / f"{name}.toml"
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}.toml"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


EXTRAORDINARY = """[[degrees]]
id = "extraordinary_success"
name = "Extraordinary Success"
name_ja = "驚異的な成功"
min_margin = 11
succeeded = true
time = 0.25
"""
NEAR_DEATH = """[[wound_levels]]
id = "near_death"
name = "Near Death"
name_ja = "瀕死"
"""


BROKEN = [
    (
        "non-ascending margins",
        "degrees",
        "min_margin = 6",
        "min_margin = 12",
        ["degrees.toml", "min_margin", "昇順", "12, 11"],
    ),
    (
        "two bands with the same margin",
        "degrees",
        "min_margin = -5",
        "min_margin = -10",
        ["degrees.toml", "min_margin", "昇順"],
    ),
    ("six degrees instead of seven", "degrees", EXTRAORDINARY, "", ["degrees.toml", "degrees", "7 行"]),
    (
        "unknown degree id",
        "degrees",
        'id = "superior_success"',
        'id = "great_success"',
        ["degrees.toml", "degrees", "7 行"],
    ),
    (
        "marginal success not at margin 0",
        "degrees",
        "min_margin = 0",
        "min_margin = -1",
        ["degrees.toml", "Marginal Success", "min_margin = 0"],
    ),
    (
        "the lowest band with a lower bound",
        "degrees",
        'name_ja = "大失敗"',
        'name_ja = "大失敗"\nmin_margin = -11',
        ["degrees.toml", "最初の帯"],
    ),
    (
        "margin is a string",
        "degrees",
        "min_margin = 6",
        'min_margin = "6"',
        ["degrees.toml degrees[5]", "'min_margin'", "int"],
    ),
    ("time is a string", "degrees", "time = 0.75", 'time = "fast"', ["degrees.toml degrees[4]", "time"]),
    (
        "a gap in the modifier rows",
        "attributes",
        "{ low = 8,  high = 9,  modifier = 1 }",
        "{ low = 9,  high = 9,  modifier = 1 }",
        ["attributes.toml", "rows", "切れ目なく", "（9）"],
    ),
    (
        "modifiers not ascending",
        "attributes",
        "{ low = 8,  high = 9,  modifier = 1 }",
        "{ low = 8,  high = 9,  modifier = 0 }",
        ["attributes.toml", "rows", "昇順"],
    ),
    (
        "rows not starting at 0",
        "attributes",
        "{ low = 0,  high = 1,  modifier = -3 }",
        "{ low = 1,  high = 1,  modifier = -3 }",
        ["attributes.toml", "rows", "0 から"],
    ),
    (
        "beyond not right after the last row",
        "attributes",
        "from = 18",
        "from = 20",
        ["attributes.toml", "beyond.from", "18"],
    ),
    ("no beyond", "attributes", "beyond = { from = 18, step = 2 }", "", ["attributes.toml", "beyond"]),
    (
        "modifier is a string",
        "attributes",
        "modifier = 2 }",
        'modifier = "2" }',
        ["attributes.toml rows[5]", "'modifier'", "int"],
    ),
    (
        "unknown attribute in a race's bonuses",
        "races",
        "bonuses = { str = 2, vit = 2 }",
        "bonuses = { str = 2, cha = 2 }",
        ["races.toml races[0]", "bonuses", "cha"],
    ),
    (
        "unknown attribute in a sub-race's bonuses",
        "races",
        "bonuses = { brg = 2, per = 2, nim = 1, wit = 1 }",
        "bonuses = { brg = 2, per = 2, nim = 1, luck = 1 }",
        ["races.toml races[1] subraces[0]", "bonuses", "luck"],
    ),
    (
        "bonus is a string",
        "races",
        "bonuses = { str = 2, vit = 2 }",
        'bonuses = { str = 2, vit = "2" }',
        ["races.toml races[0] bonuses", "'vit'", "int"],
    ),
    (
        "unknown size",
        "races",
        'size = "small"',
        'size = "tiny"',
        ["races.toml races[0]", "size 'tiny'", "sizes"],
    ),
    (
        "a size no character sheet holds",
        "conditions",
        'id = "huge"',
        'id = "gigantic"',
        ["conditions.toml sizes", "gigantic"],
    ),
    (
        "too many wound levels for a race",
        "races",
        "wound_levels = 4",
        "wound_levels = 6",
        ["races.toml races[2]", "wound_levels", "1〜5", "6"],
    ),
    (
        "bonuses_known not a boolean",
        "races",
        "bonuses_known = true",
        'bonuses_known = "yes"',
        ["races.toml races[0]", "bonuses_known"],
    ),
    ("duplicate race id", "races", 'id = "elf"', 'id = "dwarf"', ["races.toml races", "id", "重複", "dwarf"]),
    (
        "duplicate sub-race id",
        "races",
        'id = "fallohide"',
        'id = "harfoot"',
        ["races.toml races[2] subraces", "重複", "harfoot"],
    ),
    (
        "duplicate order id",
        "orders",
        'id = "craftsman"',
        'id = "barbarian"',
        ["orders.toml orders", "id", "重複", "barbarian"],
    ),
    (
        "negative package rank",
        "orders",
        "package = {}",
        "package = { Climb = -1 }",
        ["orders.toml orders[0] package", "Climb", "0 以上"],
    ),
    ("order skills not names", "orders", "skills = []", "skills = [1]", ["orders.toml orders[0]", "skills"]),
    (
        "positive wound penalty",
        "conditions",
        'name_ja = "朦朧"',
        'name_ja = "朦朧"\npenalty = 1',
        ["conditions.toml wound_levels[1]", "penalty", "0 以下", "1"],
    ),
    (
        "positive weariness penalty",
        "conditions",
        "penalty = -10",
        "penalty = 10",
        ["conditions.toml weariness_levels[5]", "penalty", "0 以下"],
    ),
    (
        "penalty is a string",
        "conditions",
        'name_ja = "行動不能"',
        'name_ja = "行動不能"\npenalty = "-5"',
        ["conditions.toml wound_levels[4]", "'penalty'", "int"],
    ),
    (
        "duplicate wound level id",
        "conditions",
        'id = "injured"',
        'id = "dazed"',
        ["conditions.toml wound_levels", "id", "重複", "dazed"],
    ),
    (
        "duplicate size id",
        "conditions",
        'id = "huge"',
        'id = "large"',
        ["conditions.toml sizes", "重複", "large"],
    ),
    ("five wound levels", "conditions", NEAR_DEATH, "", ["conditions.toml", "6 行"]),
    (
        "extra_healthy is a string",
        "conditions",
        "extra_healthy = 1",
        'extra_healthy = "1"',
        ["conditions.toml sizes[2]", "'extra_healthy'", "int"],
    ),
    (
        "unknown skill attribute",
        "skills",
        'attribute = "nim"',
        'attribute = "cha"',
        ["skills.toml skills[0]", "attribute"],
    ),
    (
        "duplicate skill",
        "skills",
        'name = "Appraise"',
        'name = "Acrobatics"',
        ["skills.toml skills", "重複", "Acrobatics"],
    ),
    (
        "untrained not a boolean",
        "skills",
        'name_ja = "軽業"',
        'name_ja = "軽業"\nuntrained = "yes"',
        ["skills.toml skills[0]", "untrained"],
    ),
    (
        "unknown pick kind",
        "advancement",
        "new_order = 5",
        "new_order = 5\nbogus = 1",
        ["advancement.toml", "picks", "bogus"],
    ),
    (
        "negative pick cost",
        "advancement",
        "new_order = 5",
        "new_order = -5",
        ["advancement.toml picks", "new_order", "0 以上"],
    ),
    (
        "unknown inferred pick",
        "advancement",
        'inferred = ["skill_rank"]',
        'inferred = ["guess"]',
        ["advancement.toml", "inferred"],
    ),
    (
        "wrong system",
        "advancement",
        'system = "lotr"',
        'system = "aw"',
        ["advancement.toml", "system", "'lotr'"],
    ),
    ("not TOML", "races", "[[races]]", "[[races]", ["races.toml", "TOML"]),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "needles"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_broken_table_is_refused(
    edit_table: Editor, name: str, old: str, new: str, needles: list[str]
) -> None:
    edit_table(name, old, new)
    with pytest.raises(RuleDataError) as excinfo:
        lotr_rules()
    message = str(excinfo.value)
    assert f"{name}.toml" in message, "the message names the file"
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"


def test_a_good_edit_is_read(edit_table: Editor) -> None:
    edit_table("conditions", 'name_ja = "重傷"', 'name_ja = "重傷"\npenalty = -3')
    harfoot = 'name_ja = "ハーフット"\nbonuses_known = false'
    edit_table("races", harfoot, 'name_ja = "ハーフット"\nbonuses_known = true\nbonuses = { nim = 1 }')
    rules = lotr_rules()
    assert rules.wound_levels[3].penalty == -3
    assert rules.race_bonuses("hobbit", "harfoot") == ({"nim": 1}, True)


def test_missing_table_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(resource_path("rules", "lotr"), tmp_path / "rules" / "lotr")
    (tmp_path / "rules" / "lotr" / "orders.toml").unlink()
    monkeypatch.setattr("gmtool.rules.data.resource_path", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(RuleDataError, match=r"orders\.toml"):
        lotr_rules()


def test_a_broken_table_is_not_cached(edit_table: Editor, tmp_path: Path) -> None:
    edit_table("conditions", 'name_ja = "朦朧"', 'name_ja = "朦朧"\npenalty = 1')
    with pytest.raises(RuleDataError):
        lotr_rules()
    edit_table("conditions", "penalty = 1", "penalty = -1")
    assert lotr_rules().wound_levels[1].penalty == -1


def test_succeeded_flag_that_contradicts_the_engine_is_refused(edit_table: Editor) -> None:
    edit_table("degrees", "min_margin = 0\nsucceeded = true", "min_margin = 0\nsucceeded = false")
    with pytest.raises(RuleDataError, match=r"degrees\.toml degrees\[3\].*succeeded"):
        lotr_rules()
