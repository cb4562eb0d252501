"""The フォーカード creation wizard's skill page (`CreationPurchases`): TP and 特化 one at a time, every
cap with its reason, the GM override, undo, and purchases the new inputs drop."""

from __future__ import annotations

import pytest

from gmtool.models.fourcard.creation_log import CreationLog
from gmtool.models.fourcard.creation_model import CreationRefused
from gmtool.models.fourcard.creation_purchases import CreationPurchases
from gmtool.rules.systems.fourcard.advancement import PurchaseBlocked
from gmtool.rules.systems.fourcard.character import FourCardCharacter, InitialAttributes
from gmtool.rules.systems.fourcard.creation import CreationBudget
from tests.models.fourcard.creation_helpers import CATALOG, TODAY, creation_logs, make_model


def test_earmarked_xp_pays_only_for_its_skills(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_extra_xp(10)
    model.set_earmarked(["接近戦"])
    for _ in range(5):  # 隠密 1+2+3+4+5 = 15: the general pool, all of it
        model.skills.buy_tp("隠密")
    assert (model.budget.general, model.budget.extra) == (0, 10)
    status = {row.name: row.status for row in model.skills.rows()}
    assert status["隠密"] == "経験点が足りません（必要 6、残り 0）"  # the 10 earmarked XP do not count
    with pytest.raises(PurchaseBlocked, match="経験点が足りません"):
        model.skills.buy_tp("隠密")
    model.skills.buy_tp("接近戦")
    model.skills.buy_tp("接近戦")
    assert (model.budget.general, model.budget.extra) == (0, 4)
    assert model.draft.tp("接近戦") == 2


def test_every_cap_kind_is_refused_with_the_reason_the_page_shows(empty_campaign_model):
    model = make_model(empty_campaign_model)

    def refused(name: str, reason: str) -> None:
        row = next(r for r in model.skills.rows() if r.name == name)
        assert reason in row.status
        with pytest.raises(PurchaseBlocked, match=reason):
            model.skills.buy_tp(name)

    refused("魔法", "前提スキル【知識】を 1TP 以上習得していません")
    refused("呪文", "制限スキル【知識】が 0TP のため【呪文】は 0TP までです")
    model.skills.buy_tp("知識")
    refused("知識", "総合LV 1 のため【知識】は 1TP までです")
    for _ in range(3):
        model.skills.buy_tp("接近戦")  # 2 + 4 + 6 = 12 of the 14 left
    refused("接近戦", "経験点が足りません（必要 8、残り 2）")
    assert model.draft.tp("魔法") == model.draft.tp("呪文") == 0
    assert model.draft.tp("知識") == 1


def test_nine_tp_is_the_limit_even_for_the_gm(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_extra_xp(30)
    model.set_earmarked(["料理"])
    for _ in range(9):  # 1 + 2 + … + 9 = 45 = 15 + 30
        model.skills.buy_tp("料理")
    assert model.draft.tp("料理") == 9 and model.skills.leftover == 0
    model.set_gm_override(True)
    row = next(r for r in model.skills.rows() if r.name == "料理")
    assert row.next_cost is None and "9TP が上限" in row.status
    with pytest.raises(PurchaseBlocked, match="9TP が上限"):
        model.skills.buy_tp("料理")


def test_first_specialisation_free_the_second_at_its_cost(empty_campaign_model):
    model = make_model(empty_campaign_model)
    with pytest.raises(PurchaseBlocked, match="まず【接近戦】を 1TP"):
        model.skills.specialise("接近戦", "剣")
    model.skills.buy_tp("接近戦")
    first = model.skills.specialise("接近戦", "剣")
    second = model.skills.specialise("接近戦", "斧")
    assert (first.cost, second.cost) == (0, 4)
    assert model.budget.general == 15 - 2 - 4
    assert [(e.bought, e.cost) for e in model.skills.purchases] == [
        ("【接近戦】1TP", 2),
        ("【接近戦】初期特化【剣】", 0),
        ("【接近戦】特化【斧】", 4),
    ]
    assert model.draft.skill("接近戦").specialisations == ("剣", "斧")


def test_a_gm_override_passes_a_refused_purchase_and_is_recorded(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.set_gm_override(True)
    model.skills.buy_tp("魔法")
    assert model.draft.tp("魔法") == 1
    [record] = model.overrides
    assert "【魔法】1TP" in record and "前提スキル【知識】" in record
    [override] = creation_logs(empty_campaign_model, "override")
    assert override["target"] == "【魔法】1TP"
    assert override["reasons"] == ["前提スキル【知識】を 1TP 以上習得していません"]


def test_undo_purchase_and_purchases_dropped_when_the_budget_shrinks(empty_campaign_model):
    model = make_model(empty_campaign_model)
    model.skills.buy_tp("隠密")
    assert model.skills.undo_purchase() == "【隠密】1TP"
    assert model.draft.tp("隠密") == 0 and model.budget.general == 15
    with pytest.raises(CreationRefused, match="戻せる購入がありません"):
        model.skills.undo_purchase()

    model.set_extra_xp(20)
    model.set_earmarked(["料理"])
    for _ in range(6):  # 21 XP: 20 earmarked + 1 general
        model.skills.buy_tp("料理")
    model.set_extra_xp(0)  # now only 15: 料理 6TP no longer fits
    assert model.draft.tp("料理") == 5
    assert "【料理】" in model.notice and "経験点が足りません" in model.notice


def test_purchases_are_replayed_on_new_inputs_and_those_they_no_longer_allow_dropped(empty_campaign_model):
    """The collaborator on its own: a base character, a budget, and the GM override's switch."""
    override = False
    log = CreationLog(empty_campaign_model, lambda: "リナ")
    base = FourCardCharacter(name="リナ", attributes=InitialAttributes(5, 5, 5, 5, 5))
    skills = CreationPurchases(CATALOG, base, CreationBudget(15), lambda: override, log, lambda: TODAY)
    rebuilt = []
    skills.changed.connect(lambda: rebuilt.append(True))
    for _ in range(3):  # 料理 1 + 2 + 3 = 6
        skills.buy_tp("料理")
    assert skills.draft.tp("料理") == 3 and skills.leftover == 9 and len(rebuilt) == 3
    assert [e.bought for e in skills.purchases] == ["【料理】1TP", "【料理】2TP", "【料理】3TP"]

    skills.start_from(base, CreationBudget(4))  # 4 XP: the third TP no longer fits
    assert skills.draft.tp("料理") == 2 and skills.leftover == 1
    assert "【料理】" in skills.notice and "経験点が足りません" in skills.notice

    with pytest.raises(PurchaseBlocked, match="前提スキル【知識】"):
        skills.buy_tp("魔法")
    override = True
    skills.buy_tp("魔法")
    [logged] = creation_logs(empty_campaign_model, "override")
    assert logged["target"] == "【魔法】1TP" and logged["summary"]["who"] == "リナ"
