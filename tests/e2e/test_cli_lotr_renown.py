"""`prob lotr-renown` (1.2, Table 2.3): a Wits test against Local 5 / Area 10 or a TN given, exact
odds against an independent count of the exploding dice; bad input refused by name.  Driven through
its own parser until the lead registers it in gmtool/app/lotr/cli.py."""

from __future__ import annotations

import argparse
import json

import pytest

from gmtool.app.lotr.cli_renown import add_renown_parsers, run_renown
from tests.rules.lotr.test_character_rules import p_at_least


def prob(capsys, *argv: str) -> str:
    parser = argparse.ArgumentParser(prog="gmtool prob")
    add_renown_parsers(parser.add_subparsers(dest="kind"))
    args = parser.parse_args(["lotr-renown", *argv])
    assert run_renown(args, parser) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("origin", "tn"), [("Local", 5), ("Area", 10)])
def test_the_texts_tns_and_exact_odds(capsys, origin, tn):
    out = json.loads(prob(capsys, "--wits", "2", "--origin", origin, "--json"))
    assert out["tn"] == tn and out["bonus"] == 2
    assert out["knows"] == pytest.approx(float(p_at_least(tn - 2)), abs=1e-12)
    assert sum(out["degrees"].values()) == pytest.approx(1.0)


def test_a_tn_given_and_the_text_output(capsys):
    out = prob(capsys, "--wits", "1", "--tn", "12", "--modifier", "-1")
    assert "Wits +0 対 目標値 12" in out and "相手を知っている" in out


def test_bad_input_is_refused_by_name(capsys):
    parser = argparse.ArgumentParser(prog="gmtool prob")
    add_renown_parsers(parser.add_subparsers(dest="kind"))
    with pytest.raises(SystemExit):
        run_renown(parser.parse_args(["lotr-renown", "--wits", "1"]), parser)
    assert "--origin か --tn" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parser.parse_args(["lotr-renown", "--wits", "1", "--tn", "61"])
    assert "目標値" in capsys.readouterr().err
