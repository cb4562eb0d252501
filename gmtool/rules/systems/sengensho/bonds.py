"""縁故 with every limit of the text, 幻想値, 幻想能力 and 前借り, as pure operations on the session.

Limits (each refusal says which): at most 7 縁故 (「最大で7個まで」), one new 縁故 per scene
(「1シーンあたり1つ」, a 結び直し takes the same slot), 記憶 ≤ 2, 目的 ≤ 1, one target from one 類型
only (「破棄しなければ別の類型から…設定することはできない」), a level rises only in a scene other
than its last change (「異なるシーンで再度登場した…強化」).  The GM override passes the count, scene
and level limits and is recorded on the 縁故; it never lets one target hold two 類型.

Rule readings:
- 結び直し moves one of the holder's 縁故 to a new target, kind or 類型 in place of a new 縁故: it
  keeps its level, so 幻想値 does not increase — the holder's total 幻想値 from 縁故 may not rise (a
  move between 類型 keeps the total; moving the first PC 縁故 away, which would un-halve another, is
  refused unless the GM overrides).
- Scenes are in play order: a level rises only in a scene after the one of its last change, so
  making an earlier scene current again does not reopen it.
- 「PCとの縁故…二人目以降は、得られる幻想値を半減（切上げ）」: the first 縁故 to a PC, in the order
  they were formed, gives its level; each later one half of its level, rounded up.
- 前借り is refused while any of the holder's 類型 still owes (its 縁故 give less than the 幻想値 it
  was raised to); the debt is paid when its 縁故 reach that value.
- At the ラスボス's reveal its 縁故 to every PC are formed outside the limits, and each PC's 縁故 to
  the ラスボス ignores the level limits: any starting level, raised in the same scene, and no use of
  the scene's one new 縁故.  A PC the ラスボス already holds a 縁故 to gets no second one (one target,
  one 類型).  Two house-rule switches (`house_rules`, passed as `readings`) may instead cap the level
  of a PC's 縁故 to the ラスボス at the GM's number, and count it as the scene's one new 縁故.

The limits and the request and usage types live in `bonds_types` and are re-exported here.
"""

from __future__ import annotations

from dataclasses import replace

from gmtool.rules.message import Message
from gmtool.rules.systems.sengensho.bonds_types import (
    KIND_LABELS,
    KIND_LIMITS,
    MAX_BONDS,
    MAX_LEVEL,
    NPC_POINTS_GUIDE,
    BondRequest,
    BondUsage,
)
from gmtool.rules.systems.sengensho.character import LAST_BOSS, BondKind
from gmtool.rules.systems.sengensho.fantasy import pc_bond_order, total_value
from gmtool.rules.systems.sengensho.house_rules import BOSS_SLOT_TAKEN, DEFAULT_READINGS, SengenshoReadings
from gmtool.rules.systems.sengensho.session import (
    Bond,
    Cast,
    Impression,
    Member,
    SengenshoSession,
    SessionRefused,
    archetypes_in_force,
    current_scene,
    display_name,
    member,
    take_id,
)

__all__ = [
    "KIND_LABELS",
    "KIND_LIMITS",
    "MAX_BONDS",
    "MAX_LEVEL",
    "NPC_POINTS_GUIDE",
    "BondRequest",
    "BondUsage",
    "boss_level_cap",
    "check_presets",
    "discard_bond",
    "form_bond",
    "raise_level",
    "retie_bond",
    "reveal_last_boss",
    "usage",
]


def usage(
    session: SengenshoSession, cast: Cast, holder: str, readings: SengenshoReadings = DEFAULT_READINGS
) -> BondUsage:
    bonds = session.bonds_of(holder)
    presets = member(cast, holder).presets

    def kinds(kind: BondKind) -> int:
        return sum(b.kind is kind for b in bonds) + sum(p.kind is kind for p in presets)

    scene = session.current_scene if session.running else None
    return BondUsage(
        len(bonds) + len(presets),
        kinds(BondKind.MEMORY),
        kinds(BondKind.PURPOSE),
        len(pc_bond_order(session, cast, holder)),
        _new_in_scene(session, holder, scene, None, readings) if scene is not None else None,
    )


def _called(cast: Cast | None, bond: Bond) -> str:
    """The target as it is called now (a renamed character by its new name); stored text otherwise."""
    if cast is not None and bond.target_id is not None:
        return display_name(cast, bond.target_id)
    return bond.target


