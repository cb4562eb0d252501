"""1.5.2 in the judgement panel: an opposed test shows each side's chance to win at each degree before
the roll, the roll says the winner's degree read from the difference, and the log keeps both (and the
degree read again after courage)."""

from __future__ import annotations

import random

from gmtool.models.lotr.check_model import OPPOSED, LotRCheckModel
from gmtool.models.roller_inputs import CUSTOM
from gmtool.rules.systems.lotr.checks import Contestant, LotRRoller, OpposedSpec, TieRule, resolve_opposed
from gmtool.rules.systems.lotr.opposed_degree import side_degrees
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.views.lotr.check_view import LotRCheckView

A, B = Contestant.A, Contestant.B


def typed(model: LotRCheckModel, side, value: int) -> None:
    model.set_source(side, CUSTOM)
    model.set_custom_value(side, value)


def seed_where(spec: OpposedSpec, predicate) -> int:
    return next(s for s in range(100_000) if predicate(resolve_opposed(spec, random.Random(s))))


def test_the_panel_shows_and_logs_the_winners_degree(qtbot, campaign_model):
    spec = OpposedSpec(LotRRoller(rank=5), LotRRoller(rank=2), TieRule.DODGE)
    seed = seed_where(spec, lambda r: len(r.rounds) == 1 and r.winner is A and 6 <= r.margin <= 10)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    view = LotRCheckView(model)
    qtbot.addWidget(view)
    model.set_mode(OPPOSED)
    typed(model, A, 5)
    typed(model, B, 2)
    model.set_tie_rule(TieRule.DODGE)
    degrees = model.odds.opposed_degrees
    assert degrees == {c: side_degrees(model.spec(), c) for c in Contestant}
    assert degrees[A][Degree.MARGINAL_SUCCESS] > 0 and Degree.MARGINAL_SUCCESS not in degrees[B]
    detail = view.detail_label.text()
    superior = f"Superior Success {100 * float(degrees[A][Degree.SUPERIOR_SUCCESS]):.2f}%"
    assert "勝った側の成功度は差で決まる（1.5.2）" in detail and superior in detail

    result = model.roll()
    assert result is not None and result.winner is A
    payload = campaign_model.log_entries()[-1].payload
    assert payload["degree"] == "superior_success" and payload["margin"] == result.margin
    assert payload["degree_probability"] == float(degrees[A][Degree.SUPERIOR_SUCCESS])
    assert "Superior Success" in payload["summary"]["result"]
    assert f"Superior Success、差 {result.margin}" in view.result_label.text()


def test_courage_reads_the_degree_again(qtbot, campaign_model):
    spec = OpposedSpec(LotRRoller(rank=5), LotRRoller(rank=2))
    # A wins by 1–2: B's +3 makes B the winner (or a tie, re-rolled)
    seed = seed_where(spec, lambda r: len(r.rounds) == 1 and r.winner is A and r.margin <= 2)
    model = LotRCheckModel(campaign_model, seed_source=lambda: seed)
    model.set_mode(OPPOSED)
    typed(model, A, 5)
    typed(model, B, 2)
    model.roll()
    model.courage.spend(1, B)
    payload = campaign_model.log_entries()[-1].payload
    after = model.last_result
    assert payload["margin"] == after.margin and payload["degree"] in {"complete_success", "superior_success"}
