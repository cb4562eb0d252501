"""The session log written out for sharing: what a reader of the page sees — each line's time,
character, roll, dice, outcome and odds as the log window shows them; no secret result before the
GM revealed it; no undone step; sessions and scenes as headings; a hostile name shown, never run;
and a failed or cancelled export leaves no file behind."""

from __future__ import annotations

import html
import random
import re
from datetime import date
from pathlib import Path

import pytest

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.dice_box_model import DiceBoxModel
from gmtool.models.log_export import PERIOD, SCENARIO, SESSION, LogExportModel
from gmtool.models.log_payload import summary_payload
from gmtool.store.log_export import TEXT, character_colour
from gmtool.store.log_spans import Cancelled, scan

HOSTILE = "<script>alert('x')</script>"


def exported(campaign_model, tmp_path: Path, **choice) -> str:
    """The page of the chosen range (default: the last session) as written to disk."""
    model = LogExportModel(campaign_model, scan(campaign_model.campaign))
    for name, value in choice.items():
        setattr(model, name, value)
    path = tmp_path / ("log.txt" if model.format == TEXT else "log.html")
    model.write(path)
    return path.read_text(encoding="utf-8")


def line(campaign_model, when: str, who: str, inputs: str, result: str = "", kind: str = "command", **extra):
    payload = summary_payload("fourcard", inputs, who=who, dice="3,4", result=result, **extra)
    payload["time"] = when
    return campaign_model.append_log(kind, payload)


def many(campaign_model, count: int) -> None:
    """`count` rolls of one evening, written in one transaction (as a long session's log reads)."""
    campaign = campaign_model.campaign
    with campaign.transaction():
        for i in range(count):
            payload = summary_payload(
                "fourcard", f"行 {i}", who=random.Random(i).choice(["ガルド", "ナール"])
            )
            payload["time"] = "2026-11-20T20:00:00+09:00"
            campaign.append_log("command", payload)


def dice_box(campaign_model, who: str = "朝霧 透") -> DiceBoxModel:
    box = DiceBoxModel(campaign_model, seed_source=lambda: 1234)
    box.set_variables({}, who)
    return box


def rows(page: str) -> list[str]:
    return re.findall(r"<tr><td class=\"time\">.*?</tr>", page)


# ---- what each line says ------------------------------------------------------------------------
def test_a_check_shows_time_character_inputs_dice_outcome_and_exact_odds(empty_campaign_model, tmp_path):
    model = empty_campaign_model
    model.append_log(
        "check",
        {
            "system": "aw",
            "time": "2026-11-20T19:05:42+09:00",
            "seed": 7,
            "mode": "check",
            "difficulty": 10,
            "outcome": "success",
            "probability": 7 / 12,
            "action": {"character": "朝霧 透", "source_label": "【肉体】", "value": 4, "modifier": 1,
                       "faces": [3, 5], "total": 13},
        },
    )  # fmt: skip
    line(model, "2026-11-20T19:06:00+09:00", "ガルド", "目標ロール: 接近戦 難易度 8", "成功",
         probability=5 / 12, probability_exact="5/12")  # fmt: skip
    page = exported(model, tmp_path)
    first, second = rows(page)
    assert ">19:05:42<" in first and ">朝霧 透<" in first
    assert "【肉体】 4 修正 +1 難易度 10" in first  # the log table's own words
    assert "[3,5] = 8" in first and "成功（達成値 13）" in first
    assert "成功率 58.33%" in first
    assert "成功率 5/12（41.67%）" in second  # the exact fraction where gmtool kept it
    assert f'style="color:{character_colour("朝霧 透")}"' in first


def test_each_character_keeps_one_colour_and_every_colour_reads_on_white():
    names = ["朝霧 透", "ミナ・クローデル", "Gandalf", "リーフ・ウォーカー", "", HOSTILE] + [
        f"NPC {i}" for i in range(200)
    ]
    for name in names:
        colour = character_colour(name)
        assert colour == character_colour(name)
        red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        assert 1.05 / (luminance + 0.05) >= 4.5, (name, colour)
    assert len({character_colour(n) for n in names}) > 50  # characters are told apart


