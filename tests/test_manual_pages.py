"""The manual (resources/manual/<lang>/*.md) and the README that points to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MANUAL = ROOT / "resources" / "manual"
LANGUAGES = ("ja", "en")
# ![alt](target) and [text](target): the target up to the closing bracket or a space (a title).
LINK = re.compile(r"(!?)\[[^\]]*\]\(([^)\s]+)")


def _pages(lang: str) -> list[Path]:
    return sorted((MANUAL / lang).glob("*.md"))


def test_every_page_exists_in_both_languages() -> None:
    names = {lang: [page.name for page in _pages(lang)] for lang in LANGUAGES}
    assert names["ja"] == names["en"]
    assert "00-start.md" in names["ja"] and len(names["ja"]) >= 15


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_image_and_link_a_page_shows_exists(lang: str) -> None:
    from gmtool.models.manual_model import headings

    missing = []
    for page in _pages(lang):
        for is_image, target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                missing.append(f"{page.name}: {target}")
            elif anchor and not is_image and anchor not in headings(file.read_text(encoding="utf-8")):
                missing.append(f"{page.name}: {target} (no such heading)")
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_of_each_language_show_that_languages_screenshots(lang: str) -> None:
    other = "en-dark" if lang == "ja" else "ja-light"
    wrong = [page.name for page in _pages(lang) if other in page.read_text(encoding="utf-8")]
    assert not wrong


def test_each_anchor_key_stands_before_a_heading_in_both_languages() -> None:
    from gmtool.models.manual_model import anchor_keys

    for page in _pages("ja"):
        keys = {
            lang: set(anchor_keys((MANUAL / lang / page.name).read_text(encoding="utf-8")))
            for lang in LANGUAGES
        }
        assert keys["ja"] == keys["en"], page.name


def test_the_readme_is_a_newcomers_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    for target in re.findall(r"\]\(([^)#\s]+)", readme):
        if "://" not in target:
            assert (ROOT / target).exists(), target
    assert "resources/manual/ja/" in readme and "F1" in readme
