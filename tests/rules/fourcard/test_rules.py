"""フォーカード rules beyond single rolls: rule tables, skill catalog, derived values, purchases,
creation, damage and recovery, and the character document (hand-edited files refused by field)."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import ValidationError

from gmtool.resources import resource_path
from gmtool.rules.checks import CheckResult, Outcome
from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.fourcard import SYSTEM, advancement, catalog, creation, damage, derived
from gmtool.rules.systems.fourcard.advancement import PurchaseBlocked, commit
from gmtool.rules.systems.fourcard.catalog import SkillCatalog, SkillDef, SpecialisationDef, shipped_catalog
from gmtool.rules.systems.fourcard.character import (
    Equipment,
    FourCardCharacter as Character,
    InitialAttributes,
    LedgerEntry,
    Losses,
    Skill,
)
from gmtool.rules.systems.fourcard.rules_data import fourcard_rules
from gmtool.store.errors import ExchangeError
from gmtool.store.exchange import export_character, import_character

SAVED_FILE = Path(__file__).resolve().parents[2] / "data" / "fourcard_character_v1.gmchar.json"
MELEE = SkillDef("接近戦", "dx", 2, specialisations=(SpecialisationDef("剣", 3), SpecialisationDef("斧", 3)))
MAGIC_BLADE = SkillDef("魔法剣", "dx", 3, restrictor="魔法", prerequisites=("接近戦",))
CATALOG = SkillCatalog((MELEE, SkillDef("魔法", "iq", 4, level_cap=True), MAGIC_BLADE))


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    fourcard_rules.cache_clear()
    shipped_catalog.cache_clear()
    yield
    fourcard_rules.cache_clear()
    shipped_catalog.cache_clear()


def _fighter(xp: int = 15, **changes: object) -> Character:
    """IQ 4 DX 6 ST 6 WP 5 VT 5, 【接近戦】2TP specialised in 剣, `xp` 獲得経験点."""
    character = Character(
        name="ガルド",
        attributes=InitialAttributes(iq=4, dx=6, st=6, wp=5, vt=5),
        skills=(Skill("接近戦", "dx", 2, specialised=True, specialisations=("剣",)),),
        growth=(LedgerEntry(scenario="作成", xp=xp),),
    )
    return replace(character, **changes)


def _buy(character: Character, purchase: advancement.Purchase) -> Character:
    return commit(purchase, override=False, date="2026-12-01", scenario="幕間")


# --- rule tables -----------------------------------------------------------------------------------


def test_shipped_rule_tables() -> None:
    rules = fourcard_rules()
    assert rules.level_thresholds == (10, 30, 60, 100, 150, 210, 280, 360)
    assert [rules.level_for(t) for t in rules.level_thresholds] == list(range(1, 9))
    assert [rules.level_for(xp) for xp in (0, 9, 10, 29, 359, 360, 9999)] == [0, 0, 1, 1, 7, 8, 8]
    steps = rules.difficulty_steps
    assert [s.value for s in steps] == [8, 10, 12, 14, 16, 18, 20, 22, 24, 30]
    assert [s.value for s in steps if s.inferred] == [8], "only the lost first number is inferred"
    assert (steps[0].label, steps[1].label) == ("素人でも容易", "素人は緊張、初級者なら容易")
    assert [rules.step_for(d).label for d in (24, 30)] == ["最高峰でも困難", "難易度の限界数値"]  # type: ignore[union-attr]
    assert rules.step_for(11) is None and rules.difficulty_range == range(8, 31)
    costs = {"iq": (15, 30), "dx": (15, 30), "st": (10, 20), "wp": (10, 20), "vt": (10, 20)}
    assert (dict(rules.attribute_costs), rules.regain_cost) == (costs, 5)


Writer = Callable[..., None]
HEAD = 'schema = 1\nsystem = "fourcard"\nsource = "test"\n'
GROWTH = "regain_cost = 5\n[attribute_costs]\niq = [15, 30]\ndx = [15, 30]\nst = [10, 20]\nwp = [10, 20]\n"
SKILL = '[[skills]]\nname = "a"\n'
STEPS = '[[steps]]\nvalue = 10\nlabel = "a"\n[[steps]]\nvalue = 8\nlabel = "b"\n'


@pytest.fixture
def rule_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Writer:
    """A temporary copy of the shipped tables; `write(name, body)` replaces one of them."""
    shutil.copytree(resource_path("rules", "fourcard"), tmp_path / "rules" / "fourcard")
    monkeypatch.setattr("gmtool.rules.data.resource_path", lambda *parts: tmp_path.joinpath(*parts))

    def write(name: str, body: str, head: str = HEAD) -> None:
        (tmp_path / "rules" / "fourcard" / f"{name}.toml").write_text(head + body, encoding="utf-8")

    return write


@pytest.mark.parametrize(
    ("name", "body", "needles"),
    [
        ("levels", "thresholds = [10, 30, 30]", ["levels.toml: thresholds", "昇順"]),
        ("levels", "thresholds = [-1, 10]", ["levels.toml: thresholds", "0 以上"]),
        ("levels", 'thresholds = [10, "30"]', ["levels.toml: thresholds", "整数"]),
        ("levels", "thresholds = 10", ["levels.toml: thresholds", "整数"]),
        ("levels", "", ["levels.toml: thresholds"]),
        ("difficulty", "steps = []", ["difficulty.toml: steps"]),
        ("difficulty", "steps = [8, 10]", ["difficulty.toml steps[0]"]),
        ("difficulty", "[[steps]]\nvalue = 8\n", ["difficulty.toml steps[0]", "'label'"]),
        ("difficulty", '[[steps]]\nvalue = "8"\nlabel = "x"\n', ["difficulty.toml steps[0]", "'value'"]),
        ("difficulty", STEPS, ["difficulty.toml: steps の value", "昇順"]),
        ("difficulty", '[[steps]]\nvalue = 8\nlabel = "x"\ninferred = 1\n', ["steps[0]", "'inferred'"]),
        ("growth", GROWTH, ["growth.toml: attribute_costs", "vt"]),
        ("growth", GROWTH + "vt = [10]\n", ["growth.toml: attribute_costs.vt"]),
        ("growth", GROWTH + "vt = 10\n", ["growth.toml: attribute_costs.vt"]),
        ("growth", GROWTH + "vt = [20, 10]\n", ["growth.toml: attribute_costs.vt"]),
        ("growth", GROWTH + "vt = [10, 20]\nluck = [1, 2]\n", ["growth.toml: attribute_costs"]),
        ("growth", GROWTH.replace("= 5", "= -5") + "vt = [10, 20]\n", ["growth.toml: regain_cost"]),
        ("growth", GROWTH.replace("= 5", '= "5"') + "vt = [10, 20]\n", ["growth.toml: 'regain_cost'"]),
        ("skills", SKILL + 'base = "st"\n', ["skills.toml: skills.0.base"]),
        ("skills", SKILL + "expertise = 0\n", ["skills.toml: skills.0.expertise"]),
        ("skills", SKILL * 2, ["skills.toml: skills: スキル名が重複しています: a"]),
        ("skills", SKILL + 'prerequisites = ["b"]\n', ["skills.toml: skills:", "ありません: b"]),
        ("skills", SKILL + "colour = 1\n", ["skills.toml: skills.0.colour"]),
    ],
)
def test_broken_table_is_refused(rule_table: Writer, name: str, body: str, needles: list[str]) -> None:
    rule_table(name, body)
    with pytest.raises(RuleDataError) as excinfo:
        shipped_catalog() if name == "skills" else fourcard_rules()
    for needle in needles:
        assert needle in str(excinfo.value), f"{needle!r} not in {excinfo.value}"
    assert "Value error" not in str(excinfo.value), "our own Japanese message, not pydantic's wrapper"


def test_temporary_tables_are_read_and_errors_not_cached(rule_table: Writer) -> None:
    rule_table("levels", "thresholds = [5, 15]")
    assert [fourcard_rules().level_for(xp) for xp in (4, 5, 100)] == [0, 1, 2]
    fourcard_rules.cache_clear()
    rule_table("levels", "thresholds = [10]\n", head=HEAD.replace('"fourcard"', '"aw"'))
    with pytest.raises(RuleDataError, match=r"levels\.toml: system"):
        fourcard_rules()
    rule_table("levels", "thresholds = [10]")  # fixed: loads without a restart
    assert fourcard_rules().level_for(10) == 1


# --- skill catalog ---------------------------------------------------------------------------------


def test_shipped_catalog_holds_only_melee_without_expertise() -> None:
    shipped = shipped_catalog()
    melee = shipped.get("接近戦")
    assert shipped.names == ["接近戦"] and melee is not None
    assert (melee.base, melee.expertise, melee.specialised, melee.missing()) == ("dx", None, True, ["専門性"])
    assert [(s.name, s.cost) for s in melee.specialisations] == [("剣", None), ("斧", None)]
    with pytest.raises(PurchaseBlocked, match="【接近戦】の専門性が未設定です"):
        advancement.skill_tp_purchase(Character(), shipped, "接近戦", 15)


@pytest.mark.parametrize(
    ("skills", "needle"),
    [
        ((SkillDef("a"), SkillDef("a")), "スキル名が重複しています: a"),
        ((SkillDef("a", prerequisites=("b",)),), "【a】が参照するスキルがカタログにありません: b"),
        ((SkillDef("a", restrictor="z"),), "カタログにありません: z"),
        ((SkillDef("a", prerequisites=("a",)),), "【a】が自分自身を前提・制限スキルにしています"),
        ((SkillDef("a", restrictor="a"),), "自分自身"),
        ((SkillDef("a", specialisations=(SpecialisationDef("x"),) * 2),), "特化分野の名前が重複"),
    ],
)
def test_skill_catalog_validation(skills: tuple[SkillDef, ...], needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        SkillCatalog(skills)
    with pytest.raises(ValidationError, match=needle):  # the campaign's stored catalog document
        catalog.catalog_from_document({"skills": [dataclasses.asdict(s) for s in skills]})


# --- derived values ---------------------------------------------------------------------------------


def test_hp_lines_and_condition_at_each_line() -> None:
    character = _fighter()
    lines = derived.hp_lines(character)
    assert (lines.weakened, lines.unconscious, lines.dead) == (6 * 2 + 5, 17 + 5 * 2, 27 + 5 * 2)
    for total, expected in [(16, ""), (17, "weakened"), (26, "weakened"), (27, "unconscious"), (37, "dead")]:
        hurt = replace(character, fatigue=total // 2, injury=total - total // 2)
        assert (derived.condition(hurt), SYSTEM.derive(hurt)["weakened"]) == (expected, int(total >= 17))
    st8_vt4 = replace(character, gains=replace(character.gains, st=2), losses=Losses(vt=1))
    grown = derived.hp_lines(st8_vt4)
    assert (grown.weakened, grown.unconscious, grown.dead) == (20, 30, 38)


def test_movement_warnings_and_the_skill_table() -> None:
    assert [derived.movement_warning(v) for v in (-3, 0, 1, 2, 3, 11)] == [
        "immobile",
        "immobile",
        "low",
        "low",
        "",
        "",
    ]
    character = _fighter()  # DX 6, 【接近戦】2TP specialised in 剣: 8 in 剣, 6 outside it
    assert derived.skill_levels(character) == [
        derived.SkillLevel("接近戦", "dx", 2, 6, True),
        derived.SkillLevel("接近戦", "dx", 2, 8, True, "剣"),
    ]
    plain = replace(character, skills=(Skill("魔法", "iq", 3),))
    assert derived.skill_levels(plain) == [derived.SkillLevel("魔法", "iq", 3, 7, False)]


def test_movement_skill_levels_and_check_bases() -> None:
    character = _fighter(equipment=(Equipment("鎧", 2), Equipment("盾", 3)))
    assert derived.movement(character) == 6 + 5 - 5
    assert derived.movement(replace(character, equipment=(Equipment("板金鎧", 14),))) == -3  # cannot move
    melee, plain = character.skills[0], Skill("魔法", "iq", 3)
    assert [derived.skill_level(character, melee, field) for field in ("剣", "斧", None)] == [8, 6, 6]
    assert derived.skill_level(character, plain) == derived.skill_level(character, plain, "剣") == 7
    character = _fighter(xp=30)  # 総合LV 2
    kinds = {k.id: (k.label, k.value) for k in SYSTEM.checks(character)}
    assert kinds["skill:接近戦"] == ("【接近戦】（その他）", 6)
    assert kinds["skill:接近戦:剣"] == ("【接近戦】特化【剣】", 8)
    halves = {a: kinds[f"unskilled:{a}"][1] for a in ("iq", "dx", "st", "wp", "vt")}
    assert halves == {"iq": 2, "dx": 3, "st": 3, "wp": 2, "vt": 2}  # 能力値÷2, floor
    assert kinds["attribute:dx"] == ("DX＋総合LV", 8)
    assert (kinds["resist:vt"], kinds["resist:wp"]) == (("VT抵抗", 7), ("WP抵抗", 7))
    assert len(kinds) == 2 + 5 + 5 + 2


# --- advancement -------------------------------------------------------------------------------------


def test_commit_records_the_ledger_and_overrides() -> None:
    character = _fighter(xp=15)
    purchase = advancement.skill_tp_purchase(character, CATALOG, "接近戦", available=5)  # 2 × 3 > 5
    with pytest.raises(PurchaseBlocked, match="経験点が足りません（必要 6、残り 5）"):
        _buy(character, purchase)
    after = commit(purchase, override=True, date="2026-12-01", scenario="幕間")
    assert after.tp("接近戦") == 3 and after.xp_spent == 6
    assert after.growth[-1] == LedgerEntry("2026-12-01", "幕間", 0, "【接近戦】3TP", 6)
    record = "2026-12-01 【接近戦】3TP: GM オーバーライド（経験点が足りません（必要 6、残り 5））"
    assert after.overrides == (record,)
    allowed = advancement.skill_tp_purchase(character, CATALOG, "接近戦", 6)
    assert commit(allowed, override=True, date="", scenario="").overrides == (), "nothing set aside"


def test_specialisations_first_free_then_at_cost() -> None:
    character = _buy(Character(), advancement.skill_tp_purchase(Character(), CATALOG, "接近戦", 15))
    first = advancement.specialisation_purchase(character, CATALOG, "接近戦", "斧", 0)
    character = _buy(character, first)
    second = advancement.specialisation_purchase(character, CATALOG, "接近戦", "剣", 3)
    character = _buy(character, second)
    assert (first.cost, second.cost, character.xp_spent) == (0, 3, 2 + 0 + 3)
    assert character.skill("接近戦").specialisations == ("斧", "剣")  # type: ignore[union-attr]
    with pytest.raises(PurchaseBlocked, match="【弓】は【接近戦】の特化分野"):
        advancement.specialisation_purchase(character, CATALOG, "接近戦", "弓", 50)


def test_every_skill_cap() -> None:
    low = Character(growth=(LedgerEntry(xp=15),))  # 総合LV 1
    magic = _buy(low, advancement.skill_tp_purchase(low, CATALOG, "魔法", 15))
    assert "総合LV 1" in advancement.skill_tp_purchase(magic, CATALOG, "魔法", 99).refusals[0]
    blade = advancement.skill_tp_purchase(magic, CATALOG, "魔法剣", 99)
    assert blade.refusals == ("前提スキル【接近戦】を 1TP 以上習得していません",)
    both = replace(magic, skills=(*magic.skills, Skill("接近戦", "dx", 1, True), Skill("魔法剣", "dx", 1)))
    capped = advancement.skill_tp_purchase(both, CATALOG, "魔法剣", 99).refusals
    assert capped == ("制限スキル【魔法】が 1TP のため【魔法剣】は 1TP までです",)
    nine = replace(low, skills=(Skill("接近戦", "dx", 9, True),))
    with pytest.raises(PurchaseBlocked, match="9TP が上限"):
        advancement.skill_tp_purchase(nine, CATALOG, "接近戦", 99)
    with pytest.raises(PurchaseBlocked, match="【料理】はスキルカタログにありません"):
        advancement.skill_tp_purchase(low, CATALOG, "料理", 99)


def test_attribute_growth_costs_and_limit() -> None:
    character = Character(growth=(LedgerEntry(xp=200),), losses=Losses(wp=1))
    costs = []
    for attribute in ("st", "st", "iq", "iq", "wp"):
        purchase = advancement.attribute_purchase(character, attribute, 999)
        character = _buy(character, purchase)
        costs.append(purchase.cost)
    assert costs == [10, 20, 15, 30, 5]
    assert [character.current(a) for a in ("st", "iq", "wp")] == [7, 7, 5]
    assert character.xp_spent == 80
    with pytest.raises(PurchaseBlocked, match="ST は既に初期値から \\+2 です"):
        advancement.attribute_purchase(character, "st", 999)


def test_scenario_xp_and_award() -> None:
    assert [advancement.scenario_xp(True, personal=p) for p in (-2, -1, 0, 1)] == [3, 4, 5, 6]
    assert [advancement.scenario_xp(False, partial, -2) for partial in (1, 2, 3, 4)] == [1, 1, 1, 2]
    for partial, personal in ((0, 0), (5, 0), (2, 2), (2, -3)):
        with pytest.raises(ValueError, match="経験点"):
            advancement.scenario_xp(False, partial, personal)
    character = advancement.award(Character(), 9, date="2026-12-01", scenario="霧の街道")
    assert SYSTEM.derive(character)["level"] == 0
    character = advancement.award(character, 1, date="2026-12-02", scenario="廃坑")
    assert SYSTEM.derive(character)["level"] == 1 and character.growth[-1].scenario == "廃坑"
    with pytest.raises(ValueError, match="0 以上"):
        advancement.award(character, -1, date="", scenario="")


# --- creation ------------------------------------------------------------------------------------------


def test_attribute_rolls_and_female_modifier_clamps() -> None:
    expected = {v: Fraction(n, 9) for v, n in zip(range(3, 8), (1, 2, 3, 2, 1), strict=True)}
    assert dict(creation.attribute_distribution().items()) == expected
    rolled = creation.roll_attributes(random.Random(5))
    assert list(rolled) == ["iq", "dx", "st", "wp", "vt"]
    assert all(len(f) == 2 and set(f) <= {1, 2, 3} for f in rolled.values())
    assert creation.roll_attributes(random.Random(5)) == rolled
    for st in range(3, 8):
        for wp in range(3, 8):
            values = {"iq": 5, "dx": 5, "st": st, "wp": wp, "vt": 5}
            female = creation.with_sex_modifier(values, "female")
            assert (female["st"], female["wp"]) == (max(3, st - 1), min(7, wp + 1))
            assert creation.with_sex_modifier(values, "male") == values


def test_creation_budget_pays_from_the_earmark_first() -> None:
    budget = creation.CreationBudget(creation.INITIAL_XP, extra=4, earmarked=("魔法",))
    assert [budget.available_for(name) for name in ("魔法", "接近戦", None)] == [19, 15, 15]
    after = budget.pay("魔法", 6)
    assert (after.general, after.extra, after.left) == (13, 0, 13)
    assert budget.pay("魔法", 3) == creation.CreationBudget(15, 1, ("魔法",))
    assert budget.pay("接近戦", 6) == creation.CreationBudget(9, 4, ("魔法",)), "the earmark is for 魔法"
    assert budget.pay(None, 20).general == -5  # a GM override may overspend; the sheet shows it


# --- damage and recovery -------------------------------------------------------------------------------


def test_damage_sleep_and_hunger() -> None:
    character = damage.take_damage(_fighter(), fatigue=2, injury=3)
    assert (character.fatigue, character.injury, character.damage) == (2, 3, 5)
    with pytest.raises(ValueError, match="0 以上"):
        damage.take_damage(character, fatigue=-1)
    with pytest.raises(ValueError, match="0〜168"):
        damage.rest(character, -1)
    with pytest.raises(ValueError, match="0〜168"):
        damage.sleep(character, 169)
    with pytest.raises(ValueError, match="1 以上"):
        damage.missed_meal(character, 0)
    for hours in range(1, 9):
        recovery = damage.sleep(_fighter(fatigue=30, injury=5), hours)
        assert (recovery.fatigue, recovery.injury) == (hours + min(hours, 6), int(hours >= 6)), hours
    hungry = damage.missed_meal(_fighter(fatigue=3))
    assert (hungry.fatigue, hungry.hungry) == (4, True)
    assert damage.rest(hungry, 4).after.fatigue == 4 and damage.sleep(hungry, 8).after.fatigue == 4
    fed = damage.meal(hungry).after
    assert (fed.fatigue, fed.hungry) == (3, False)
    assert damage.rest(fed, 2).after.fatigue == 1


def test_day_recovery() -> None:
    character = _fighter(xp=60, injury=6)  # VT 5 + 総合LV 3; 累積 6
    spec = damage.day_recovery_spec(character, resting=True)
    assert (spec.roller.base, spec.roller.total_modifier, spec.difficulty) == (8, 0, 6)
    assert damage.day_recovery_spec(character, resting=False).roller.total_modifier == -4
    assert damage.day_recovery_spec(character, resting=False, modifier=1).roller.total_modifier == -3
    weakened = damage.day_recovery_spec(replace(character, fatigue=11), resting=False)  # 累積 17 = 衰弱
    assert (weakened.roller.total_modifier, weakened.difficulty) == (-6, 17)
    character = _fighter(fatigue=2, injury=3)
    expected = {Outcome.SUCCESS: (2, 2), Outcome.AUTO_SUCCESS: (2, 2), Outcome.FAILURE: (2, 3)}
    for outcome, after in {**expected, Outcome.AUTO_FAILURE: (3, 3)}.items():  # 自動的失敗: 1 疲労
        result = CheckResult(outcome, (3, 3), 10)
        recovery = damage.apply_day_recovery(character, result)
        assert (recovery.after.fatigue, recovery.after.injury) == after, outcome
        assert (recovery.fatigue, recovery.injury) == (2 - after[0], 3 - after[1])
        assert damage.apply_day_recovery(replace(character, injury=0), result).after.injury == 0


# --- the character document ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "needles"),
    [
        (lambda d: d["attributes"].update(iq=8), ["data.attributes.iq", "7 以下"]),
        (lambda d: d["skills"][0].update(tp=10), ["data.skills[0].tp", "9 以下"]),
        (lambda d: d.update(fatigue=-1), ["data.fatigue", "0 以上"]),
        (lambda d: d["skills"].append(dict(d["skills"][0])), ["スキルが重複しています", "接近戦"]),
        (lambda d: d["losses"].update(vt=6), ["VT", "低下"]),
        (lambda d: d.update(sex="other"), ["data.sex", "other"]),
        (lambda d: d.update(hp=30), ["data.hp", "未知の項目"]),
        (lambda d: d["gains"].update(dx=3), ["data.gains.dx", "2 以下"]),
    ],
)
def test_edited_file_is_refused(tmp_path: Path, edit: Callable[[dict], None], needles: list[str]) -> None:
    document = SYSTEM.dump_character(_fighter())
    edit(document)
    with pytest.raises(ValidationError):
        SYSTEM.load_character(document)
    path = tmp_path / "edited.gmchar.json"
    envelope = {"format": "gmtool/character", "schema_version": 1, "system": "fourcard", "data": document}
    path.write_text(json.dumps(envelope, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ExchangeError) as excinfo:
        import_character(path)
    for needle in ["edited.gmchar.json", *needles]:
        assert needle in str(excinfo.value), f"{needle!r} not in {excinfo.value}"


def test_valid_file_round_trips_and_the_saved_v1_file_loads(tmp_path: Path) -> None:
    character = _fighter(losses=Losses(vt=5), fatigue=4, hungry=True, equipment=(Equipment("鎧", 2, "胴"),))
    assert SYSTEM.load_character(SYSTEM.dump_character(character)) == character
    export_character(tmp_path / "g.gmchar.json", "fourcard", character)
    assert import_character(tmp_path / "g.gmchar.json") == ("fourcard", character)
    # The real saved file (tests/data) still loads and means the same.
    system_id, character = import_character(SAVED_FILE)
    assert (system_id, character.name, character.sex) == ("fourcard", "リーゼ・ハルトマン", "female")
    values = SYSTEM.derive(character)
    assert [values[a] for a in ("iq", "dx", "st", "wp", "vt")] == [6, 5, 5, 7, 4]
    assert (values["xp_earned"], values["xp_spent"], values["level"]) == (30, 29, 2)
    assert (values["weakened_line"], values["unconscious_line"], values["dead_line"]) == (14, 28, 36)
    assert (values["damage"], values["movement"], character.hungry) == (5, 9, True)
    levels = {k.id: k.value for k in SYSTEM.checks(character)}
    assert (levels["skill:接近戦:斧"], levels["skill:接近戦"], levels["skill:魔法"]) == (8, 6, 7)
    export_character(tmp_path / "again.gmchar.json", "fourcard", character)
    again = json.loads((tmp_path / "again.gmchar.json").read_text("utf-8"))
    assert again == json.loads(SAVED_FILE.read_text("utf-8")), "the saved format has not drifted"
