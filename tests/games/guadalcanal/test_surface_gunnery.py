"""Option 16g-16g3 (gunnery), 16j (ships against a base, reconstructed) and 16k3 (the night fighting modifier)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.surface import gunnery
from tests.games.guadalcanal.surface_helpers import battle


@pytest.mark.rule("16g")
def test_one_ship_fires_at_one_target_with_its_surface_factor_against_the_defense_factor():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N")}, night=False)
    att, dfn, _ = gunnery.modifiers(s, "us-portland", "ij-hiei")
    assert (att, dfn) == (4, 4)  # Portland 4b at four hexes, broadside; Hiei defense 4b
    c = gunnery.fire(s, "us-portland", "ij-hiei", ScriptedRng([7, 2]))
    assert (c["attacker_number"], c["defender_number"], c["result"]) == (11, 6, "hit")
    assert s["units"]["ij-hiei"]["hits"] == 1


@pytest.mark.rule("16g")
def test_a_ship_fires_once_a_surface_turn_and_another_may_fire_at_the_same_target():
    s = battle({"us-portland": ("J11", "N"), "us-san-francisco": ("J13", "N"), "ij-hiei": ("N11", "N")},
               night=False)
    gunnery.fire(s, "us-portland", "ij-hiei", ScriptedRng([1, 9]))
    with pytest.raises(IllegalAction) as e:
        gunnery.fire(s, "us-portland", "ij-hiei", ScriptedRng([1, 9]))
    assert e.value.rule == "16g"
    gunnery.fire(s, "us-san-francisco", "ij-hiei", ScriptedRng([1, 9]))


@pytest.mark.rule("16g")
def test_there_is_no_line_of_sight():
    s = battle({"us-portland": ("J11", "N"), "us-helena": ("K11", "N"), "ij-hiei": ("L10", "N")}, night=False)
    assert "ij-hiei" in gunnery.targets(s, "us-portland")  # through Helena's hex


@pytest.mark.rule("16g1")
def test_gun_ranges_by_letter_and_plus_two_at_half_range():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("L11", "N")}, night=False)
    assert gunnery.modifiers(s, "us-portland", "ij-hiei")[0] == 4 + 2  # b: half range 2
    s["surface"]["ships"]["ij-hiei"]["at"] = "M11"  # 3 hexes: in range, not at half range
    assert gunnery.modifiers(s, "us-portland", "ij-hiei")[0] == 4
    s["surface"]["ships"]["ij-hiei"]["at"] = "P11"  # 6 hexes: beyond b's 5
    with pytest.raises(IllegalAction) as e:
        gunnery.fire(s, "us-portland", "ij-hiei", ScriptedRng([5, 5]))
    assert e.value.rule == "16g1" and "5 hexes" in str(e.value)
    assert "us-portland" in gunnery.targets(s, "ij-hiei")  # Hiei's a guns reach 6
    assert gunnery.gun_range("us-dd9") == (3, 1) and gunnery.gun_range("us-helena") == (4, 2)


@pytest.mark.rule("16g2")
def test_a_target_ahead_or_astern_gets_half_the_surface_factor():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("J8", "S")}, night=False)
    att, _, why = gunnery.modifiers(s, "us-portland", "ij-hiei")
    assert att == 2 and "front sector" in why[0]
    s["surface"]["ships"]["ij-hiei"]["at"] = "J14"
    assert gunnery.modifiers(s, "us-portland", "ij-hiei")[0] == 2
    s["surface"]["ships"]["ij-hiei"]["at"] = "M11"
    assert gunnery.modifiers(s, "us-portland", "ij-hiei")[0] == 4


@pytest.mark.rule("16g3.1")
def test_light_guns_against_battleship_armour_minus_six():
    assert gunnery.armour("d", "us-washington") == -6


@pytest.mark.rule("16g3.2")
def test_light_guns_against_b_armour_and_c_guns_against_a_minus_four():
    assert gunnery.armour("d", "ij-hiei") == -4 and gunnery.armour("c", "us-washington") == -4
    s = battle({"us-dd9": ("J11", "N"), "ij-hiei": ("K11", "N")}, night=False)
    assert gunnery.modifiers(s, "us-dd9", "ij-hiei")[0] == 2 + 2 - 4  # surface 2, half range, d against b


@pytest.mark.rule("16g3.3")
def test_minus_two_for_d_against_c_c_against_b_and_b_against_a():
    assert gunnery.armour("d", "ij-nagara") == -2
    assert gunnery.armour("c", "ij-hiei") == -2
    assert gunnery.armour("b", "us-washington") == -2
    assert gunnery.armour("a", "us-washington") == 0 and gunnery.armour("b", "ij-hiei") == 0


@pytest.mark.rule("16k3")
def test_at_night_the_japanese_side_adds_its_modifier_to_every_roll_it_makes():
    s = battle({"us-portland": ("J11", "N"), "ij-hiei": ("N11", "N")}, night=True, modifier=1)
    assert gunnery.modifiers(s, "us-portland", "ij-hiei")[:2] == (4, 4 + 1)
    assert gunnery.modifiers(s, "ij-hiei", "us-portland")[:2] == (6 + 1, 3)
    s["surface"]["night_modifier"] = -1
    assert gunnery.modifiers(s, "ij-hiei", "us-portland")[:2] == (6 - 1, 3)
    s["surface"]["night"] = False
    assert gunnery.modifiers(s, "ij-hiei", "us-portland")[:2] == (6, 3)


@pytest.mark.rule("16j")
def test_ships_fire_at_a_base_which_does_not_fire_back_without_a_surface_factor():
    s = battle({"ij-hiei": ("J14", "N")}, night=True, base=("us-henderson", "J11"))
    assert gunnery.targets(s, "ij-hiei") == ["us-henderson"]
    assert gunnery.modifiers(s, "ij-hiei", "us-henderson")[:2] == (3 + 2, 4)  # dead ahead: 6 halved; half range (3); a against a 0
    c = gunnery.fire(s, "ij-hiei", "us-henderson", ScriptedRng([2, 1]))
    assert c["result"] == "hit" and s["units"]["us-henderson"]["hits"] == 1
    assert not gunnery.may_fire(s, "us-henderson")
