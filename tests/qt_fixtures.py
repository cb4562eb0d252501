"""Fixtures for tests that need real models over a real campaign file, and the main window over
them (registered for every test by tests/conftest.py).

The demo campaign is made once per test process and each test gets a copy of the file
(`demo_campaign_template`); the main window is one fixture, `window`, which a module or a test
configures with the `window` marker (`window_options`) or extends by overriding it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from gmtool.app.demo import create_demo_campaign
from gmtool.store.campaign import Campaign

# The shipped demo campaign, in list order: three AW characters, one フォーカード, one LotR character,
# then 千幻抄: two PCs and an NPC with preset 縁故, then a MTGでTRPG deck of the shipped sample cards.
DEMO_NAMES = [
    "朝霧 透",
    "ミナ・クローデル",
    "影の使徒",
    "リゼ・アルノー",
    "ナール",
    "白峰 朔",
    "綾瀬 詩織",
    "宵闇の主",
    "リーフ・ウォーカー",
]


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    return tmp_path / "table.gmcampaign"


@pytest.fixture(scope="session")
def demo_campaign_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo campaign's characters without its session extras, made once per test process: the
    tests copy the file (`campaign`), so each has one of its own."""
    path = tmp_path_factory.mktemp("demo-template") / "table.gmcampaign"
    create_demo_campaign(path, session=False).close()
    leftovers = [p.name for p in path.parent.iterdir() if p != path]
    assert not leftovers, f"the closed campaign left {leftovers} beside it"
    return path


@pytest.fixture
def campaign(campaign_path: Path, demo_campaign_template: Path) -> Iterator[Campaign]:
    """The demo campaign's characters (DEMO_NAMES) in a fresh file, without its session extras."""
    shutil.copyfile(demo_campaign_template, campaign_path)
    c = Campaign.open(campaign_path)
    yield c
    c.close()


def release_model(model: Any) -> None:
    """A CampaignModel let go of at the end of a test: its undo steps deleted while it is alive.
    A step keeps its model, and the model its undo stack, which holds the steps: left to Python's
    cycle collector, the three can be freed in an order that crashes the test process (the model
    and its stack first, then the step's wrapper deleting the step again; seen with a LogTableModel
    over the model), in whichever later test the collector happens to run."""
    model.undo_stack.clear()


@pytest.fixture
def campaign_model(campaign: Campaign, qtbot: object):
    from gmtool.models.campaign_model import CampaignModel

    model = CampaignModel(campaign)
    yield model
    release_model(model)


@pytest.fixture
def empty_campaign_model(tmp_path: Path, qtbot: object):
    """A campaign with no characters, in a fresh file."""
    from gmtool.models.campaign_model import CampaignModel

    c = Campaign.create(tmp_path / "empty.gmcampaign")
    model = CampaignModel(c)
    yield model
    release_model(model)
    c.close()


def sample_fourcard_character(name: str = "ガルド") -> object:
    """A built フォーカード character: DX 6, 【接近戦】2TP specialised in 剣, 15 XP earned, 15 spent.

    The catalog ships no 専門性, so the purchases are written straight into the ledger.
    """
    from gmtool.rules.systems.fourcard.character import (
        FourCardCharacter,
        InitialAttributes,
        LedgerEntry,
        Skill,
    )

    return FourCardCharacter(
        name=name,
        sex="male",
        attributes=InitialAttributes(iq=4, dx=6, st=6, wp=5, vt=5),
        skills=(Skill("接近戦", "dx", 2, specialised=True, specialisations=("剣",)),),
        growth=(
            LedgerEntry(date="2026-11-01", scenario="作成", xp=15, bought="初期経験点"),
            LedgerEntry(date="2026-11-01", scenario="作成", bought="【接近戦】1TP", cost=5),
            LedgerEntry(date="2026-11-01", scenario="作成", bought="【接近戦】2TP", cost=10),
        ),
        money=1900,
        handedness="right",
    )


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    """Settings (QSettings) in a file of the test's own, never the user's."""
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


# What the `window` marker may set, and the defaults.
WINDOW_OPTIONS: dict[str, Any] = {
    # A campaign with no characters (`empty_campaign_model`) instead of the demo's (`campaign_model`).
    "empty": False,
    # Shown (as the user sees it); False: made and not shown (the tests show it themselves).
    "shown": True,
    # The dialogs the window opens go to `window.opened` instead of opening: the test drives them.
    "record_dialogs": False,
    # Every question (ask_confirm) is answered yes, its text kept in `window.confirmations`.
    "confirm": False,
    # The system 追加 picks when it asks which one (a system id; None: it asks, as in the app).
    "add_system": None,
}


@pytest.fixture
def window_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """WINDOW_OPTIONS as the nearest `window` marker sets them, e.g.
    ``pytestmark = pytest.mark.window(record_dialogs=True, add_system="lotr")``."""
    marker = request.node.get_closest_marker("window")
    given = dict(marker.kwargs) if marker is not None else {}
    unknown = set(given) - set(WINDOW_OPTIONS)
    assert not unknown, f"unknown window options {sorted(unknown)}: {sorted(WINDOW_OPTIONS)}"
    return {**WINDOW_OPTIONS, **given}


