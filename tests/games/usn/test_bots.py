"""The computer players (app/games/usn/bots.py): seeded Coral Sea games between them, and against random legal
play, end with a result; their heuristics show in what a player would notice (the invasion sails, the strikes go at
the examined carriers, CAP stays over the carriers). The proof of fog is tests/games/test_every_game.py."""
from app.engine.rng import SeededRng
from app.games.usn import damage, grid

from . import situations
from .helpers import R, act, at, deployed, texts


def play(seed, computer=("japanese", "allied")):
    """A seeded Coral Sea game (situations.play): a refused order raises, so every computer order is legal."""
    return situations.play("coral_sea", seed, computer, limit=200)


def test_a_seeded_computer_against_computer_coral_sea_ends_with_a_result():
    winners, sunk = set(), 0
    for seed in range(4):
        s = play(seed)
        out = R.outcome(s)
        assert s["turn"] == 2 and out["score"] == s["vp"] and out["level"]
        winners.add(out["winner"])
        sunk += sum(1 for x in s["ships"].values() if x["sunk"] or x["damage"])
    assert sunk > 0  # the computers fight: ships are hit


def test_each_computer_player_finishes_a_game_against_random_play():
    for seed in range(3):
        for side in ("japanese", "allied"):
            s = play(seed, computer=(side,))
            assert R.outcome(s)["level"]


def test_the_computer_deploys_every_printed_air_point_nearest_the_enemy():
    s = R.setup("coral_sea", {}, SeededRng(1))
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(2))
    a = order["args"]
    assert sum(a["nac"].values()) == 15 and sum(a["lac"].values()) == 15
    assert a["lac"]["0692"] == 5  # Lae, two hexes from Port Moresby, is filled first
    s = R.apply(s, "japanese", order, SeededRng(3))
    order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(2))
    assert order["args"]["lbac"] == {"0659": 5}  # the LBAC at Port Moresby, nearest Rabaul


def test_the_japanese_computer_embarks_the_invasion_and_sails_for_its_objectives():
    s = deployed()
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    moves = order["args"]["moves"]
    assert moves["J-TR-1"]["embark"] == ["J-L2", "J-L3"]  # regiment and SNLF, for Port Moresby
    assert moves["J-TR-2"]["embark"] == ["J-L4"]  # the engineers, for Guadalcanal
    assert grid.distance(moves["J-TR-1"]["to"], "0659") < grid.distance("0759", "0659")
    assert moves["J-TR-2"]["to"] == "0828"
    s2 = R.apply(s, "japanese", order, SeededRng(1))
    assert "Japanese Transport-1 embarks 6-12 Regiment, 5-10 SNLF" in texts(s2, "japanese")
    assert "embarks" not in texts(s2, "allied")  # the cargo stays face down


def test_the_computer_strikes_the_examined_carriers_and_keeps_cap_over_its_own():
    s = deployed()
    s["ships"]["A-CV-5"]["hex"] = s["ships"]["A-CV-2"]["hex"] = "0761"
    s["ships"]["J-CV-3"]["hex"] = s["ships"]["J-CV-4"]["hex"] = "0726"
    s["examined"] = {"allied": {"0726": [["J-CA-1", "J-CA-2"], ["J-CV-3", "J-CV-4"]]},
                     "japanese": {"0761": [["A-CA-1", "A-DD-1"], ["A-CV-5", "A-CV-2"]]}}
    s = at(s, "allocation", "both")
    for side, target in (("allied", "0726"), ("japanese", "0761")):
        order = R.bots[side](R.view(s, side), R.prompts(s)[side], SeededRng(4))
        carrier_strikes = [m for m in order["args"]["missions"] if m["kind"] == "nac"]
        assert carrier_strikes and all(m["target"] == target and m["group"] == 2 for m in carrier_strikes)
        assert any(c["kind"] == "nac" for c in order["args"]["cap"])  # the enemy is near: CAP stays up
        R.check(s, side, order)


def test_without_a_target_every_carrier_flies_cap():
    s = at(deployed(), "allocation", "both")
    order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(4))
    assert order["args"]["missions"] == []
    assert {c["from"]: c["points"] for c in order["args"]["cap"]} == {"A-CV-5": 10, "A-CV-2": 4}


def test_the_japanese_computer_lands_and_attacks_at_port_moresby():
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-1": {"stop": "0759", "embark": ["J-L2", "J-L3"], "to": "0759"}})
    s["ships"]["J-TR-1"]["hex"] = "0659"
    s = at(s, "land_attack", "japanese")
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(5))
    assert order["args"] == {"land": ["J-L2", "J-L3"], "attack": ["J-L2", "J-L3"], "naval_support": []}
    R.check(s, "japanese", order)


def test_the_game_declares_one_computer_player_a_side():
    assert set(R.bots) == {"japanese", "allied"} and all(callable(b) for b in R.bots.values())


def test_each_decision_record_carries_the_computers_answer():
    """Issue 33: a decision kind is named once, in its record (R.states), which holds the computer's answer too
    (its `bot`); the computer player of either side asks the record of the decision its prompt waits on, whose id
    the game writes into every prompt's info (no prompt names its own kind)."""
    assert [d.id for d in R.states if d.bot is None] == []
    s = deployed()
    s = at(s, "land_attack", "japanese")
    view, prompt = R.view(s, "japanese"), R.prompts(s)["japanese"]
    assert prompt["info"]["kind"] == R.decision(s).id == "land_attack"  # the prompt names the record it comes from
    assert R.bots["japanese"](view, prompt, SeededRng(5)) == R.states["land_attack"].bot(view, prompt, SeededRng(5))


def test_engineers_lost_with_their_transport_no_longer_count_for_movement_n():
    """Found by the computer-against-random games: the Allied naval prompt failed once the engineers had gone down
    with J-TR-2 (they count for Movement (N) only while ashore)."""
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-2": {"stop": "0759", "embark": ["J-L4"], "to": "0759"}})
    damage.damage_ship(s, s["ships"]["J-TR-2"], "X")
    s = at(s, "naval", "allied")
    assert "A-CV-5" in R.prompts(s)["allied"]["info"]["ships"]
