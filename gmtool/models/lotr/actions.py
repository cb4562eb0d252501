"""What happens to a LotR (CODA) character between tests: wounds, weariness, courage, corruption, renown.

Each action is one undo step (`CampaignModel.update_character` with a Japanese
label) and one session-log entry (kind ``lotr-condition``) saying what changed,
so the GM can read later why the sheet shows what it shows.  The rule tables are
the campaign's (`campaign_lotr_rules`), re-read when the GM edits them.  A wrong
request (a negative amount, more courage than is left, weariness past
Exhausted…) raises ValueError with a Japanese message and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, QObject, Signal

from gmtool.models.campaign_model import CampaignModel
from gmtool.models.lotr import courage_rounds
from gmtool.models.lotr.condition_status import ConditionStatus, condition_status
from gmtool.models.lotr.rules_model import RULES_KEY, campaign_lotr_rules
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.house_rules import HOUSE_RULES_KEY
from gmtool.rules.systems import get_system
from gmtool.rules.systems.lotr.character import LotRCharacter
from gmtool.rules.systems.lotr.derived import WoundTrack, corruption_reached_bearing, wound_track
from gmtool.rules.systems.lotr.rules_data import Level, LotRRules
from gmtool.store.validation import format_validation_error

if TYPE_CHECKING:
    from gmtool.models.lotr.care_model import LotRCareModel
    from gmtool.models.lotr.hazard_model import LotRHazardModel

LOG_KIND = "lotr-condition"
MAX_AMOUNT = 999  # one hit or one heal beyond this is a typo, not a wound
MAX_DAMAGE = 99_999  # the stored schema's limit
MAX_CORRUPTION = 999
MAX_RENOWN = 999
WEARINESS_COURAGE_STEPS = 2  # 1.2.2 「Courage1点と引き換えに 2段階の疲労を回復してもよい」(GM の許可)


def penalty_text(level: Level) -> str:
    """A level's penalty as the sheet shows it; None is the GM's to set, never a made-up 0."""
    if level.penalty is None:
        return QCoreApplication.translate("LotRActions", "未設定（GM が設定）")
    return f"{level.penalty:+d}" if level.penalty else "±0"


def bearing_warning() -> str:
    return QCoreApplication.translate(
        "LotRActions", "Corruption が Bearing に達しました: キャラクターは NPC になります（1.2.4）"
    )


class LotRActions(QObject):
    """The undoable operations on one LotR character that are more than a field edit.

    Every method returns the status text of what happened (also emitted as
    `performed`).  `bearing_reached(corruption, bearing)` is emitted when a change
    brings Corruption up to Bearing (1.2.4: the character becomes an NPC).
    """

    performed = Signal(str)
    bearing_reached = Signal(int, int)
    rules_changed = Signal()  # the campaign's tables or house rules: what the sheet shows may change

    def __init__(
        self, campaign_model: CampaignModel, character_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.campaign_model = campaign_model
        self.character_id = character_id
        self.last_status = ""
        self._rules: LotRRules | None = None
        campaign_model.session_changed.connect(self._on_session_changed)

    # ---- reading ------------------------------------------------------------------------
    @property
    def character(self) -> LotRCharacter:
        return self.campaign_model.character_as(self.character_id, LotRCharacter)

    @property
    def exists(self) -> bool:
        return self.campaign_model.has_character(self.character_id)

    @property
    def rules(self) -> LotRRules:
        if self._rules is None:
            self._rules = campaign_lotr_rules(self.campaign_model)
        return self._rules

    def track(self, character: LotRCharacter | None = None) -> WoundTrack:
        return wound_track(character if character is not None else self.character, self.rules)

    def wound_text(self, character: LotRCharacter | None = None) -> str:
        """「Dazed（朦朧） −1」, or 死亡 past the last level."""
        track = self.track(character)
        if track.level is None:
            if track.dies_at_incapacitated:
                return self.tr("死亡（ホビットは Incapacitated で死亡（1.2.1））")
            return self.tr("死亡（最後の負傷段階を超えました）")
        return f"{shown_name(track.level)} {penalty_text(track.level)}"

    def condition(self) -> ConditionStatus:
        """The wound track, weariness and condition penalty as the sheet's group shows them."""
        return condition_status(self.campaign_model, self.character, self.rules)

    @cached_property
    def care(self) -> LotRCareModel:
        """The 回復・手当て dialog's model, kept with these actions (made when first asked for)."""
        from gmtool.models.lotr.care_model import LotRCareModel  # it builds on this module

        return LotRCareModel(self, parent=self)

    @cached_property
    def hazard(self) -> LotRHazardModel:
        """The 危険 dialog's model: kept, so a fire keeps burning between two openings of it."""
        from gmtool.models.lotr.hazard_model import LotRHazardModel  # it builds on this module

        return LotRHazardModel(self, parent=self)

    def weariness_text(self, character: LotRCharacter | None = None) -> str:
        c = character if character is not None else self.character
        level = self.rules.weariness_levels[c.weariness]
        return f"{shown_name(level)} {penalty_text(level)}"

    # ---- wounds (1.2.1) -------------------------------------------------------------------
    def take_damage(self, points: int) -> str:
        self._check_count(points, self.tr("受けるダメージ"), 1, MAX_AMOUNT)
        before = self.character
        damage = min(before.damage + points, MAX_DAMAGE)
        after = replace(before, damage=damage)
        status = self.tr("ダメージを {0} 点受けました").format(points)
        return self.apply_step("damage", after, self.tr("ダメージを受ける"), status, points=points)

    def heal(self, points: int) -> str:
        """Heals up to `points` (never below 0 damage)."""
        self._check_count(points, self.tr("回復する点数"), 1, MAX_AMOUNT)
        before = self.character
        if before.damage == 0:
            raise ValueError(
                self.tr("{0}はダメージを受けていません").format(before.name or self.tr("キャラクター"))
            )
        healed = min(points, before.damage)
        status = self.tr("負傷が {0} 点回復しました").format(healed)
        if healed < points:
            status += self.tr("（ダメージは {0} 点だけでした）").format(healed)
        after = replace(before, damage=before.damage - healed)
        return self.apply_step("heal", after, self.tr("負傷の回復"), status, points=points, healed=healed)

    def set_damage(self, damage: int) -> str:
        self._check_count(damage, self.tr("ダメージ"), 0, MAX_DAMAGE)
        before = self.character
        self._refuse_unchanged(before.damage == damage, self.tr("ダメージはすでに {0} 点です").format(damage))
        status = self.tr("ダメージを {0} 点に訂正しました").format(damage)
        return self.apply_step(
            "set_damage", replace(before, damage=damage), self.tr("ダメージの訂正"), status
        )

    # ---- weariness (1.2.2) ----------------------------------------------------------------
    def weariness_up(self, steps: int = 1) -> str:
        self._check_count(steps, self.tr("疲労の段階数"), 1, self._weariness_last)
        current = self.character.weariness
        if current >= self._weariness_last:
            raise ValueError(
                self.tr("これ以上疲労できません（すでに {0}）").format(self._weariness_label(current))
            )
        return self._weariness_to(min(current + steps, self._weariness_last), self.tr("疲労段階を上げる"))

    def weariness_down(self, steps: int = 1) -> str:
        self._check_count(steps, self.tr("回復する疲労の段階数"), 1, self._weariness_last)
        current = self.character.weariness
        if current == 0:
            raise ValueError(self.tr("疲労していません（{0}）").format(self._weariness_label(0)))
        return self._weariness_to(max(current - steps, 0), self.tr("疲労段階を下げる"))

    def set_weariness(self, index: int) -> str:
        self._check_count(index, self.tr("疲労段階"), 0, self._weariness_last)
        self._refuse_unchanged(
            self.character.weariness == index,
            self.tr("疲労段階はすでに {0} です").format(self._weariness_label(index)),
        )
        return self._weariness_to(index, self.tr("疲労段階の設定"))

    def courage_for_weariness(self) -> str:
        """1 Courage for 2 weariness levels, when the GM allows it (1.2.2)."""
        before = self.character
        if before.weariness == 0:
            raise ValueError(self.tr("疲労していないので勇気で回復するものがありません"))
        self._check_courage_left(before, 1)
        index = max(before.weariness - WEARINESS_COURAGE_STEPS, 0)
        after = replace(before, weariness=index, courage_spent=before.courage_spent + 1)
        status = self.tr("勇気 1 点で疲労を回復しました: {0} → {1}").format(
            self._weariness_label(before.weariness), self._weariness_label(index)
        )
        return self.apply_step("courage_for_weariness", after, self.tr("勇気で疲労を回復"), status)

    # ---- courage (1.2.3) ------------------------------------------------------------------
    def spend_courage(self, points: int = 1, per_point: int = 3, per_point_text: str = "") -> str:
        """Courage spent from the sheet counts on the same round as the panel's and the tracker's:
        at most 4 a round (1.2.3), the count and the character in one undo step.  per_point: what a
        point gives on the test it is spent on (+3, more with courage traits: LotRCharacterSteps)."""
        self._check_count(points, self.tr("使う勇気"), 1, MAX_AMOUNT)
        before = self.character
        self._check_courage_left(before, points)
        refusal = courage_rounds.round_refusal(self.campaign_model, self.character_id, before.name, points)
        if refusal:
            raise ValueError(refusal)
        after = replace(before, courage_spent=before.courage_spent + points)
        counted = courage_rounds.with_spent(self.campaign_model, self.character_id, points)
        status = self.tr("勇気を {0} 点使いました（{1}: このラウンド {2} 点目まで）").format(
            points, courage_rounds.round_label(self.campaign_model), counted["spent"][self.character_id]
        )
        if per_point_text:  # 1.2.3 traits: 「+3 + Bold 2 + Horselord 2 = +7」
            status += self.tr("、判定に +{0}（1点 {1}）").format(points * per_point, per_point_text)
        stack = self.campaign_model.undo_stack
        stack.beginMacro(self.tr("勇気を使う"))
        try:
            result = self.apply_step(
                "spend_courage", after, self.tr("勇気を使う"), status, points=points, per_point=per_point
            )
            self.campaign_model.set_session_value(courage_rounds.COURAGE_KEY, counted, self.tr("勇気を使う"))
        finally:
            stack.endMacro()
        return result

    def recover_courage(self, points: int | None = None) -> str:
        """Gives back `points` spent courage, or all of it (None)."""
        before = self.character
        if before.courage_spent == 0:
            raise ValueError(
                self.tr("使った勇気はありません（残り {0} / {1}）").format(before.courage, before.courage)
            )
        if points is None:
            points = before.courage_spent
        self._check_count(points, self.tr("回復する勇気"), 1, MAX_AMOUNT)
        if points > before.courage_spent:
            raise ValueError(
                self.tr("使った勇気は {0} 点なので {1} 点は回復できません（Courage {2} を超えます）").format(
                    before.courage_spent, points, before.courage
                )
            )
        after = replace(before, courage_spent=before.courage_spent - points)
        status = self.tr("勇気が {0} 点回復しました").format(points)
        return self.apply_step("recover_courage", after, self.tr("勇気の回復"), status, points=points)

    # ---- corruption (1.2.4) and renown (1.2) -------------------------------------------------
    def change_corruption(self, delta: int) -> str:
        """Adds delta (negative: good deeds, a superior resistance); never below 0."""
        self._check_count(delta, self.tr("Corruption の増減"), -MAX_CORRUPTION, MAX_CORRUPTION)
        if delta == 0:
            raise ValueError(self.tr("Corruption の増減が 0 です"))
        before = self.character
        if delta < 0 and before.corruption == 0:
            raise ValueError(self.tr("Corruption はすでに 0 です（0 未満にはなりません）"))
        value = min(max(before.corruption + delta, 0), MAX_CORRUPTION)
        if delta > 0:
            undo = self.tr("堕落の増加")
            status = self.tr("Corruption が {0} 点増えました").format(value - before.corruption)
        else:
            undo = self.tr("堕落の減少")
            status = self.tr("Corruption が {0} 点減りました").format(before.corruption - value)
            if before.corruption + delta < 0:
                status += self.tr("（0 未満にはなりません）")
        return self._corruption_to(value, undo, status, delta=delta)

    def set_corruption(self, value: int) -> str:
        self._check_count(value, self.tr("Corruption"), 0, MAX_CORRUPTION)
        self._refuse_unchanged(
            self.character.corruption == value, self.tr("Corruption はすでに {0} です").format(value)
        )
        status = self.tr("Corruption を {0} に訂正しました").format(value)
        return self._corruption_to(value, self.tr("堕落の訂正"), status)

    def change_renown(self, delta: int) -> str:
        self._check_count(delta, self.tr("Renown の増減"), -MAX_RENOWN, MAX_RENOWN)
        before = self.character
        value = before.renown + delta
        if delta == 0:
            raise ValueError(self.tr("Renown の増減が 0 です"))
        if not 0 <= value <= MAX_RENOWN:
            raise ValueError(
                self.tr("Renown は 0〜{0} です（{1} {2:+d} = {3}）").format(
                    MAX_RENOWN, before.renown, delta, value
                )
            )
        status = self.tr("Renown が {0:+d} されました").format(delta)
        return self.apply_step(
            "renown", replace(before, renown=value), self.tr("知名度の変更"), status, delta=delta
        )

    def set_renown(self, value: int) -> str:
        self._check_count(value, self.tr("Renown"), 0, MAX_RENOWN)
        delta = value - self.character.renown
        self._refuse_unchanged(delta == 0, self.tr("Renown はすでに {0} です").format(value))
        return self.change_renown(delta)

    # ---- origin --------------------------------------------------------------------------
    def set_race(self, race_id: str, subrace_id: str = "") -> str:
        """Race and sub-race in one step; a listed race also brings its Size and wound levels.

        Attribute bonuses are not redone: the attributes are stored with them applied.
        """
        before = self.character
        changes: dict[str, Any] = {"race": race_id, "subrace": subrace_id}
        race = self.rules.race(race_id)
        if race is not None:
            if subrace_id and race.subrace(subrace_id) is None:
                raise ValueError(
                    self.tr("{0} に亜種族 {1} はありません").format(shown_name(race), subrace_id)
                )
            changes.update(size=race.size, wound_levels=race.wound_levels)
        after = replace(before, **changes)
        status = self.tr("種族を {0} にしました").format(self._origin_label(after))
        return self.apply_step("race", after, self.tr("種族を変更"), status)

    # ---- internals ----------------------------------------------------------------------
    @property
    def _weariness_last(self) -> int:
        return len(self.rules.weariness_levels) - 1

    def _weariness_label(self, index: int) -> str:
        return shown_name(self.rules.weariness_levels[index])

    def _weariness_to(self, index: int, undo_label: str) -> str:
        before = self.character
        after = replace(before, weariness=index)
        status = self.tr("疲労: {0} → {1}").format(
            self._weariness_label(before.weariness), self._weariness_label(index)
        )
        if index == self._weariness_last:
            status += self.tr("。ただちに意識不明になります（1.2.2）")
        return self.apply_step("weariness", after, undo_label, status, index=index)

    def _check_courage_left(self, character: LotRCharacter, points: int) -> None:
        left = character.courage_left
        if left == 0:
            raise ValueError(
                self.tr("勇気が残っていません（Courage {0} をすべて使っています）").format(character.courage)
            )
        if points > left:
            raise ValueError(self.tr("勇気の残りは {0} 点です。{1} 点は使えません").format(left, points))

    def _corruption_to(self, value: int, undo_label: str, status: str, **details: Any) -> str:
        before = self.character
        after = replace(before, corruption=value)
        reached = corruption_reached_bearing(after) and not corruption_reached_bearing(before)
        if corruption_reached_bearing(after):
            status += self.tr("。{0}（Corruption {1} / Bearing {2}）").format(
                bearing_warning(), after.corruption, after.attributes.brg
            )
        result = self.apply_step("corruption", after, undo_label, status, reached_bearing=reached, **details)
        if reached:
            self.bearing_reached.emit(after.corruption, after.attributes.brg)
        return result

    def _origin_label(self, c: LotRCharacter) -> str:
        race = self.rules.race(c.race)
        if race is None:
            return c.race or self.tr("未選択")
        sub = race.subrace(c.subrace)
        return f"{shown_name(race)} / {shown_name(sub)}" if sub else shown_name(race)

    def _check_count(self, value: Any, what: str, minimum: int, maximum: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(self.tr("{0}は整数で入力してください（{1!r}）").format(what, value))
        if not minimum <= value <= maximum:
            raise ValueError(self.tr("{0}は {1}〜{2} です（{3}）").format(what, minimum, maximum, value))

    @staticmethod
    def _refuse_unchanged(unchanged: bool, message: str) -> None:
        # An action that would change nothing would leave no undo step: say so instead of doing nothing.
        if unchanged:
            raise ValueError(message)

    def apply_step(
        self, action: str, after: LotRCharacter, undo_label: str, status: str, **details: Any
    ) -> str:
        """`after` as one undo step and one ``lotr-condition`` log line, validated through the stored
        schema first; the status line says what happened (and `performed` carries it)."""
        if not self.exists:
            raise ValueError(self.tr("このキャラクターは削除されています"))
        before = self.character
        system = get_system("lotr")
        try:  # validate through the stored schema (e.g. Courage spent past Courage) before anything changes
            after = system.load_character(system.dump_character(after))
        except ValidationError as e:
            raise ValueError(format_validation_error(e)) from None
        self.campaign_model.update_character(self.character_id, after, undo_label)
        status = self.tr("{0} — 負傷 {1}、疲労 {2}").format(
            status, self.wound_text(after), self.weariness_text(after)
        )
        self.campaign_model.append_log(
            LOG_KIND, self._payload(action, before, after, undo_label, status, details)
        )
        self.last_status = status
        self.performed.emit(status)
        return status

    def log_step(self, action: str, label: str, status: str, **details: Any) -> str:
        """One log line for a roll that changed nothing (no undo step: there is nothing to undo)."""
        if not self.exists:
            raise ValueError(self.tr("このキャラクターは削除されています"))
        c = self.character
        status = self.tr("{0} — 負傷 {1}、疲労 {2}").format(
            status, self.wound_text(c), self.weariness_text(c)
        )
        self.campaign_model.append_log(LOG_KIND, self._payload(action, c, c, label, status, details))
        self.last_status = status
        self.performed.emit(status)
        return status

    def _payload(
        self,
        action: str,
        before: LotRCharacter,
        after: LotRCharacter,
        inputs: str,
        status: str,
        details: dict[str, Any],
    ) -> dict[str, Any]:
        def state(c: LotRCharacter) -> dict[str, Any]:
            return {
                "damage": c.damage,
                "health": c.health,
                "wound_level": self.track(c).index,
                "weariness": c.weariness,
                "courage": c.courage,
                "courage_spent": c.courage_spent,
                "corruption": c.corruption,
                "renown": c.renown,
            }

        return {
            "system": "lotr",
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "action": action,
            "character_id": self.character_id,
            "character": before.name,
            **details,
            "before": state(before),
            "after": state(after),
            "summary": {"who": before.name, "inputs": inputs, "dice": "—", "result": status},
        }

    def reload_rules(self) -> None:
        """Forgets the cached tables: the next use reads the campaign's (edited) ones."""
        self._rules = None

    def _on_session_changed(self, key: str) -> None:
        if key in (RULES_KEY, HOUSE_RULES_KEY):  # the wound-penalty reading rides on the tables
            self.reload_rules()
            self.rules_changed.emit()
