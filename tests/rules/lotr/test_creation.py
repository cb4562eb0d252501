"""LotR (CODA) creation (1.1, 1.2, 1.4, 1.4.1) and the derived values of the sheet (1.2–1.3).

Every limit `creation.problems` enforces is broken once, from a draft that breaks nothing, and the
message must name the limit (the number the player is over, and where it comes from).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from gmtool.rules.systems.lotr import derived
from gmtool.rules.systems.lotr.character import Attributes, LotRCharacter, Pick, Reactions
from gmtool.rules.systems.lotr.creation import (
    CHOICE,
    PACKAGE,
    RANDOM,
    STEP_ATTRIBUTES,
    STEP_EXTRAS,
    STEP_FAVOURED,
    STEP_ORIGIN,
    STEP_SKILLS,
    CreationDraft,
    best_six,
    build_character,
    courage_at_creation,
    final_attributes,
    free_points_used,
    language_budget,
    problems,
    race_points_used,
    random_roll_distribution,
    roll_attribute_dice,
    skill_totals,
)
from gmtool.rules.systems.lotr.rules_data import Order, Race, lotr_rules
from tests.rules.lotr.gm_tables import with_gm_wound_penalties

# A Dwarf Warrior by the choice method: 10 9 7 7 5 4 + 8 points, then STR +2 VIT +2.
DWARF = CreationDraft(
    name="ギムリ",
    race="dwarf",
    order="warrior",
    method=CHOICE,
    assigned={"str": 10, "vit": 9, "brg": 7, "nim": 7, "per": 5, "wit": 4},
    choice_points={"str": 2, "vit": 3, "nim": 3},
    favoured_attributes=("str", "vit"),
    favoured_reaction="stamina",
    order_ranks={"Armed Combat: Axes": 3, "Climb": 3, "Observe": 3, "Search": 3, "Jump": 3},
    order_free_ranks={"Armed Combat: Axes": 3, "Climb": 2},
    order_ability="Swift Strike",
)
# A Fallohide Rogue by the random method (hobbit bonuses are not in the summary).
HOBBIT = CreationDraft(
    name="ピピン",
    race="hobbit",
    subrace="fallohide",
    order="rogue",
    method=RANDOM,
    rolls=(9, 8, 8, 7, 7, 6, 5, 4, 3),
    assigned={"nim": 9, "per": 8, "wit": 8, "brg": 7, "vit": 7, "str": 6},
    favoured_attributes=("nim", "per"),
    favoured_reaction="swiftness",
    order_ranks={"Stealth": 3, "Observe": 3, "Search": 3, "Climb": 3, "Acrobatics": 3},
    order_free_ranks={"Stealth": 3, "Search": 2},
    language_ranks={"Language: Westron": 6, "Lore: Realm (Shire)": 6},
    skill_attributes={"Lore: Realm (Shire)": "wit"},
    specialisations={"Stealth": ("Hide",)},
    order_ability="Sneak",
)


def _dwarf(**changes: Any) -> CreationDraft:
    return replace(DWARF, **changes)


def test_the_base_drafts_break_nothing() -> None:
    assert problems(DWARF) == []
    assert problems(HOBBIT) == []


# --- every limit -----------------------------------------------------------------------------------

LIMITS: list[tuple[str, Callable[[], CreationDraft], str, list[str]]] = [
    # origin
    ("no race", lambda: _dwarf(race=""), STEP_ORIGIN, ["種族を選んでください"]),
    ("elf without sub-race", lambda: _dwarf(race="elf"), STEP_ORIGIN, ["Elf", "亜種族を選んでください"]),
    ("unknown sub-race", lambda: replace(HOBBIT, subrace="noldor"), STEP_ORIGIN, ["Hobbit", "亜種族"]),
    ("no order", lambda: _dwarf(order="paladin"), STEP_ORIGIN, ["職業を選んでください"]),
    # attributes
    (
        "an attribute left unassigned",
        lambda: _dwarf(assigned={k: v for k, v in DWARF.assigned.items() if k != "wit"}),
        STEP_ATTRIBUTES,
        ["値を割り当てていない能力値", "Wits"],
    ),
    ("eight rolls", lambda: replace(HOBBIT, rolls=HOBBIT.rolls[:8]), STEP_ATTRIBUTES, ["2d6 を 9 回"]),
    (
        "a value outside the best six",
        lambda: replace(HOBBIT, assigned={**HOBBIT.assigned, "str": 5}),
        STEP_ATTRIBUTES,
        ["高い 6 つの値", "[9, 8, 8, 7, 7, 6]"],
    ),
    (
        "a value outside 10 9 7 7 5 4",
        lambda: _dwarf(assigned={**DWARF.assigned, "wit": 6}),
        STEP_ATTRIBUTES,
        ["10, 9, 7, 7, 5, 4"],
    ),
    (
        "seven of the eight points",
        lambda: _dwarf(choice_points={"str": 2, "vit": 3, "nim": 2}),
        STEP_ATTRIBUTES,
        ["8 ポイントを配分しきって", "いま 7"],
    ),
    (
        "nine points",
        lambda: _dwarf(choice_points={"str": 2, "vit": 3, "nim": 3, "wit": 1}),
        STEP_ATTRIBUTES,
        ["8 ポイント", "いま 9"],
    ),
    (
        "negative points",
        lambda: _dwarf(choice_points={"str": 2, "vit": 3, "nim": 4, "per": -1}),
        STEP_ATTRIBUTES,
        ["0 以上"],
    ),
    (
        "13 before race bonuses",
        lambda: _dwarf(choice_points={"str": 3, "vit": 2, "nim": 3}),
        STEP_ATTRIBUTES,
        ["Strength が 13", "種族ボーナスの前に 12 まで"],
    ),
    (
        "over 12 + race bonus after a free point",
        lambda: _dwarf(free_picks=(Pick("attribute", "str", 1),)),
        STEP_ATTRIBUTES,
        ["Strength が 15", "12 + 種族修正 = 14"],
    ),
    ("unknown method", lambda: _dwarf(method="dice"), STEP_ATTRIBUTES, ["能力値の決め方 'dice'"]),
    # favoured
    (
        "one favoured attribute",
        lambda: _dwarf(favoured_attributes=("str",)),
        STEP_FAVOURED,
        ["得意能力値", "2 つ"],
    ),
    (
        "the same favoured attribute twice",
        lambda: _dwarf(favoured_attributes=("str", "str")),
        STEP_FAVOURED,
        ["異なる 2 つ"],
    ),
    (
        "unknown favoured attribute",
        lambda: _dwarf(favoured_attributes=("str", "luck")),
        STEP_FAVOURED,
        ["得意能力値"],
    ),
    ("no favoured reaction", lambda: _dwarf(favoured_reaction=""), STEP_FAVOURED, ["得意リアクション"]),
    # skills
    (
        "negative ranks",
        lambda: _dwarf(race_ranks={"Climb": -1}),
        STEP_SKILLS,
        ["ランクは 0 以上"],
    ),
    (
        "the order package is not in the data",
        lambda: _dwarf(skill_mode=PACKAGE, order_ranks={}, order_free_ranks={}),
        STEP_SKILLS,
        ["パッケージの中身はルールデータにありません"],
    ),
    (
        "16 order ranks",
        lambda: _dwarf(order_ranks={**DWARF.order_ranks, "Run": 1}, skill_attributes={"Run": "str"}),
        STEP_SKILLS,
        ["15 ランクまで", "いま 16"],
    ),
    (
        "4 order ranks in one skill",
        lambda: _dwarf(order_ranks={**DWARF.order_ranks, "Climb": 4, "Jump": 2}),
        STEP_SKILLS,
        ["一つの技能に 3 ランクまで", "Climb"],
    ),
    (
        "6 free order ranks",
        lambda: _dwarf(order_free_ranks={"Armed Combat: Axes": 3, "Climb": 3}),
        STEP_SKILLS,
        ["自由配分は 5 ランクまで", "いま 6"],
    ),
    (
        "7 race points",
        lambda: _dwarf(race_ranks={"Language: Khuzdul": 3}, race_edges=(Pick("edge", "Hardy", 4),)),
        STEP_SKILLS,
        ["種族スキルと特徴は 6 ポイントまで", "いま 7"],
    ),
    (
        "languages over WIT × 3",
        lambda: _dwarf(language_ranks={"Language: Westron": 6, "Language: Khuzdul": 6, "Lore: History": 1}),
        STEP_SKILLS,
        ["Wits × 3 = 12 ランクまで", "いま 13"],
    ),
    (
        "not a language in the language budget",
        lambda: _dwarf(language_ranks={"Climb": 1}),
        STEP_SKILLS,
        ["Language / Lore だけ", "Climb"],
    ),
    (
        "7 ranks at creation",
        lambda: _dwarf(race_ranks={"Armed Combat: Axes": 1}),
        STEP_SKILLS,
        ["初期キャラクターの技能は 6 ランクまで", "Armed Combat: Axes（7）"],
    ),
    (
        "a specialisation of a rank-0 skill",
        lambda: _dwarf(specialisations={"Ride": ("Ponies",)}),
        STEP_SKILLS,
        ["ランク 0 の技能は特化できません", "Ride"],
    ),
    (
        "a skill with no attribute",
        lambda: _dwarf(race_ranks={"Run": 1}),
        STEP_SKILLS,
        ["能力値が未設定の技能", "Run"],
    ),
    # extras
    (
        "6 free points",
        lambda: _dwarf(free_ranks={"Observe": 2}, free_picks=(Pick("edge", "Night-eyed", 4),)),
        STEP_EXTRAS,
        ["自由ポイントは 5 点まで", "いま 6"],
    ),
    (
        "the second specialisation costs a free point",
        lambda: _dwarf(
            free_ranks={"Observe": 3, "Search": 2}, specialisations={"Climb": ("Cliffs", "Trees")}
        ),
        STEP_EXTRAS,
        ["自由ポイントは 5 点まで", "いま 6", "2 つ目以降の特化"],
    ),
    (
        "an order ability bought with free points",
        lambda: _dwarf(free_picks=(Pick("order_ability", "Battle-hardened", 1),)),
        STEP_EXTRAS,
        ["自由ポイントで職業の特殊能力は身に着けられません"],
    ),
    (
        "a negative cost",
        lambda: _dwarf(free_picks=(Pick("edge", "Hardy", -2),)),
        STEP_EXTRAS,
        ["消費ポイントは 0 以上"],
    ),
    (
        "five flaws",
        lambda: _dwarf(flaws=("Arrogant", "Stubborn", "Greedy", "Grasping", "Proud")),
        STEP_EXTRAS,
        ["Flaw は種族と職業を合わせて 4 つまで", "いま 5"],
    ),
    ("no order ability", lambda: _dwarf(order_ability="  "), STEP_EXTRAS, ["職業の特殊能力を一つ選んで"]),
]


@pytest.mark.parametrize(("draft", "step", "needles"), [c[1:] for c in LIMITS], ids=[c[0] for c in LIMITS])
def test_every_limit_is_named(draft: Callable[[], CreationDraft], step: str, needles: list[str]) -> None:
    found = problems(draft())
    assert found, "the limit is enforced"
    matching = [p for p in found if all(n in p.message for n in needles)]
    assert matching, f"{needles} not in {[p.message for p in found]}"
    assert all(p.step == step for p in matching)
    with pytest.raises(ValueError, match=r"."):
        build_character(draft())


def test_order_skills_outside_the_order_list() -> None:
    """Once the GM fills an order's skill list, custom ranks must come from it."""
    rules = lotr_rules()
    warrior = Order("warrior", "Warrior", "戦士", skills=("Armed Combat: Axes", "Climb", "Observe", "Search"))
    custom = replace(rules, orders=(warrior,))
    found = problems(DWARF, custom)
    assert [(p.step, p.message) for p in found] == [(STEP_SKILLS, "職業スキルにない技能です: Jump")]