def _same_target(bond: Bond, request: BondRequest) -> bool:
    if bond.kind is not BondKind.CHARACTER or request.kind is not BondKind.CHARACTER:
        return False
    if bond.target_id is not None or request.target_id is not None:
        return bond.target_id == request.target_id
    return bond.target.strip().casefold() == request.target.strip().casefold()


def _bond_count(session: SengenshoSession, cast: Cast, holder: str) -> int:
    return len(session.bonds_of(holder)) + len(member(cast, holder).presets)


def _new_in_scene(
    session: SengenshoSession, holder: str, scene: int, excluding: int | None, readings: SengenshoReadings
) -> Bond | None:
    """The 縁故 that took the holder's one new 縁故 of this scene, if any.  The ラスボス's own 縁故
    of the reveal never do; a PC's 縁故 to it does only under the BOSS_SLOT switch's other reading."""
    counted = readings.boss_slot == BOSS_SLOT_TAKEN
    return next(
        (
            b
            for b in session.bonds_of(holder)
            if b.formed_scene == scene
            and (not b.last_boss or (counted and b.archetype != LAST_BOSS))
            and b.id != excluding
        ),
        None,
    )


def boss_level_cap(readings: SengenshoReadings) -> int:
    """The highest level of a PC's 縁故 to the revealed ラスボス: the GM's cap, else MAX_LEVEL."""
    return MAX_LEVEL if readings.boss_cap is None else max(1, min(readings.boss_cap, MAX_LEVEL))


def _to_revealed_boss(session: SengenshoSession, cast: Cast, request: BondRequest) -> bool:
    return (
        session.last_boss_revealed
        and request.target_id is not None
        and request.target_id == session.last_boss
        and member(cast, request.holder).is_pc
    )


