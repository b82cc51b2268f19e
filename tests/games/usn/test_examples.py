"""The printed examples U-X3 (Movement (V)) and U-X7 (Victory Point Schedule) replayed as the tutorials play them
(app/games/usn/tutorials.py, data/tutorials.toml): the same positions, orders and dice; and U-X7's whole example
(damaged, sunk before repair, repaired then sunk). Where the other examples of the digest's table replay, see
docs/games/usn.md, "Rule coverage and the random games (session 9)"."""
import pytest

from app.engine.rng import ScriptedRng
from app.engine.errors import IllegalAction
from app.games.usn import board, campaigndata, damage, grid, repair, tutorials

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
    assert "Allied +100 VP: Japanese CV-3 sunk." in texts(s, "allied")


@pytest.mark.rule("Victory Point Schedule")
def test_u_x7_damaged_forty_weeks_is_40_sunk_before_repair_adds_60_repaired_then_sunk_adds_100():
    s = deployed()
    cv, cv4 = s["ships"]["J-CV-3"], s["ships"]["J-CV-4"]
    cv["nac"] = cv4["nac"] = 0  # no aircraft aboard: only the ships' points are counted
    assert cv["capacity"] == cv4["capacity"] == 10
    damage.damage_ship(s, cv, 40)
    assert s["vp"]["allied"] == 40 and not cv["sunk"]
    damage.damage_ship(s, cv, 5)  # more than forty: sunk before repair
    assert cv["sunk"] and s["vp"]["allied"] == 100  # only the remaining 60
    damage.damage_ship(s, cv4, 1)
    assert s["vp"]["allied"] == 101  # one week: 1% of 100
    home = campaigndata.units()["repair"]["japanese"][0]  # a naval base in Japan
    s["bases"][home] = {"hex": home, "side": "japanese", "naval": True, "capacity": 0,
                        "air": {"lac": 0, "lbac": 0, "nac": 0}}
    cv4["hex"] = home
    for turn in (2, 3):  # one complete Game-Turn idle in the base repairs its one week
        s["turn"] = turn
        repair.step(s)
    assert cv4["damage"] == 0
    damage.damage_ship(s, cv4, "X")
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


HEX = "1150"  # open sea, far from every base of the Midway position
JAPANESE_MA_6 = ("J-CA-1", "J-CA-2", "J-CA-3", "J-CL-1", "J-CL-2")
JAPANESE_MA_5 = ("J-BB-1", "J-BB-2", "J-BB-4", "J-CV-8", "J-CV-1", "J-CV-2", "J-CV-5")  # the carriers set to 5 below
ALLIED = ("A-CA-1", "A-CA-2", "A-CL-1", "A-CV-5", "A-CV-6", "A-CV-7")  # three cruisers on top of three carriers


def u_x6(monkeypatch):
    """The Surface Naval Engagement's example (U-X6) on the Midway position: its counters' Movement Allowances as
    the example supposes them (every Allied ship 6; the Japanese five 6 and seven 5: Midway's carriers are given 5,
    the Allied ones 6), the Allied stack at sea in HEX (Midway's CL-1 stands for the example's third CA), and the
    Japanese moving in two ships through each of its six hexsides."""
    monkeypatch.setitem(board.PLAY["ship_type"]["CV"], "movement", 6)
    monkeypatch.setitem(board.PLAY["ship_type"]["JCV"], "movement", 5)
    s = midway_deployed()  # Step 2: the Japanese move first
    s["ships"] = {**{k: s["ships"][k] for k in ALLIED}, **{k: v for k, v in s["ships"].items() if k not in ALLIED}}
    for k in ALLIED:
        s["ships"][k]["hex"] = HEX
    japanese = JAPANESE_MA_6 + JAPANESE_MA_5
    sides = grid.neighbours(HEX)
    assert len(sides) == 6
    moves = {}
    for n, k in enumerate(japanese):
        s["ships"][k]["hex"] = sides[n % 6]  # two through each hexside (the five MA-6 ships through five of them)
        moves[k] = {"stop": HEX}
    return R.apply(s, "japanese", {"verb": "move", "args": {"moves": moves}}, ScriptedRng()), sides


@pytest.mark.rule("Mission: Surface Naval Engagement")
def test_u_x6_surrounded_the_allied_stack_cannot_escape_and_staying_engages_its_top_five(monkeypatch):
    s, sides = u_x6(monkeypatch)
    prompt = R.prompts(s)["allied"]
    assert prompt["info"]["may_escape"] == list(ALLIED) and prompt["info"]["hexes"] == []  # fast enough, nowhere to go
    with pytest.raises(IllegalAction, match="adjacent hex") as e:
        R.apply(s, "allied", {"verb": "escape", "args": {"moves": {"A-CA-1": sides[0]}}}, ScriptedRng())
    assert e.value.rule.endswith("step 2")
    s = R.apply(s, "allied", {"verb": "escape", "args": {"moves": {}}}, ScriptedRng())  # he remains in the hex
    # the seven MA-5 ships drop out; the five others engage the top five: three cruisers and two carriers
    engaged = s["surface"]["engaged"]
    assert sorted(engaged["japanese"]) == sorted(JAPANESE_MA_6) and engaged["allied"] == list(ALLIED[:5])
    assert "too slow to engage" in texts(s) and all(k in texts(s) for k in JAPANESE_MA_5)
    s = R.apply(s, "japanese", {"verb": "fire", "args": {"targets": {
        k: ("A-CV-5" if n < 3 else "A-CV-6") for n, k in enumerate(JAPANESE_MA_6)}}}, ScriptedRng())
    s = R.apply(s, "allied", {"verb": "fire", "args": {"targets": {}}}, ScriptedRng([1, 1, 1, 1]))
    log = texts(s)
    assert "J-CA-1, J-CA-2, J-CA-3 fire" in log and "at A-CV-5" in log  # all five fire at the carriers
    assert "J-CL-1, J-CL-2 fire" in log and "at A-CV-6" in log


@pytest.mark.rule("Mission: Surface Naval Engagement")
def test_u_x6_turning_on_one_entering_pair_engages_two_against_two_and_ends_in_the_hex_they_came_from(monkeypatch):
    s, sides = u_x6(monkeypatch)
    turns = R.prompts(s)["allied"]["info"]["turn"]
    assert sorted(turns) == sorted(sides) and all(len(pair) == 2 for pair in turns.values())
    pair_hex = sides[1]
    pair = turns[pair_hex]
    s = R.apply(s, "allied", {"verb": "turn", "args": {"on": pair_hex}}, ScriptedRng())
    # only the pair from that hexside and the Allied top two are engaged; the other ten need not be
    assert s["surface"]["engaged"] == {"allied": ["A-CA-1", "A-CA-2"], "japanese": pair}
    s = R.apply(s, "allied", {"verb": "fire", "args": {"targets": {"A-CA-1": pair[0], "A-CA-2": pair[0]}}},
                ScriptedRng())
    s = R.apply(s, "japanese", {"verb": "fire", "args": {"targets": {}}}, ScriptedRng([6, 6]))
    assert all(s["ships"][k]["hex"] == HEX for k in JAPANESE_MA_6 + JAPANESE_MA_5)  # all twelve in the same hex
    assert all(s["ships"][k]["hex"] == pair_hex for k in ALLIED)  # the Allied where the engaged pair came from
    assert f"turned to fight are now in hex {pair_hex}" in texts(s, "japanese")
