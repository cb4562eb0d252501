"""What a test's user data starts from, built once per test process and copied, never shared.

Every test gets a user data folder of its own (`private_data_dir`, through ``GMTOOL_DATA_DIR``).
The MTG card cache gmtool builds there on first use takes a second or more (the shipped card table,
~24 000 cards); the tests would build it again and again.  Here it is built once per process (each
pytest-xdist worker is one) and *copied* wherever a test's gmtool would build it: every test still
gets a file of its own, made when its gmtool asks for one and not before, so a test that writes to
its cache, damages it or watches it being prepared sees what it saw before.  A cache built from
other cards (a test's own sample, a broken table) is built as before.

Tests that run gmtool in another process cannot be reached that way: they ask for `card_cache`,
which puts the copy in their data folder before they start it.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest


class CardCacheTemplate:
    """The card cache gmtool builds from the shipped cards (`gmtool.store.mtg.database._create`),
    built on first use in a folder of the test session's; thread-safe (an import thread may open a
    cache)."""

    def __init__(self, folder: Path) -> None:
        from gmtool.store.mtg import database
        from gmtool.store.mtg.bundled import default_bundled_path
        from gmtool.store.mtg.sample import default_sample_path

        self.shipped = (default_sample_path(), default_bundled_path())
        self.build = database._create  # gmtool's own, whatever a test puts in its place
        self._seed = database.Seed
        self._path = folder / "cards.sqlite"
        self._built = False
        self._lock = threading.Lock()

    def copy_to(self, target: Path) -> None:
        """``target`` as gmtool builds it from the shipped cards: a copy of its own."""
        with self._lock:
            if not self._built:
                self.build(self._path, self._seed(*self.shipped))
                leftovers = [p.name for p in self._path.parent.iterdir() if p != self._path]
                assert not leftovers, f"building the card cache left {leftovers} beside it"
                self._built = True
        shutil.copyfile(self._path, target)


@pytest.fixture(scope="session")
def card_cache_template(tmp_path_factory: pytest.TempPathFactory) -> CardCacheTemplate:
    return CardCacheTemplate(tmp_path_factory.mktemp("card-cache-template"))


@pytest.fixture(autouse=True)
def private_data_dir(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    card_cache_template: CardCacheTemplate,
) -> Iterator[Path]:
    """Every test gets its own user data folder (card cache, demo campaign) and its own folder for
    the settings a gmtool it starts keeps (QSettings): none touches the real ones, nor another test's."""
    directory = tmp_path_factory.mktemp("gmtool-data")
    monkeypatch.setenv("GMTOOL_DATA_DIR", str(directory))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(directory / "config"))
    _copy_shipped_card_caches(monkeypatch, card_cache_template)
    yield directory


def _copy_shipped_card_caches(monkeypatch: pytest.MonkeyPatch, template: CardCacheTemplate) -> None:
    """A card cache this test's gmtool builds from the shipped cards is a copy of the template."""
    from gmtool.store.mtg import database

    def create(target: Path, seed: database.Seed) -> None:
        if (seed.sample_path, seed.bundled_path) != template.shipped:
            template.build(target, seed)
            return
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            template.copy_to(target)
        except OSError:
            # An unwritable folder and the like: gmtool's own build says why, as it would have.
            target.unlink(missing_ok=True)
            template.build(target, seed)

    monkeypatch.setattr(database, "_create", create)


@pytest.fixture
def card_cache(private_data_dir: Path, card_cache_template: CardCacheTemplate) -> Path:
    """The card cache in this test's data folder before the test starts, as a gmtool started on it
    builds it from the shipped cards (for tests that run gmtool in another process)."""
    from gmtool.store.mtg.database import default_card_cache_path

    target = default_card_cache_path()  # in private_data_dir
    card_cache_template.copy_to(target)
    return target
