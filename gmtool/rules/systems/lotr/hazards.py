"""1.2.1.1 攻撃以外のダメージ: drowning, falling, fire and poison, read from the campaign's tables.

Each hazard's row comes from its reference table (Table 9.32–9.35, which the summary does not
reproduce): a row whose target number or damage the hazard needs is 未設定 is refused with the
row and column named, never rolled against a made-up value.  The numbers the text itself gives
are here: the breath held (1 + Stamina) minutes, at least 1; the 1d6 recovered after 15 minutes'
rest; the 2d6+4 a burning character takes each round; the helper's +5 against catching fire; the
poison's TN 7 + Potency and the neutralising TN 10 + Treatment.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.rules.message import Message
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.attack import DamageDice, half_up, parse_damage
from gmtool.rules.systems.lotr.checks import LotRRoller, RollSpec
from gmtool.rules.systems.lotr.healing_types import UNSET
from gmtool.rules.systems.lotr.reference_tables import CellRef, ReferenceRow, ReferenceTable, UnsetCell
from gmtool.rules.systems.lotr.rules_data import LotRRules

BREATH_BASE, BREATH_MINIMUM = 1, 1  # 「最低1分,(1+Stamina修正)×1分, 息を止めていることができる」
DROWNING_REST = DamageDice(1, 6)  # 「死ななかったキャラクターは,15分の休憩で,1d6 点回復する」
ON_FIRE = DamageDice(2, 6, 4)  # 「それまでは受け続ける追加ダメージは 2d6+4」
FIRE_HELPER_BONUS = 5  # 「援護するキャラクターは +5 の修正付きで判定する」
POISON_RESIST_BASE = 7  # 「Staminaで目標値 7+Potency修正の抵抗判定」
POISON_TREATMENT_BASE = 10  # 「目標値 10 + Treatment 修正の Healing 判定」
ACROBATICS = "Acrobatics"  # 「(註: 表には Swiftness と書いてあるが Acrobatics で判定)」


def breath_minutes(stamina: int) -> int:
    return max(BREATH_MINIMUM, BREATH_BASE + stamina)


def _table_row(rules: LotRRules, table_id: str, row_name: str) -> tuple[ReferenceTable, ReferenceRow]:
    table = rules.reference_table(table_id)
    if not table.rows:  # the GM adds a row per distance, round count, poison…
        refusal = Message("{0}の表（{1}）: {2}", table.title, table.source, UNSET)
        raise ValueError(UnsetCell(CellRef(table.id), refusal))
    row = table.row(row_name)
    if row is None:
        raise ValueError(Message("{0}の表に「{1}」の行はありません", table.title, row_name))
    return table, row


def _unset(table: ReferenceTable, row: ReferenceRow, column: str) -> ValueError:
    refusal = Message("{0}の「{1}」の{2}: {3}", table.title, row.name, table.column(column).label, UNSET)
    return ValueError(UnsetCell(CellRef(table.id, row.name, column), refusal))


def _int(table: ReferenceTable, row: ReferenceRow, column: str) -> int:
    value = row.get(column)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _unset(table, row, column)
    return value


def _dice(table: ReferenceTable, row: ReferenceRow, column: str) -> DamageDice:
    value = row.get(column)
    if not isinstance(value, str) or not value:
        raise _unset(table, row, column)
    return parse_damage(value)


@dataclass(frozen=True)
class HazardRow:
    """One row of a hazard table with what the hazard needs from it."""

    name: str
    tn: int
    damage: DamageDice | None = None


def drowning_row(rules: LotRRules, row_name: str) -> HazardRow:
    table, row = _table_row(rules, catalog.DROWNING, row_name)
    return HazardRow(row.name, _int(table, row, "tn"), _dice(table, row, "damage"))


def falling_row(rules: LotRRules, row_name: str) -> HazardRow:
    table, row = _table_row(rules, catalog.FALLING, row_name)
    return HazardRow(row.name, _int(table, row, "tn"), _dice(table, row, "damage"))


def fire_row(rules: LotRRules, row_name: str) -> HazardRow:
    table, row = _table_row(rules, catalog.FIRE, row_name)
    return HazardRow(row.name, _int(table, row, "tn"), _dice(table, row, "damage"))


def falling_damage(rolled: int, acrobatics_succeeded: bool) -> int:
    """「成功すればダメージを半減できる」: halved, the half rounded up (5. 四捨五入)."""
    return half_up(rolled) if acrobatics_succeeded else rolled


def mean_damage(dice: DamageDice) -> Fraction:
    return Fraction(dice.count * (dice.sides + 1), 2) + dice.plus


def mean_halved(dice: DamageDice) -> Fraction:
    """The exact mean of half_up(roll) over every face combination."""
    totals: dict[int, int] = {0: 1}
    for _ in range(dice.count):
        step: dict[int, int] = {}
        for total, ways in totals.items():
            for face in range(1, dice.sides + 1):
                step[total + face] = step.get(total + face, 0) + ways
        totals = step
    combos = dice.sides**dice.count
    return sum((Fraction(half_up(t + dice.plus) * w, combos) for t, w in totals.items()), Fraction(0))


def fire_helper_roller(roller: LotRRoller) -> LotRRoller:
    """A helper putting the fire out tests Swiftness at +5 not to catch fire themselves."""
    return replace(roller, modifier=roller.modifier + FIRE_HELPER_BONUS)


@dataclass(frozen=True)
class Poison:
    name: str
    potency: int | None
    treatment: int | None
    primary: str
    secondary: str
    kind: str
    onset: str
    stages: str

    @property
    def resist_tn(self) -> int:
        if self.potency is None:
            refusal = Message("毒「{0}」の Potency 修正: {1}", self.name, UNSET)
            raise ValueError(UnsetCell(CellRef(catalog.POISONS, self.name, "potency"), refusal))
        return POISON_RESIST_BASE + self.potency

    @property
    def treatment_tn(self) -> int:
        if self.treatment is None:
            refusal = Message("毒「{0}」の Treatment 修正: {1}", self.name, UNSET)
            raise ValueError(UnsetCell(CellRef(catalog.POISONS, self.name, "treatment"), refusal))
        return POISON_TREATMENT_BASE + self.treatment

    def effect(self, resisted: bool) -> str:
        """「Stamina 判定に失敗した場合は Primary, 成功した場合には Secondary Effect を受ける」."""
        text = self.secondary if resisted else self.primary
        return text or UNSET


def poison(rules: LotRRules, row_name: str) -> Poison:
    row = _table_row(rules, catalog.POISONS, row_name)[1]

    def number(column: str) -> int | None:
        value = row.get(column)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(column: str) -> str:
        value = row.get(column)
        return value if isinstance(value, str) else ""

    return Poison(
        row.name,
        number("potency"),
        number("treatment"),
        text("primary"),
        text("secondary"),
        text("type"),
        text("onset"),
        text("stages"),
    )


def spec(roller: LotRRoller, tn: int, rules: LotRRules) -> RollSpec:
    return RollSpec(roller, tn, rules.degree_bands())
