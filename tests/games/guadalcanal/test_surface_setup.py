"""Option 16c: the surface combat set-up on the Night and Day Setup Lines (and 16b2's facings, 7f4.2, 7g4.2)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.games.guadalcanal.surface import battleline, geometry, scenarios


@pytest.mark.rule("16c")
def test_night_lines_leave_two_open_hexes_and_day_lines_four():
    w, e = battleline.x_hexes(night=True)
    assert (w, e) == ("I11", "L11") and geometry.distance(w, e) - 1 == 2
    w, e = battleline.x_hexes(night=False)
    assert (w, e) == ("H11", "M11") and geometry.distance(w, e) - 1 == 4


def _japanese_line():
    s = scenarios.begin("5")
    return s, battleline.sample(scenarios.scenario("5")["japanese"], "I11")


@pytest.mark.rule("16c")
def test_side_b_sets_up_first_with_its_lead_ship_in_the_x_hex_and_side_a_takes_the_other_line():
    s, line = _japanese_line()
    scenarios.set_up(s, "japanese", line, "N", "I11")
    assert s["surface"]["ships"]["ij-hiei"] == {"at": "I11", "facing": "N"}
    allied = battleline.sample(scenarios.scenario("5")["allied"], "L11", toward_north=False)
    with pytest.raises(IllegalAction) as e:
        scenarios.set_up(s, "allied", allied, "S", "I11")
    assert e.value.rule == "16c" and "other one" in str(e.value)
    scenarios.set_up(s, "allied", allied, "S", "L11")
    assert s["surface"]["ships"]["us-portland"]["at"] == "L11"


@pytest.mark.rule("16c")
def test_ships_stand_on_the_line_or_behind_it_one_to_a_hex_with_the_lead_in_the_x_hex():
    s, line = _japanese_line()
    forward = dict(line, **{"ij-hiei": "J11"})  # in front of the I line, toward the enemy
    with pytest.raises(IllegalAction, match="in front of your setup line"):
        scenarios.set_up(s, "japanese", forward, "N", "I11")
    stacked = dict(line, **{"ij-kirishima": "I11"})
    with pytest.raises(IllegalAction, match="one unit"):
        scenarios.set_up(s, "japanese", stacked, "N", "I11")
    no_lead = {u: h.replace("I", "H") for u, h in line.items()}
    with pytest.raises(IllegalAction, match="X hex I11"):
        scenarios.set_up(s, "japanese", no_lead, "N", "I11")
    behind = dict(line, **{"ij-dd15": "F3"})  # a second battleline further back is allowed
    scenarios.set_up(s, "japanese", behind, "N", "I11")
    assert s["surface"]["ships"]["ij-dd15"]["at"] == "F3"


@pytest.mark.rule("7f4.2")
def test_scenario_five_faces_the_allies_opposite_the_japanese():
    s, line = _japanese_line()
    scenarios.set_up(s, "japanese", line, "N", "I11")
    allied = battleline.sample(scenarios.scenario("5")["allied"], "L11")
    with pytest.raises(IllegalAction) as e:
        scenarios.set_up(s, "allied", allied, "N", "L11")
    assert e.value.rule == "16b2" and "face S" in str(e.value)


@pytest.mark.rule("7g4.2")
def test_scenario_six_faces_both_sides_the_same_way():
    s = scenarios.begin("6")
    scenarios.set_up(s, "japanese", battleline.sample(scenarios.scenario("6")["japanese"], "L11"), "N", "L11")
    allied = battleline.sample(scenarios.scenario("6")["allied"], "I11")
    with pytest.raises(IllegalAction, match="face N"):
        scenarios.set_up(s, "allied", allied, "S", "I11")
    scenarios.set_up(s, "allied", allied, "N", "I11")
    assert {p["facing"] for p in s["surface"]["ships"].values()} == {"N"}
