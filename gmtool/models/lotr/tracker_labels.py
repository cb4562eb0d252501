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
        tr("攻撃（両手に武器）"),
        tr("攻撃（捕縛・鞭）"),
        tr("利き腕と逆腕で1回ずつ"),
        tr("Superior 以上の命中で絡め取る"),
        tr("つかむ"),
        tr("つかんだ相手に"),
        tr("抜け出す"),
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
        tr("sweep（なぎ払い）"),
        tr("両手に武器"),
        tr("つかむ（Grab）"),
        tr("捕縛（Grapple、鞭）"),
        tr("殴る（Punch/Kick）"),
        tr("足払い（Trip）"),
        # their notes (the option list's tool tips)
        tr("次の手番まで防御判定 +2"),
        tr("次の手番まで防御 −2"),
        tr("次の手番まで防御 −2、盾は使えない"),
        tr("2人なら −4、3人なら −6。防御されたらそこで止まる"),
        tr("3ヤード以上必要。次の手番まで防御判定 −3。対象は STR+2 の Strength 判定に失敗すると倒れる"),
        tr("利き腕と逆腕で1回ずつ。Ambidextrous がなければペナルティ（GM が入力）"),
        tr("命中: 相手のあらゆる目標値 +5"),
        tr("Superior 以上の命中で絡め取る: その相手への攻撃 +5"),
        tr("Nimbleness で判定、相手は Nimbleness か Swiftness で抵抗。成功すると転倒"),
        tr("転倒"),
        tr("つかまれている"),
        tr("絡め取られている"),
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
