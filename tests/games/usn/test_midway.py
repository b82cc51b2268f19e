"""The Battle of Midway mini-game (USN "Mini-Games"): the printed set-up, the Allied land-based air by area, the
three Game-Turns, its Victory Conditions, and seeded games (computer against computer, random play) to their end."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.usn import board, deploy, grid, records, supply

from .helpers import R, at
from .situations import deployed, play

S = "midway"


@pytest.mark.rule("Midway Order of Battle")
def test_the_midway_order_of_battle_is_set_up_as_printed():
    s = R.setup(S, {}, ScriptedRng())
    at = lambda side, h: sorted(x["id"] for x in board.afloat(s, side) if x["hex"] == h)
    assert at("japanese", "0609") == ["J-BB-1", "J-CV-1", "J-CV-2", "J-CV-5", "J-CV-6"]  # Osaka
    assert at("japanese", "0707") == ["J-CA-1", "J-CL-1", "J-CV-8", "J-CVL-1", "J-DD-1", "J-OL-1", "J-TR-1"]
    assert at("japanese", "0576") == ["J-BB-2", "J-BB-4", "J-CA-2", "J-CL-2", "J-CVL-3", "J-CVL-4", "J-DD-2",
                                      "J-OL-2"]
    assert at("japanese", "0684") == ["J-CA-3"] and at("japanese", "0717") == ["J-TR-2"]
    assert at("allied", "1456") == ["A-CA-1", "A-CA-2", "A-CL-1", "A-CV-5", "A-CV-6", "A-CV-7", "A-OL-1"]
    assert at("allied", "1409") == ["A-DD-1"]
    midway = sorted(u["name"] for u in board.land_at(s, "1218", "allied"))
    assert midway == ["2-6 Defense Battalion", "2-6 Defense Battalion", "6-2 Coast Artillery"]
    assert [u["name"] for u in board.land_at(s, "1409")] == ["8-15 Regiment"]
    assert sorted(u["name"] for u in board.land_at(s, "0717")) == ["1-(10) Engineer Regiment", "5-10 SNLF",
                                                                  "5-10 SNLF"]
    assert s["turns"] == 3 and s["holder"]["1218"] == "allied"
    assert deploy.printed(s, "japanese") == {"nac": 38, "lac": 15, "lbac": 0}
    assert deploy.printed(s, "allied") == {"nac": 23, "lac": 13, "lbac": 3}


@pytest.mark.rule("Midway Order of Battle")
def test_the_allied_land_based_air_goes_to_its_printed_area():
    s = R.setup(S, {}, ScriptedRng())
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    good = deploy.complete(s, "allied", R.default_action(s, "allied"))  # the standing order's placement
    assert sum(n for h, n in good["args"]["lac"].items() if h in ("1409", "1509")) == 8
    assert good["args"]["lac"].get("1218") == 5 and good["args"]["lbac"].get("1218") == 2
    # all 13 LAC and 3 LBAC placed within capacity, but one of Midway's LAC in the Aleutians: refused, nothing changes
    bad = {"verb": "deploy", "args": {"nac": good["args"]["nac"], "lac": {"1409": 4, "1509": 5, "1218": 4},
                                      "lbac": good["args"]["lbac"]}}
    with pytest.raises(IllegalAction, match="Aleutians"):
        R.check(s, "allied", bad)
    after = R.apply(s, "allied", good, ScriptedRng())
    assert after["bases"]["1218"]["air"]["lac"] == 5 and after["bases"]["1218"]["air"]["lbac"] == 2


@pytest.mark.rule("How To Use the Situation & Order of Battle")
def test_naval_aircraft_of_midway_go_aboard_carriers_only():
    s = R.setup(S, {}, ScriptedRng())
    a = deploy.complete(s, "japanese", R.default_action(s, "japanese"))
    a["args"]["nac"]["J-CV-5"] -= 2
    a["args"]["nac_base"] = {"0717": 2}
    a["args"]["lac"]["0717"] -= 2
    with pytest.raises(IllegalAction, match="aboard the carriers only"):
        R.check(s, "japanese", a)


@pytest.mark.rule("Midway Victory Conditions")
def test_midway_is_worth_100_to_its_holder_at_the_end_of_the_third_game_turn():
    s = deployed(S)
    assert records.geographic(s) == [("allied", 100, "holds Midway")]
    s["holder"]["1218"] = "japanese"
    assert records.geographic(s) == [("japanese", 100, "holds Midway")]


@pytest.mark.rule("Midway Victory Conditions")
def test_japan_gets_10_for_each_aleutian_island_it_occupies():
    s = deployed(S)
    s["holder"].update({"1218": "allied", "1409": "japanese", "1509": "japanese"})
    got = records.geographic(s)
    assert ("japanese", 10, "occupies an Aleutian island (1409)") in got
    assert sum(p for side, p, _ in got if side == "japanese") == 20
    s["holder"]["1509"] = "allied"
    assert sum(p for side, p, _ in records.geographic(s) if side == "japanese") == 10


@pytest.mark.rule("Midway Victory Conditions")
def test_the_game_ends_after_the_third_game_turn_and_scores_midway():
    s = play(S, seed=0)
    out = R.outcome(s)
    assert s["turn"] == 3 and out["score"] == s["vp"]
    holder = s["holder"]["1218"]
    assert any(f"{board.TITLE[holder]} +100 VP: holds Midway" in line["text"] for line in s["log"])


@pytest.mark.rule("Midway Order of Battle")
def test_the_aleutian_inset_is_out_of_reach_of_the_main_map():
    # the inset joins the main map only across its top edge (digest ambiguity 3, grid.py): Midway lies beyond the
    # reach of the Aleutian air
    s = deployed(S)
    assert grid.distance("1409", "1218") > board.reach("lbac") and "1218" not in supply.air_range(
        {**s, "bases": {h: b for h, b in s["bases"].items() if h in ("1409", "1509")}, "ships": {}}, "allied")


def test_seeded_computer_and_random_midway_games_end_cleanly():
    for seed in range(2):
        for computer in (("japanese", "allied"), ("japanese",), ("allied",), ()):
            s = play(S, seed, computer)
            out = R.outcome(s)
            assert s["turn"] == 3 and out["level"] in ("marginal", "provisional", "strategic", "decisive", "draw")
            assert all(0 <= b["air"][k] and sum(b["air"].values()) <= b["capacity"] for b in s["bases"].values()
                       for k in b["air"])


def _transport_off_midway():
    """Japanese TR-2 with two SNLF aboard in Midway's hex, at the Japanese Land Attack Phase (Step 5)."""
    s = at(deployed(S), "land_attack", "japanese")
    tr = s["ships"]["J-TR-2"]
    tr["hex"] = "1218"
    for uid in ("J-L3", "J-L4"):  # the two 5-10 SNLF of Saipan
        s["land"][uid].update(aboard="J-TR-2", hex=None)
        tr["cargo"].append(uid)
    return s


