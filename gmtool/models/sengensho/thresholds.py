"""The campaign's critical/fumble thresholds for 千幻抄 checks (a house rule, undoable).

Stored under THRESHOLDS_KEY as {"critical": n, "fumble": n}; absent means the shipped values
(`sengensho_rules()`: 16 / 5, as BCDice's SGS).  A stored value that is not valid is reported and
the shipped values are used until the GM sets new ones.
"""

from __future__ import annotations

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.sengensho.labels import labels_tr
from gmtool.models.sengensho.state import THRESHOLDS_KEY
from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.checks import check_thresholds
from gmtool.rules.systems.sengensho.rules_data import sengensho_rules
from gmtool.store.errors import StoreError


def read_thresholds(campaign_model: CampaignModel) -> tuple[int, int, str | None]:
    """(critical, fumble, problem|None): the campaign's thresholds, or the shipped ones and why."""
    rules = sengensho_rules()
    try:
        raw = campaign_model.session_value(THRESHOLDS_KEY)
    except StoreError as e:
        return (
            rules.default_critical,
            rules.default_fumble,
            Message("クリティカル・ファンブルの設定が読めません: {0}", e),
        )
    if raw is None:
        return rules.default_critical, rules.default_fumble, None
    try:
        critical, fumble = raw["critical"], raw["fumble"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (critical, fumble)):
            raise ValueError(Message("数値ではありません"))
        check_thresholds(critical, fumble)
    except (KeyError, TypeError, ValueError) as e:
        problem = Message("クリティカル・ファンブルの設定が正しくありません（{0}）。既定値を使います", e)
        return rules.default_critical, rules.default_fumble, problem
    return critical, fumble, None


def set_thresholds(campaign_model: CampaignModel, critical: int, fumble: int) -> None:
    """Undoable; ValueError (the message for the GM) for thresholds out of range."""
    check_thresholds(critical, fumble)
    rules = sengensho_rules()
    value = (
        None
        if (critical, fumble) == (rules.default_critical, rules.default_fumble)
        else {
            "critical": critical,
            "fumble": fumble,
        }
    )
    campaign_model.set_session_value(
        THRESHOLDS_KEY,
        value,
        labels_tr("千幻抄のクリティカル {0} 以上・ファンブル {1} 以下").format(critical, fumble),
    )