def _check(
    session: SengenshoSession,
    cast: Cast,
    request: BondRequest,
    scene: int,
    replacing: Bond | None = None,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> bool:
    """Raises SessionRefused for a request the rules forbid; True when the ラスボス exemption applies."""
    holder = member(cast, request.holder)
    if request.archetype not in archetypes_in_force(session, cast, request.holder):
        raise SessionRefused(Message("{0}は類型「{1}」を持っていません", holder.name, request.archetype))
    target = request.target.strip()
    if request.kind is BondKind.CHARACTER:
        if request.target_id == request.holder:
            raise SessionRefused(Message("自分自身とは縁故を結べません"))
        if request.target_id is not None:
            member(cast, request.target_id)  # a deleted character cannot be bonded to
        if request.target_id is None and not target:
            raise SessionRefused(Message("縁故の対象（キャラクターか集団の名前）を入れてください"))
    elif not target:
        raise SessionRefused(Message("{0}の内容を入れてください", KIND_LABELS[request.kind]))
    # Even the override and the ラスボス exemption keep a level the 幻想値 and the document can hold.
    if not 1 <= request.level <= MAX_LEVEL:
        raise SessionRefused(Message("縁故のレベルは1から{0}までです", MAX_LEVEL))
    exempt = _to_revealed_boss(session, cast, request)
    if request.level != 1 and not (exempt or request.override):
        raise SessionRefused(Message("新しい縁故はレベル1から始まります"))
    cap = boss_level_cap(readings)
    if exempt and not request.override and request.level > cap:
        raise SessionRefused(Message("ラスボスへの縁故のレベルはGMの決めた上限（Lv{0}）までです", cap))
    excluding = replacing.id if replacing else None
    others = [b for b in session.bonds_of(request.holder) if b.id != excluding]
    for bond in others:
        if _same_target(bond, request):
            if bond.archetype != request.archetype:
                raise SessionRefused(
                    Message(
                        "{0}は「{1}」に類型「{2}」の縁故を持っています。別の類型から結ぶには、先にその縁故を破棄してください",
                        holder.name,
                        _called(cast, bond),
                        bond.archetype,
                    )
                )
            raise SessionRefused(
                Message(
                    "{0}は「{1}」との縁故をもう持っています（レベルを上げられます）",
                    holder.name,
                    _called(cast, bond),
                )
            )
    check_presets(holder, request, _target_name(cast, request))
    if request.override:
        return exempt
    if replacing is None and _bond_count(session, cast, request.holder) >= MAX_BONDS:
        raise SessionRefused(
            Message("縁故は最大{0}個までです（{1}は{2}個持っています）", MAX_BONDS, holder.name, MAX_BONDS)
        )
    limit = KIND_LIMITS.get(request.kind)
    # An NPC's preset 縁故 count towards the kind limits as they do towards the seven.
    held = sum(b.kind is request.kind for b in others) + sum(p.kind is request.kind for p in holder.presets)
    if limit is not None and held >= limit:
        raise SessionRefused(Message("{0}の縁故は最大{1}つまでです", KIND_LABELS[request.kind], limit))
    free = exempt and readings.boss_slot != BOSS_SLOT_TAKEN
    taken = None if free else _new_in_scene(session, request.holder, scene, excluding, readings)
    if taken is not None:
        raise SessionRefused(
            Message(
                "縁故の取得（結び直しを含む）は1シーンにつき1つです（{0}はこのシーンで「{1}」と結びました）",
                holder.name,
                _called(cast, taken),
            )
        )
    return exempt


def check_presets(holder: Member, request: BondRequest, name: str) -> None:
    """An NPC's preset 縁故 hold their targets too: one target from one 類型 only.  Presets name their
    target in text, so they are matched by name."""
    if request.kind is not BondKind.CHARACTER:
        return
    for preset in holder.presets:
        if preset.kind is not BondKind.CHARACTER or preset.target.strip().casefold() != name.casefold():
            continue
        if preset.archetype != request.archetype:
            raise SessionRefused(
                Message(
                    "{0}は「{1}」に類型「{2}」の縁故を事前設定で持っています。別の類型から結ぶには、先にキャラクターシートでその縁故を外してください",
                    holder.name,
                    preset.target,
                    preset.archetype,
                )
            )
        raise SessionRefused(
            Message(
                "{0}は「{1}」との縁故を事前設定で持っています（レベルはキャラクターシートで変えられます）",
                holder.name,
                preset.target,
            )
        )


def _with_impression(
    session: SengenshoSession, scene: int, bond: Bond
) -> tuple[SengenshoSession, Impression | None]:
    """「縁故を結んだ場合、その時点で必ず印象効果が適用される」: one 類型's impression per target
    and scene."""
    if bond.kind is not BondKind.CHARACTER:
        return session, None
    impression = Impression(scene, bond.holder, bond.archetype, bond.target, bond.target_id)
    kept = tuple(
        i
        for i in session.impressions
        if not (
            i.scene == scene
            and i.holder == bond.holder
            and (i.target_id, i.target) == (bond.target_id, bond.target)
        )
    )
    return replace(session, impressions=(*kept, impression)), impression


def _target_name(cast: Cast, request: BondRequest) -> str:
    if request.kind is BondKind.CHARACTER and request.target_id is not None:
        return display_name(cast, request.target_id)
    return request.target.strip()


def form_bond(
    session: SengenshoSession,
    cast: Cast,
    request: BondRequest,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> tuple[SengenshoSession, Bond, Impression | None]:
    """A new 縁故 in the current scene, with the 印象効果 it applies."""
    scene = current_scene(session)
    exempt = _check(session, cast, request, scene, readings=readings)
    session, bond_id = take_id(session)
    bond = Bond(
        bond_id,
        request.holder,
        request.archetype,
        request.kind,
        _target_name(cast, request),
        request.target_id if request.kind is BondKind.CHARACTER else None,
        request.level,
        scene,
        scene,
        last_boss=exempt,
        override=request.override,
    )
    session = replace(session, bonds=(*session.bonds, bond))
    session, impression = _with_impression(session, scene, bond)
    return session, bond, impression


def retie_bond(
    session: SengenshoSession,
    cast: Cast,
    bond_id: int,
    request: BondRequest,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> tuple[SengenshoSession, Bond, Impression | None]:
    """結び直し: the 縁故 moves to the request's target, kind or 類型 and keeps its level."""
    scene = current_scene(session)
    old = session.bond(bond_id)
    if old.holder != request.holder:
        raise SessionRefused(Message("結び直せるのは自分の縁故だけです"))
    exempt = _check(session, cast, replace(request, level=1), scene, old, readings)
    bond = replace(
        old,
        archetype=request.archetype,
        kind=request.kind,
        target=_target_name(cast, request),
        target_id=request.target_id if request.kind is BondKind.CHARACTER else None,
        formed_scene=scene,
        changed_scene=scene,
        retied=True,
        last_boss=exempt,  # re-tied away from the ラスボス it loses the exemption; re-tied to it, gains it
        override=old.override or request.override,
    )
    retied = replace(session, bonds=tuple(bond if b.id == bond_id else b for b in session.bonds))
    before = total_value(session, cast, request.holder, readings)
    after = total_value(retied, cast, request.holder, readings)
    if after > before and not request.override:
        # Moving the first PC 縁故 away would let a halved one count in full.
        raise SessionRefused(
            Message(
                "結び直しでは幻想値は増えません（この結び直しで {0}→{1} になります）。"
                "GMの裁定で認めるときは「制限を超える」を選んでください",
                before,
                after,
            )
        )
    session, impression = _with_impression(retied, scene, bond)
    return session, bond, impression


def _scene_index(session: SengenshoSession, scene_id: int | None) -> int | None:
    return next((i for i, s in enumerate(session.scenes) if s.id == scene_id), None)


def raise_level(
    session: SengenshoSession,
    bond_id: int,
    override: bool = False,
    cast: Cast | None = None,
    readings: SengenshoReadings = DEFAULT_READINGS,
) -> tuple[SengenshoSession, Bond]:
    """One level up; `cast` (optional) names a renamed target by its current name in a refusal."""
    scene = current_scene(session)
    bond = session.bond(bond_id)
    changed, now = _scene_index(session, bond.changed_scene), _scene_index(session, scene)
    # Scenes are in play order: going back to an earlier scene is a correction, not a new meeting.
    if changed is not None and now is not None and now <= changed and not (bond.last_boss or override):
        if now == changed:
            raise SessionRefused(
                Message(
                    "「{0}」の縁故はこのシーンで結んだか上げたばかりです。レベルは別のシーンで上げられます",
                    _called(cast, bond),
                )
            )
        raise SessionRefused(
            Message(
                "「{0}」の縁故は後の{1}で結んだか上げています。レベルはそれより後のシーンで上げられます",
                _called(cast, bond),
                session.scene_name(bond.changed_scene),
            )
        )
    if bond.level >= MAX_LEVEL:
        raise SessionRefused(Message("縁故のレベルは{0}までです", MAX_LEVEL))
    cap = boss_level_cap(readings)
    if bond.last_boss and bond.archetype != LAST_BOSS and bond.level >= cap and not override:
        raise SessionRefused(Message("ラスボスへの縁故のレベルはGMの決めた上限（Lv{0}）までです", cap))
    raised = replace(bond, level=bond.level + 1, changed_scene=scene, override=bond.override or override)
    return replace(session, bonds=tuple(raised if b.id == bond_id else b for b in session.bonds)), raised


def discard_bond(session: SengenshoSession, bond_id: int) -> tuple[SengenshoSession, Bond]:
    bond = session.bond(bond_id)
    return replace(session, bonds=tuple(b for b in session.bonds if b.id != bond_id)), bond


def _is_pc(cast: Cast, character_id: str) -> bool:
    found = cast.get(character_id)
    return found is not None and found.is_pc


def reveal_last_boss(session: SengenshoSession, cast: Cast) -> tuple[SengenshoSession, list[Bond]]:
    """「クライマックスの戦闘が開始するタイミングで必ず明かされ、同時にPC全員に対して縁故を1Lv取得する」.
    A PC's 縁故 already tied to the ラスボス become free of the level limits (「PCは…レベルの制限を
    無視して」: a PC's only, not an NPC's)."""
    scene = current_scene(session)
    boss = session.last_boss
    if boss is None:
        raise SessionRefused(Message("ラスボスが決まっていません（先にラスボスを選んでください）"))
    if session.last_boss_revealed:
        raise SessionRefused(Message("ラスボス（{0}）はもう明かされています", display_name(cast, boss)))
    member(cast, boss)
    formed = []
    bonds = tuple(
        replace(b, last_boss=True) if b.target_id == boss and _is_pc(cast, b.holder) else b
        for b in session.bonds
    )
    session = replace(session, bonds=bonds, last_boss_revealed=True)
    for pc_id, pc in cast.items():
        if not pc.is_pc or pc_id == boss:
            continue
        # 「同じ対象について、2つ以上の類型に従って縁故を設定することはできない」: a PC the ラスボス
        # already holds a 縁故 to (from any 類型) gets no second one.
        held = any(b.target_id == pc_id for b in session.bonds_of(boss)) or any(
            p.kind is BondKind.CHARACTER and p.target.strip().casefold() == pc.name.strip().casefold()
            for p in member(cast, boss).presets
        )
        if held:
            continue
        session, bond_id = take_id(session)
        bond = Bond(
            bond_id, boss, LAST_BOSS, BondKind.CHARACTER, pc.name, pc_id, 1, scene, scene, last_boss=True
        )
        session = replace(session, bonds=(*session.bonds, bond))
        session, _ = _with_impression(session, scene, bond)
        formed.append(bond)
    return session, formed
