"""Printed sheets in each game's own words (issue 40): every system's demo character printed to a PDF
in Japanese and in English, the PDF read back as text and held against the system's term table —
the table the sheet takes its labels from — and against the rule text's words; no raw id, no other
game's word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PySide6.QtCore import QCoreApplication

from gmtool.app.pdf_menu import print_parts, session_html
from gmtool.rules.checks import Outcome
from gmtool.views.print.sheet_document import export_sheet_pdf
from tests.qt_fixtures import english_ui
from tests.rules.test_house_rules import RULE_TEXTS, TEXT_FILES


def squeezed(text: str) -> str:
    return "".join(text.split())


def page_texts(path: Path) -> list[str]:
    """Each page's text layer without white space (pdfium may break lines between glyphs)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return [squeezed(pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]
    finally:
        pdf.close()


def sheet(print_pdf: Callable[[str], list[str]], name: str) -> str:
    return "".join(print_pdf(name))


@pytest.fixture
def print_pdf(campaign_model, tmp_path, qtbot) -> Callable[[str], list[str]]:
    """Prints a demo character as the File menu does (its system's parts and session sections) and
    returns the PDF's pages as text."""

    def run(name: str) -> list[str]:
        stored = next(s for s in campaign_model.characters() if s.character.name == name)
        path = tmp_path / f"{stored.id}.pdf"
        extra = session_html(campaign_model, stored.id)
        export_sheet_pdf(path, stored.system, stored.character, extra, print_parts(stored.system))
        return page_texts(path)

    return run


def tr(context: str, source: str) -> str:
    return QCoreApplication.translate(context, source)


# ---- each system's term table, as the sheet and the panel use it -------------------------------


def aw_terms() -> list[str]:
    from gmtool.rules.systems.aw.character import ATTRIBUTES, COMBAT_VALUES, FEAT_COLUMNS

    return [tr("SheetPrint", name) for _, name in (*ATTRIBUTES, *COMBAT_VALUES, *FEAT_COLUMNS)]


def fourcard_terms() -> list[str]:
    from gmtool.models.fourcard.terms import HANDEDNESS, HANDEDNESS_NAMES, LINE_NAMES, SEX_NAMES, term

    sources = [SEX_NAMES["female"], HANDEDNESS, HANDEDNESS_NAMES["left"], *LINE_NAMES.values()]
    return [term(s) for s in sources] + [term(s) for s in ("自動的成功", "自動的失敗")]


def sengensho_terms() -> list[str]:
    from gmtool.models.sengensho.check_model import outcome_text
    from gmtool.models.sengensho.labels import UNLIMITED_TERM

    return [outcome_text(o) for o in Outcome] + [tr("SheetPrint", s) for s in (UNLIMITED_TERM, "幻想能力")]


def lotr_terms() -> list[str]:
    from gmtool.models.lotr.shown_names import rule_id_name
    from gmtool.views.lotr.print_parts import LABELS

    names = [rule_id_name(k, v) for k, v in (("race", "dwarf"), ("order", "warrior"), ("size", "small"))]
    names += [rule_id_name("favoured_attributes", a) for a in ("str", "vit")]
    names.append(rule_id_name("favoured_reaction", "stamina"))
    return [n for n in names if n] + [
        tr("SheetPrint", LABELS[k])
        for k in ("combat_picks", "advancing_orders", "health", "size", "reactions", "other_orders")
    ]


def mtg_terms() -> list[str]:
    from gmtool.models.mtg.labels import check_name
    from gmtool.rules.systems.mtg.checks_types import CheckColor

    return [check_name(color) for color in CheckColor]


@dataclass(frozen=True)
class Expected:
    name: str  # the demo character printed
    terms: Callable[[], list[str]]  # the system's term table, in the UI language
    rule_words: tuple[str, ...]  # Japanese words the PDF prints that the rule text uses too
    difficulty: tuple[str, str]  # the main check's difficulty as printed: (Japanese, English)
    never: tuple[str, ...] = ()  # another game's word, or the wrong one (Japanese PDF)
    raw: tuple[str, ...] = ()  # stored ids and field keys (no PDF)
    english: tuple[str, ...] = field(default=())  # English words the English PDF prints


