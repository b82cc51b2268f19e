"""Option 16d1 and 16d7: Surface Sides by a competitive roll, the end of a Surface Turn and of the battle; 11c1
(reconstructed): dead in the water ships left alone on the Battleboard are eliminated."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal.surface import turns
from tests.games.guadalcanal.surface_helpers import battle


@pytest.mark.rule("16d1")
def test_the_high_roll_is_surface_side_a_and_ties_are_rolled_again():
    r = turns.roll_sides(ScriptedRng([4, 4, 3, 7]))
    assert (r["A"], r["B"]) == ("japanese", "allied") and len(r["rolls"]) == 2


@pytest.mark.rule("16d")
def test_each_surface_turn_runs_movement_torpedo_markers_gunnery_torpedo_combats_and_breakoffs():
    assert turns.STEPS == ("movement", "torpedo_markers", "gunnery", "torpedo_combats", "breakoff")


@pytest.mark.rule("16d7")
def test_the_turn_advances_and_the_battle_ends_after_surface_turn_ten():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N")}, turn=9)
    s["surface"]["torpedoes"] = [{"ship": "ij-hiei", "at": "M11", "facing": "N"}]
    assert turns.end_turn(s) == {"over": False, "turn": 10, "lost": []}
    assert s["surface"]["torpedoes"] == []
    end = turns.end_turn(s)
    assert end["over"] and "Surface Turn 10" in end["why"]


@pytest.mark.rule("16d7")
def test_the_battle_ends_when_one_side_has_no_ship_left_on_the_board():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N"), "ij-dd11": ("N13", "N")})
    s["surface"]["broken_off"] = ["ij-hiei"]
    assert not turns.end_turn(s)["over"]
    s["units"]["ij-dd11"]["eliminated"] = True
    end = turns.end_turn(s)
    assert end["over"] and "japanese" in end["why"]


@pytest.mark.rule("11c1")
def test_dead_in_the_water_ships_alone_on_the_board_are_eliminated():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N")})
    s["units"]["us-portland"].update(face="back", hits=2)  # movement 2 - 2 = 0
    assert not turns.end_turn(s)["over"]  # without option 11c
    end = turns.end_turn(s, dead_in_the_water_rule=True)
    assert end["over"] and s["units"]["us-portland"]["eliminated"] and "Portland eliminated" in end["lost"]
