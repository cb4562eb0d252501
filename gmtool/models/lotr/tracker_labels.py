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
        # the actions' notes, shown under the chosen action (3.1, 3.2, 3.3, 3.5, 3.9)
        tr("攻撃判定−2、防御判定+2"),
        tr("防御−2、ダメージ+3"),
        tr("攻撃+2、ダメージ−2"),
        tr("防御−2、ダメージ+4、盾は使えない"),
        tr("3人まで: 2人なら−4、3人なら−6"),
        tr("3ヤード以上: 攻撃+1、防御判定−3、ダメージ1.5倍"),
        tr("1d6+2+STR修正"),
        tr("次の攻撃に直接+1、間接+3"),
        tr("Swiftness判定の達成値でDefenseを置き換える（ラウンド終了まで）"),
        tr("武器技能で攻撃の達成値以上（同点は防御成功）"),
        tr("Walk 3〜6ヤード、Jog 7〜9ヤード"),
        tr("27ヤードまで、Run判定 目標値5（接近戦中10）"),
        tr("40ヤードまで、Run判定 目標値10（接近戦中15）"),
        tr("乗り手の行動に影響しない1アクション"),
        # the attack options (attack.ATTACK_OPTIONS) and what an Extraordinary hit breaks
        tr("basic（通常攻撃）"),
        tr("sweep"),
        tr("two weapons（両手に武器）"),
        tr("grab（つかむ）"),
        tr("grapple（捕縛・鞭）"),
        tr("punch/kick（殴る）"),
        tr("trip（足払い）"),
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
