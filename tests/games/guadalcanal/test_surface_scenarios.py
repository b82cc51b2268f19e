"""Scenarios 5 and 6 (7f, 7g): the forces, who sets up first, the special rules and the victory levels."""
from __future__ import annotations

import pytest

from app.games.guadalcanal.combat.damage import apply_result
from app.games.guadalcanal.surface import scenarios


@pytest.mark.rule("7f1")
def test_scenario_five_is_one_night_surface_combat_from_surface_turn_one():
    s = scenarios.begin("5")
    assert s["surface"]["night"] and s["surface"]["turn"] == 1


@pytest.mark.rule("7f2")
def test_scenario_five_allied_ships_and_japan_as_side_b():
    s = scenarios.begin("5")
    allied = sorted(u["name"] for u in s["units"].values() if u["side"] == "allied")
    assert allied == sorted(["Portland", "S. Francisco", "Atlanta", "Helena", "Juneau", "DD #9", "DD #10"])
    assert s["surface"]["sides"] == {"A": "allied", "B": "japanese"}


@pytest.mark.rule("7f3")
def test_scenario_five_japanese_ships_with_dd_12_on_its_back():
    s = scenarios.begin("5")
    japanese = sorted(u["name"] for u in s["units"].values() if u["side"] == "japanese")
    assert japanese == sorted(["Hiei", "Kirishima", "Nagara", "DD #11", "DD #12", "DD #15"])
    assert s["units"]["ij-dd12"]["face"] == "back" and s["units"]["ij-dd12"]["started_back"]


@pytest.mark.rule("7f4.4")
def test_scenario_five_the_allies_hold_the_free_roll_and_japan_fights_at_night_plus_one():
    s = scenarios.begin("5")
    assert s["free_roll"]["holder"] == "allied" and s["surface"]["night_modifier"] == 1


@pytest.mark.rule("7g1")
def test_scenario_six_is_one_night_surface_combat():
    assert scenarios.begin("6")["surface"]["night"]


@pytest.mark.rule("7g2")
def test_scenario_six_allied_ships_with_south_dakota_hit_once():
    s = scenarios.begin("6")
    assert sorted(u for u, r in s["units"].items() if r["side"] == "allied") == \
        ["us-dd9", "us-s-dakota", "us-washington"]
    assert s["units"]["us-s-dakota"]["hits"] == 1


@pytest.mark.rule("7g3")
def test_scenario_six_japanese_ships():
    s = scenarios.begin("6")
    japanese = sorted(u["name"] for u in s["units"].values() if u["side"] == "japanese")
    assert japanese == sorted(["Kirishima", "Atago", "Takao", "Nagara", "Sendai", "DD #11", "DD #12"])
    assert s["units"]["ij-dd12"]["face"] == "back"


@pytest.mark.rule("7g4.4")
def test_scenario_six_the_allies_hold_the_free_roll_and_japan_fights_at_night_minus_one():
    s = scenarios.begin("6")
    assert s["free_roll"]["holder"] == "allied" and s["surface"]["night_modifier"] == -1


@pytest.mark.rule("7f4.1")
def test_scenario_five_japan_needs_five_more_the_allies_any_more():
    s = scenarios.begin("5")
    assert scenarios.outcome(s)["level"] == "tie"
    apply_result(s, "us-atlanta", "eliminate")  # Japan 8 (CL)
    assert scenarios.outcome(s)["winner"] == "japanese"
    apply_result(s, "ij-nagara", "eliminate")  # Allies 8
    assert scenarios.outcome(s)["level"] == "tie"
    apply_result(s, "ij-hiei", "flip")  # Allies 8 + 8 (BB flipped)
    o = scenarios.outcome(s)
    assert o["winner"] == "allied" and o["score"] == {"allied": 16, "japanese": 8}


@pytest.mark.rule("7g4.1")
def test_scenario_six_the_allies_need_fifteen_more():
    s = scenarios.begin("6")
    apply_result(s, "ij-nagara", "eliminate")  # Allies 8
    apply_result(s, "ij-sendai", "flip")  # Allies 11
    assert scenarios.outcome(s)["level"] == "tie"
    apply_result(s, "ij-atago", "flip")  # 16
    assert scenarios.outcome(s)["winner"] == "allied"
    apply_result(s, "us-dd9", "eliminate")  # Japan 14: 16 against 14
    assert scenarios.outcome(s)["level"] == "tie"
    apply_result(s, "us-washington", "eliminate")  # Japan 34
    assert scenarios.outcome(s)["winner"] == "japanese"
