"""The computer players' use of the missions (app/games/usn/bots.py): what each orders on a placed position. Every
order is also checked legal by the rules (`R.check`)."""
import pytest

from app.engine.rng import SeededRng
from app.games.usn import grid

from .helpers import R, at
from .helpers import deployed as coral
from .situations import deployed


def _order(s, side, seed=1):
    order = R.bots[side](R.view(s, side), R.prompts(s)[side], SeededRng(seed))
    R.check(s, side, order)
    return order


@pytest.mark.rule("2H")
def test_japanese_battleships_bombard_the_coastal_defense_that_bars_the_landing_at_midway():
    s = deployed("midway")
    s["turn"] = 2  # past the Simulation Version's first moves
    s["ships"]["J-BB-1"]["hex"] = "1216"
    order = _order(at(s, "naval", "japanese"), "japanese")
    assert order["args"]["moves"]["J-BB-1"] == {"stop": "1218"}
    assert order["args"]["bombard"] == {"1218": "A-L5"}  # the 6-2 Coast Artillery


@pytest.mark.rule("2F")
def test_with_the_invasion_under_way_the_guns_bombard_the_strongest_defender_at_the_objective():
    s = coral()
    s["ships"]["J-CA-1"]["hex"] = s["ships"]["J-CA-2"]["hex"] = "0661"
    s["ships"]["J-TR-1"]["cargo"] = ["J-L2"]
    s["land"]["J-L2"]["aboard"], s["land"]["J-L2"]["hex"] = "J-TR-1", None
    order = _order(at(s, "naval", "japanese"), "japanese")
    assert order["args"]["moves"]["J-CA-1"] == order["args"]["moves"]["J-CA-2"] == {"stop": "0659"}
    assert order["args"]["bombard"] == {"0659": "A-L1"}


def test_with_no_ship_to_strike_the_carriers_bomb_the_enemy_air_base_in_range():
    s = coral()
    s["ships"]["J-CV-3"]["hex"] = s["ships"]["J-CV-4"]["hex"] = "0661"
    order = _order(at(s, "allocation", "both"), "japanese")
    strikes = order["args"].get("base_strikes", [])
    assert {m["from"] for m in strikes} >= {"J-CV-3", "J-CV-4"}
    assert all(m["target"] == "0659" and m["base"] == "air base" for m in strikes)


def test_a_one_point_carrier_keeps_its_point_on_cap_instead_of_a_zero_point_strike():
    """Found by the Midway computer games: five of twelve were refused ("air points: 0")."""
    s = deployed("midway")
    s["turn"] = 2
    for c in ("J-CV-1", "J-CV-8"):
        s["ships"][c]["hex"] = "1216"
    s["ships"]["J-CV-8"]["nac"] = 1
    order = _order(at(s, "allocation", "both"), "japanese")
    assert all(m["points"] > 0 for k in ("land_strikes", "missions", "cap") for m in order["args"].get(k, []))
    assert {"from": "J-CV-8", "kind": "nac", "points": 1} in order["args"]["cap"]


def test_the_allied_carriers_stand_off_beyond_strike_range_until_the_enemy_strikes_first():
    s = deployed("midway")
    s["turn"] = 2
    for sid, x in s["ships"].items():
        if sid.startswith("J-"):
            x["hex"] = "1149"
    s["ships"]["A-CV-5"]["hex"] = s["ships"]["A-CV-6"]["hex"] = "1285"
    s = at(s, "naval", "allied")
    moves = _order(s, "allied")["args"]["moves"]
    end = moves.get("A-CV-5", {}).get("to", "1285")
    assert grid.distance(end, "1149") >= 4  # beyond the NAC's extended range (3)
    s["ships"]["A-CV-6"]["damage"] = 1  # struck: now close to strike
    moves = _order(s, "allied")["args"]["moves"]
    assert grid.distance(moves["A-CV-5"]["to"], "1149") == 2


@pytest.mark.rule("2G")
def test_the_guns_seek_an_engagement_with_a_weaker_examined_stack_at_sea():
    s = coral()
    s["ships"]["A-CA-1"]["hex"] = s["ships"]["A-CA-2"]["hex"] = "0761"
    s["ships"]["J-TR-1"]["hex"] = s["ships"]["J-TR-2"]["hex"] = "0726"
    s["examined"] = {"allied": {"0726": [["J-TR-1", "J-TR-2"]]}, "japanese": {}}
    moves = _order(at(s, "naval", "allied"), "allied")["args"]["moves"]
    assert moves["A-CA-1"] == moves["A-CA-2"] == {"stop": "0726"}


@pytest.mark.rule("2A")
def test_land_based_air_out_of_range_transfers_to_the_base_nearest_the_objective_with_room():
    s = coral()
    s["bases"]["0659"]["air"]["lac"] = 5  # Port Moresby has room for 5 more
    order = _order(at(s, "naval", "allied"), "allied")
    assert order["args"]["transfers"] == [{"from": "base:0698", "kind": "lac", "points": 5, "to": "base:0659"}]
