"""The referred tables' numbers and pages, shown beside each table in ルール表 → 参照表, are the ones
the rule summary gives: a number it does not give is never shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.rules.systems.lotr.reference_catalog import SHIPPED_TABLES

RULE_TEXT = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "lotr_coda_summary.ja.txt"


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule texts are not beside this clone (../shared)")
def test_every_table_number_and_page_shown_is_in_the_rule_text():
    text = RULE_TEXT.read_text(encoding="utf-8")
    tables = set(re.findall(r"Table (\d+\.\d+)", text))
    pages = set(re.findall(r"[Pp]\.\s*(\d+)", text)) | set(re.findall(r"^(\d{3}) Table", text, re.MULTILINE))
    sections = set(re.findall(r"^(\d+(?:\.\d+)+) ", text, re.MULTILINE))
    for table in SHIPPED_TABLES:
        shown = table.source
        numbers = re.findall(r"\d+\.\d+(?:\.\d+)?", re.sub(r"[Pp]\.\d+", "", shown))
        assert numbers or re.search(r"[Pp]\.\d+", shown), f"{table.id}: neither number nor page ({shown!r})"
        for number in numbers:
            assert number in tables or number in sections, f"{table.id}: {number} is not in the text"
        for page in re.findall(r"[Pp]\.(\d+)", shown):
            assert page in pages, f"{table.id}: page {page} is not in the text"