def test_the_limits_themselves_are_allowed() -> None:
    """Exactly at every limit is fine: 15 + 5 order ranks, 6 race points, WIT × 3, 5 free points,
    one free specialisation, 4 flaws, 6 ranks."""
    draft = _dwarf(
        race_ranks={"Language: Khuzdul": 2},
        race_edges=(Pick("edge", "Hardy", 4),),
        language_ranks={"Language: Westron": 6, "Lore: History (Erebor)": 6},
        skill_attributes={"Lore: History (Erebor)": "wit"},
        free_ranks={"Observe": 3},
        free_picks=(Pick("edge", "Night-eyed", 1),),
        specialisations={"Armed Combat: Axes": ("Battle-axe",), "Climb": ("Cliffs",)},
        flaws=("Arrogant", "Stubborn", "Greedy", "Grasping"),
    )
    assert race_points_used(draft) == 6
    assert language_budget(draft) == 12
    assert free_points_used(draft) == 5  # 3 ranks + 1 edge + the second specialisation
    assert skill_totals(draft)["Armed Combat: Axes"] == 6
    assert problems(draft) == []


def test_problems_come_in_the_order_of_the_wizard() -> None:
    draft = CreationDraft(flaws=("a", "b", "c", "d", "e"), race_ranks={"Climb": 9})
    steps = [p.step for p in problems(draft)]
    order = [STEP_ORIGIN, STEP_ATTRIBUTES, STEP_FAVOURED, STEP_SKILLS, STEP_EXTRAS]
    assert steps == sorted(steps, key=order.index)
    assert set(steps) == set(order)


