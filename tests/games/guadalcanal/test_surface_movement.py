"""Option 16e (not transcribed; reconstructed, data/surface.toml [movement]): surface movement on the Battleboard."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.games.guadalcanal.surface import movement
from tests.games.guadalcanal.surface_helpers import battle


@pytest.mark.rule("16e")
def test_a_ship_moves_up_to_its_movement_factor_turning_one_hexside_before_each_hex():
    s = battle({"us-portland": ("J11", "N")})
    assert movement.move(s, "us-portland", ["N", "NE", "NE"]) == ["J10", "K10", "L9"]
    assert s["surface"]["ships"]["us-portland"] == {"at": "L9", "facing": "NE"}
    with pytest.raises(IllegalAction, match="at most 3 hexes"):
        movement.course(s, "us-portland", ["NE"] * 4)
    with pytest.raises(IllegalAction, match="turns at most 1 hexside") as e:
        movement.course(s, "us-portland", ["S"])
    assert e.value.rule == "16e"


@pytest.mark.rule("16e")
def test_destroyers_turn_two_hexsides_and_hits_slow_a_ship():
    s = battle({"us-dd9": ("J11", "N"), "us-portland": ("E5", "N")})
    assert movement.course(s, "us-dd9", ["SE"]) == ["K12"]
    s["units"]["us-portland"]["hits"] = 2  # movement 3 - 2 (4b5)
    with pytest.raises(IllegalAction, match="at most 1 hexes"):
        movement.course(s, "us-portland", ["N", "N"])


@pytest.mark.rule("16e")
def test_no_entering_a_hex_with_another_unit_and_no_sailing_off_the_board():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("J9", "S")})
    with pytest.raises(IllegalAction, match="another unit"):
        movement.course(s, "us-portland", ["N", "N"])
    s = battle({"us-portland": ("J2", "N")})
    with pytest.raises(IllegalAction, match="off the Battleboard"):
        movement.course(s, "us-portland", ["N", "N"])
    assert s["surface"]["ships"]["us-portland"]["at"] == "J2"
