"""Submarines (Optional Rules): the Japanese subs' secret record, going On Station, their attacks on Allied ships
entering their hex, the escorts' reduction, and the lobby option. Coral Sea's Sub-1 (printed Optional Naval Forces)."""
import json

import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.usn import submarine

from .helpers import R, act, at, texts

SEA = "0898"  # open sea one hex from Noumea (0899), where no air base reaches: a sub may stand (E), (F)


def with_subs(scenario="coral_sea"):
    s = R.setup(scenario, {"submarines": True}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s  # Step 2 of Game-Turn 1: the first Japanese Air and Sea Movement Phase


def placed(hex_id=SEA, station=True):
    s = with_subs()
    return act(s, "japanese", "move", moves={}, subs={"J-Sub-1": {"to": hex_id, "station": station}})


def allied_moves(s, moves, dice=()):
    s = at(s, "naval", "allied")
    return act(s, "allied", "move", dice, moves=moves)


@pytest.mark.rule("Submarines, General Rule")
def test_the_sub_is_a_secret_record_the_allied_player_never_sees():
    s = placed()
    assert s["submarines"]["J-Sub-1"] == {"id": "J-Sub-1", "hex": SEA, "station": True, "phases": 1, "placed": True}
    mine = R.view(s, "japanese")
    assert mine["my_submarines"]["J-Sub-1"]["hex"] == SEA
    for role in ("allied", "spectator"):
        seen = json.dumps(R.view(s, role))
        assert "J-Sub-1" not in seen and "my_submarines" not in seen and R.view(s, role)["sub_sightings"] == []
    assert "Sub-1" in texts(s, "japanese") and "Sub-1" not in texts(s, "allied")


@pytest.mark.rule("Submarines (C)")
def test_subs_on_station_attack_an_allied_ship_entering_their_hex():
    s = placed()
    # CV-5 (Defense 1) alone into the sub's hex: 6 less 1 for the carrier itself (D), 5 against 1, CRT 4 die 1 -> a damage number, CRT 5 die 1
    s = allied_moves(s, {"A-CV-5": {"to": SEA}}, dice=(1, 1))
    log = texts(s, "allied")
    assert f"Japanese submarines attack from hex {SEA}" in log and "at Allied CV-5" in log and "less 1 for the escorts (Submarines (D)) = 5" in log
    assert s["ships"]["A-CV-5"]["damage"] or s["ships"]["A-CV-5"]["sunk"]
    assert R.view(s, "allied")["sub_sightings"] == [{"hex": SEA, "turn": 1, "subs": 1, "target": "A-CV-5"}]


@pytest.mark.rule("Submarines (D)")
def test_each_escorting_dd_takes_two_points_and_each_carrier_one():
    s = placed()
    s = allied_moves(s, {"A-CV-5": {"to": SEA}, "A-DD-1": {"to": SEA}})
    s = act(s, "japanese", "aim", (1, 1), targets={"J-Sub-1": "A-CV-5"})  # Submarines (H): the sub's own target
    assert "Surface Attack 6 less 3 for the escorts (Submarines (D)) = 3, at A-CV-5" in texts(s)
    s = placed()
    s = allied_moves(s, {"A-CV-5": {"to": SEA}, "A-CV-2": {"to": SEA}, "A-DD-1": {"to": SEA}})
    s = act(s, "japanese", "aim", (1, 1), targets={"J-Sub-1": "A-CV-2"})
    assert "less 4 for the escorts (Submarines (D)) = 2, at A-CV-2" in texts(s)


@pytest.mark.rule("Submarines (H)")
def test_the_japanese_player_chooses_the_target_of_his_sub():
    """Coral Sea's Sub-1 On Station at 0898; CV-5 and DD-1 enter. The engine used to fire at the carrier itself."""
    s = allied_moves(placed(), {"A-CV-5": {"to": SEA}, "A-DD-1": {"to": SEA}})
    p = R.prompts(s)
    assert list(p) == ["japanese"] and p["japanese"]["info"]["kind"] == "sub_aim"
    offered = p["japanese"]["actions"][0]["args"]["targets"]
    assert offered["ids"] == ["J-Sub-1"] and sorted(offered["each"]["choices"]) == ["A-CV-5", "A-DD-1"]
    assert p["japanese"]["info"]["default"] == {"J-Sub-1": "A-CV-5"}  # the most valuable ship, the computer's too
    # 6 less 3 (the DD two, the CV one) = 3 against the DD's Defense: CRT 4 die 1, CRT 5 die 1
    s = act(s, "japanese", "aim", (1, 1), targets={"J-Sub-1": "A-DD-1"})
    log = texts(s, "allied")
    assert "Surface Attack 6 less 3 for the escorts (Submarines (D)) = 3, at Allied DD-1" in log and "at Allied CV-5 " not in log
    assert not s["ships"]["A-CV-5"]["damage"] and not s["ships"]["A-CV-5"]["sunk"]
    assert R.prompts(s).keys() != {"japanese"} and "sub_attack" not in s  # the engagement is over, the turn goes on
    with pytest.raises(IllegalAction, match="not an Allied ship entering") as e:
        act(allied_moves(placed(), {"A-CV-5": {"to": SEA}, "A-DD-1": {"to": SEA}}), "japanese", "aim",
            targets={"J-Sub-1": "A-CV-2"})
    assert e.value.rule == "Submarines (C)"


def two_subs_attacked():
    """Constructed (no mini-game has two subs): Sub-1 and Sub-Flot-1 On Station at 0898; CV-5 and DD-1 enter, a
    reduction of 3 (Submarines (D)); Sub-1 aims at the carrier, Sub-Flot-1 at the destroyer."""
    s = placed()
    s["submarines"]["J-Sub-Flot-1"] = dict(s["submarines"]["J-Sub-1"], id="J-Sub-Flot-1")
    s = allied_moves(s, {"A-CV-5": {"to": SEA}, "A-DD-1": {"to": SEA}})
    return act(s, "japanese", "aim", targets={"J-Sub-1": "A-CV-5", "J-Sub-Flot-1": "A-DD-1"})


@pytest.mark.rule("Submarines (H)")
def test_the_allied_player_splits_the_reduction_among_the_subs():
    s = two_subs_attacked()
    p = R.prompts(s)
    assert list(p) == ["allied"] and p["allied"]["info"]["kind"] == "sub_split" and p["allied"]["info"]["total"] == 3
    assert p["allied"]["info"]["default"] == {"J-Sub-1": 3, "J-Sub-Flot-1": 0}  # the carrier's attacker silenced first
    # the Allied Player takes it all off the sub aimed at the destroyer: 6 at the CV (die 1, 1), 3 at the DD (die 6)
    s2 = act(s, "allied", "split", (1, 1, 6), reduction={"J-Sub-1": 0, "J-Sub-Flot-1": 3})
    log = texts(s2, "allied")
    assert "(Sub-1), Surface Attack 6 less 0 for the escorts (Submarines (D)) = 6, at Allied CV-5" in log
    assert "(Sub-Flot-1), Surface Attack 6 less 3 for the escorts (Submarines (D)) = 3, at Allied DD-1" in log
    with pytest.raises(IllegalAction, match="add up to 2") as e:
        act(s, "allied", "split", reduction={"J-Sub-1": 1, "J-Sub-Flot-1": 1})
    assert e.value.rule == "Submarines (D)"



@pytest.mark.rule("Submarines, Procedure")
def test_a_sub_not_on_station_does_not_attack():
    s = placed(station=False)
    s = allied_moves(s, {"A-CV-5": {"to": SEA}})
    assert "submarines attack" not in texts(s) and not s["ships"]["A-CV-5"]["damage"]


@pytest.mark.rule("Submarines (A)")
def test_a_sub_on_station_may_not_move_for_eight_japanese_movement_phases():
    s = at(placed(), "naval", "japanese", n=10)
    with pytest.raises(IllegalAction, match=r"Submarines \(A\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {"J-Sub-1": {"to": "0897"}}}})
    s["submarines"]["J-Sub-1"]["phases"] = 8  # (J) the eight phases are over: free to move
    s = act(s, "japanese", "move", moves={}, subs={"J-Sub-1": {"to": "0897"}})
    assert s["submarines"]["J-Sub-1"]["hex"] == "0897" and not s["submarines"]["J-Sub-1"]["station"]


@pytest.mark.rule("Submarines (A)")
def test_going_on_station_and_moving_in_one_phase_is_refused():
    s = at(placed(station=False), "naval", "japanese", n=10)
    with pytest.raises(IllegalAction, match=r"Submarines \(A\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {
            "J-Sub-1": {"to": "0897", "station": True}}}})
    with pytest.raises(IllegalAction, match="may move 2 hexes"):  # Movement Allowance two (near Noumea: not doubled)
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {"J-Sub-1": {"to": "0895"}}}})


