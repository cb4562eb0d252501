"""Hostile session documents and catalog files: only the error the caller turns into a message.

A campaign keeps its battle, army, mass battle, AW/千幻抄/MTG state, catalogs and LotR house rules as
JSON documents in its session table; a hand-edited or damaged file hands the loaders anything.  Each
loader may only raise what its caller catches (and formats with ``format_validation_error``): an
escaped TypeError or a plain ValueError would be a crash where the view should show the problem.
What a loader accepts must dump and load back to the same state (the next write stores it).
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from pydantic import ValidationError

from gmtool.models.aw.focus_state import dump_focus, load_focus
from gmtool.rules import battle
from gmtool.rules.data import RuleDataError
from gmtool.rules.systems.aw import session as aw_session
from gmtool.rules.systems.fourcard import catalog as fourcard_catalog
from gmtool.rules.systems.lotr import army, mass_battle, units as un
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.mtg import table as mtg_table
from gmtool.rules.systems.sengensho import catalog as sengensho_catalog, session as sengensho_session
from gmtool.store.validation import format_validation_error
from tests.store.test_fuzz_importers import FUZZ, MAX_MESSAGE, json_values, mutated

# Property-based fuzzing (hypothesis): seconds of runs; `make test` has it, not `make test-fast`.
pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Loader:
    name: str
    load: Callable[[Any], Any]
    dump: Callable[[Any], Any] | None
    clean: tuple[type[Exception], ...]  # what the caller catches
    valid: Callable[[], list[Any]]  # valid documents to mutate


@functools.cache
def _encounters() -> list[Any]:
    """The demo campaign's saved encounters (the demo is what `make run` opens)."""
    from gmtool.app.demo import create_demo_campaign

    with tempfile.TemporaryDirectory(prefix="gmtool-fuzz-") as folder:
        with create_demo_campaign(Path(folder) / "demo.gmcampaign") as campaign:
            saved = campaign.get_session("battle.saved") or []
    encounters = [battle.dump_encounter(e) for e in battle.load_saved(saved)]
    return encounters or [battle.dump_encounter(battle.Encounter())]


def _army() -> list[Any]:
    units = (
        un.Unit("orcs", name="orcs", size=20, strength=6, toughness=6, morale=25),
        un.Unit("cav", name="cav", size=4, mobility=6, mounted=True, broken=True),
        un.Unit("new", name="new"),
    )
    return [army.dump_army(army.Army(units=units))]


def _mass_battle() -> list[Any]:
    mb = mass_battle
    state = mb.set_names(mb.MassBattle(), "ゴンドール", "モルドール")
    state = mb.set_siegecraft(mb.start_battle(state, -1), True, 2, 3)
    rng = random.Random(9)  # hours end at 0, −1, −2: still fighting
    for _ in range(3):
        state = mb.roll_hour(state, rng)
    return [mb.dump_mass_battle(mb.record_hero(state, 2, "ファラミア", "Thick of Battle", "負傷"))]


def _aw_session() -> list[Any]:
    s = aw_session
    roster = s.Roster({"toru": "透", "mina": "ミナ", "rin": "リン"}, {"toru", "mina", "rin"})
    state = s.form_contract(s.AWSession(), "toru", "mina", roster)
    state = s.add_scene(state, "sc1", "学校の屋上", ("toru",))
    state = s.give_key(state, "k1", "不審な人物", "toru", roster)
    return [s.dump_session(state)]


def _mtg_table() -> list[Any]:
    from gmtool.rules.systems.mtg import library as lib
    from gmtool.rules.systems.mtg.checks import CheckColor, LibraryCard
    from tests.rules.mtg.fixtures import BEAR, FOREST, WURM

    cards = [LibraryCard(BEAR, True), *[LibraryCard(FOREST)] * 9, LibraryCard(WURM)]
    library = lib.finish_check(lib.build_library(cards, random.Random(1)), True, random.Random(2))
    table = mtg_table.MTGTable(turn=3)
    table = mtg_table.record_check(
        mtg_table.set_library(table, "pc", library), "pc", CheckColor.GREEN, 2, boosted=True
    )
    return [json.loads(json.dumps(mtg_table.table_document(table)))]


def _sengensho_session() -> list[Any]:
    s = sengensho_session
    state = s.start_session(s.SengenshoSession())
    for number in range(2):
        state = s.add_scene(state, f"シーン{number + 1}")
    return [s.session_to_document(state)]


LOTR_HOUSE_RULES = {
    "schema": 1,
    "wound_penalties": {"wounded": -3},
    "skills": {"Healing": {"untrained": False}},
    "races": {"hobbit": {"subraces": {"harfoot": {"bonuses": {"nim": 2, "str": -1, "wit": 0}}}}},
    "degrees": {"superior_success": 10},
    "picks": {"attribute": 3},
    "orders": {"warrior": {"package": {"Armed Combat": 2}}},
}