@pytest.fixture
def window(request: pytest.FixtureRequest, qtbot: Any, settings: Any, window_options: dict[str, Any]) -> Any:
    """The main window over the demo characters (or an empty campaign), its settings the test's own
    (`settings`), set up as the `window` marker asks (`window_options`)."""
    from gmtool.app.main_window import MainWindow
    from gmtool.rules.systems import SYSTEMS

    options = window_options
    model = request.getfixturevalue("empty_campaign_model" if options["empty"] else "campaign_model")
    w = MainWindow(model, settings)
    if options["record_dialogs"]:
        w.opened = []
        w.open_dialog = w.opened.append
    if options["confirm"]:
        w.confirmations = []
        w.ask_confirm = lambda _title, text: w.confirmations.append(text) or True
    # An import shows the file's creation record before the character is added: recorded here
    # (and answered 追加する), never a modal dialog a test would wait on.
    w.imports_shown = []
    w.confirm_import = lambda record: w.imports_shown.append(record) or True
    if options["add_system"] is not None:
        name = SYSTEMS[options["add_system"]].name
        w.ask_item = lambda _title, _label, _items, _current: (name, True)
    qtbot.addWidget(w)
    if options["shown"]:
        w.show()
    return w


@pytest.fixture(autouse=True)
def wizard_closes_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A creation wizard closed after rolling asks 「出目を破棄して閉じますか？」: answered 閉じる here
    (a test that checks the question answers it on the wizard), never a modal box a test waits on."""
    from gmtool.views.wizard.creation_wizard import CreationWizard

    monkeypatch.setattr(CreationWizard, "ask_close_rolled", lambda _self: True)


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Captures refusal messages instead of opening a modal box."""
    messages: list[str] = []
    from gmtool.views import widgets

    monkeypatch.setattr(widgets.QMessageBox, "warning", lambda _parent, _title, text: messages.append(text))
    return messages


def _second_reader(path: Path) -> Campaign:
    """The file as a second program reading it sees it, once control went back to the event loop
    (a step is committed then: `gmtool.models.write_turn`).  Read-only: the window holds the lock."""
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.processEvents()
    return Campaign.open(path, read_only="test")


def reopen_characters(path: Path) -> dict[str, object]:
    """What a second program opening the file would see, by name."""
    with _second_reader(path) as other:
        return {s.character.name: s.character for s in other.list_characters()}


def stored_session(path: Path, key: str) -> object:
    """A session value as a second program opening the file reads it."""
    with _second_reader(path) as other:
        return other.get_session(key)


def sample_lotr_character(name: str = "ピピン") -> object:
    """A built LotR Hobbit (Fallohide, Rogue) through the creation engine, random-method values.

    Fallohide bonuses are not in the summary, so the attributes are the assigned values.
    """
    from gmtool.rules.systems.lotr.creation import CreationDraft, build_character

    draft = CreationDraft(
        name=name,
        race="hobbit",
        subrace="fallohide",
        order="rogue",
        method="random",
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
    return build_character(draft)


@contextmanager
def no_translator_left() -> Iterator[None]:
    """Japanese again after the block, with every translator it installed removed, whatever it did
    (a start through `gui.run_gui` installs Qt's Japanese catalogue).  A translator left installed
    would stay for every later test of the process: Qt's own buttons in Japanese in a later English
    walk, and each test paying for its lookups and its language-change events."""
    from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

    from gmtool.views import message_catalog

    app = QCoreApplication.instance()
    assert app is not None
    before, locale = set(app.findChildren(QTranslator)), QLocale()
    try:
        yield
    finally:
        for translator in set(app.findChildren(QTranslator)) - before:
            app.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(locale)
        message_catalog.install("ja")


@contextmanager
def installed_translation(settings: Any) -> Iterator[str]:
    """gmtool's translation installed as it starts with *settings* (the block is given the language
    it chose), then Japanese again with every translator it installed removed (`no_translator_left`)."""
    from PySide6.QtCore import QCoreApplication

    from gmtool.app.i18n import install_translation

    app = QCoreApplication.instance()
    assert app is not None
    with no_translator_left():
        yield install_translation(app, settings)


@contextmanager
def english_ui(folder: Path) -> Iterator[None]:
    """The UI in English (gmtool's, Qt's and the message catalogue) for the block, then Japanese
    again with every translator removed, whatever the block did."""
    from PySide6.QtCore import QSettings

    from gmtool.views.appearance import LANGUAGE_KEY

    settings = QSettings(str(folder / "english.ini"), QSettings.Format.IniFormat)
    settings.setValue(LANGUAGE_KEY, "en")
    with installed_translation(settings) as language:
        assert language == "en"
        yield


@pytest.fixture(params=["ja", "en"])
def language(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The test once in the Japanese UI and once in the English one (`english_ui`): "ja" or "en"."""
    if request.param == "en":
        with english_ui(tmp_path):
            yield "en"
    else:
        yield "ja"