@pytest.mark.rule("Submarines (E)")
def test_no_station_within_two_hexes_of_an_allied_air_base_with_aircraft():
    s = with_subs()
    with pytest.raises(IllegalAction, match=r"Submarines \(E\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {
            "J-Sub-1": {"to": "0660", "station": True}}}})  # beside Port Moresby (0659), 10 LAC and 5 LBAC


@pytest.mark.rule("Submarines (F)")
def test_never_on_station_in_an_allied_naval_base_hex():
    s = with_subs()
    with pytest.raises(IllegalAction, match=r"Submarines \(F\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {
            "J-Sub-1": {"to": "0899", "station": True}}}})  # Noumea


@pytest.mark.rule("Submarines (I)")
def test_allied_land_based_air_in_reach_frees_the_sub_at_once():
    s = at(placed(), "naval", "japanese", n=10)
    s["bases"]["0899"]["air"]["lac"] = 5  # Noumea, one hex away, now holds LAC
    s = act(s, "japanese", "move", moves={}, subs={"J-Sub-1": {"to": "0897"}})
    assert s["submarines"]["J-Sub-1"]["hex"] == "0897"


def test_without_the_option_there_are_no_subs_and_no_sub_orders():
    s = R.setup("coral_sea", {}, ScriptedRng())
    assert "submarines" not in s
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    with pytest.raises(IllegalAction, match="optional rule"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {"J-Sub-1": {"to": SEA}}}})
    with pytest.raises(MalformedAction):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "subs": {"J-Sub-9": {"to": SEA}}}})


