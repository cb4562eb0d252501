"""The words of `gmtool prob mtg` (gmtool/app/mtg/cli.py): its --help, its lines and its refusals, as
message templates.  The command line has no Qt, so its texts are `Message`s shown through the message
catalogue in the UI language; they are kept here, among the modules whose templates are collected into
resources/i18n/messages_ja.json (packaging/messages_extract.py), so a text without English fails
tests/test_message_catalog.py.
"""

from __future__ import annotations

from gmtool.rules.message import template

CARD_NAME_LENGTH = template("カード名は1〜{0}文字です（{1}文字）")
CARD_LIST_LENGTH = template("カードの一覧は{0}文字までです（{1}文字）")
HELP = template("MTGでTRPG の行動判定: デッキ・色・難易度から成功率（ブーストあり/なし）")
HELP_DECK = template("デッキリスト（アリーナ・MTGO・Cockatrice・テキスト）か .gmchar.json")
HELP_COLOR = template("判定の色: W 白 / U 青 / B 黒 / R 赤 / G 緑 / C 色のない")
HELP_DIFFICULTY = template("難易度（通常 0〜8）{0}")
HELP_CRITICAL = template(
    "クリティカル・カードにするメインデッキのカード（1回で1枚。繰り返せます。デッキの枠内）"
)
HELP_KNOWN_TOP = template(
    "PLが知っているライブラリーの上のカード（上から順に繰り返す。"
    "クリティカル・カードの1枚なら名前の前に {0}）"
)
HELP_BOOST_CARDS = template(
    "ハウスルール {0}: ブーストの6枚は公開した2枚の次から（after、既定）か、2枚を含む上から（including）"
)
HELP_KNOWN_RESULT = template(
    "ハウスルール {0}: ブーストを使えば必ず成功する判定を断る（with_boost、既定）か、"
    "ブーストなしで結果が分かるときだけ断る（without_boost）"
)
HELP_PHYSICAL_ODDS = template(
    "ハウスルール {0}: デッキ全体で数える（deck、既定）か、"
    "ライブラリーに残るカードだけで数える（library: --not-in-library のカードを除く）"
)
HELP_NOT_IN_LIBRARY = template(
    'ライブラリー外（手札・墓地・戦場・追放）のカードと枚数（例 "Forest:2,Llanowar Elves:1"。'
    "枚数を省くと1枚、クリティカル・カードは名前の前に {0}。--physical-odds library と使う）"
)
HELP_JSON = template("JSON で出力")
NOT_A_DECK = template("「{0}」: MTGでTRPG のデッキではありません（システム: {1}）")
COLORLESS = template("無色")
CARD_LABEL = template("{0}（マナ総量{1}・{2}）")
UNKNOWN_CARD = template("{0}行目「{1}」: カードデータベースにないカードです")
SEVERAL_CARDS = template("{0}行目「{1}」: {2}枚のカードの名前です（{3}）。英語名で書いてください")
DATA_DATE = template("カードデータベースのデータは {0} 時点のものです。")
UNREADABLE_NAMES = template(
    "「{0}」: 読めないカード名があります:\n  {1}\n"
    "（{2}名前を直すか、gmtool のカードデータベースに新しいデータを読み込んでください）"
)
NOT_IN_MAIN_DECK = template("「{0}」はメインデッキにありません")
NAMES_SEVERAL = template("「{0}」はデッキの{1}枚のカードの名前です（{2}）。英語名で書いてください")
TOO_MANY_NAMED = template("--critical と --known-top はそれぞれ {0} 枚までです")
OUTSIDE_COUNT = template("--not-in-library: 「{0}」の枚数は1枚以上です（{1}）")
OUTSIDE_NOT_IN_DECK = template("--not-in-library: 「{0}」はメインデッキにありません")
OUTSIDE_WITHOUT_LIBRARY = template(
    "--not-in-library のカードを除くのは --physical-odds library のときです"
    "（既定の deck はデッキ全体で数えます）"
)
FILE_NOTE = template("「{0}」: {1}")
CHECK = template("{0}判定")
HEADLINE = template("MTGでTRPG 行動判定: 「{0}」 {1}枚 / {2} / 難易度 {3}")
LIBRARY_LEFT = template("  ライブラリーに残る {0} 枚で計算（ライブラリー外 {1} 枚を除く）")
SUCCESS = template("  成功率（公開のまま）        {0}")
NO_BOOST = template("（ライブラリーが足りずブーストできません）")
SUCCESS_BOOSTED = template("  成功率（ブーストを使う場合）{0}{1}")