EXPECTED = {
    "aw": Expected(
        "朝霧 透",
        aw_terms,
        ("理知", "代償", "体力", "反射", "知覚", "幸運", "行動値", "自動成功", "自動失敗"),
        ("難易度10", "Difficulty10"),
        never=("知力", "魔法命中値", "コスト"),
        english=("Intellect", "Spiritaccuracy", "Price"),
    ),
    "fourcard": Expected(
        "リゼ・アルノー",
        fourcard_terms,
        ("女性", "利き腕", "衰弱ライン", "昏倒ライン", "死亡ライン", "自動的成功", "自動的失敗"),
        ("難易度10", "Difficulty10"),
        never=("弱体化", "気絶", "自動成功", "自動失敗", "利き手"),
        raw=("female", "left"),
        english=("Female", "Left", "Weakenedline", "Unconsciousline", "Automaticsuccess"),
    ),
    "sengensho": Expected(
        "宵闇の主",
        sengensho_terms,
        ("原作キャラクター", "幻想能力", "縁故", "類型", "目標値"),
        ("目標値14", "TN14"),
        never=("自動成功", "自動失敗", "異能の制限なし"),
        english=("Critical(success)", "Fumble(failure)", "Originalcharacter", "Fantasyabilit"),
    ),
    "lotr": Expected(
        "ナール",
        lotr_terms,
        ("Dwarf", "Small", "Strength", "Vitality", "Stamina", "ArmedCombat", "目標値"),
        ("目標値10", "TN10"),
        never=("体力", "他の職業", "反応"),  # the sheet's words are Health, 兼業, リアクション
        raw=("combat_picks", "advancing_orders", "dwarf", "warrior", "small", "str、vit", "stamina"),
        english=("Dwarf", "Warrior", "Strength,Vitality", "Appraise(checkvalue3,TN10)"),
    ),
    "mtg": Expected(
        "リーフ・ウォーカー",
        mtg_terms,
        ("白判定", "色のない判定", "難易度", "行動判定ブースト"),
        ("難易度0", "Difficulty0"),
        never=("判定値", "クリティカル上限—"),
        english=("Whitecheck", "Colorlesscheck"),
    ),
}
SYSTEM_IDS = sorted(EXPECTED)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_japanese_pdf_prints_the_systems_terms_and_no_raw_id(print_pdf, system_id):
    expected = EXPECTED[system_id]
    text = sheet(print_pdf, expected.name)
    for term in expected.terms():
        assert squeezed(term) in text, term
    for word in expected.rule_words:
        assert word in text, word
    assert expected.difficulty[0] in text
    for word in (*expected.never, *expected.raw):
        assert word not in text, word


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_english_pdf_prints_the_same_terms_in_english(print_pdf, system_id, tmp_path):
    expected = EXPECTED[system_id]
    with english_ui(tmp_path):
        text = sheet(print_pdf, expected.name)
        terms = expected.terms()
    for term in terms:
        assert squeezed(term) in text, term
    for word in (*expected.english, expected.difficulty[1], "Charactersheet", "Maincheck"):
        assert word in text, word
    for word in expected.raw:
        assert word not in text, word
    # The sheet's own words are English: only the character's own data is left in Japanese.
    for word in ("キャラクターシート", "基本情報", "計算値", "主な判定", "判定値", "（なし）"):
        assert word not in text, word


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_rule_words_the_test_expects_are_the_rule_texts(system_id):
    source = RULE_TEXTS / TEXT_FILES[system_id]
    if not source.exists():
        pytest.skip(f"the rule text {source.name} is not beside this clone")
    text = squeezed(source.read_text(encoding="utf-8"))
    for word in EXPECTED[system_id].rule_words:
        assert word in text, word


# ---- the pages ----------------------------------------------------------------------------


def test_an_aw_sheet_fits_one_page_with_its_main_check_whole(print_pdf):
    (page,) = print_pdf("朝霧 透")
    assert "主な判定:体力（判定値3、難易度10）結果確率自動失敗2.78%" in page


