"""Preliminary Set-Up (4.1, 5.14-5.16): ships change base before Reinforcement and the Truk Sortie roll."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons import rules
from sol_core_helpers import both, kind, refused, start, submit, to_allocation, until


def turn2_setup():
    """Game-Turn 2's Preliminary Set-Up: Game-Turn 1 over (dice 6), nothing of Game-Turn 2 rolled or arrived."""
    s = until(start(3), "placement", dice=[6] * 60, turn=2)
    assert s["turn"] == 2 and kind(s) == "placement"
    return s


@pytest.mark.rule("4.1")
@pytest.mark.rule("5.15")
@pytest.mark.rule("20")
def test_base_moves_come_before_the_truk_roll_so_a_ship_held_at_truk_cannot_be_placed_at_rabaul_and_sail():
    s = turn2_setup()
    rolls = len([line for line in s["log"] if "Truk Sortie roll" in line["text"]])
    assert rolls == 0  # Game-Turn 1 forbids the sortie without a roll (20.3); Game-Turn 2's roll is still to come
    assert set(rules.prompts(s)) == {"japanese"}  # every American ship is refitting: none to move (5.14)
    s = submit(s, "japanese", {"placement": {}}, 6)  # Henderson Field roll 6
    s = both(s, (5,))  # Carrier Air Group Training, then the Truk Sortie roll: 5 holds the Truk force
    assert s["truk_sortie"] == {"roll": 5, "released": False}
    s = to_allocation(s)
    # the roll has held the Truk force: it can no longer be moved to Rabaul, here or in any later step
    err = refused(s, "japanese", {"task_forces": [{"units": ["jp-CA-4"], "mission": "anti_ship"}],
                                  "placement": {"jp-CA-4": "rabaul"}}, "5.15")
    assert "Preliminary Set-Up" in err.message
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-CA-4"], "mission": "anti_ship"}]})
    s = both(s)
    tf = s["units"]["jp-CA-4"]["task_force"]
    assert s["task_forces"][tf]["hex"] == "truk"
    refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "P"}}}}, "8.6")  # held at Truk (20)


@pytest.mark.rule("5.15")
@pytest.mark.rule("20.2")
def test_a_ship_moved_to_rabaul_before_the_roll_is_not_held_by_it():
    s = turn2_setup()
    s = submit(s, "japanese", {"placement": {"jp-CA-4": "rabaul"}}, 6)
    s = both(s, (6,))  # Truk roll 6: held
    assert s["units"]["jp-CA-4"]["location"] == "rabaul" and s["truk_sortie"]["released"] is False
    s = to_allocation(s)
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-CA-4"], "mission": "anti_ship"}]})
    s = both(s)
    tf = s["units"]["jp-CA-4"]["task_force"]
    assert submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K"}}}})["pending"]["japanese"]


@pytest.mark.rule("5.15")
@pytest.mark.rule("21")
def test_a_reinforcement_arriving_this_game_turn_cannot_be_rebased_on_arrival():
    s = turn2_setup()
    assert "jp-DD-7" not in s["units"]  # a Game-Turn 2 reinforcement (21: Truk), not yet deployed
    err = refused(s, "japanese", {"placement": {"jp-DD-7": "rabaul"}}, "5.15")
    assert "before this Game-Turn's reinforcements" in err.message
    s = submit(s, "japanese", {"placement": {}}, 6)
    s = both(s, (1,))
    assert s["units"]["jp-DD-7"]["location"] == "truk"  # arrived where 21.1 puts it, and stays there
    s = to_allocation(s)
    refused(s, "japanese", {"task_forces": [], "placement": {"jp-DD-7": "rabaul"}}, "5.15")


@pytest.mark.rule("5.14")
def test_american_ships_in_port_may_move_between_espiritu_santo_and_australia():
    s = until(start(3), "placement", dice=[6] * 60, turn=2)
    # a transport ready in Australia (9.4: it loads only at Espiritu Santo), for the test
    s["units"]["us-TR-1"].update(status="intact", location="australia", returns=None, return_base=None)
    assert set(rules.prompts(s)) == {"allied", "japanese"}
    s = submit(s, "allied", {"placement": {"us-TR-1": "espiritu_santo"}})
    assert "us-TR-1" not in str(rules.view(s, "japanese")["log"][-3:])  # a secret move
    s = submit(s, "japanese", {"placement": {}}, 6)
    s = both(s, (1,))
    assert s["units"]["us-TR-1"]["location"] == "espiritu_santo"
    assert any("to Espiritu Santo" in line["text"] for line in rules.view(s, "allied")["log"])
    s = to_allocation(s)
    s = submit(s, "allied", {"task_forces": [{"units": ["us-TR-1"], "mission": "transport",
                                              "cargo": {"us-TR-1": {"ground": 0, "supply": 3}}}]})
    assert s["pending"]["allied"]["task_forces"][0]["cargo"]["us-TR-1"]["supply"] == 3  # loads there (9.4)


@pytest.mark.rule("5.16")
def test_japan_never_places_a_carrier_at_rabaul_nor_more_than_ten_ships():
    s = turn2_setup()
    refused(s, "japanese", {"placement": {"jp-CV-1": "rabaul"}}, "5.16")
    truk = sorted(u for u, v in s["units"].items() if v["side"] == "japanese" and v["location"] == "truk"
                  and v["status"] == "intact" and v["type"] in ("CA", "DD", "BC"))
    err = refused(s, "japanese", {"placement": {u: "rabaul" for u in truk}}, "5.16")
    assert "ten naval units" in err.message


@pytest.mark.rule("5.14")
def test_a_side_with_no_ship_in_port_is_not_asked():
    s = rules.setup("campaign", {}, ScriptedRng())
    # Game-Turn 1: the whole American fleet is at sea in M; Japan has ships at Rabaul and Truk
    assert kind(s) == "placement" and set(rules.prompts(s)) == {"japanese"}
    assert rules.prompts(s)["japanese"]["rule"] == "5.1"
