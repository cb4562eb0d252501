"""Fire (1.2.1.1 火炎) for the 危険 dialog: a round in the fire, catching fire on a failed Swiftness
test, 2d6+4 every round while burning (「それまでは受け続ける追加ダメージは 2d6+4」), putting it out
(the full-round retry, with helpers who may catch fire too), and the GM ending it by hand.

Whether a character is burning (炎に包まれている) is campaign session state (FIRE_KEY: the ids of
the characters on fire), not a field of the stored character: it lasts while the fire scene is
played.  It is written in the same undo step as the damage of the round that set it (a macro), so
it is there only once that step is kept, and undo and redo take it back and forth with the damage.
The hazard model holds one (`hazard.fire`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.models.house_rules_model import campaign_house_rules
from gmtool.models.lotr.actions import LotRActions
from gmtool.models.lotr.care_steps import CUSTOM, CareSteps
from gmtool.models.shown_text import listed
from gmtool.rules.systems.lotr import hazards
from gmtool.rules.systems.lotr.checks import (
    GroupSpec,
    LotRRoller,
    RollSpec,
    group_distribution,
    resolve_group,
    success_probability,
)
from gmtool.rules.systems.lotr.hazards import ON_FIRE, HazardRow
from gmtool.rules.systems.lotr.house_rules import MARGINAL_HELPER
from gmtool.rules.systems.lotr.kinds import roller_for

MAX_HELPERS = 8
FIRE_KEY = "lotr.on_fire"  # session state: the ids of the characters burning, sorted


def burning_ids(value: Any) -> set[str]:
    """The ids in a stored FIRE_KEY value; anything else in it (a hand-edited file) is ignored."""
    if not isinstance(value, list):
        return set()
    return {i for i in value if isinstance(i, str)}


class LotRFireModel(QObject):
    changed = Signal()  # who is burning changed (an undo or redo of a fire round too)

    def __init__(self, actions: LotRActions, steps: CareSteps, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.actions = actions
        self.steps = steps
        actions.campaign_model.session_changed.connect(self._on_session_changed)

    @property
    def on_fire(self) -> bool:
        return self.actions.character_id in self._burning()

    def _burning(self) -> set[str]:
        return burning_ids(self.actions.campaign_model.session_value(FIRE_KEY))

    def _on_session_changed(self, key: str) -> None:
        if key == FIRE_KEY:  # an undo or redo of a fire round: the dialog shows it
            self.changed.emit()

    def _with_fire(self, burning: set[str], label: str, step: Callable[[], str]) -> str:
        """`step` (one undo step and its log line) and the burning ids in the same undo step: the
        session value is written only after the step's own change went in, inside one macro, so a
        refused write takes both back and undo/redo move them together."""
        before = self._burning()
        if burning == before:
            return step()
        if not self.actions.exists:
            raise ValueError(self.tr("このキャラクターは削除されています"))
        model = self.actions.campaign_model
        stack = model.undo_stack
        stack.beginMacro(label)
        try:
            status = step()
            model.set_session_value(FIRE_KEY, sorted(burning), label, before=sorted(before))
        finally:
            stack.endMacro()
        return status

    def _row(self, name: str) -> HazardRow:
        return hazards.fire_row(self.actions.rules, name)

    def _swiftness(self) -> LotRRoller:
        return roller_for(self.actions.character, "reaction:swiftness", self.actions.rules)

    def _spec(self, roller: LotRRoller, tn: int) -> RollSpec:
        return hazards.spec(roller, tn, self.actions.rules)

    # ---- the rounds ---------------------------------------------------------------------------
    def odds(self, name: str) -> Fraction:
        """P(the Swiftness test keeps the character from catching fire)."""
        return success_probability(self._spec(self._swiftness(), self._row(name).tn))

    def round(self, name: str) -> str:
        """A round in the fire: its damage; not yet burning, a Swiftness test, failed: burning and
        2d6+4 at once; already burning, 2d6+4 again (「それまでは受け続ける」), no new test."""
        row = self._row(name)
        assert row.damage is not None
        faces, points = row.damage.roll(self.steps.rng)
        text = self.tr("火炎（{0}）: ダメージ {1} {2} = {3} 点").format(
            row.name, row.damage, list(faces), points
        )
        details: dict[str, object] = {"damage_faces": list(faces)}
        burning = self.on_fire
        if burning:
            burn_faces, burn = ON_FIRE.roll(self.steps.rng)
            points += burn
            text += self.tr("。炎に包まれたまま: 追加ダメージ 2d6+4 {0} = {1} 点").format(
                list(burn_faces), burn
            )
            details["burn_faces"] = list(burn_faces)
        else:
            result = self.steps.roll(self._spec(self._swiftness(), row.tn))
            text += self.tr("。") + self.steps.roll_text(self.tr("Swiftness 判定"), result)
            details.update(self.steps.roll_details(result))
            if not result.degree.succeeded:
                burn_faces, burn = ON_FIRE.roll(self.steps.rng)
                points += burn
                text += self.tr(" — 炎に包まれた: 追加ダメージ 2d6+4 {0} = {1} 点").format(
                    list(burn_faces), burn
                )
                details["burn_faces"] = list(burn_faces)
                burning = True
        text += self.tr("（合計 {0} 点）").format(points)
        label = self.tr("火炎")
        return self._with_fire(
            self._burning() | {self.actions.character_id} if burning else self._burning(),
            label,
            lambda: self.steps.damage(points, "fire", label, text, on_fire=burning, **details),
        )

    def burn_round(self) -> str:
        """A round burning away from the fire's own damage (it attacks, runs…): 2d6+4 only."""
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        faces, points = ON_FIRE.roll(self.steps.rng)
        text = self.tr("炎に包まれたまま 1 ラウンド: 追加ダメージ 2d6+4 {0} = {1} 点").format(
            list(faces), points
        )
        return self.steps.damage(
            points, "burning", self.tr("炎に包まれている"), text, burn_faces=list(faces), on_fire=True
        )

    def extinguish_spec(self, name: str, helpers: list[tuple[str, int]]) -> GroupSpec:
        row = self._row(name)
        if len(helpers) > MAX_HELPERS:
            raise ValueError(self.tr("援護する人は {0} 人までです").format(MAX_HELPERS))
        rollers = tuple(self.steps.helper(h, b, "reaction:swiftness")[0] for h, b in helpers)
        reading = campaign_house_rules(self.actions.campaign_model).get(MARGINAL_HELPER)
        return GroupSpec(self._spec(self._swiftness(), row.tn), rollers, reading)

    def extinguish_odds(self, name: str, helpers: list[tuple[str, int]]) -> tuple[Fraction, list[Fraction]]:
        """P(the fire is put out this round), and each helper's P of catching fire (Swiftness +5)."""
        spec = self.extinguish_spec(name, helpers)
        out = group_distribution(spec).probability(lambda d: d.succeeded)
        tn = spec.leader.tn
        catch = [1 - success_probability(self._spec(hazards.fire_helper_roller(r), tn)) for r in spec.helpers]
        return out, catch

    def extinguish(self, name: str, helpers: list[tuple[str, int]]) -> str:
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        spec = self.extinguish_spec(name, helpers)
        names = [self.steps.helper(h, b, "reaction:swiftness")[1] for h, b in helpers]
        group = resolve_group(spec, self.steps.rng)
        parts = [self.steps.roll_text(self.tr("消火の Swiftness 判定（全ラウンド）"), group.leader)]
        if helpers:
            parts.append(self.tr("援護 {0:+d}").format(group.help_bonus))
        caught: list[str] = []
        caught_ids: set[str] = set()  # helpers who are characters of the campaign burn too
        for (helper_id, _bonus), helper_name, roller in zip(helpers, names, spec.helpers, strict=True):
            result = self.steps.roll(self._spec(hazards.fire_helper_roller(roller), spec.leader.tn))
            if not result.degree.succeeded:
                caught.append(helper_name)
                if helper_id != CUSTOM:
                    caught_ids.add(helper_id)
        if caught:
            parts.append(self.tr("援護した {0} に火がつきました").format(listed(caught)))
        details = {**self.steps.roll_details(group.leader), "helpers_caught_fire": caught}
        label = self.tr("消火")
        burning = self._burning() | caught_ids
        if group.leader.degree.succeeded:
            parts.append(self.tr("火が消えました"))
            text = self.steps.sentences(parts)
            return self._with_fire(
                burning - {self.actions.character_id},
                label,
                lambda: self.steps.log_only("extinguish", label, text, on_fire=False, **details),
            )
        faces, points = ON_FIRE.roll(self.steps.rng)
        parts.append(self.tr("燃え続けて 2d6+4 {0} = {1} 点").format(list(faces), points))
        text = self.steps.sentences(parts)
        return self._with_fire(
            burning,
            label,
            lambda: self.steps.damage(
                points, "extinguish", label, text, burn_faces=list(faces), on_fire=True, **details
            ),
        )

    def put_out(self) -> str:
        """The GM ends the burning by hand (the scene changed: water, the fire gone); one undo step."""
        if not self.on_fire:
            raise ValueError(self.tr("炎に包まれていません"))
        label = self.tr("炎に包まれた状態を解除")
        text = self.tr("GM が炎に包まれた状態を解除しました")
        return self._with_fire(
            self._burning() - {self.actions.character_id},
            label,
            lambda: self.steps.log_only("put_out", label, text, on_fire=False),
        )
