"""The exported session log opened in a real browser (headless Chromium, as CI installs it with
`make sysdeps`), offline: the rendered page has the lines, the headings in the UI's language, a
hostile character name as text, and nothing it had to fetch."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.log_export import LogExportModel
from gmtool.models.log_payload import summary_payload
from gmtool.store.log_spans import scan

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HOSTILE = "<script>document.title='pwned'</script>"

# Each test starts headless chromium: slow.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (make sysdeps installs it)"),
]


@pytest.fixture
def english(qapp):
    from gmtool.app.i18n import FallbackTranslator, catalog_path

    translator = FallbackTranslator()
    assert translator.load(catalog_path("en"))
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def play_an_evening(campaign_model) -> None:
    """An AW evening as the window logs it: rolls, an AW check with its odds, a secret roll never
    revealed, the end of the session, a scene, a roll by a character with a hostile name."""
    box = DiceBoxModel(campaign_model, seed_source=lambda: 20261126)
    box.set_variables({}, "朝霧 透")
    box.set_text("2D6+4>=10 探索")
    box.roll()
    campaign_model.append_log(
        "check",
        {
            "system": "aw",
            "seed": 7,
            "mode": "check",
            "difficulty": 10,
            "outcome": "success",
            "probability": 7 / 12,
            "action": {"character": "ミナ・クローデル", "source_label": "【肉体】", "value": 4, "modifier": 1,
                       "faces": [3, 5], "total": 13},
        },
    )  # fmt: skip
    box.set_text("S2D6 罠感知")
    box.roll()
    session = AWSessionModel(campaign_model)
    session.end_session()
    session.add_scene("森の遭遇")
    box.set_variables({}, HOSTILE)
    box.set_text("1D6")
    box.roll()
    campaign_model.append_log(
        "command", summary_payload("fourcard", "目標ロール: 接近戦 難易度 8", who="ガルド", dice="[4,6]",
                                   result="成功", probability=5 / 12, probability_exact="5/12"),
    )  # fmt: skip


def chromium(*args: str, profile: Path) -> str:
    """Chromium headless and offline: every host name resolves to nothing."""
    assert CHROMIUM is not None
    command = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        f"--user-data-dir={profile}",
        *args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def render(campaign_model, tmp_path: Path, name: str) -> tuple[str, str, Path]:
    """(the file, the DOM Chromium built from it, its screenshot)."""
    model = LogExportModel(campaign_model, scan(campaign_model.campaign))
    model.session_index = 0  # the whole first session and the start of the second
    model.range_kind = "period"
    model.period = (model.first_day, model.last_day)
    page = tmp_path / f"{name}.html"
    model.write(page)
    dom = chromium("--dump-dom", page.as_uri(), profile=tmp_path / f"{name}-profile")
    shot = tmp_path / f"{name}.png"
    chromium(f"--screenshot={shot}", "--window-size=1200,900", page.as_uri(), profile=tmp_path / f"{name}-p2")
    return page.read_text(encoding="utf-8"), dom, shot


def assert_rendered(source: str, dom: str, shot: Path) -> None:
    rows = re.findall(r"<tr><td class=\"time\">", dom)
    assert len(rows) == 5  # 3 rolls + the AW check + the end of the session; no secret, the scene a heading
    assert "朝霧 透" in dom and "ミナ・クローデル" in dom and "ガルド" in dom
    assert "&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom  # shown as text …
    assert "<script" not in dom.lower() and "pwned</title>" not in dom  # … never run
    # Nothing to fetch: no reference out of the file at all, and the page forbids any.
    assert not re.search(r"\b(src|href)=|url\(|@import", source)
    assert "default-src 'none'" in source
    assert shot.stat().st_size > 20_000  # a page was drawn, not a blank


def test_the_japanese_page_renders_offline(campaign_model, tmp_path):
    play_an_evening(campaign_model)
    source, dom, shot = render(campaign_model, tmp_path, "ja")
    assert '<html lang="ja">' in dom
    assert "<th>時刻</th><th>キャラクター</th>" in dom
    assert re.search(r"<h2>セッション 2 <span", dom) and "<h3>シーン「森の遭遇」" in dom
    assert "成功率 58.33%" in dom and "成功（達成値 13）" in dom and "成功率 5/12（41.67%）" in dom
    assert_rendered(source, dom, shot)


def test_the_english_page_renders_offline(campaign_model, tmp_path, english):
    play_an_evening(campaign_model)
    source, dom, shot = render(campaign_model, tmp_path, "en")
    assert '<html lang="en">' in dom
    assert "<th>Time</th><th>Character</th><th>Input</th>" in dom
    assert re.search(r"<h2>Session 2 <span", dom)
    assert "Success chance 5/12 (41.67%)" in dom and "Lines exported: 5 / Left out: 1" in dom
    assert "Success chance 58.33%" in dom and "Secret rolls that were never revealed" in dom
    assert "セッション" not in re.sub(r"<tr>.*?</tr>|<h3>.*?</h3>", "", dom)  # every label is English
    assert_rendered(source, dom, shot)