# --- the built character ---------------------------------------------------------------------------


def test_build_a_dwarf() -> None:
    c = build_character(DWARF)
    # 10+2 +2 = 14 STR, 9+3 +2 = 14 VIT, 7+3 = 10 NIM; mods STR +4 VIT +4 NIM +2 BRG 0 PER 0 WIT 0.
    assert c.attributes == Attributes(brg=7, nim=10, per=5, str=14, vit=14, wit=4)
    # Stamina max(STR, VIT) +4; Swiftness max(NIM +2, PER 0); Willpower max(BRG 0, WIT 0).
    assert c.reactions == Reactions(stamina=4, swiftness=2, willpower=0, wisdom=0)
    assert c.health == 18  # VIT 14 + STR 修正 4
    assert (c.courage, c.courage_spent, c.renown, c.corruption) == (3, 0, 0, 0)
    assert (c.size, c.wound_levels) == ("small", 5)  # 「ドワーフも Small Size だが,頑健なために負傷は五段階」
    assert (c.favoured_attributes, c.favoured_reaction) == (("str", "vit"), "stamina")
    ranks = {s.name: (s.ranks, s.order_skill) for s in c.skills}
    assert ranks == {
        "Armed Combat: Axes": (6, True),
        "Climb": (5, True),
        "Jump": (3, True),
        "Observe": (3, True),
        "Search": (3, True),
    }
    assert c.order_abilities == ("Swift Strike",)
    assert c.overrides == ()
    assert derived.defence(c) == 12  # 10 + NIM 修正 2


