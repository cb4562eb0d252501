"""The LotR engine's labels the combat tracker shows (resource names, action names, the quick NPC's
fields, the stun condition), marked for the translator.

The engine (combat.py) keeps them in Japanese: they are stored in the encounter and written in the
log.  lupdate files these `tr()` literals under the empty context, and the English catalogue's
FallbackTranslator finds a string there from any class's `self.tr(label)` — the tracker's table,
its participant box, the actions box and the log all translate a label the same way.
tests/models/lotr/test_tracker_labels.py fails when combat.py gains a label missing here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def tr(text: str) -> str:
    return QCoreApplication.translate("LotRTrackerLabels", text)


def marked() -> tuple[str, ...]:
    """Every label, translated (in Japanese: as written)."""
    return (
        # resources and quick NPC fields (combat.LotRCombat)
        tr("ダメージ"),
        tr("疲労段階"),
        tr("イニシアチブ"),
        tr("負傷段階数"),
        tr("アクション数"),
        # actions (combat.ACTION_KINDS and MOUNT_ACTION_KINDS)
        tr("攻撃（通常）"),
        tr("攻撃（defensive）"),
        tr("攻撃（power）"),
        tr("攻撃（precise）"),
        tr("攻撃（two-handed）"),
        tr("攻撃（sweep）"),
        tr("攻撃（charge）"),
        tr("つかむ"),
        tr("殴る"),
        tr("足払い"),
        tr("狙いをつける"),
        tr("回避"),
        tr("防御（Parry/Block）"),
        tr("移動"),
        tr("Run"),
        tr("Sprint"),
        tr("狙いを変える・物を捨てる・叫ぶ・気付く"),
        tr("馬の攻撃（War-Trained）"),
        tr("馬の移動"),
        tr("馬の移動（Full-round）"),
        # the attack options (attack.ATTACK_OPTIONS) and what an Extraordinary hit breaks
        tr("通常攻撃"),
        tr("武器"),
        tr("鎧"),
        tr("盾"),
        # conditions the tracker's LotR boxes add
        tr("スタン"),
        # the tracker table's state words (battle_table_model.STATE_LABELS, read there with self.tr)
        tr("衰弱"),
        tr("昏倒"),
        tr("死亡"),
    )
