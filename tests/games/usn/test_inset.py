"""The Aleutian inset (Off-Map Movement; digest ambiguity 3): the inset's top row joins the main map's top row under
the Aleutians (data/optional.toml [inset]), so a Japanese force sails from Japan to the Aleutians and Midway's
Victory Conditions ('10 points for each Aleutian Island he occupies at the end of game') can be won in play."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import grid, movement, records

from .helpers import R, act, at, texts
from .situations import deployed

COLD_BAY = "1509"


def _toward(s, sid, goal, spent=0):
    ship = s["ships"][sid]
    ma, _ = movement.allowance(s, ship, [ship["hex"]])
    legal = [h for h in grid.within(ship["hex"], ma - spent)  # the allowance counts the end hex too (Movement (N))
             if grid.distance(ship["hex"], h) + spent <= movement.allowance(s, ship, [ship["hex"], h])[0]]
    return min(legal, key=lambda h: (grid.distance(h, goal), h))


@pytest.mark.rule("Off-Map Movement")
def test_a_japanese_force_sails_from_ominato_into_the_inset_lands_on_cold_bay_and_scores():
    s = deployed("midway")
    s["land"]["A-L2"].update(hex=None, destroyed=True)  # Cold Bay's 8-15 Regiment lost earlier: the landing is open
    s = at(s, "naval", "japanese")
    s = act(s, "japanese", "move", moves={"J-TR-1": {"stop": "0707", "embark": ["J-L1"], "to": _toward(
        s, "J-TR-1", COLD_BAY, spent=1)}})  # 1 for embarking, the rest of the allowance toward the Aleutians
    for _ in range(6):
        if grid.in_inset(s["ships"]["J-TR-1"]["hex"]) and grid.distance(s["ships"]["J-TR-1"]["hex"], COLD_BAY) <= 2:
            break
        s = at(s, "naval", "japanese", n=10)
        s = act(s, "japanese", "move", moves={"J-TR-1": {"to": _toward(s, "J-TR-1", COLD_BAY)}})
    assert grid.in_inset(s["ships"]["J-TR-1"]["hex"])  # across the inset's edge
    s = at(s, "naval", "japanese", n=10)
    s = act(s, "japanese", "move", moves={"J-TR-1": {"stop": COLD_BAY, "debark": True}})
    assert [u["id"] for u in s["land"].values() if u["hex"] == COLD_BAY] == ["J-L1"]
    assert s["holder"][COLD_BAY] == "japanese"
    s = at(s, "records", "")
    s["turn"] = s["turns"]
    records.end_of_turn(s, ScriptedRng())
    assert f"Japanese +10 VP: occupies an Aleutian island ({COLD_BAY})" in texts(s)


@pytest.mark.rule("Off-Map Movement")
def test_crossing_the_inset_edge_costs_the_steps_on_both_sides():
    s = at(deployed("midway"), "naval", "japanese")
    s["ships"]["J-TR-1"]["hex"] = grid.hex_at(38, 2)  # two rows below the main map's top edge
    far = grid.hex_at(40, 24)  # three rows into the inset: 2 + 1 + 3 = 6 > the transport's 3
    assert grid.distance(grid.hex_at(38, 2), far) == 6
    with pytest.raises(IllegalAction, match="may move 3 hexes"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-TR-1": {"to": far}}}})
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-TR-1": {"to": grid.hex_at(40, 21)}}}})
