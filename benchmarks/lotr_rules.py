"""LotR house-rule tables of as many skills as a house rule may have (MAX_SKILLS, 5 000): the
campaign's tables worked out from the GM's document (the loader's checks included) and one
character's list of checks (every skill it may test).

Both were quadratic in the number of skills (a duplicate check counting each name in the whole
list, a lookup by name scanning it): 6.9 s and 4.3 s at 20 000 skills; now linear.  The loader
has since refused more than MAX_SKILLS skills, so the benchmark measures at that limit."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gmtool.rules.systems.lotr.creation import CreationDraft, build_character
from gmtool.rules.systems.lotr.kinds import check_kinds
from gmtool.rules.systems.lotr.overrides import apply_overrides
from gmtool.rules.systems.lotr.overrides_values import MAX_SKILLS
from gmtool.rules.systems.lotr.rules_data import lotr_rules

SKILLS = MAX_SKILLS  # the most a house rule may have
RUNS = 5


def house_rules(skills: int = SKILLS) -> dict:
    row = {"attribute": "", "group": False}
    return {"skills": {f"Skill {i}": {**row, "name_ja": f"技能{i}"} for i in range(skills)}}


def _character():
    draft = CreationDraft(name="ベンチ", race="hobbit", subrace="fallohide", order="rogue")
    return build_character(draft, lotr_rules())


def bench_rules(skills: int = SKILLS, runs: int = RUNS) -> tuple[float, float]:
    """Median seconds of (the tables from the document, one character's check list)."""
    document, character = house_rules(skills), _character()
    loads, kinds = [], []
    for _ in range(runs):
        start = time.perf_counter()
        rules = apply_overrides(lotr_rules(), document)
        loads.append(time.perf_counter() - start)
        start = time.perf_counter()
        listed = check_kinds(character, rules)
        kinds.append(time.perf_counter() - start)
        assert len(listed) > skills
    return statistics.median(loads), statistics.median(kinds)


if __name__ == "__main__":
    load, kinds = bench_rules()
    print(f"LotR ハウスルール {SKILLS} 技能: 表の読み込み {load:.3f} s, 判定の一覧 {kinds:.3f} s (中央値)")
