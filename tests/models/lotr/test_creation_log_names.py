"""The LotR creation's last log line names the race and order as the sheet does (the walk:
「Aragorn を作成（man・warrior、…）」, the rule ids): 「Dwarf（ドワーフ）・Warrior（戦士）」 in Japanese,
"Dwarf · Warrior" in English."""

from __future__ import annotations

from tests.models.lotr.creation_fixtures import logs, make_model, ready
from tests.qt_fixtures import language  # noqa: F401 (a fixture)

EXPECTED = {
    "ja": "ギムリ を作成（Dwarf（ドワーフ）・Warrior（戦士）、Health 18、Courage 3）",
    "en": "Created ギムリ (Dwarf · Warrior, Health 18, Courage 3)",
}


def test_the_finish_line_names_race_and_order_as_the_sheet_does(empty_campaign_model, language):  # noqa: F811
    model = make_model(empty_campaign_model)
    ready(model)
    model.finish()
    [finish] = logs(empty_campaign_model, "finish")
    assert finish["summary"]["result"] == EXPECTED[language]