LOADERS = [
    Loader("battle.encounter", battle.load_encounter, battle.dump_encounter, (ValidationError,), _encounters),
    Loader(
        "battle.saved",
        battle.load_saved,
        battle.dump_saved,
        (ValidationError,),
        lambda: [[e, e] for e in _encounters()],
    ),
    Loader("lotr.army", army.load_army, army.dump_army, (ValidationError,), _army),
    Loader(
        "lotr.mass_battle",
        mass_battle.load_mass_battle,
        mass_battle.dump_mass_battle,
        (ValidationError,),
        _mass_battle,
    ),
    Loader("aw.session", aw_session.load_session, aw_session.dump_session, (ValidationError,), _aw_session),
    Loader("aw.focus", load_focus, dump_focus, (ValidationError,), lambda: [None]),
    # MTGTableModel's SessionDocument (models/mtg/table_model.py) catches ValueError and TypeError too.
    Loader("mtg.table", mtg_table.load_table, mtg_table.table_document, (ValueError, TypeError), _mtg_table),
    # read_session / read_catalog (models/sengensho/state.py) catch ValidationError and TypeError.
    Loader(
        "sengensho.session",
        sengensho_session.session_from_document,
        sengensho_session.session_to_document,
        (ValidationError, TypeError),
        _sengensho_session,
    ),
    Loader(
        "sengensho.catalog",
        sengensho_catalog.catalog_from_document,
        sengensho_catalog.catalog_to_document,
        (ValidationError, TypeError),
        lambda: [sengensho_catalog.catalog_to_document(sengensho_catalog.shipped_catalog())],
    ),
    # campaign_catalog (models/skill_catalog.py) catches ValidationError and TypeError.
    Loader(
        "fourcard.catalog",
        fourcard_catalog.catalog_from_document,
        fourcard_catalog.catalog_to_document,
        (ValidationError, TypeError),
        lambda: [fourcard_catalog.catalog_to_document(fourcard_catalog.shipped_catalog())],
    ),
    # _effective (models/lotr/rules_model.py) catches RuleDataError only.
    Loader(
        "lotr.rules",
        lambda document: apply_overrides(lotr_rules(), document),
        None,
        (RuleDataError,),
        lambda: [LOTR_HOUSE_RULES],
    ),
]


def _load_or_refuse(loader: Loader, document: Any) -> None:
    try:
        state = loader.load(document)
    except loader.clean as error:
        if isinstance(error, ValidationError):
            message = format_validation_error(error, loader.name)
        else:
            message = str(error)
        assert isinstance(message, str) and message
        assert len(message) < MAX_MESSAGE, message
        return
    if loader.dump is not None and state is not None:
        again = json.loads(json.dumps(loader.dump(state), ensure_ascii=False))
        assert loader.load(again) == state, "an accepted document must survive its own next write"


@pytest.mark.parametrize("loader", LOADERS, ids=[loader.name for loader in LOADERS])
@settings(FUZZ, max_examples=100)
@given(data=st.data())
def test_session_document(loader, data):
    valid = loader.valid()
    document = data.draw(json_values | st.sampled_from(valid).flatmap(mutated))
    _load_or_refuse(loader, document)


# -- the 千幻抄 catalog export file (read from disk) ------------------------------------------------


@pytest.fixture
def catalog_model(tmp_path):
    from gmtool.models.campaign_model import CampaignModel
    from gmtool.models.sengensho.catalog_model import SengenshoCatalogModel
    from gmtool.store.campaign import Campaign

    campaign = Campaign.create(tmp_path / "campaign.gmcampaign")
    yield SengenshoCatalogModel(CampaignModel(campaign))
    campaign.close()


@FUZZ
@given(data=st.data())
def test_sengensho_catalog_file(tmp_path, catalog_model, data):
    from gmtool.rules.systems.sengensho.catalog import CatalogFileError, export_document, shipped_catalog

    valid = export_document(shipped_catalog())
    document = data.draw(json_values | mutated(valid))
    raw = json.dumps(document, ensure_ascii=False).encode()
    content = data.draw(st.just(raw) | st.binary(max_size=300))
    path = Path(tmp_path) / "fuzz.json"
    path.write_bytes(content)
    try:
        catalog_model.read_import(path)
    except CatalogFileError as error:
        assert path.name in str(error) and len(str(error)) < MAX_MESSAGE


# -- what the fuzzing found: refusals that quoted a hostile value whole ------------------------------

HUGE = "x" * 100_000


@pytest.mark.parametrize(
    "document",
    [
        {"schema": HUGE},  # overrides.py:84
        {"picks": HUGE},  # overrides.py:179
        {HUGE: 1},  # overrides.py:187, the unknown keys joined
        {"picks": {"attribute": HUGE}},  # overrides.py:195
    ],
    ids=["schema", "table", "unknown-key", "value"],
)
def test_lotr_house_rules_refusal_is_bounded(document):
    with pytest.raises(RuleDataError) as caught:
        apply_overrides(lotr_rules(), document)
    assert len(str(caught.value)) < MAX_MESSAGE


def test_sengensho_catalog_file_refusal_is_bounded(tmp_path, catalog_model):
    from gmtool.rules.systems.sengensho.catalog import EXPORT_FORMAT, CatalogFileError

    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"format": EXPORT_FORMAT, "version": HUGE, "archetypes": []}))
    with pytest.raises(CatalogFileError) as caught:
        catalog_model.read_import(path)
    assert len(str(caught.value)) < MAX_MESSAGE