def test_a_hostile_name_is_shown_as_text_and_never_becomes_markup(empty_campaign_model, tmp_path):
    line(
        empty_campaign_model, "2026-11-20T19:00:00+09:00", HOSTILE, '"><img src=x onerror=alert(1)>', "&amp;"
    )
    page = exported(empty_campaign_model, tmp_path)
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "&amp;amp;" in page  # an entity in the log is shown as typed
    assert "default-src 'none'" in page  # and the page may fetch nothing, whatever it held


# ---- what is left out ---------------------------------------------------------------------------
def test_a_secret_roll_stays_out_until_the_gm_reveals_it(empty_campaign_model, tmp_path):
    box = dice_box(empty_campaign_model)
    box.set_text("S2D6>=7")
    secret = box.roll()
    assert secret is not None and secret.secret
    result = secret.text.replace("\n", " ")
    page = exported(empty_campaign_model, tmp_path)
    assert result not in page and "S2D6" not in page
    assert "未公開のシークレットダイス 1" in page

    box.reveal(box.recent[-1])
    page = exported(empty_campaign_model, tmp_path)
    assert len(rows(page)) == 1 and html.escape(result) in page  # where the GM revealed it
    assert "未公開のシークレットダイス 0" in page
    assert "シークレットダイス公開: S2D6&gt;=7" in page


def test_an_undone_step_is_left_out_and_comes_back_when_redone(campaign_model, tmp_path):
    box = dice_box(campaign_model)
    box.set_text("2D6")
    box.roll()
    session = AWSessionModel(campaign_model)
    toru, mina = (i for i, _ in session.pcs())
    session.contracts.form_contract(toru, mina)
    assert "契約: 朝霧 透（マスター）" in exported(campaign_model, tmp_path)

    campaign_model.undo_stack.undo()
    page = exported(campaign_model, tmp_path)
    assert "契約:" not in page and len(rows(page)) == 1
    assert "取り消し 1" in page
    campaign_model.undo_stack.redo()
    assert "契約: 朝霧 透（マスター）" in exported(campaign_model, tmp_path)


# ---- headings and ranges ------------------------------------------------------------------------
def test_sessions_and_scenes_of_aw_are_headings_and_a_session_can_be_chosen(campaign_model, tmp_path):
    session = AWSessionModel(campaign_model)
    box = dice_box(campaign_model)
    box.set_text("2D6 第一夜")
    box.roll()
    session.end_session()
    session.add_scene("森の遭遇")
    box.set_text("2D6 第二夜")
    box.roll()

    model = LogExportModel(campaign_model, scan(campaign_model.campaign))
    assert [label.split("（")[0] for label in model.session_labels()] == ["セッション 1", "セッション 2"]
    page = exported(campaign_model, tmp_path)  # the last session, as the dialog proposes
    assert re.search(r"<h2>セッション 2 <span", page)
    assert "<h3>シーン「森の遭遇」" in page
    assert "第二夜" in page and "第一夜" not in page
    first = exported(campaign_model, tmp_path, session_index=0)
    assert "第一夜" in first and "第二夜" not in first
    assert "セッション 1 を終了（令呪が回復）" in first  # the end of the session is its last line


def test_a_log_without_session_marks_starts_a_session_each_day_and_keeps_a_late_night_whole(
    empty_campaign_model, tmp_path
):
    model = empty_campaign_model
    line(model, "2026-11-20T20:00:00+09:00", "ガルド", "一日目")
    line(model, "2026-11-21T00:30:00+09:00", "ガルド", "深夜")  # the same evening, past midnight
    line(model, "2026-11-27T20:00:00+09:00", "ガルド", "次の週")
    spans = scan(model.campaign)
    assert [(s.first_id, s.last_id) for s in spans.sessions] == [(1, 2), (3, 3)]
    assert len(spans.days) == 3 and spans.scenarios == []
    page = exported(model, tmp_path, session_index=0)
    assert "<h3>2026-11-21</h3>" in page  # a new day inside a session gets its date
    assert "次の週" not in page
    text = exported(
        model, tmp_path, range_kind=PERIOD, period=(date(2026, 11, 21), date(2026, 11, 30)), format=TEXT
    )
    assert "一日目" not in text and "[00:30:00] ガルド: 深夜" in text and "次の週" in text
    assert "== （続き）  2026-11-21 ==" in text  # the period starts inside session 1


