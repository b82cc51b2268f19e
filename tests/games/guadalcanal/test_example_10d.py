"""Examples 10c and 10d (Battle Manual) start from what the Combat Phase leaves: the strike that flew from Hornet
returns to it (10c), and the victory points "if nothing else happens" (10d) count only Hornet and Junyo flipped.
This checks the combat leaves exactly that, through the same replay as test_example_10b/10c."""
from __future__ import annotations

import pytest

from app.engine.log import visible
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import combat_over, decide, units
from tests.games.guadalcanal.test_example_10c import whole_example


def finished():
    state = whole_example()
    for side in ("allied", "japanese"):
        decide(state, side, {"verb": "keep", "args": {}}, ScriptedRng([]))
    assert combat_over(state)
    return state


@pytest.mark.rule("10c")
def test_the_hornet_strike_is_alive_in_n2_and_fits_on_hornet():
    u = finished()["units"]
    assert u["us-b8"]["location"] == u["us-t6"]["location"] == {"hex": "N2"}
    # 10c lands SS, B8 and T6 in Hornet's Arming box beside S8 and VV: 5 units on a carrier now on its back side
    assert units.printed("us-hornet", "back")["capacity"] >= 5


@pytest.mark.rule("10d")
@pytest.mark.rule("7a3")
def test_only_the_two_carriers_are_flipped_and_nothing_is_eliminated():
    u = finished()["units"]
    flipped = sorted(x for x, v in u.items() if v["face"] == "back" and units.record(x)["kind"] == "ship")
    assert flipped == ["ij-junyo", "us-hornet"]
    assert not [x for x, v in u.items() if v.get("eliminated")]
    # hits and a flipped air unit score nothing (7a3.1, 7a3.3), but they are recorded
    assert (u["us-b8"]["hits"], u["ij-2sd"]["hits"], u["ij-1zt"]["face"]) == (1, 1, "back")


@pytest.mark.rule("4b")
def test_both_players_read_every_combat():
    state = finished()
    allied, japanese = visible(state["log"], "allied"), visible(state["log"], "japanese")
    assert allied == japanese and len([x for x in allied if "result" in x.get("data", {})]) == 9
    assert all(x["at"].startswith("Combat Phase") for x in allied)
