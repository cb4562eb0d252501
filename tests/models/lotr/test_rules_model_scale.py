"""The rule-table editor over a house rule of thousands of skills (issue 21): asking whether each
row is edited reads and diffs the tables once, not once per row; an edit or an undo is still seen."""

from __future__ import annotations

from collections import Counter

from gmtool.models.lotr import rules_campaign, rules_edits
from gmtool.models.lotr.rules_model import RULES_KEY, LotRRulesModel

SIZE = 2000


def _count(monkeypatch, calls: Counter, module, name: str) -> None:
    real = getattr(module, name)

    def counted(*args):
        calls[name] += 1
        return real(*args)

    monkeypatch.setattr(module, name, counted)


def test_every_row_asked_reads_the_tables_once(empty_campaign_model, monkeypatch):
    cm = empty_campaign_model
    skills = {f"Skill {i}": {"name_ja": f"技能{i}", "attribute": "", "group": False} for i in range(SIZE)}
    cm.set_session_value(RULES_KEY, {"skills": skills}, "技能を追加")
    model = LotRRulesModel(cm)
    names = [s.name for s in model.rules.skills]
    calls: Counter = Counter()
    _count(monkeypatch, calls, rules_edits, "diff_document")
    _count(monkeypatch, calls, rules_campaign, "_effective")
    for name in names:  # what the skills tab asks for each row
        for key in ("name_ja", "group", "attribute", "untrained"):
            model.edits.is_edited("skills", name, key)
    assert model.edits.is_edited("skills", "Skill 7", "name_ja")
    assert not model.edits.is_edited("skills", "Skill 7", "untrained")
    assert calls["diff_document"] <= 1 and calls["_effective"] <= 1, calls

    model.skills.set_value("Skill 7", "untrained", True)
    assert model.edits.is_edited("skills", "Skill 7", "untrained")
    cm.undo_stack.undo()
    assert not model.edits.is_edited("skills", "Skill 7", "untrained")
    model.edits.document()["skills"].clear()  # a copy: the model's own stays as it is
    assert model.edits.is_edited("skills", "Skill 7", "name_ja")
