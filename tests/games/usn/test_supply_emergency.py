"""Emergency transport of supplies (Supply (F); Mission: Emergency Transport of Troops and Supplies)."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import grid

from .helpers import R, act, at, deployed

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
    s["bases"][RABAUL]["neutralized"] = {"naval": [s["turn"] + 1, s["step"]["n"]]}
    with pytest.raises(IllegalAction, match="neutralized"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": RABAUL, "supply": True}})


@pytest.mark.rule("Supply (E)")
def test_a_naval_base_out_of_supply_sends_no_emergency_supply():
    s = cut_off_lae()
    s["ships"]["A-CV-5"]["hex"] = "0760"  # an Allied carrier with its air units beside Rabaul, which has none
    with pytest.raises(IllegalAction, match="out of supply and has none to send"):
        act(s, "japanese", "move", moves={"J-CL-1": {"stop": LAE, "to": RABAUL, "supply": True}})