@pytest.mark.rule("Optional Naval Forces")
@pytest.mark.parametrize("scenario,subs", [("coral_sea", ["J-Sub-1"]), ("midway", ["J-Sub-Flot-1"]),
                                           ("eastern_solomons", ["J-Sub-Flot-1"]), ("santa_cruz", ["J-Sub-1"])])
def test_each_situation_has_its_printed_subs(scenario, subs):
    s = R.setup(scenario, {"submarines": True}, ScriptedRng())
    assert sorted(s["submarines"]) == subs


def test_the_japanese_computer_places_its_sub_on_station_and_the_game_plays_on():
    s = with_subs()
    # the bot's own stream: which of the equally good stations is secret, so the stream draws it (bot-spread)
    action = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    sub = action["args"]["subs"]["J-Sub-1"]
    assert sub["station"] and submarine.station_problem(list(s["bases"].values()), sub["to"]) is None
    s = R.apply(s, "japanese", action, ScriptedRng())
    assert s["submarines"]["J-Sub-1"]["placed"]


@pytest.mark.parametrize("scenario", ["coral_sea", "midway", "eastern_solomons", "santa_cruz"])
def test_seeded_games_with_submarines_end_cleanly(scenario):
    """Computer against computer and random orders, with the option on: every order given is legal."""
    for seed, computer in ((1, ("japanese", "allied")), (2, ())):
        dice = SeededRng(seed * 2)
        streams = {"japanese": SeededRng(seed * 2 + 1), "allied": SeededRng(seed * 2 + 101)}
        s = R.setup(scenario, {"submarines": True}, dice)
        for _ in range(400):
            if R.outcome(s) is not None:
                break
            role = min(R.prompts(s))
            action = (R.bots[role](R.view(s, role), R.prompts(s)[role], streams[role]) if role in computer
                      else random_action(R, s, role, streams[role]))
            s = R.apply(s, role, action, dice)
        assert R.outcome(s) is not None
        if computer:  # the Japanese computer always places its subs
            assert all(x["placed"] for x in s["submarines"].values())


@pytest.mark.rule("Submarines (G)")
def test_a_sub_whose_hex_may_no_longer_be_held_must_move_and_the_default_moves_it():
    s = at(placed(), "naval", "japanese", n=10)
    s["bases"]["0899"]["air"]["lac"] = 5  # Noumea, one hex away, now an Allied air base with aircraft (E)
    with pytest.raises(IllegalAction, match=r"Submarines \(G\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {}}})
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert s["submarines"]["J-Sub-1"]["hex"] != SEA and not s["submarines"]["J-Sub-1"]["station"]
