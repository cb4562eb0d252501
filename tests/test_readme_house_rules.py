"""README's switch table (issue 37): every house-rule switch has a row naming its default reading
and quoting the words that decide it, and no row names a switch that does not exist."""

from __future__ import annotations

import re
from pathlib import Path

from gmtool.rules.house_rules import all_house_rules

README = Path(__file__).resolve().parents[1] / "README.md"
ROW = re.compile(r"^\| `(?P<id>[a-z_]+\.[a-z_]+)` \| `(?P<default>[a-z_]+)` \| (?P<why>.+) \|$", re.MULTILINE)


def _rows() -> dict[str, tuple[str, str]]:
    text = README.read_text("utf-8")
    table = text.split("## House rules: the switches and why each default is the default")[1].split("\n## ")[
        0
    ]
    return {m["id"]: (m["default"], m["why"]) for m in ROW.finditer(table)}


def test_every_switch_has_a_row_with_its_default_and_the_deciding_words():
    rows = _rows()
    switches = {rule.id: rule for rule in all_house_rules()}
    assert set(rows) == set(switches)
    for rule_id, (default, why) in rows.items():
        assert default == switches[rule_id].default, rule_id
        assert "「" in why and "」" in why, f"{rule_id}: quote the words that decide it"


def test_the_af_redeclaration_defaults_to_the_texts_rule():
    rule = next(r for r in all_house_rules() if r.id == "aw.focus_redeclare")
    assert rule.default == "once" and rule.readings[0].id == "once"  # 「原則として…使用できない」
    assert "原則として一度の行為で使用した特技は使用できない" in _rows()["aw.focus_redeclare"][1]
