"""Experience and advancement (1.6) as values: the numbers the text states and the objectives XP
is given for.

A value module (views may import it: it declares types and constants, no function).
`advancement` computes and checks with them and re-exports every name here.
"""

from __future__ import annotations

XP_PER_ADVANCEMENT = 1000  # 「1000点ごとに成長することができ」
PICKS_PER_ADVANCEMENT = 5  # 「成長ポイント ("Advancement Pick") が5点」
ORDER_SKILL_GROWTH = 2  # 「職業スキルなら2ランクまで」
OTHER_SKILL_GROWTH = 1  # 「職業スキル以外のスキルは1ランクしか」
# 「シナリオの1番の目的を達成した: 1000点…2番目の目的: 500点…シーンでの目的: 100点」(shared).
OBJECTIVE_XP = {"primary": 1000, "secondary": 500, "scene": 100}
OBJECTIVE_LABELS = {
    "primary": "シナリオの1番の目的",
    "secondary": "シナリオの2番目の目的",
    "scene": "シーンでの目的",
}
