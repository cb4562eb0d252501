"""1.2.2 疲労と回復: the weariness resistance test and the recovery from Exhausted to Spent.

The resistance test is a Stamina test at the load's target number (the GM's), with the wound and
weariness penalties summed (「当然合計して」) and −4 / −8 for an Old / Aged character.  An
Exhausted character recovers to Spent with a Stamina test at TN 10 under Exhausted's −10; another
character's Healing test at TN 10 lowers that TN by 3 / 5 / 10 for a Marginal / Complete / Superior
success, and an Extraordinary success brings them to Spent at once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec, roll_distribution, success_probability
from gmtool.rules.systems.lotr.derived import wound_track
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.rules_data import Degree, LotRRules

AGE_PENALTY = {"": 0, "old": -4, "aged": -8}  # 「Old なら -4, Agedなら-8のペナルティ」
RECOVERY_TN = 10  # 「目標値10のStamina判定」
EXHAUSTED_PENALTY = -10  # 「(Exhaustedによる-10の修正を受ける)」
HELPER_TN = 10  # 「目標値10のHealing判定を行うことで 回復を助けることができる」
HELPER_REDUCTION = {  # 「marginal successで3,completeで5,superiorで10下げる」
    Degree.MARGINAL_SUCCESS: 3,
    Degree.COMPLETE_SUCCESS: 5,
    Degree.SUPERIOR_SUCCESS: 10,
}
EXHAUSTED, SPENT = "exhausted", "spent"


def level_index(rules: LotRRules, level_id: str) -> int:
    return next(i for i, level in enumerate(rules.weariness_levels) if level.id == level_id)


def is_exhausted(character: LotRCharacter, rules: LotRRules) -> bool:
    return rules.weariness_levels[character.weariness].id == EXHAUSTED


def resistance_spec(character: LotRCharacter, rules: LotRRules, tn: int, modifier: int = 0) -> RollSpec:
    """The weariness resistance test: Stamina with wound + weariness + age penalties."""
    age = AGE_PENALTY[character.age]
    return RollSpec(
        roller_for(character, "reaction:stamina", rules, modifier + age), tn, rules.degree_bands()
    )


def recovery_roller(character: LotRCharacter, rules: LotRRules) -> LotRRoller:
    """Stamina with the wound penalty and the text's −10 for Exhausted (not the table's cell: the
    text states this test's number itself)."""
    roller = roller_for(character, "reaction:stamina", rules, wounds=False)
    return replace(roller, condition=wound_track(character, rules).penalty + EXHAUSTED_PENALTY)


def recovery_spec(character: LotRCharacter, rules: LotRRules, reduction: int = 0) -> RollSpec:
    return RollSpec(recovery_roller(character, rules), RECOVERY_TN - reduction, rules.degree_bands())


def helper_spec(roller: LotRRoller, rules: LotRRules) -> RollSpec:
    return RollSpec(roller, HELPER_TN, rules.degree_bands())


def recovery_probability(character: LotRCharacter, rules: LotRRules, helper: LotRRoller | None) -> Fraction:
    """P(back to Spent this try) for the character (see recovery_odds)."""
    return recovery_odds(recovery_roller(character, rules), helper, rules)


def recovery_odds(roller: LotRRoller, helper: LotRRoller | None, rules: LotRRules) -> Fraction:
    """P(back to Spent this try) for a recovery roller (its −10 in it): the helper's degree first
    (Extraordinary: at once), then the own test at the TN it leaves."""
    bands = rules.degree_bands()

    def own(reduction: int) -> Fraction:
        return success_probability(RollSpec(roller, RECOVERY_TN - reduction, bands))

    if helper is None:
        return own(0)
    total = Fraction(0)
    for degree, p in roll_distribution(helper_spec(helper, rules)).items():
        if degree is Degree.EXTRAORDINARY_SUCCESS:
            total += p
        else:
            total += p * own(HELPER_REDUCTION.get(degree, 0))
    return total


def recovery_time(rules: LotRRules, level_index_: int) -> str | None:
    """Table 9.39's time for a weariness level (None: Hale, no row; or 未設定)."""
    level = rules.weariness_levels[level_index_]
    value = rules.reference_table(catalog.WEARINESS_RECOVERY).value(level.name, "time")
    return value if isinstance(value, str) and value else None


def check_exhausted(character: LotRCharacter, rules: LotRRules) -> None:
    if not is_exhausted(character, rules):
        level = rules.weariness_levels[character.weariness]
        raise ValueError(
            Message(
                "Exhausted ではありません（{0}）: Spent への回復判定は Exhausted のときだけです",
                level.glossed,
            )
        )
