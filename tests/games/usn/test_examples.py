"""The printed examples U-X3 (Movement (V)) and U-X7 (Victory Point Schedule) replayed as the tutorials play them
(app/games/usn/tutorials.py, data/tutorials.toml): the same positions, orders and dice; and U-X7's whole example
(damaged, sunk before repair, repaired then sunk). Where the other examples of the digest's table replay, see
docs/games/usn.md, "Rule coverage and the random games (session 9)"."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.usn import air, campaigndata, repair, tutorials

from .helpers import R, at, deployed, texts


def replay(tutorial_id):
    t = next(x for x in tutorials.TUTORIALS if x.id == tutorial_id)
    s = t.build()
    for step in t.steps:
        s = R.apply(s, step.role, step.order, ScriptedRng(list(step.dice)))
    return s


@pytest.mark.rule("Movement (V)")
def test_u_x3_three_lac_points_beyond_normal_range_fire_3_japanese_and_6_allied():
    log = texts(replay("usn-movement-v"))
    assert "Allied 3 LAC strike on hex 0663" in log and "the strike fires back with 6 (die 1)" in log
    assert "Japanese 3 LAC strike on hex 0824" in log and "the strike fires back with 3 (die 1)" in log


@pytest.mark.rule("Movement (V)")
def test_u_x3_within_normal_range_the_same_points_fire_15():
    t = next(x for x in tutorials.TUTORIALS if x.id == "usn-movement-v")
    s = t.build()
    s["ships"]["J-CV-3"]["hex"] = "0662"  # three hexes from Port Moresby: normal range
    s["examined"]["allied"] = {"0662": [["J-CV-3"]]}
    order = {"verb": "allocate", "args": dict(t.steps[1].order["args"], missions=[
        dict(t.steps[1].order["args"]["missions"][0], target="0662")])}
    s = R.apply(s, "japanese", t.steps[0].order, ScriptedRng())
    s = R.apply(s, "allied", order, ScriptedRng([1, 1, 1, 1, 1, 1, 1]))
    assert "the strike fires back with 15 (die 1)" in texts(s)


@pytest.mark.rule("Victory Point Schedule")
def test_u_x7_a_carrier_of_capacity_ten_sunk_is_worth_100():
    s = replay("usn-victory-points")
    assert s["ships"]["J-CV-3"]["sunk"] and s["ships"]["J-CV-3"]["capacity"] == 10
    assert "Allied +100 VP: Japanese J-CV-3 sunk." in texts(s, "allied")


@pytest.mark.rule("Victory Point Schedule")
def test_u_x7_damaged_forty_weeks_is_40_sunk_before_repair_adds_60_repaired_then_sunk_adds_100():
    s = deployed()
    cv, cv4 = s["ships"]["J-CV-3"], s["ships"]["J-CV-4"]
    cv["nac"] = cv4["nac"] = 0  # no aircraft aboard: only the ships' points are counted
    assert cv["capacity"] == cv4["capacity"] == 10
    air.damage_ship(s, cv, 40)
    assert s["vp"]["allied"] == 40 and not cv["sunk"]
    air.damage_ship(s, cv, 5)  # more than forty: sunk before repair
    assert cv["sunk"] and s["vp"]["allied"] == 100  # only the remaining 60
    air.damage_ship(s, cv4, 1)
    assert s["vp"]["allied"] == 101  # one week: 1% of 100
    home = campaigndata.units()["repair"]["japanese"][0]  # a naval base in Japan
    s["bases"][home] = {"hex": home, "side": "japanese", "naval": True, "capacity": 0,
                        "air": {"lac": 0, "lbac": 0, "nac": 0}}
    cv4["hex"] = home
    for turn in (2, 3):  # one complete Game-Turn idle in the base repairs its one week
        s["turn"] = turn
        repair.step(s)
    assert cv4["damage"] == 0
    air.damage_ship(s, cv4, "X")
    assert cv4["sunk"] and s["vp"]["allied"] == 201  # the full 100 again


def midway_deployed():
    s = R.setup("midway", {}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s


@pytest.mark.rule("Stacking (G)")
def test_u_x5_three_cruisers_must_engage_the_top_three_and_all_may_fire_at_the_damaged_ca():
    """Stacking (G)'s example on the Midway position: three Allied cruisers (Midway's CA-1, CA-2 and CL-1: its order
    of battle has two CAs) against the Japanese stack CA, CA, CA (damaged), CV (damaged), both 35 weeks."""
    s = at(midway_deployed(), "naval", "allied")  # Step 4
    stack = ["J-CA-1", "J-CA-2", "J-CA-3", "J-CV-1"]
    s["ships"] = {**{k: s["ships"][k] for k in stack}, **{k: v for k, v in s["ships"].items() if k not in stack}}
    for k in stack:
        s["ships"][k]["hex"] = "1150"
    for k in ("J-CA-3", "J-CV-1"):
        s["ships"][k]["damage"] = 35
    s["ships"]["J-CV-1"]["nac"] = 0
    allied = ("A-CA-1", "A-CA-2", "A-CL-1")
    for k in allied:
        s["ships"][k]["hex"] = "1184"
    s = R.apply(s, "allied", {"verb": "move", "args": {"moves": {k: {"stop": "1150"} for k in allied}}},
                ScriptedRng())
    assert R.prompts(s)["japanese"]["info"]["may_escape"] == ["J-CA-1", "J-CA-2"]  # the undamaged ones could flee
    s = R.apply(s, "japanese", {"verb": "escape", "args": {"moves": {}}}, ScriptedRng())  # the Japanese accept
    assert s["surface"]["engaged"] == {"allied": list(allied), "japanese": ["J-CA-1", "J-CA-2", "J-CA-3"]}
    s = R.apply(s, "allied", {"verb": "fire", "args": {"targets": {k: "J-CA-3" for k in allied}}}, ScriptedRng())
    s = R.apply(s, "japanese", {"verb": "fire", "args": {"targets": {k: "A-CA-1" for k in stack[:3]}}},
                ScriptedRng([1, 1, 1, 1]))
    log = texts(s)
    assert "A-CA-1, A-CA-2, A-CL-1 fire 50 at J-CA-3 (defense 5, die 1)" in log  # all three at the damaged CA
    assert "J-CA-1, J-CA-2, J-CA-3 fire 50 at A-CA-1" in log  # all three at one Allied ship, J-CA-3 halved
    assert s["ships"]["J-CV-1"]["damage"] == 35  # the carrier, not engaged, is not fired at
