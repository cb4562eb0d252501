"""The creation checks measure each limit once: the rank pools as the wizard shows them, what a
draft being filled in is over (`exceeded`, which the creation model refuses to make worse), and
the problems of a finished draft built from the same measurements."""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.systems.lotr.creation import (
    CreationDraft,
    available_values,
    choice_points,
    exceeded,
    limits,
    pools,
    problems,
    value_pool,
)
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from tests.rules.lotr.test_creation import DWARF  # a Dwarf Warrior that breaks nothing


def test_the_pools_say_what_is_spent_and_allowed() -> None:
    budgets = pools(DWARF, lotr_rules())
    assert list(budgets) == ["order", "order_free", "race", "language", "free"]
    assert [(b.used, b.limit, b.left) for b in budgets.values()] == [
        (15, 15, 0),
        (5, 5, 0),
        (0, 6, 6),
        (0, 12, 12),  # Wits 4, × 3
        (0, 5, 5),
    ]
    assert exceeded(DWARF) == {}


def test_exceeded_names_each_limit_by_key_with_how_far_over() -> None:
    draft = replace(DWARF, order_ranks={**DWARF.order_ranks, "Climb": 5}, flaws=("a", "b", "c", "d", "e"))
    over = exceeded(draft)
    assert {key: limit.excess for key, limit in over.items()} == {
        "order": 2,
        "order_cap:Climb": 2,
        "rank:Climb": 1,
        "flaws": 1,
    }
    assert (
        over["order_cap:Climb"].message
        == "Climb が 5 ランク: 職業スキルの配分は一つの技能に 3 ランクまでです"
    )
    assert over["flaws"].step == "extras"


def test_the_language_budget_counts_only_once_wits_is_assigned() -> None:
    draft = replace(
        DWARF,
        assigned={k: v for k, v in DWARF.assigned.items() if k != "wit"},
        language_ranks={"Language: Khuzdul": 6, "Language: Westron": 6},
    )
    [language] = [limit for limit in limits(draft, lotr_rules()) if limit.kind == "language"]
    assert (language.used, language.limit, language.settled) == (12, 3, False)  # Wits counted as 1
    assert "language" not in exceeded(draft)  # being filled in: the values are being swapped
    assert "言語・知識は Wits × 3 = 3 ランクまでです（いま 12）" in [p.message for p in problems(draft)]


def test_the_choice_points_are_a_limit_and_must_be_spent_in_full() -> None:
    assert (choice_points(DWARF).used, choice_points(DWARF).left) == (8, 0)
    short = replace(DWARF, choice_points={"str": 2})
    assert choice_points(short).left == 6 and "choice_points" not in exceeded(short)
    assert "8 ポイントを配分しきってください（いま 2）" in [p.message for p in problems(short)]
    over = replace(DWARF, choice_points={"str": 2, "vit": 3, "nim": 4})
    assert exceeded(over)["choice_points"].excess == 1


def test_the_values_left_to_assign() -> None:
    assert value_pool(DWARF) == (10, 9, 7, 7, 5, 4)
    assert available_values(replace(DWARF, assigned={"nim": 7, "per": 7}), "brg") == [10, 9, 5, 4]
    rolled = CreationDraft(rolls=(9, 8, 8, 7, 7, 6, 5, 4, 3))
    assert value_pool(rolled) == (9, 8, 8, 7, 7, 6) and value_pool(CreationDraft()) == ()