def test_scenarios_are_offered_only_where_the_log_names_them(campaign_model, tmp_path):
    session = AWSessionModel(campaign_model)
    assert LogExportModel(campaign_model, scan(campaign_model.campaign)).scenario_labels() == []
    session.set_scenario_name("紅い月")
    box = dice_box(campaign_model)
    box.set_text("2D6 紅い月の判定")
    box.roll()
    session.end_scenario()
    box.set_text("2D6 次の話")
    box.roll()
    model = LogExportModel(campaign_model, scan(campaign_model.campaign))
    assert model.scenario_labels()[0].startswith("紅い月（")
    page = exported(campaign_model, tmp_path, range_kind=SCENARIO, scenario_index=0)
    assert "紅い月の判定" in page and "次の話" not in page


def test_a_later_scan_reads_only_the_lines_added_since(empty_campaign_model):
    model = empty_campaign_model
    line(model, "2026-11-20T20:00:00+09:00", "ガルド", "一")
    first = scan(model.campaign)
    line(model, "2026-11-27T20:00:00+09:00", "ガルド", "二")
    calls: list[int] = []
    again = scan(model.campaign, lambda done, total: calls.append(total) or True, first)
    assert [s.lines for s in again.sessions] == [1, 1] and [s.lines for s in first.sessions] == [1]
    assert again.scanned_to == 2


# ---- the file -----------------------------------------------------------------------------------
def test_text_export_has_one_line_per_roll_with_headings(empty_campaign_model, tmp_path):
    line(empty_campaign_model, "2026-11-20T20:00:00+09:00", "ガルド", "目標ロール", "成功\n（度合 +2）",
         probability=0.5)  # fmt: skip
    text = exported(empty_campaign_model, tmp_path, format=TEXT, range_kind=SESSION)
    assert "== セッション 1  2026-11-20 20:00–20:00 ==" in text
    assert "[20:00:00] ガルド: 目標ロール ｜ 3,4 ｜ 成功 （度合 +2） ｜ 成功率 50.00%" in text


@pytest.mark.parametrize("stop", ["cancel", "disk full"])
def test_a_cancelled_or_failed_export_leaves_no_file(empty_campaign_model, tmp_path, stop, monkeypatch):
    many(empty_campaign_model, 5000)
    model = LogExportModel(empty_campaign_model, scan(empty_campaign_model.campaign))
    target = tmp_path / "out" / "log.html"
    target.parent.mkdir()
    if stop == "cancel":
        with pytest.raises(Cancelled):
            model.write(target, lambda done, total: False)
    else:
        real_row = type(model).odds_text
        calls = iter(range(10**6))

        def failing(self, payload):
            if next(calls) == 3000:
                raise OSError(28, "No space left on device")
            return real_row(self, payload)

        monkeypatch.setattr(type(model), "odds_text", failing)
        with pytest.raises(OSError):
            model.write(target)
    assert list(target.parent.iterdir()) == []


def test_a_long_log_exports_in_pages(empty_campaign_model, tmp_path, monkeypatch):
    """Bounded work: the export never asks the store for the whole log at once."""
    many(empty_campaign_model, 4500)
    asked: list[int] = []
    real = type(empty_campaign_model.campaign).log_range

    def counted(self, first_id, last_id):
        asked.append(last_id - first_id + 1)
        return real(self, first_id, last_id)

    monkeypatch.setattr(type(empty_campaign_model.campaign), "log_range", counted)
    assert len(rows(exported(empty_campaign_model, tmp_path))) == 4500
    assert max(asked) <= 2000
