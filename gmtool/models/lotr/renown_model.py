"""The renown test (1.2, Table 2.3): does a character know of someone?  Wits against the `renown`
table's TN for where the two come from, plus the `renown_modifiers` rows the GM ticks.

The exact chance comes from the engine (renown.py).  A roll is one undo step: the last test is kept
in session state (RENOWN_TEST_KEY), so Ctrl+Z takes the shown result back with it, and one log line
(kind ``check``).  A TN resting on an unset table value refuses the roll and says which.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr.check_log import degree_label, faces_text
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.rules.dice import new_seed
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems.lotr import renown
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.checks import RollResult, RollSpec, resolve_roll
from gmtool.rules.systems.lotr.reference_catalog import RENOWN, RENOWN_MODIFIERS

RENOWN_TEST_KEY = "lotr.renown_test"
LOG_KIND = "check"
MODIFIER_BOUND = renown.MODIFIER_BOUND
# The stored last test's fields and their JSON types (what `roll` writes and the dialog shows).
LAST_FIELDS: dict[str, type | tuple[type, ...]] = {
    "about": str,
    "tn": int,
    "total": int,
    "degree": str,
    "knows": bool,
    "faces": list,
    "parts": list,
    "probability": (int, float),
}


class LotRRenownModel(QObject):
    changed = Signal()

    def __init__(
        self,
        campaign_model: CampaignModel,
        character_id: str,
        seed_source: Callable[[], int] = new_seed,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id
        self._seed_source = seed_source
        self.rules = campaign_lotr_rules(campaign_model)
        origins = self.origins()
        self.origin = origins[0][0] if origins else ""
        self.ticked: list[str] = []
        self.modifier = 0  # the GM's own, on the roller
        self.wounds = True  # Wits is a knowledge test: 「ほとんどの知識判定」 take the wound penalty
        self.about = ""  # whom the character tries to know (for the log)
        campaign_model.session_changed.connect(self._on_session_changed)
        campaign_model.character_changed.connect(lambda _id: self.changed.emit())

    # ---- reading ------------------------------------------------------------------------------
    @property
    def character(self) -> LotRCharacter:
        return self.campaign_model.character_as(self.character_id, LotRCharacter)

    def origins(self) -> list[tuple[str, int | None]]:
        """(row, TN or None = 未設定) of the renown table: Local 5, Area 10, the GM's rows."""
        table = self.rules.reference_table(RENOWN)
        return [(r.name, _int(r.get("tn"))) for r in table.rows]

    def modifier_rows(self) -> list[tuple[str, int | None]]:
        table = self.rules.reference_table(RENOWN_MODIFIERS)
        return [(r.name, _int(r.get("modifier"))) for r in table.rows]

    def setup(self) -> renown.RenownTn:
        if not self.origin:
            return renown.RenownTn(
                None, problem=self.tr("知名度の表に行がありません（ルール表 → 参照表 で追加）")
            )
        return renown.renown_tn(self.rules, self.origin, self.ticked)

    def spec(self) -> RollSpec | None:
        tn = self.setup().tn
        if tn is None:
            return None
        return renown.renown_spec(self.character, self.rules, tn, self.modifier, self.wounds)

    def probability(self) -> Fraction | None:
        spec = self.spec()
        return None if spec is None else renown.knows_probability(spec)

    def last(self) -> dict[str, Any] | None:
        """The last renown test of this character (session state: undo takes it back)."""
        value = self.campaign_model.session_value(RENOWN_TEST_KEY)
        if not isinstance(value, dict) or value.get("character_id") != self.character_id:
            return None
        # The session state is a file's JSON: a hand-edited value with the wrong types shows no last
        # roll rather than breaking the dialog that formats it.
        if not all(isinstance(value.get(k), t) for k, t in LAST_FIELDS.items()):
            return None
        if any(isinstance(value[k], bool) for k in ("tn", "total")):
            return None
        return value

    # ---- inputs -------------------------------------------------------------------------------
    def set_origin(self, origin: str) -> None:
        if origin not in [o for o, _ in self.origins()]:
            raise ValueError(self.tr("知名度の表に「{0}」の行がありません").format(origin))
        self.origin = origin
        self.changed.emit()

    def set_ticked(self, name: str, on: bool) -> None:
        if name not in [n for n, _ in self.modifier_rows()]:
            raise ValueError(self.tr("知名度の修正の表に「{0}」の行がありません").format(name))
        self.ticked = [n for n in self.ticked if n != name] + ([name] if on else [])
        self.changed.emit()

    def set_modifier(self, value: int) -> None:
        if not -MODIFIER_BOUND <= value <= MODIFIER_BOUND:
            raise ValueError(self.tr("修正は −{0}〜+{0} です（{1}）").format(MODIFIER_BOUND, value))
        self.modifier = value
        self.changed.emit()

    def set_wounds(self, on: bool) -> None:
        self.wounds = on
        self.changed.emit()

    # ---- the roll -----------------------------------------------------------------------------
    def roll(self) -> RollResult:
        """Rolls the Wits test; one undo step and one log line.  Refused with the reason when the
        TN rests on an unset value."""
        setup, spec = self.setup(), self.spec()
        if spec is None or setup.tn is None:
            raise ValueError(setup.problem)
        seed = self._seed_source()
        result = replace(resolve_roll(spec, random.Random(seed)), seed=seed)
        probability = renown.knows_probability(spec)
        c = self.character
        knows = renown.knows(result.degree)
        outcome = self.tr("知っている") if knows else self.tr("知らない")
        parts = " ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(setup.parts))
        state = {
            "character_id": self.character_id,
            "about": self.about,
            "tn": setup.tn,
            "parts": [list(p) for p in setup.parts],
            "faces": list(result.faces),
            "total": result.total,
            "degree": str(result.degree),
            "knows": knows,
            "probability": float(probability),
        }
        who = self.tr("{0} が {1} を").format(c.name, self.about) if self.about else c.name
        payload = {
            "system": "lotr",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "mode": "renown",
            "character": c.name,
            "seed": seed,
            "bonus": result.bonus,
            **state,
            "summary": {
                "who": who,
                "inputs": self.tr("知名度判定: Wits {0:+d} 目標値 {1}（{2}）").format(
                    result.bonus, setup.tn, parts
                ),
                "dice": faces_text(result.faces),
                "result": self.tr("{0}（達成値 {1}）: {2}、成功率 {3:.1%}").format(
                    degree_label(self.rules, result.degree), result.total, outcome, float(probability)
                ),
            },
        }
        self.campaign_model.set_session_value(RENOWN_TEST_KEY, state, self.tr("知名度判定"))
        self.campaign_model.append_log(LOG_KIND, payload)
        self.changed.emit()
        return result

    def _on_session_changed(self, key: str) -> None:
        if key in (RULES_KEY, HOUSE_RULES_KEY):
            self.rules = campaign_lotr_rules(self.campaign_model)
            names = [o for o, _ in self.origins()]
            if self.origin not in names:
                self.origin = names[0] if names else ""
            rows = [n for n, _ in self.modifier_rows()]
            self.ticked = [n for n in self.ticked if n in rows]
        if key in (RULES_KEY, HOUSE_RULES_KEY, RENOWN_TEST_KEY):
            self.changed.emit()


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
