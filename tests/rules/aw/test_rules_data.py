"""The AW rule table (resources/rules/aw/checks.toml): the shipped data, and broken tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gmtool.rules.data import RuleDataError
from gmtool.rules.systems import SYSTEMS
from gmtool.rules.systems.aw.rules_data import DifficultyBand, aw_rules


@pytest.fixture(autouse=True)
def _fresh_rules_cache() -> Iterator[None]:
    aw_rules.cache_clear()
    yield
    aw_rules.cache_clear()


# --- the shipped table ---------------------------------------------------------------------------


def test_shipped_table_loads() -> None:
    rules = aw_rules()
    assert rules.default_critical == 12
    assert rules.default_fumble == 2
    assert rules.modifier_warning_limit == 3


def test_shipped_difficulty_bands_follow_the_rule_text() -> None:
    # 難易度と行為のイメージ表: 6〜8 簡単 / 9〜11 普通 / 12〜15 難しい / 16〜 至難
    bands = aw_rules().difficulty_bands
    assert [(b.label, b.low, b.high) for b in bands] == [
        ("簡単", 6, 8),
        ("普通", 9, 11),
        ("難しい", 12, 15),
        ("至難", 16, None),
    ]
    assert len({b.id for b in bands}) == 4


@pytest.mark.parametrize(
    ("difficulty", "label"),
    [
        (6, "簡単"),
        (7, "簡単"),
        (8, "簡単"),
        (9, "普通"),
        (11, "普通"),
        (12, "難しい"),
        (15, "難しい"),
        (16, "至難"),
        (17, "至難"),
        (99, "至難"),
        (10_000, "至難"),
    ],
)
def test_band_for(difficulty: int, label: str) -> None:
    band = aw_rules().band_for(difficulty)
    assert band is not None
    assert band.label == label


def test_band_for_7_is_easy_and_16_is_open_ended() -> None:
    rules = aw_rules()
    assert rules.band_for(7).label == "簡単"  # type: ignore[union-attr]
    very_hard = rules.band_for(16)
    assert very_hard is not None and very_hard.high is None
    assert very_hard.contains(16) and very_hard.contains(1000) and not very_hard.contains(15)


@pytest.mark.parametrize("difficulty", [5, 0, -3])
def test_band_for_below_the_table_is_none(difficulty: int) -> None:
    assert aw_rules().band_for(difficulty) is None


def test_every_difficulty_from_6_has_exactly_one_band() -> None:
    bands = aw_rules().difficulty_bands
    for difficulty in range(6, 60):
        assert sum(b.contains(difficulty) for b in bands) == 1, difficulty


def test_band_contains() -> None:
    band = DifficultyBand("x", "x", 9, 11)
    assert [d for d in range(5, 15) if band.contains(d)] == [9, 10, 11]


def test_table_is_cached() -> None:
    assert aw_rules() is aw_rules()


def test_new_character_takes_the_table_defaults() -> None:
    character = SYSTEMS["aw"].new_character("テスト")
    assert (character.critical, character.fumble) == (12, 2)


# --- broken tables -------------------------------------------------------------------------------

GOOD_HEAD = """\
schema = 1
system = "aw"
source = "test"
default_critical = 12
default_fumble = 2
modifier_warning_limit = 3
"""


def band(band_id: str, low: int, high: int | None = None, label: str | None = None) -> str:
    text = f'\n[[difficulty_bands]]\nid = "{band_id}"\nlabel = "{label or band_id}"\nlow = {low}\n'
    return text + (f"high = {high}\n" if high is not None else "")


GOOD_BANDS = band("easy", 6, 8) + band("normal", 9, 11) + band("hard", 12, 15) + band("very_hard", 16)


@pytest.fixture
def rule_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """Point the rule-data loader at a temporary resources root and write checks.toml there."""

    def fake_resource_path(*parts: str) -> Path:
        return tmp_path.joinpath(*parts)

    monkeypatch.setattr("gmtool.rules.data.resource_path", fake_resource_path)
    table = tmp_path / "rules" / "aw" / "checks.toml"
    table.parent.mkdir(parents=True)

    def write(text: str) -> Path:
        table.write_text(text, encoding="utf-8")
        return table

    return write


def test_a_good_temporary_table_loads(rule_table: Callable[[str], Path]) -> None:
    rule_table(GOOD_HEAD.replace("default_critical = 12", "default_critical = 11") + GOOD_BANDS)
    rules = aw_rules()
    assert rules.default_critical == 11  # really read from the temporary file
    assert rules.band_for(16).high is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        pytest.param(
            GOOD_HEAD + band("easy", 6, 8) + band("normal", 8, 11) + band("hard", 12),
            ["difficulty_bands[1]", "〜8"],
            id="overlapping bands",
        ),
        pytest.param(
            GOOD_HEAD + band("easy", 6, 8) + band("normal", 10, 11),
            ["difficulty_bands[1]", "〜8"],
            id="gap between bands",
        ),
        pytest.param(
            GOOD_HEAD + band("normal", 9, 11) + band("easy", 6, 8),
            ["difficulty_bands[1]"],
            id="bands out of order",
        ),
        pytest.param(
            GOOD_HEAD + band("easy", 8, 6),
            ["difficulty_bands[0]", "high 6", "low 8"],
            id="high below low",
        ),
        pytest.param(
            GOOD_HEAD + band("easy", 6, 8) + band("easy", 9),
            ["difficulty_bands", "id"],
            id="duplicate band id",
        ),
        pytest.param(
            GOOD_HEAD + '\n[[difficulty_bands]]\nid = "easy"\nlabel = "簡単"\nhigh = 8\n',
            ["difficulty_bands[0]", "'low'"],
            id="band without low",
        ),
        pytest.param(
            GOOD_HEAD + '\n[[difficulty_bands]]\nid = "easy"\nlow = 6\n',
            ["difficulty_bands[0]", "'label'"],
            id="band without label",
        ),
        pytest.param(
            GOOD_HEAD + '\n[[difficulty_bands]]\nid = "easy"\nlabel = "簡単"\nlow = "6"\n',
            ["difficulty_bands[0]", "'low'", "int"],
            id="low is a string",
        ),
        pytest.param(
            GOOD_HEAD.replace('source = "test"\n', "") + GOOD_BANDS,
            ["'source'"],
            id="missing source",
        ),
        pytest.param(
            GOOD_HEAD.replace("schema = 1\n", "") + GOOD_BANDS,
            ["'schema'"],
            id="missing schema",
        ),
        pytest.param(
            GOOD_HEAD.replace('system = "aw"', 'system = "sengensho"') + GOOD_BANDS,
            ["system", "sengensho", "'aw'"],
            id="wrong system",
        ),
        pytest.param(
            GOOD_HEAD.replace("default_critical = 12\n", "") + GOOD_BANDS,
            ["'default_critical'"],
            id="missing default_critical",
        ),
        pytest.param(
            GOOD_HEAD.replace("default_fumble = 2", "default_fumble = true") + GOOD_BANDS,
            ["'default_fumble'", "int"],
            id="boolean default_fumble",
        ),
        pytest.param(
            GOOD_HEAD.replace("modifier_warning_limit = 3", 'modifier_warning_limit = "3"') + GOOD_BANDS,
            ["'modifier_warning_limit'"],
            id="string warning limit",
        ),
        pytest.param(
            GOOD_HEAD + "this is = = not toml\n",
            ["TOML"],
            id="not TOML",
        ),
    ],
)
def test_broken_table_raises_rule_data_error(
    rule_table: Callable[[str], Path], text: str, needles: list[str]
) -> None:
    rule_table(text)
    with pytest.raises(RuleDataError) as excinfo:
        aw_rules()
    message = str(excinfo.value)
    assert "checks.toml" in message, "the message names the file"
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"


def test_missing_table_raises_rule_data_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gmtool.rules.data.resource_path", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(RuleDataError, match=r"checks\.toml"):
        aw_rules()


def test_rule_data_error_is_a_value_error() -> None:
    assert issubclass(RuleDataError, ValueError)


def test_broken_table_is_not_cached(rule_table: Callable[[str], Path]) -> None:
    path = rule_table(GOOD_HEAD.replace('system = "aw"', 'system = "x"') + GOOD_BANDS)
    with pytest.raises(RuleDataError):
        aw_rules()
    path.write_text(GOOD_HEAD + GOOD_BANDS, encoding="utf-8")
    assert aw_rules().default_critical == 12  # a fixed file loads without a restart


# --- engine bugs: these fail against the current gmtool/rules (see the report) -------------------


def test_open_ended_band_before_another_band_is_rejected(rule_table: Callable[[str], Path]) -> None:
    """ENGINE BUG: an open-ended band that is not the last one overlaps every later band.

    aw_rules() only checks `low == previous_high + 1` when the previous band has a `high`; after an
    open-ended band (high omitted) the check is skipped, so 9〜 followed by 12〜15 loads and
    band_for(12) answers "普通" although 12 is in two bands.
    """
    rule_table(GOOD_HEAD + band("easy", 6, 8) + band("normal", 9) + band("hard", 12, 15))
    with pytest.raises(RuleDataError, match="difficulty_bands"):
        aw_rules()


@pytest.mark.parametrize(
    ("critical", "fumble"),
    [pytest.param(14, 2, id="critical 14"), pytest.param(2, 2, id="fumble equal to critical")],
)
def test_invalid_default_critical_or_fumble_is_rejected(
    rule_table: Callable[[str], Path], critical: int, fumble: int
) -> None:
    """ENGINE BUG: default_critical / default_fumble are only type-checked, not range-checked.

    AWRoller and AWCharacter require 2 <= critical <= 13, 1 <= fumble <= 12 and fumble < critical,
    but aw_rules() accepts e.g. default_critical = 14; new_character() then builds an AWCharacter
    with critical 14 that its own load_character rejects (and fumble == critical makes
    new_character raise a bare ValueError that does not name the file).
    """
    head = GOOD_HEAD.replace("default_critical = 12", f"default_critical = {critical}")
    rule_table(head.replace("default_fumble = 2", f"default_fumble = {fumble}") + GOOD_BANDS)
    with pytest.raises(RuleDataError, match="default_"):
        aw_rules()
