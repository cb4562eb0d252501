"""MTGでTRPG's disputed readings of 行動判定ブースト, as house-rule switches (gmtool/rules/house_rules.py).

Each switch quotes mtg_trpg_action_check.ja.txt; its default is the reading those words decide
(README.md's switch table says why, for each).
The engine takes each reading as a plain parameter (`check_odds(..., boost_cards=...)`,
`plan_check(..., known_result=..., physical_odds=...)`, `boost_refusal` in the check procedure).
"""

from __future__ import annotations

from gmtool.rules.house_rules import HouseRule, Reading
from gmtool.rules.message import template

BOOST_CARDS = "mtg.boost_cards"
BOOST_AFTER_REVEALED, BOOST_INCLUDING_REVEALED = "after", "including"
KNOWN_RESULT = "mtg.known_result"
KNOWN_WITH_BOOST, KNOWN_WITHOUT_BOOST = "with_boost", "without_boost"
BOOST_TIMING = "mtg.boost_after_success"
BOOST_ON_FAILURE, BOOST_ANY = "failure", "any"
PHYSICAL_ODDS = "mtg.physical_odds"
ODDS_WHOLE_DECK, ODDS_LIBRARY_ONLY = "deck", "library"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        id=BOOST_CARDS,
        system="mtg",
        title=template("行動判定ブーストで追放する6枚"),
        quote="ライブラリー上6枚のカードを追放し、無色の枚数分、達成値が上がります。",
        section="行動判定-1 行動判定の流れ 3.達成値の決定",
        readings=(
            Reading(
                BOOST_AFTER_REVEALED,
                template("公開した2枚の次の6枚"),
                template(
                    "公開した2枚を除き、その下の6枚を追放する（ライブラリーが2＋6枚以上でブーストできる）"
                ),
            ),
            Reading(
                BOOST_INCLUDING_REVEALED,
                template("公開した2枚を含む上の6枚"),
                template(
                    "公開した2枚とその下の4枚の計6枚を追放し、その中の無色の枚数を足す"
                    "（ライブラリーが6枚以上でブーストできる）"
                ),
            ),
        ),
        default=BOOST_AFTER_REVEALED,
    ),
    HouseRule(
        id=KNOWN_RESULT,
        system="mtg",
        title=template("ブーストを使えば必ず成功する判定"),
        quote=("PLが判定の結果が分かっている、推測できる場合、そのPLのPCは行動判定を行うことができません。"),
        section="行動判定-4 行動判定の詳細 PLに結果が分かっているなら、行動判定不可",
        readings=(
            Reading(
                KNOWN_WITH_BOOST,
                template("ブースト込みで結果が分かれば判定不可"),
                template("行動判定ブーストを使えば必ず成功する判定も、結果が分かっているとして断る"),
            ),
            Reading(
                KNOWN_WITHOUT_BOOST,
                template("ブーストなしで結果が分かるときだけ判定不可"),
                template(
                    "ブーストは任意で6枚を追放するため、ブーストを使えば必ず成功するだけの判定は行える"
                    "（ブーストを使っても必ず失敗する判定は断る）"
                ),
            ),
        ),
        default=KNOWN_WITH_BOOST,
    ),
    HouseRule(
        id=BOOST_TIMING,
        system="mtg",
        title=template("成功した判定の後の行動判定ブースト"),
        quote="宣言のタイミングは、目標値と達成値が決定した後。",
        section="行動判定-3 行動判定ブースト 1.行動判定ブーストを宣言",
        readings=(
            Reading(
                BOOST_ON_FAILURE,
                template("失敗しているときだけ"),
                template("達成値が目標値に届かないときだけブーストを宣言できる"),
            ),
            Reading(
                BOOST_ANY,
                template("成功していても宣言できる"),
                template(
                    "目標値と達成値が決まった後なら、成功していてもブーストを宣言できる（成功率は変わらない）"
                ),
            ),
        ),
        default=BOOST_ON_FAILURE,
    ),
    HouseRule(
        id=PHYSICAL_ODDS,
        system="mtg",
        title=template("物理デッキの成功率を数えるカード"),
        quote="行動判定を行うPCは、自分のライブラリーの上から1枚目と2枚目のカードを公開。",
        section="行動判定-1 行動判定の流れ 2.目標値の決定",
        readings=(
            Reading(
                ODDS_WHOLE_DECK,
                template("デッキ全体"),
                template(
                    "手札・墓地・戦場・追放のカードもライブラリーにあるものとして、デッキ全体を無作為な順番と"
                    "して数える（入力はいらない）"
                ),
            ),
            Reading(
                ODDS_LIBRARY_ONLY,
                template("ライブラリーに残るカードだけ"),
                template(
                    "判定パネルで入力した「ライブラリー外のカード」（手札・墓地・戦場・追放）を除いた残りで"
                    "数える（仮想ライブラリーのデッキはいつもこちら）"
                ),
            ),
        ),
        default=ODDS_WHOLE_DECK,
    ),
)
