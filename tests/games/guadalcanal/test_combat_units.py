"""The counters: every unit loads with its provenance, and the values the worked examples print are the data's."""
from __future__ import annotations

import pytest

from app.engine import data
from app.games.guadalcanal.combat import units


def test_every_unit_loads_with_provenance_and_a_side_prefix():
    us = units.units()
    assert len(us) > 150
    for uid, rec in us.items():
        assert uid.startswith({"allied": "us-", "japanese": "ij-"}[rec["side"]])
        assert rec["kind"] in ("ship", "air", "base")
        assert data.provenance(rec) is not None


@pytest.mark.rule("7b2")
def test_scenario_one_allied_units_exist():
    for uid in ("us-enterprise", "us-b10", "us-s10", "us-t10", "us-rr", "us-uu", "us-s-dakota", "us-portland",
                "us-san-juan", "us-dd9", "us-dd10", "us-hornet", "us-b8", "us-s8", "us-t6", "us-ss", "us-vv",
                "us-nhampton", "us-pensacola", "us-juneau", "us-san-diego", "us-dd6", "us-henderson", "us-sb141",
                "us-s71", "us-b6", "us-t8", "us-aa", "us-ff", "us-gg", "ij-buka", "ij-rabaul", "ij-shortland"):
        assert uid in units.units(), uid


@pytest.mark.rule("2c4")
def test_enterprise_capacity_and_launch_are_printed():
    assert units.printed("us-enterprise")["capacity"] == 8
    assert (units.printed("us-enterprise")["launch"], units.printed("us-enterprise", "back")["launch"]) == (4, 2)


@pytest.mark.rule("10b")
def test_the_values_example_10_prints():
    p = units.printed
    assert (p("us-b8")["bombing"], p("us-b8")["defense"], p("us-t6")["bombing"], p("us-t6")["defense"]) == (7, 2, 6, 2)
    assert (p("ij-junyo")["defense"], p("ij-junyo")["aa"]) == (3, 3)
    assert (p("ij-haruna")["aa"], p("ij-kongo")["aa"], p("ij-isuzu")["aa"]) == (2, 2, 1)
    assert p("us-juneau")["aa"] + p("us-pensacola")["aa"] + p("us-dd6")["aa"] == 7
    assert (p("us-hornet")["aa"], p("us-hornet")["defense"], p("us-hornet", "back")["defense"]) == (4, 3, 2)
    assert (p("ij-1zt")["bombing"], p("ij-1zt", "back")["bombing"], p("ij-1zt")["defense"]) == (6, 3, 1)
    assert (p("ij-2zt")["bombing"], p("ij-1sd")["bombing"]) == (6, 5)
    assert (p("ij-2sd")["bombing"], p("ij-2sd")["defense"]) == (5, 1)
    assert p("us-pensacola")["defense"] == 3


@pytest.mark.rule("15a1.2")
def test_dd_11_counts_six_ships_front_three_back():
    """Printed: 15a1.2's SPECIAL NOTE example (destroyer unit eleven: six ships front up, three back)."""
    assert (units.printed("ij-dd11")["ships"], units.printed("ij-dd11", "back")["ships"]) == (6, 3)


@pytest.mark.rule("7a3.2")
def test_a_back_that_reads_elim_has_no_values():
    assert units.printed("us-ss", "back") is None and not units.has_back("ij-apd1")
    assert units.is_scout("us-vv") and not units.is_scout("us-s8")


def test_a_dash_factor_is_absent():
    assert "bombing" not in units.printed("us-1f5") and "torpedo" not in units.printed("us-hornet")
