"""The Oiler's refuelling mission (Supply (G), (H); Mission Capability Chart: Naval Units, Mission: Refuelling), in
Midway, where both sides have Oilers (printed Orders of Battle)."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.usn import records

from .helpers import R, act, at, texts
from .situations import deployed

SEA = "1454"  # two hexes from Pearl Harbor (1456), at sea


def at_sea_with_oiler(thirsty=2):
    s = at(deployed("midway"), "naval", "allied")
    s["ships"]["A-CA-1"]["at_sea"] = thirsty
    return act(s, "allied", "move", moves={"A-CA-1": {"to": SEA}, "A-OL-1": {"to": SEA}})


@pytest.mark.rule("Supply (H)")
def test_an_oiler_refuels_the_ships_stacked_with_it_and_is_then_empty():
    s = at_sea_with_oiler()
    assert s["ships"]["A-CA-1"]["hex"] == SEA and s["ships"]["A-CA-1"]["at_sea"] == 0
    assert s["oilers"]["A-OL-1"] is False
    assert R.view(s, "japanese")["oilers"]["A-OL-1"] is False  # an open record (Necessary Equipment b)
    assert "Allied Oiler-1 refuels Allied CA-1" in texts(s, "allied") and "Oiler-1 refuels" not in texts(s, "japanese")


@pytest.mark.rule("Supply (H)")
def test_an_empty_oiler_refuels_nobody_until_it_has_ended_a_phase_in_a_naval_base():
    s = at_sea_with_oiler()
    s = at(s, "naval", "allied")
    s["ships"]["A-CA-1"]["at_sea"] = 2
    s = act(s, "allied", "move", moves={})
    assert s["ships"]["A-CA-1"]["at_sea"] == 2  # nothing left to draw
    s = at(s, "naval", "allied")
    s = act(s, "allied", "move", moves={"A-OL-1": {"to": "1456"}})  # back to Pearl Harbor: filled
    assert s["oilers"]["A-OL-1"] is True


@pytest.mark.rule("Mission Capability Chart: Naval Units, Refuelling")
def test_a_ship_with_no_turn_at_sea_draws_nothing_and_the_oiler_keeps_its_fuel():
    s = at_sea_with_oiler(thirsty=0)
    assert s["oilers"]["A-OL-1"] is True


@pytest.mark.rule("Supply (G)")
def test_refuelled_by_the_oiler_on_its_last_turn_the_ship_is_not_lost_at_step_ten():
    s = at_sea_with_oiler(thirsty=2)  # a third Game-Turn at sea would be its last
    s = at(s, "records", "")
    records.end_of_turn(s, ScriptedRng())
    assert not s["ships"]["A-CA-1"]["sunk"] and s["ships"]["A-CA-1"]["at_sea"] == 1