@pytest.mark.rule("Amphibious Assault")
def test_no_landing_on_midway_while_its_coast_artillery_stands():
    # errata, Amphibious Assault: "Units may never be landed in a hex occupied by an Enemy Coastal Defense Unit"
    s = _transport_off_midway()
    order = {"verb": "land_attack", "args": {"land": ["J-L3", "J-L4"], "attack": ["J-L3", "J-L4"]}}
    with pytest.raises(IllegalAction, match="Coastal Defense") as e:
        R.check(s, "japanese", order)
    assert e.value.rule == "Amphibious Assault"
    for u in board.land_at(s, "1218", "allied"):
        if u["kind"] == "coastal_defense":
            u.update(hex=None, destroyed=True)  # bombed out
    R.check(s, "japanese", order)
    # random play and the computer never try it while the battery stands
    s = _transport_off_midway()
    for seed in range(8):
        for a in (random_action(R, s, "japanese", SeededRng(seed)),
                  R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(seed))):
            R.check(s, "japanese", a)
            assert not a["args"].get("land")


def _simulation():
    s = R.setup(S, {"midway_simulation": True}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s


KIDO = ("J-CV-1", "J-CV-2", "J-CV-5", "J-CV-6", "J-BB-1")


@pytest.mark.rule("Midway: Simulation Version")
def test_the_simulation_version_sends_the_carriers_at_full_speed_beside_midway():
    s = _simulation()
    assert s["simulation"]["stage"] == 0 and "simulation" not in deployed(S)  # an option, off by default
    allowed = R.prompts(s)["japanese"]["info"]["simulation"]["hexes"]
    assert allowed and all(grid.distance("0609", h) == 12 and grid.distance(h, "1218") == 7 for h in allowed)
    with pytest.raises(IllegalAction, match="full speed") as e:  # left in port
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}}})
    assert e.value.rule == "Midway: Simulation Version"
    split = {"J-CV-1": {"to": allowed[0]}, **{i: {"to": allowed[-1]} for i in KIDO[1:]}}
    if allowed[0] != allowed[-1]:
        with pytest.raises(IllegalAction, match="together"):
            R.check(s, "japanese", {"verb": "move", "args": {"moves": split}})
    far = next(h for h in grid.within(allowed[0], 2) if grid.distance(h, "1218") == 8)
    s["ships"]["J-CA-3"]["hex"] = far  # placed for the test eight hexes out
    near = next(h for h in grid.within(far, 3) if grid.distance(h, "1218") == 5)
    with pytest.raises(IllegalAction, match="within 5 hexes of Midway"):  # the ban on every other ship
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {
            **{i: {"to": allowed[0]} for i in KIDO}, "J-CA-3": {"to": near}}}})
    s["ships"]["J-CA-3"]["hex"] = "0684"
    order = {"verb": "move", "args": {"moves": {i: {"to": allowed[0]} for i in KIDO}}}
    s = R.apply(s, "japanese", order, ScriptedRng())
    assert {s["ships"][i]["hex"] for i in KIDO} == {allowed[0]} and s["simulation"]["stage"] == 1


