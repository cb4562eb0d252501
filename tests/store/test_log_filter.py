"""The log filtered in SQL: by kind, by character (id or name, wherever the line records it), by
text, by time, all together — ids only, in order — and a filter out of bounds refused with a message."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.store import campaign_log
from gmtool.store.campaign import Campaign
from gmtool.store.log_query import MAX_TEXT_CHARS, LogQuery, LogQueryError

ASAGIRI, KAGURA = ("c0ffee01", "朝霧 透"), ("c0ffee02", "神楽 遥")


def check(character: tuple[str, str], faces: list[int]) -> dict:
    """An AW check line, as the judgement panel writes it (the character in its action side)."""
    return {
        "system": "aw",
        "mode": "check",
        "action": {"character_id": character[0], "character": character[1], "faces": faces},
        "outcome": "success",
    }


def summary(who: str, inputs: str, result: str = "") -> dict:
    return {"system": "aw", "summary": {"who": who, "inputs": inputs, "dice": "", "result": result}}


# A secret dice-box roll: its result kept for 結果を見る, the summary the table shows hiding it.
SECRET = {
    **summary("", "S2D6", "シークレットダイス"),
    "secret": True,
    "text": "(2D6) ＞ 12[6,6] ＞ 12 Critical",
    "faces": [6, 6],
}

LINES = [  # (at, kind, payload): ids 1…
    ("2024-04-01T10:00:00.000+00:00", "check", check(ASAGIRI, [3, 4])),
    ("2024-04-01T10:05:00.000+00:00", "check", check(KAGURA, [6, 6])),
    ("2024-04-01T10:10:00.000+00:00", "battle", summary(f"{ASAGIRI[1]}、{KAGURA[1]}", "戦闘開始")),
    ("2024-04-01T11:00:00.000+00:00", "aw.session", summary("", "セッション 1 を終了（令呪が回復）")),
    ("2024-04-08T10:00:00.000+00:00", "fourcard-growth", {"character_id": KAGURA[0], "character": KAGURA[1]}),
    ("2024-04-08T10:01:00.000+00:00", "command", summary("", "2D6+3 100%_達成", "Critical!")),
    ("2024-04-08T10:02:00.000+00:00", "future.kind", summary("", '未知の行 "quoted"')),
    ("2024-04-08T10:03:00.000+00:00", "command", SECRET),
]


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    with Campaign.create(tmp_path / "log.gmcampaign") as made, made.transaction():
        for at, kind, payload in LINES:
            monkeypatch.setattr(campaign_log, "utc_now", lambda at=at: at)  # logged at that time
            made.append_log(kind, payload)
        monkeypatch.undo()
    with Campaign.open(tmp_path / "log.gmcampaign") as opened:
        yield opened


def ids(campaign: Campaign, **criteria) -> list[int]:
    return campaign.log_ids_where(LogQuery(**criteria))


def test_no_filter_is_the_whole_log(campaign):
    assert ids(campaign) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert campaign.log_ids_where(LogQuery(), from_id=6) == [6, 7, 8]


def test_by_kind_and_by_the_kinds_not_listed(campaign):
    assert ids(campaign, kinds=("check", "command")) == [1, 2, 6, 8]
    assert ids(campaign, kinds=()) == []
    assert ids(campaign, not_kinds=("check", "command", "battle", "aw.session", "fourcard-growth")) == [7]


def test_by_character_wherever_the_line_names_them(campaign):
    # Kagura: her check (action side), the combat line naming both, her growth (the line's character).
    assert ids(campaign, character=KAGURA[1]) == [2, 3, 5]
    assert ids(campaign, character=ASAGIRI[1]) == [1, 3]
    assert ids(campaign, character="朝霧") == [3]  # part of a name: only within a combat line's names
    assert ids(campaign, character="") == []


def test_by_text_in_the_payload_latin_letters_in_either_case(campaign):
    assert ids(campaign, text="令呪") == [4]
    assert ids(campaign, text="critical") == [6]
    assert ids(campaign, text="100%_") == [6]  # LIKE's wildcards are searched for as they are
    assert ids(campaign, text="%") == [6]
    assert ids(campaign, text="100*") == [] and ids(campaign, text="[1]") == []  # GLOB's, too
    assert ids(campaign, text='"quoted"') == [7]  # a quote in a shown text, as the JSON writes it
    assert ids(campaign, text="見つからない") == []


def test_a_secret_roll_is_found_by_what_the_table_shows_not_by_its_hidden_result(campaign):
    assert ids(campaign, text="critical") == [6]  # the secret 12 stays hidden
    assert ids(campaign, text="6,6") == [2] and ids(campaign, text="＞ 12") == []  # Kagura's 6,6 only
    assert ids(campaign, text="シークレットダイス") == [8] and ids(campaign, text="s2d6") == [8]


def test_by_time_a_day_or_from_a_moment(campaign):
    first_day = ids(campaign, after="2024-04-01T00:00:00.000+00:00", before="2024-04-02T00:00:00.000+00:00")
    assert first_day == [1, 2, 3, 4]
    assert ids(campaign, after="2024-04-01T10:06:00.000+00:00") == [3, 4, 5, 6, 7, 8]
    assert campaign.log_first_id_at("2024-04-01T10:06:00.000+00:00") == 3
    assert campaign.log_first_id_at("2030-01-01T00:00:00.000+00:00") is None


def test_by_a_range_of_lines_a_session_either_bound_open(campaign):
    assert ids(campaign, first_id=2, last_id=4) == [2, 3, 4]
    assert ids(campaign, first_id=5) == [5, 6, 7, 8]  # the newest session: no last line yet
    assert ids(campaign, last_id=2) == [1, 2]
    assert ids(campaign, first_id=4, last_id=3) == [] and ids(campaign, first_id=9, last_id=20) == []
    assert campaign.log_ids_where(LogQuery(first_id=2, last_id=6), from_id=5) == [5, 6]


def test_criteria_together_narrow_each_other(campaign):
    assert ids(campaign, kinds=("check",), character=KAGURA[1]) == [2]
    assert ids(campaign, character=ASAGIRI[1], text="戦闘") == [3]
    assert ids(campaign, character=KAGURA[1], after="2024-04-08T00:00:00.000+00:00") == [5]
    assert ids(campaign, kinds=("check",), text="令呪") == []
    assert ids(campaign, character=KAGURA[1], first_id=1, last_id=4) == [2, 3]  # her lines of session 1
    assert ids(campaign, text="6,6", first_id=3) == [] and ids(campaign, text="6,6", last_id=2) == [2]


def test_a_search_text_out_of_bounds_is_refused_with_a_message(campaign):
    with pytest.raises(
        LogQueryError, match=f"検索する文字列が長すぎます（10,000文字、{MAX_TEXT_CHARS}文字まで）"
    ):
        ids(campaign, text="あ" * 10_000)
    assert ids(campaign, text="令" * MAX_TEXT_CHARS) == []  # at the bound: searched
    with pytest.raises(LogQueryError, match="キャラクターが長すぎます"):
        ids(campaign, character="名" * 10_000)
    with pytest.raises(LogQueryError, match="ログの種類が多すぎます"):
        ids(campaign, kinds=tuple(f"k{i}" for i in range(1000)))
    with pytest.raises(LogQueryError, match=r"範囲の最初の行が行番号ではありません（3）"):
        ids(campaign, first_id="3")
    with pytest.raises(LogQueryError, match=r"範囲の最後の行が行番号ではありません（-1）"):
        ids(campaign, first_id=1, last_id=-1)
