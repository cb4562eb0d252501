"""Fixtures for tests that need real models over a real campaign file."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


@pytest.fixture
def campaign(campaign_path: Path) -> Iterator[Campaign]:
    """The demo campaign's characters (DEMO_NAMES) in a fresh file, without its session extras."""
    c = create_demo_campaign(campaign_path, session=False)
    yield c
    c.close()


@pytest.fixture
def campaign_model(campaign: Campaign, qtbot: object):
    from gmtool.models.campaign_model import CampaignModel

    return CampaignModel(campaign)


@pytest.fixture
def empty_campaign_model(tmp_path: Path, qtbot: object):
    """A campaign with no characters, in a fresh file."""
    from gmtool.models.campaign_model import CampaignModel

    c = Campaign.create(tmp_path / "empty.gmcampaign")
    yield CampaignModel(c)
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
def english_ui(folder: Path) -> Iterator[None]:
    """The UI in English (gmtool's, Qt's and the message catalogue) for the block, then Japanese
    again with every translator removed, whatever the block did."""
    from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

    from gmtool.app.i18n import install_translation
    from gmtool.views import message_catalog
    from gmtool.views.appearance import LANGUAGE_KEY

    settings = QSettings(str(folder / "english.ini"), QSettings.Format.IniFormat)
    settings.setValue(LANGUAGE_KEY, "en")
    app = QCoreApplication.instance()
    assert app is not None
    before, locale = set(app.findChildren(QTranslator)), QLocale()
    try:
        assert install_translation(app, settings) == "en"
        yield
    finally:
        for translator in set(app.findChildren(QTranslator)) - before:
            app.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(locale)
        message_catalog.install("ja")