def test_build_a_hobbit() -> None:
    c = build_character(HOBBIT)
    assert c.attributes == Attributes(brg=7, nim=9, per=8, str=6, vit=7, wit=8)  # bonuses unknown: 0
    assert (c.size, c.wound_levels) == ("small", 4)  # 「ホビットは Size が Small なので四段階」
    assert c.health == 7
    assert c.reactions == Reactions(stamina=0, swiftness=1, willpower=1, wisdom=1)
    stealth = c.skill("Stealth")
    assert stealth is not None and (stealth.ranks, stealth.specialisations) == (6, ("Hide",))
    lore = c.skill("Lore: Realm (Shire)")
    assert lore is not None and (lore.attribute, lore.order_skill) == ("wit", False)


@pytest.mark.parametrize(
    ("subrace", "expected"),
    [
        ("noldor", {"brg": 9, "nim": 8, "per": 9, "str": 7, "vit": 5, "wit": 5}),
        ("sindar", {"brg": 8, "nim": 9, "per": 9, "str": 7, "vit": 6, "wit": 4}),
        ("silvan", {"brg": 8, "nim": 8, "per": 9, "str": 7, "vit": 5, "wit": 4}),
    ],
)
def test_elf_bonuses(subrace: str, expected: dict[str, int]) -> None:
    draft = replace(
        HOBBIT,
        race="elf",
        subrace=subrace,
        rolls=(7, 7, 7, 7, 5, 4, 3, 2, 2),
        assigned={"brg": 7, "nim": 7, "per": 7, "str": 7, "vit": 5, "wit": 4},
    )
    assert final_attributes(draft) == expected
    c = build_character(draft, overridden=True)  # WIT 4–5 is too little for the hobbit's 12 language ranks
    assert c.attributes == Attributes(**expected)
    assert (c.size, c.wound_levels) == ("medium", 5)


def test_negative_race_bonus_never_below_1_and_lowers_the_cap() -> None:
    rules = lotr_rules()
    weak = Race("weak", "Weak", "弱", size="medium", wound_levels=5, bonuses={"str": -3}, bonuses_known=True)
    custom = replace(rules, races=(*rules.races, weak))
    draft = replace(
        HOBBIT, race="weak", subrace="", rolls=(2,) * 9, assigned=dict.fromkeys(HOBBIT.assigned, 2)
    )
    assert (
        final_attributes(draft, custom)["str"] == 1
    )  # 「種族のマイナス修正によって能力が1より低くなることはない」
    assert derived.attribute_cap("str", {"str": -3}) == 9


