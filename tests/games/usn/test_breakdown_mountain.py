"""The errata's mountain hexside between 0692 (Lae) and 0693: mountain for land movement (Movement (E)), clear for
air (Movement (U): a mountain hexside costs an air unit one of its Range Allowance; this one does not)."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import board, grid, land, mountains, strength

from .helpers import act, at, deployed

LAE, BEYOND_THE_PASS = "0692", "0696"  # every shortest route from Lae to 0696 crosses the 0692|0693 hexside


def strike_from_lae(s):
    """Lae's 5 LAC bomb the Allied regiment placed at 0696, four hexes off: the LAC's extended range exactly."""
    s["land"]["A-L1"].update(hex=BEYOND_THE_PASS, entrenched=False)
    return act(s, "japanese", "allocate", missions=[], cap=[],
               land_strikes=[{"from": f"base:{LAE}", "kind": "lac", "points": 5, "target": BEYOND_THE_PASS,
                              "unit": "A-L1"}])


@pytest.mark.rule("Errata: Game Map")
def test_the_errata_hexside_is_mountain_for_land_movement_and_clear_for_air():
    assert (LAE, "0693") in land.MOUNTAIN and (LAE, "0693") not in mountains.AIR_MOUNTAIN
    assert mountains.air_distance(LAE, "0693") == 1 == grid.distance(LAE, "0693")


@pytest.mark.rule("Movement (U)")
def test_air_units_fly_across_the_errata_hexside_at_no_cost_of_range():
    assert grid.distance(LAE, BEYOND_THE_PASS) == board.reach("lac", extended=True) == 4
    s = strike_from_lae(at(deployed(), "allocation", n=6))
    assert s["step"]["in"]["japanese"]  # accepted: the Japanese allocation is written (secret until the strikes)


@pytest.mark.rule("Movement (U)")
def test_a_mountain_hexside_for_air_would_cost_one_of_the_range(monkeypatch):
    monkeypatch.setattr(mountains, "AIR_MOUNTAIN", frozenset({(LAE, "0693")}))  # were the hexside mountain for air
    assert mountains.air_distance(LAE, "0693") == 2 and mountains.air_distance(LAE, "0659") == 2  # a clear route
    with pytest.raises(IllegalAction, match="across a mountain hexside, which costs one more") as e:
        strike_from_lae(at(deployed(), "allocation", n=6))
    assert e.value.rule == "Movement (U)"


@pytest.mark.rule("Movement (V)")
def test_a_strike_three_hexes_off_across_a_mountain_hexside_fights_at_extended_range(monkeypatch):
    """Movement (U) with (V): the mountain hexside's extra Movement Point puts a 3-hex strike beyond the LAC's normal
    range of 3, so its air-to-air strength is the extended one (Japan: one a point, not five)."""
    monkeypatch.setattr(mountains, "AIR_MOUNTAIN", frozenset({(LAE, "0693")}))  # were the hexside mountain for air
    over_the_pass = {"side": "japanese", "kind": "lac", "home": LAE, "target": "0695"}
    assert grid.distance(LAE, "0695") == board.reach("lac") == 3 and mountains.air_distance(LAE, "0695") == 4
    assert 3 * strength.air_to_air_per_point(over_the_pass) == 3  # 3 LAC points fire back with 3, not 15
    assert 3 * strength.air_to_air_per_point(dict(over_the_pass, side="allied")) == 6
