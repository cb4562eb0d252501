"""The LotR rule tables do work linear in their size (issue 21): a house-rule table of thousands
of skills loads, diffs and lists its checks with a bounded number of name comparisons per skill.

Wall time is noise on a shared machine; the work is counted instead, on skill names that count
every comparison made with them (a name compared with every other name is n² of them)."""

from __future__ import annotations

from gmtool.rules.systems.lotr.kinds import check_kinds
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.overrides_document import diff_document
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.qt_fixtures import sample_lotr_character


class Name(str):
    """A skill name that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        Name.compared += 1
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        Name.compared += 1
        return str.__ne__(self, other)

    __hash__ = str.__hash__


def _document(size: int) -> dict:
    row = {"name_ja": "", "attribute": "", "group": False}
    return {"skills": {Name(f"Skill {i}"): dict(row, name_ja=f"技能{i}") for i in range(size)}}


def _comparisons(action) -> int:
    Name.compared = 0
    action()
    return Name.compared


def test_loading_a_table_of_thousands_of_skills_is_linear():
    for size in (1000, 4000):
        document = _document(size)
        work = _comparisons(lambda d=document: apply_overrides(lotr_rules(), d))
        assert work <= 20 * size, (size, work)  # all pairs would be size² / 2


def test_diffing_and_listing_checks_are_linear():
    character = sample_lotr_character()
    for size in (1000, 4000):
        rules = apply_overrides(lotr_rules(), _document(size))
        assert _comparisons(lambda r=rules: diff_document(lotr_rules(), r)) <= 20 * size
        kinds: list = []
        work = _comparisons(lambda r=rules, out=kinds: out.extend(check_kinds(character, r)))
        assert work <= 20 * size, (size, work)
        assert sum(k.id.startswith("untrained:Skill ") for k in kinds) == size


def test_looking_up_every_skill_is_linear():
    rules = apply_overrides(lotr_rules(), _document(4000))
    names = [Name(str(s.name)) for s in rules.skills]  # new objects: no identity shortcut
    work = _comparisons(lambda: [rules.skill(n) for n in names])
    assert work <= 20 * len(names)
    assert all(rules.skill(n) is s for n, s in zip(names, rules.skills, strict=True))