def test_courage_takes_race_and_order_modifiers_when_set() -> None:
    rules = lotr_rules()
    assert courage_at_creation(DWARF) == (3, False)  # 「基本値は3点」; the modifiers are 未設定
    dwarf = replace(rules.race("dwarf"), courage=1)  # type: ignore[type-var]
    warrior = replace(rules.order("warrior"), courage=-1)  # type: ignore[type-var]
    custom = replace(rules, races=(dwarf,), orders=(warrior,))
    assert courage_at_creation(DWARF, custom) == (3, True)
    assert build_character(DWARF, rules=custom).courage == 3
    custom = replace(custom, orders=(replace(warrior, courage=2),))
    assert build_character(DWARF, rules=custom).courage == 6


def test_gm_override_is_recorded() -> None:
    draft = _dwarf(flaws=("a", "b", "c", "d", "e"), free_picks=(Pick("attribute", "str", 1),))
    with pytest.raises(ValueError, match="12 \\+ 種族修正"):
        build_character(draft)
    c = build_character(draft, overridden=True)
    assert len(c.overrides) == 2
    assert all(o.startswith("作成時の GM 許可: ") for o in c.overrides)
    assert any("Flaw" in o and "4 つまで" in o for o in c.overrides)
    assert c.attributes.str == 15 and len(c.flaws) == 5


@pytest.mark.parametrize("overridden", [False, True])
def test_a_skill_attribute_the_sheet_lacks_is_refused(overridden: bool) -> None:
    # Built, such a skill would break the sheet (its checks look the attribute's modifier up).
    draft = _dwarf(free_ranks={"Run": 1}, skill_attributes={"Run": "luck"})
    with pytest.raises(ValueError, match="Run: 能力値 'luck' はありません"):
        build_character(draft, overridden=overridden)
    assert build_character(_dwarf(free_ranks={"Run": 1}, skill_attributes={"Run": "str"})).skill("Run")


def test_edges_from_every_pool() -> None:
    draft = _dwarf(
        edges=("Dwarf-friend",),
        race_edges=(Pick("edge", "Hardy", 2),),
        free_picks=(Pick("edge", "Night-eyed", 2),),
    )
    assert build_character(draft).edges == ("Dwarf-friend", "Hardy", "Night-eyed")


def test_random_method_dice() -> None:
    class Dice:
        def __init__(self) -> None:
            self.faces = [1, 2, 3, 4, 5, 6, 6, 6, 2, 2, 3, 3, 4, 4, 5, 5, 1, 1]

        def randint(self, a: int, b: int) -> int:
            assert (a, b) == (1, 6)
            return self.faces.pop(0)

    dice = Dice()
    rolled = roll_attribute_dice(dice)  # type: ignore[arg-type]
    assert dice.faces == [] and len(rolled) == 9
    assert [sum(f) for f in rolled] == [3, 7, 11, 12, 4, 6, 8, 10, 2]
    assert best_six(tuple(sum(f) for f in rolled)) == (12, 11, 10, 8, 7, 6)
    assert random_roll_distribution()[7] == pytest.approx(6 / 36)
    assert len(roll_attribute_dice(random.Random(1))) == 9


# --- derived values --------------------------------------------------------------------------------


def _character(**changes: Any) -> LotRCharacter:
    return replace(LotRCharacter(name="試験", health=10), **changes)


@pytest.mark.parametrize(
    ("damage", "level", "penalty", "left"),
    [
        (0, "healthy", 0, 10),
        (9, "healthy", 0, 1),
        (10, "dazed", -1, 10),  # 「Health = 10 なら,ダメージを10点受けた時点で DAZED」
        (19, "dazed", -1, 1),
        (20, "injured", -1, 10),
        # Wounded and Near Death stay empty: by default they take the lighter level's penalty
        # (lotr.unset_wound_penalty = lighter; they read 0 under the old default).
        (33, "wounded", -1, 7),
        (40, "incapacitated", -5, 10),
        (50, "near_death", -5, 10),
        (59, "near_death", -5, 1),
    ],
)
def test_wound_track(damage: int, level: str, penalty: int, left: int) -> None:
    track = derived.wound_track(_character(damage=damage), with_gm_wound_penalties())
    assert [lv.id for lv in track.levels] == [
        "healthy",
        "dazed",
        "injured",
        "wounded",
        "incapacitated",
        "near_death",
    ]
    assert not track.dead
    assert track.level is not None and track.level.id == level
    assert (track.penalty, track.points_left_in_level) == (penalty, left)
    assert track.penalty_unset is (level in ("wounded", "near_death"))


