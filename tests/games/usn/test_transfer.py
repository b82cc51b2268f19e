"""Air transfer at Step 2 (A) (Mission Capability Chart: Air Units, Mission: Air Transfer), in the Japanese Air and
Sea Movement Phase of the deployed Coral Sea position: Rabaul 10 LAC (capacity 15), Lae 5 LAC (capacity 5), J-CV-3
10 NAC and J-CV-4 5 NAC (capacity 10 each) at Truk, five hexes from Rabaul."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import grid

from .helpers import act, at, deployed, texts

RABAUL, LAE, TRUK, PM, BRISBANE = "0759", "0692", "0754", "0659", "0698"


def transfer(s, *rows, moves=None):
    return act(s, "japanese", "move", moves=moves or {}, transfers=[
        {"from": f, "kind": k, "points": n, "to": t} for f, k, n, t in rows])


@pytest.mark.rule("Mission: Air Transfer")
def test_air_points_transfer_between_bases_and_carriers_before_the_ships_move():
    s = transfer(deployed(), (f"base:{LAE}", "lac", 5, f"base:{RABAUL}"), ("J-CV-3", "nac", 5, "J-CV-4"),
                 moves={"J-CV-4": {"to": "0755"}})
    assert s["bases"][LAE]["air"]["lac"] == 0 and s["bases"][RABAUL]["air"]["lac"] == 15
    assert s["ships"]["J-CV-3"]["nac"] == 5 and s["ships"]["J-CV-4"]["nac"] == 10  # taken on at Truk, then sailed
    assert s["ships"]["J-CV-4"]["hex"] == "0755"
    assert "Air transfer: 5 LAC from the air base at Lae (0692) to the air base at Rabaul (0759)" in texts(s, "japanese")
    assert "Air transfer" not in texts(s, "allied")  # the carriers' air points stay secret


@pytest.mark.rule("Mission: Air Transfer")
def test_no_further_than_twice_the_normal_range_never_extended():
    s = deployed()
    assert grid.distance(TRUK, RABAUL) == 5  # NAC: normal range 2, so 4; extended twice would be 6
    with pytest.raises(IllegalAction, match="up to twice their normal range, 4 hexes"):
        transfer(s, ("J-CV-4", "nac", 4, "J-CVL-2"))


@pytest.mark.rule("Stacking (E)")
def test_a_base_never_holds_more_than_its_air_point_capacity():
    s = deployed()
    with pytest.raises(IllegalAction, match="room for 0 more"):
        transfer(s, (f"base:{RABAUL}", "lac", 5, f"base:{LAE}"))
    s = transfer(s, (f"base:{RABAUL}", "lac", 5, f"base:{LAE}"), (f"base:{LAE}", "lac", 5, f"base:{RABAUL}"))
    assert s["bases"][LAE]["air"]["lac"] == 5 and s["bases"][RABAUL]["air"]["lac"] == 10  # an exchange fits


@pytest.mark.rule("Air and Naval Bases")
def test_land_air_units_only_to_air_bases_and_only_to_working_ones():
    s = deployed()
    with pytest.raises(IllegalAction, match="Only NAC may operate from carriers"):
        transfer(s, (f"base:{RABAUL}", "lac", 2, "J-CVL-2"))
    with pytest.raises(IllegalAction, match="not another of your air bases"):
        transfer(s, (f"base:{RABAUL}", "lac", 2, f"base:{TRUK}"))  # Truk is a naval base only here
    s["bases"][RABAUL]["neutralized"] = {"air": [s["turn"] + 1, s["step"]["index"]]}
    with pytest.raises(IllegalAction, match="neutralized and may not receive"):
        transfer(s, (f"base:{LAE}", "lac", 2, f"base:{RABAUL}"))


@pytest.mark.rule("Supply (E)")
def test_an_air_base_out_of_supply_receives_no_transfer():
    s = at(deployed(), "naval", "allied")
    s["bases"][BRISBANE]["air"]["lac"] = 0
    ok = act(s, "allied", "move", moves={}, transfers=[{"from": f"base:{PM}", "kind": "lbac", "points": 5,
                                                        "to": f"base:{BRISBANE}"}])
    assert ok["bases"][BRISBANE]["air"]["lbac"] == 5  # five hexes: within twice the LBAC's range
    s["ships"]["J-CV-3"]["hex"] = grid.neighbours(BRISBANE)[0]  # its air units' zone, undisputed at Brisbane
    with pytest.raises(IllegalAction, match="out of supply and may not function"):
        act(s, "allied", "move", moves={}, transfers=[{"from": f"base:{PM}", "kind": "lbac", "points": 5,
                                                       "to": f"base:{BRISBANE}"}])


@pytest.mark.rule("Mission: Air Transfer")
def test_a_transfer_to_a_base_only_another_situation_has_is_read_and_carried_out():
    """Santa Cruz's Allied bases include ones Coral Sea has not (0865): the order's shape knows every situation's."""
    from .situations import deployed as deployed_in

    s = at(deployed_in("santa_cruz"), "naval", "allied")
    s = act(s, "allied", "move", moves={}, transfers=[{"from": f"base:{BRISBANE}", "kind": "lac", "points": 5,
                                                       "to": "base:0865"}])
    assert s["bases"]["0865"]["air"]["lac"] == 5 and s["bases"][BRISBANE]["air"]["lac"] == 3