def test_a_page_never_starts_in_the_middle_of_a_short_table(print_pdf):
    """MTG's computed values moved to page 2 whole, under their heading."""
    pages = print_pdf("リーフ・ウォーカー")
    assert len(pages) == 2
    assert pages[1].startswith("計算値")
    assert "判定" in pages[1] and "主な判定:白判定（難易度0）結果確率成功" in pages[1]


def test_a_table_cut_by_a_page_repeats_its_header(campaign_model, tmp_path, qtbot):
    from dataclasses import replace

    from gmtool.rules.systems.aw.character import Feat

    stored = next(s for s in campaign_model.characters() if s.character.name == "朝霧 透")
    feats = tuple(Feat(name=f"特技{i}", timing="メジャー", cost="MP2") for i in range(80))
    path = tmp_path / "feats.pdf"
    export_sheet_pdf(path, "aw", replace(stored.character, feats=feats), parts=print_parts("aw"))
    pages = page_texts(path)
    assert len(pages) >= 2
    header = "名称タイミング判定対象射程代償効果"
    assert all(header in page for page in pages[:2])
    assert pages[1].index(header) < pages[1].index("特技")


def test_the_dark_theme_still_prints_dark_ink_on_white_paper(tmp_path, qapp, qtbot):
    """The title was written in the window palette's text colour: near-white on the print preview's
    paper under the dark theme."""
    from dataclasses import replace

    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget

    from gmtool.rules.systems import SYSTEMS
    from gmtool.views.appearance import apply_theme
    from gmtool.views.print.sheet_document import print_sheet

    character = replace(SYSTEMS["aw"].new_character(), name="TITLE")
    apply_theme(qapp, "dark")
    try:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        preview = QPrintPreviewWidget(printer)
        preview.kept_printer = printer  # the widget does not own its printer: it lives as long
        qtbot.addWidget(preview)
        preview.paintRequested.connect(
            lambda device: print_sheet(device, "aw", character, "", print_parts("aw"))
        )
        preview.resize(800, 1100)
        preview.show()
        preview.setZoomFactor(1.0)
        preview.updatePreview()
        image = preview.grab().toImage()
    finally:
        apply_theme(qapp, "light")
    title = [image.pixelColor(x, y).lightness() for x in range(15, 120) for y in range(2, 35)]
    assert min(title) < 90  # dark ink, not the dark theme's light grey


def test_the_plot_axes_print_dark_under_the_dark_theme(campaign_model, qapp, qtbot):
    from gmtool.models.sheet_print import main_check
    from gmtool.views.appearance import apply_theme
    from gmtool.views.print.check_plot import OutcomePlot

    stored = next(s for s in campaign_model.characters() if s.character.name == "朝霧 透")
    apply_theme(qapp, "dark")
    try:
        plot = OutcomePlot(main_check("aw", stored.character))
        qtbot.addWidget(plot)
        inks = [plot.getAxis(side).textPen().color().lightness() for side in ("left", "bottom")]
    finally:
        apply_theme(qapp, "light")
    assert max(inks) < 90


def test_a_lotr_advancement_prints_what_it_bought_not_its_ids(campaign_model, tmp_path, qtbot):
    from dataclasses import replace

    from gmtool.rules.systems.lotr.character import Advancement, Pick

    stored = next(s for s in campaign_model.characters() if s.character.name == "ナール")
    picks = (Pick(kind="attribute", target="str", cost=2), Pick(kind="skill_rank", target="Climb", cost=1))
    character = replace(stored.character, advancements=(Advancement(order="warrior", picks=picks),))
    path = tmp_path / "advanced.pdf"
    export_sheet_pdf(path, "lotr", character, parts=print_parts("lotr"))
    text = "".join(page_texts(path))
    assert "能力値+1:Strength、技能ランク+1:Climb" in text
    assert "Warrior（戦士）" in text
    for raw in ("skill_rank", "kind=", "target=", "warrior"):
        assert raw not in text, raw