def test_dead_past_the_last_level() -> None:
    track = derived.wound_track(_character(damage=60))
    assert track.dead and track.level is None and track.penalty == 0
    assert derived.wound_track(_character(damage=600)).index == 6


def test_a_hobbit_dies_on_reaching_incapacitated() -> None:
    """1.2.1 「Hobbitは,Incapacitated になった時点で死亡する」 (the test used to keep it alive there)."""
    hobbit = _character(size="small", wound_levels=4)  # Health 10
    track = derived.wound_track(hobbit)
    assert [lv.id for lv in track.levels] == ["healthy", "dazed", "injured", "wounded", "incapacitated"]
    assert track.dies_at_incapacitated and track.death_index == 4
    last = derived.wound_track(replace(hobbit, damage=39))  # the last point of Wounded: alive
    assert not last.dead and last.level is not None and last.level.id == "wounded"
    dead = derived.wound_track(replace(hobbit, damage=40))  # Incapacitated reached: dead
    assert dead.dead and dead.level is None and dead.penalty == 0


def test_a_five_level_track_lives_through_incapacitated() -> None:
    track = derived.wound_track(_character(damage=40))
    assert not track.dies_at_incapacitated and track.death_index == 6
    assert track.level is not None and track.level.id == "incapacitated" and not track.dead


def test_a_dwarf_is_small_with_five_levels() -> None:
    track = derived.wound_track(_character(size="small", wound_levels=5, damage=50))
    assert track.level is not None and track.level.id == "near_death"


@pytest.mark.parametrize(("size", "healthy"), [("large", 2), ("huge", 3)])
def test_large_creatures_get_extra_healthy_levels(size: str, healthy: int) -> None:
    """「Large以上…Healthy である段階が大きさ1段階ごとに1段階追加」 (Mammoth: 3)."""
    creature = _character(size=size)
    track = derived.wound_track(creature)
    assert [lv.id for lv in track.levels[: healthy + 1]] == ["healthy"] * healthy + ["dazed"]
    assert derived.wound_track(replace(creature, damage=healthy * 10 - 1)).level.id == "healthy"  # type: ignore[union-attr]
    assert derived.wound_track(replace(creature, damage=healthy * 10)).level.id == "dazed"  # type: ignore[union-attr]
    assert derived.wound_track(replace(creature, damage=(healthy + 5) * 10)).dead


def test_condition_penalty_adds_wounds_and_weariness() -> None:
    assert derived.condition_penalty(_character(damage=20, weariness=5), with_gm_wound_penalties()) == -11
    # As shipped, no wound penalty is known: only Exhausted's −10 (1.2.2) is the text's.
    assert derived.condition_penalty(_character(damage=20, weariness=5)) == -10
    assert derived.condition_penalty(_character(weariness=1)) == 0  # Winded: 未設定
    assert derived.weariness_level(_character(weariness=5)).id == "exhausted"


@pytest.mark.parametrize(("corruption", "reached"), [(0, False), (6, False), (7, True), (9, True)])
def test_corruption_reached_bearing(corruption: int, reached: bool) -> None:
    """「Corruptionの値が Bearingの値と等しくなった時点で, キャラクターはNPCとなり」 (BRG 7)."""
    character = _character(attributes=Attributes(brg=7), corruption=corruption)
    assert derived.corruption_reached_bearing(character) is reached


def test_derived_values_follow_the_attributes() -> None:
    character = _character(attributes=Attributes(brg=3, nim=12, per=8, str=13, vit=2, wit=18))
    assert derived.modifiers(character) == {"brg": -1, "nim": 3, "per": 1, "str": 3, "vit": -2, "wit": 6}
    assert derived.defence(character) == 13
    assert derived.encumbrance(character) == (130, 260, 390)  # STR ×10 / ×20 / ×30
    values = derived.derive(character)
    assert values["damage_bonus"] == 3 and values["defence"] == 13
    assert (values["encumbrance"], values["encumbrance_heavy"], values["encumbrance_very_heavy"]) == (
        130,
        260,
        390,
    )
    assert values["courage_left"] == 3
    # Reactions and Health were fixed at creation: raising NIM later does not move Swiftness.
    assert derived.creation_reactions(derived.modifiers(character)) == Reactions(3, 3, 6, 1)
    assert derived.creation_health(2, -3) == 1 and derived.creation_health(14, 4) == 18
