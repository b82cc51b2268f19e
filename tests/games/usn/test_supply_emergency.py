"""Emergency transport of supplies (Supply (F); Mission: Emergency Transport of Troops and Supplies)."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import grid

from .helpers import R, act, at, deployed, texts

LAE, RABAUL = "0692", "0759"


def cut_off_lae():
    """Step 2 of Game-Turn 1: Lae and Rabaul without air units, so Port Moresby's zone is undisputed at Lae and all
    four Japanese land units there are out of supply."""
    s = deployed()
    for h in (LAE, RABAUL):
        s["bases"][h]["air"].update(lac=0, lbac=0, nac=0)
    for uid in ("J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = LAE
    return s


def supplied(s, uid):
    return next(u for u in R.view(s, "japanese")["land"] if u["id"] == uid)["supplied"]


@pytest.mark.rule("Supply (F)")
def test_a_light_cruiser_from_a_supplied_naval_base_supplies_one_division_for_one_game_turn():
    s = cut_off_lae()
    assert not any(supplied(s, u) for u in ("J-L1", "J-L2", "J-L3", "J-L4"))
    assert grid.distance(RABAUL, LAE) * 2 <= 8
    s = act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": RABAUL, "supply": True}})
    assert s["ships"]["J-CL-1"]["hex"] == RABAUL  # back in its base
    # twelve Transport Points: the two regiments (4 + 4) and the SNLF (2); the engineers (4) would make 14
    assert [supplied(s, u) for u in ("J-L1", "J-L2", "J-L3", "J-L4")] == [True, True, True, False]
    later = at(dict(s, turn=2), "naval", "japanese")
    assert not supplied(later, "J-L1")  # one Game-Turn only: nothing accumulates


@pytest.mark.rule("Mission: Emergency Transport of Troops and Supplies")
def test_a_supply_run_needs_a_destroyer_or_light_cruiser_leaving_and_returning_to_a_naval_base():
    s = cut_off_lae()
    with pytest.raises(IllegalAction, match="only DD and CL"):
        act(s, "japanese", "move", moves={"J-CVL-2": {"stop": LAE, "to": RABAUL, "supply": True}})
    with pytest.raises(IllegalAction, match="must return to the naval base"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "supply": True}})
    s["ships"]["J-CL-1"]["hex"] = "0760"
    with pytest.raises(IllegalAction, match="begin its Movement Phase in one of your naval bases"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": "0760", "supply": True}})
    s["ships"]["J-CL-1"]["hex"] = RABAUL
    s["bases"][RABAUL]["neutralized"] = {"naval": [s["turn"] + 1, s["step"]["index"]]}
    with pytest.raises(IllegalAction, match="neutralized"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": RABAUL, "supply": True}})


@pytest.mark.rule("Supply (E)")
def test_a_naval_base_out_of_supply_sends_no_emergency_supply():
    s = cut_off_lae()
    s["ships"]["A-CV-5"]["hex"] = "0760"  # an Allied carrier with its air units beside Rabaul, which has none
    with pytest.raises(IllegalAction, match="out of supply and has none to send"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": RABAUL, "supply": True}})


@pytest.mark.rule("Mission: Emergency Transport of Troops and Supplies")
def test_a_light_cruiser_carries_four_transport_points_there_and_returns():
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-CL-1": {"carry": ["J-L2"], "stop": "0760", "to": RABAUL}})
    assert s["land"]["J-L2"]["hex"] == "0760" and s["ships"]["J-CL-1"]["hex"] == RABAUL
    assert "Japanese units land at 0760: 6-12 Regiment" in texts(s, "allied")
    with pytest.raises(IllegalAction, match="Transport Capacity of 4 points \\(6 asked\\)"):
        act(deployed(), "japanese", "move", moves={"J-CL-1": {"carry": ["J-L2", "J-L3"], "stop": "0760",
                                                              "to": RABAUL}})
    with pytest.raises(IllegalAction, match="must be able to return"):
        act(deployed(), "japanese", "move", moves={"J-CL-1": {"carry": ["J-L2"], "stop": "0760"}})
    with pytest.raises(IllegalAction, match="only DD and CL"):
        act(deployed(), "japanese", "move", moves={"J-CVL-2": {"carry": ["J-L2"], "stop": "0760", "to": RABAUL}})
    s = deployed()
    s["land"]["A-L1"]["hex"] = "0760"
    with pytest.raises(IllegalAction, match="holds enemy land"):
        act(s, "japanese", "move", moves={"J-CL-1": {"carry": ["J-L2"], "stop": "0760", "to": RABAUL}})


@pytest.mark.rule("Mission: Emergency Transport of Troops and Supplies")
def test_an_allied_destroyer_carries_only_two_transport_points():
    s = at(deployed(), "naval", "allied")
    s["land"]["A-L1"].update(hex="0899", entrenched=False)  # with DD-1 at Noumea
    with pytest.raises(IllegalAction, match="Transport Capacity of 2 points \\(4 asked\\)"):
        act(s, "allied", "move", moves={"A-DD-1": {"carry": ["A-L1"], "stop": "0865", "to": "0899"}})
