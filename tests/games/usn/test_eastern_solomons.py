"""The Battle of the Eastern Solomons mini-game (USN "Mini-Games"): the printed set-up with its four added air bases,
the Japanese on Guadalcanal out of supply, NAC on carriers or air bases, the special rule keeping the Japanese fleet
out of LAC range of Australia, the Guadalcanal air base Victory Conditions, and seeded games to their end."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.usn import board, deploy, grid, land, records, supply

from .helpers import R, at
from .situations import deployed, play

S = "eastern_solomons"


@pytest.mark.rule("Eastern Solomons Order of Battle")
def test_the_eastern_solomons_order_of_battle_is_set_up_as_printed():
    s = R.setup(S, {}, ScriptedRng())
    ships = lambda side, h: sorted(x["id"] for x in board.afloat(s, side) if x["hex"] == h)
    assert ships("japanese", "0754") == sorted(f"J-{u}" for u in ("CV-3", "CV-4", "CVL-1", "BB-2", "DD-1", "DD-2",
                                                                   "CA-1", "CA-2", "CA-3", "CL-1"))
    assert ships("japanese", "0759") == ["J-CA-4", "J-DD-3"]  # the second "DD-2" read as DD-3 (digest 15)
    assert ships("allied", "0930") == sorted(f"A-{u}" for u in ("CV-6", "CV-3", "CV-7", "CA-1", "CA-2", "DD-1"))
    marines = board.land_at(s, "0828", "allied")
    assert [(u["name"], u["entrenched"]) for u in marines] == [("50-60 Division", True)]
    assert [u["name"] for u in board.land_at(s, "0828", "japanese")] == ["5-10 SNLF"]
    for h in ("0828", "0865", "0930", "0931"):  # "place one 5 Air Point Capacity air-base on each"
        assert s["bases"][h]["side"] == "allied" and s["bases"][h]["capacity"] == 5
    assert s["turns"] == 2
    assert deploy.printed(s, "allied") == {"nac": 27, "lac": 15, "lbac": 3}


@pytest.mark.rule("How To Use the Situation & Order of Battle")
def test_the_japanese_on_guadalcanal_start_out_of_supply_and_may_not_move():
    s = deployed(S)
    snlf = board.land_at(s, "0828", "japanese")[0]
    assert not supply.supplied(s, snlf)
    # only the SNLF by the situation's rule; any other unit's supply is its traced line's (Supply (D): the Marines
    # lie in Japan's undisputed Zone of Control until Allied air units stand on Guadalcanal)
    assert [u["id"] for u in s["land"].values() if u.get("unsupplied_until")] == [snlf["id"]]
    s = at(s, "land_move", "japanese")
    # the rule's own judge (the order's shape over the whole map knows no Guadalcanal hex but 0828: see
    # docs/games/usn.md, land movement between named places)
    with pytest.raises(IllegalAction, match="5-10 SNLF is out of supply and may not move") as e:
        land.move_check(s, "japanese", {"verb": "land_move", "args": {"moves": {snlf["id"]: "0827"}, "entrench": [],
                                                                        "disentrench": []}})
    assert e.value.rule == "Movement (G)"


@pytest.mark.rule("Eastern Solomons Order of Battle")
def test_allied_naval_aircraft_may_go_on_an_air_base_within_its_capacity():
    s = R.setup(S, {}, ScriptedRng())
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    a = deploy.complete(s, "allied", R.default_action(s, "allied"))  # the standing order's placement
    assert sum(a["args"]["nac"].values()) == 22 and sum(a["args"]["nac_base"].values()) == 5  # carriers hold 22
    after = R.apply(s, "allied", a, ScriptedRng())
    assert sum(b["air"]["nac"] for b in after["bases"].values()) == 5
    over = {"verb": "deploy", "args": {**a["args"], "nac_base": {"0931": 5},
                                       "lac": {**a["args"]["lac"]}}}
    over["args"]["lac"] = {"0931": 1, **{h: n for h, n in a["args"]["lac"].items()}}
    over["args"]["lac"][next(h for h in over["args"]["lac"] if h != "0931")] -= 1
    with pytest.raises(IllegalAction, match="holds at most 5"):
        R.check(s, "allied", over)


def _ship_near_australia(s, hexes_off, sid="J-CA-4"):
    """A Japanese cruiser moved (for the test) to a hex `hexes_off` from Brisbane (698), at the Japanese naval phase."""
    s = at(s, "naval", "japanese")
    h = next(x for x in grid.within("0698", hexes_off) if grid.distance(x, "0698") == hexes_off
             and all(grid.distance(x, a) >= hexes_off for a in ("0463", "0699", "0668")))
    s["ships"][sid]["hex"] = h
    return s, h


@pytest.mark.rule("Eastern Solomons Special Game Rules")
def test_japanese_ships_may_not_enter_within_lac_range_of_australia():
    s, h = _ship_near_australia(deployed(S), 5)
    inside = next(x for x in grid.neighbours(h) if grid.distance(x, "0698") == 4)
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-CA-4": {"to": inside}}}})  # 4 hexes: allowed
    three = next(x for x in grid.within(h, 2) if grid.distance(x, "0698") == 3)
    with pytest.raises(IllegalAction, match="Australia") as e:
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-CA-4": {"to": three}}}})
    assert e.value.rule == "Eastern Solomons Special Game Rules"
    # the Allies are not bound; and Coral Sea has no such rule
    c, _ = _ship_near_australia(deployed("coral_sea"), 5, "J-CA-2")
    R.check(c, "japanese", {"verb": "move", "args": {"moves": {"J-CA-2": {"to": three}}}})


@pytest.mark.rule("Eastern Solomons Special Game Rules")
def test_random_and_computer_orders_keep_the_japanese_fleet_off_australia():
    s, _ = _ship_near_australia(deployed(S), 4)
    for seed in range(6):
        for order in (random_action(R, s, "japanese", SeededRng(seed)),
                      R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(seed))):
            R.check(s, "japanese", order)
            to = order["args"]["moves"].get("J-CA-4", {})
            assert all(grid.distance(to[k], "0698") > 3 for k in ("stop", "to") if k in to)


@pytest.mark.rule("Eastern Solomons Victory Conditions")
def test_the_guadalcanal_air_base_is_worth_100_to_its_holder_damaged_or_not():
    s = deployed(S)
    assert records.geographic(s) == [("allied", 100, "holds the air base on Guadalcanal (0828)")]
    s["bases"]["0828"]["neutralized"] = {"air": [s["turn"] + 1, 0]}  # damaged: still 100 to its holder
    assert records.geographic(s) == [("allied", 100, "holds the air base on Guadalcanal (0828)")]
    s["bases"]["0828"]["side"] = "japanese"
    assert records.geographic(s) == [("japanese", 100, "holds the air base on Guadalcanal (0828)")]


@pytest.mark.rule("Eastern Solomons Victory Conditions")
def test_a_destroyed_guadalcanal_air_base_gives_japan_100_and_nobody_the_holding():
    s = deployed(S)
    s["bases"]["0828"]["capacity"] = 0  # "reduced to a 0 air point capacity, they are considered destroyed"
    assert records.geographic(s) == [("japanese", 100, "the air base at 0828 is destroyed")]
    del s["bases"]["0828"]  # lost to a D1 in land combat
    assert records.geographic(s) == [("japanese", 100, "the air base at 0828 is destroyed")]


@pytest.mark.rule("Eastern Solomons Victory Conditions")
def test_japan_gets_25_each_game_turn_the_base_is_damaged_while_the_allies_hold_it():
    s = deployed(S)
    records.each_turn(s)
    assert s["vp"]["japanese"] == 0  # undamaged: nothing
    s["bases"]["0828"]["capacity"] = 3  # lost capacity to an X: damaged
    records.each_turn(s)
    assert s["vp"]["japanese"] == 25
    s["bases"]["0828"]["side"] = "japanese"  # no longer Allied-held: nothing
    records.each_turn(s)
    assert s["vp"]["japanese"] == 25


def test_seeded_computer_and_random_eastern_solomons_games_end_cleanly():
    for seed in range(2):
        for computer in (("japanese", "allied"), ("japanese",), ("allied",), ()):
            s = play(S, seed, computer)
            assert s["turn"] == 2 and R.outcome(s)["score"] == s["vp"]
            assert not any(x["side"] == "japanese" and min(grid.distance(x["hex"], a) for a in
                                                           ("0463", "0699", "0698", "0668")) <= 3
                           for x in board.afloat(s))