@pytest.mark.rule("Midway: Simulation Version")
def test_the_simulation_version_strikes_midway_with_at_least_20_nac_and_at_most_4_on_cap():
    s = _simulation()
    for sid in KIDO:
        s["ships"][sid]["hex"] = grid.neighbours("1218")[0]
    s["simulation"]["stage"] = 2
    s = at(s, "allocation", "both")
    s["examined"]["japanese"] = {}
    carriers = [i for i in KIDO if s["ships"][i]["nac"]]
    assert sum(s["ships"][i]["nac"] for i in carriers) >= 20
    with pytest.raises(IllegalAction, match="At least 20"):
        R.check(s, "japanese", {"verb": "allocate", "args": {"missions": [], "cap": []}})
    cap = [{"from": carriers[0], "kind": "nac", "points": 5}]
    with pytest.raises(IllegalAction, match="At most 4"):
        R.check(s, "japanese", {"verb": "allocate", "args": {"missions": [], "cap": cap}})
    good = R.default_action(s, "japanese")  # the missed order obeys: every NAC of the four at Midway's air base
    R.check(s, "japanese", good)
    assert sum(m["points"] for m in good["args"]["base_strikes"]) == sum(s["ships"][i]["nac"] for i in carriers)
    bot = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    R.check(s, "japanese", bot)


def test_seeded_simulation_version_games_end_cleanly():
    for seed in range(2):
        for computer in (("japanese", "allied"), ()):
            dice, streams = SeededRng(seed), {r: SeededRng(seed + 50 + i) for i, r in enumerate(("japanese", "allied"))}
            s = R.setup(S, {"midway_simulation": True}, dice)
            while R.outcome(s) is None:
                role = min(R.prompts(s))
                a = (R.bots[role](R.view(s, role), R.prompts(s)[role], streams[role]) if role in computer
                     else random_action(R, s, role, streams[role]))
                s = R.apply(s, role, a, dice)
            assert s["turn"] == 3 and s["simulation"]["stage"] >= 2
