"""More cases of the rules proper as a player notices them: naval movement points and time at sea (Movement (A),
(I), (P), (Q)), the general rules of Combat, Supply, Stacking and Entrenchment, Combat (F), Stacking (F), capturing
bases (Air and Naval Bases (H), (I), (M) and the errata's Case I), the optional rules' lobby options, Submarines
(B), (H), (J), the Coral Sea's Victory Conditions and the Reinforcement Chart's Note (B)."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import board, coastal, land, records, transfer
from app.games.usn.rules import rules as RULES

from .helpers import R, act, at, deployed, texts
from .test_reinforce import at_turn, step
from .test_submarine import SEA, allied_moves, placed
from .test_supply import isolate_port_moresby, shown_supplied

PM = "0659"


def land_move(s, role, dice=(), moves=None, entrench=(), disentrench=()):
    return act(s, role, "land_move", dice, moves=moves or {}, entrench=list(entrench), disentrench=list(disentrench))


@pytest.mark.rule("Movement (A)")
def test_a_ship_spends_one_movement_point_for_each_hex_it_enters():
    s = deployed()
    s["ships"]["J-CA-1"]["hex"] = "0726"  # two hexes from Port Moresby: Movement Allowance 6, not doubled
    assert R.prompts(s)["japanese"]["info"]["ships"]["J-CA-1"]["movement"] == 6
    with pytest.raises(IllegalAction, match="may move 6 hexes; this move needs 7"):
        act(s, "japanese", "move", moves={"J-CA-1": {"to": "0485"}})
    s = act(s, "japanese", "move", moves={"J-CA-1": {"to": "0519"}})
    assert s["ships"]["J-CA-1"]["hex"] == "0519"


@pytest.mark.rule("Movement (I)")
def test_an_entrenched_land_unit_may_not_move():
    s = at(deployed(), "land_move", "allied")
    with pytest.raises(IllegalAction, match="is entrenched and may not move") as e:
        land_move(s, "allied", moves={"A-L1": "0693"})
    assert e.value.rule == "Movement (I)" and s["land"]["A-L1"]["hex"] == PM


@pytest.mark.rule("Movement (I)")
def test_a_land_unit_may_not_move_while_disentrenching_or_entrenching():
    s = at(deployed(), "land_move", "allied")
    with pytest.raises(IllegalAction, match="may not move while entrenching, entrenched or disentrenching") as e:
        land_move(s, "allied", moves={"A-L1": "0693"}, disentrench=["A-L1"])
    assert e.value.rule == "Movement (I)"
    j = at(deployed(), "land_move", "japanese")
    with pytest.raises(IllegalAction, match="may not move while entrenching") as e:
        land_move(j, "japanese", [1], moves={"J-L1": "0693"}, entrench=["J-L1"])
    assert e.value.rule == "Movement (I)"
    prompt = R.prompts(s)["allied"]  # the form offers it disentrenching and no hex
    assert prompt["info"]["may_move"]["A-L1"] == [] and not prompt["info"]["choices"]["moves"]["A-L1"]
    assert "A-L1" in prompt["actions"][0]["args"]["disentrench"]["choices"]


@pytest.mark.rule("Movement (P)")
def test_warships_stay_at_sea_three_game_turns_and_transports_six():
    s = at(deployed(), "records")
    for sid in ("J-CA-1", "J-TR-1"):
        s["ships"][sid].update(hex="0796", at_sea=2)
    records.fuel_and_land(s)  # Step 10's fuel record
    assert s["ships"]["J-CA-1"]["sunk"] or s["ships"]["J-CA-1"].get("out_of_fuel")
    assert not s["ships"]["J-TR-1"]["sunk"] and s["ships"]["J-TR-1"]["at_sea"] == 3


@pytest.mark.rule("Movement (Q)")
def test_air_units_move_only_by_the_missions_of_the_chart_an_air_transfer_up_to_twice_normal_range():
    verbs = {v for d in RULES.states for v in d.verbs}
    assert not any("air" in v and "move" in v for v in verbs)  # no air move order outside the missions
    s = deployed()
    with pytest.raises(IllegalAction, match="twice their normal range"):
        transfer.check(s, "japanese", [{"from": "J-CV-4", "kind": "nac", "points": 4, "to": "J-CVL-2"}])


@pytest.mark.rule("Combat")
def test_combat_is_between_opposing_units_in_one_hex_attack_against_defense_on_a_crt():
    s = deployed()
    for uid in ("J-L2", "J-L3"):
        s["land"][uid]["hex"] = "0693"  # not Port Moresby's hex
    s = at(s, "land_attack", "japanese")
    with pytest.raises(IllegalAction, match="in a hex with enemy land units"):
        act(s, "japanese", "land_attack", land=[], attack=["J-L2"])
    s["land"]["J-L2"]["hex"] = PM
    s = at(s, "strikes", n=14)
    s["allocations"], s["attacks"] = {}, ["J-L2"]
    land.resolve_attacks(s, ScriptedRng([1]))
    assert "Land combat at 0659: 6 against 45, die 1: Ax (CRT 1)" in texts(s)  # the attacker's total, one die


@pytest.mark.rule("Combat (F)")
def test_a_coastal_defense_unit_left_without_a_defending_land_unit_beside_an_enemy_one_is_destroyed():
    s = at(deployed(), "land_move", "japanese")
    s["land"]["J-CD1"] = coastal.new_unit("J-CD1", "japanese", "0693", "6-2 Coastal Defense")
    s["land"]["J-L1"]["hex"] = "0693"
    s["land"]["A-L1"].update(hex="0693", entrenched=False)
    coastal.overrun(s)
    assert not s["land"]["J-CD1"].get("destroyed")  # the regiment defends it
    for b in s["bases"].values():  # keep the regiment's way back to Lae in supply
        if b["side"] == "allied":
            b["air"].update(lac=0, lbac=0, nac=0)
    s = land_move(s, "japanese", moves={"J-L1": "0692"})
    assert s["land"]["J-CD1"]["destroyed"]


@pytest.mark.rule("Supply")
def test_units_out_of_supply_are_shown_so_and_their_bases_launch_nothing():
    s = at(deployed(), "allocation", n=6)
    assert shown_supplied(s, "A-L1") is True and "base:0659" in R.prompts(s)["allied"]["info"]["stations"]
    s = isolate_port_moresby(s)
    assert shown_supplied(s, "A-L1") is False and "base:0659" not in R.prompts(s)["allied"]["info"]["stations"]


@pytest.mark.rule("Stacking")
def test_there_is_no_limit_to_the_ships_in_a_hex():
    s = deployed()
    moves = {sid: {"to": "0755"} for sid, x in s["ships"].items() if x["side"] == "japanese" and x["hex"] == "0754"}
    s = act(s, "japanese", "move", moves=moves)
    assert len(board.stack(s, "0755", "japanese")) == len(moves) >= 4


@pytest.mark.rule("Stacking (F)")
def test_ships_may_share_a_hex_with_an_enemy_base_and_land_unit_without_combat():
    s = deployed()
    for sid in ("J-CA-1", "J-CA-2"):
        s["ships"][sid]["hex"] = "0693"
    s = act(s, "japanese", "move", moves={"J-CA-1": {"to": PM}, "J-CA-2": {"to": PM}})
    assert s["ships"]["J-CA-1"]["hex"] == PM and not s.get("surface")
    assert not s["ships"]["J-CA-1"]["damage"] and s["bases"][PM]["side"] == "allied"
    assert "bombard" not in texts(s)


@pytest.mark.rule("Entrenchment")
def test_only_a_unit_that_has_not_moved_in_the_phase_and_is_in_supply_may_try_to_entrench():
    s = at(deployed(), "land_move", "japanese")
    with pytest.raises(IllegalAction, match="moves this phase and may not entrench"):
        land_move(s, "japanese", moves={"J-L1": "0693"}, entrench=["J-L1"])
    s2 = isolate_port_moresby(at(deployed(), "land_move", "allied"))
    s2["land"]["A-L1"]["entrenched"] = False
    with pytest.raises(IllegalAction, match="out of supply and may not entrench"):
        land_move(s2, "allied", entrench=["A-L1"])


@pytest.mark.rule("Air and Naval Bases (H)")
def test_enemy_air_units_on_a_captured_air_base_are_destroyed():
    s = deployed()
    s["land"]["A-L1"]["hex"] = "0693"
    s["land"]["J-L2"]["hex"] = PM
    air = dict(s["bases"][PM]["air"])
    land.captures(s)
    assert s["bases"][PM]["air"] == {"lac": 0, "lbac": 0, "nac": 0}
    assert s["vp"]["japanese"] == air["lac"] * 0.5 + air["lbac"] * 1  # LAC 1/2, LBAC 1 a point to Japan
    assert "caught on the captured base at hex 0659" in texts(s, "allied")


@pytest.mark.rule("Air and Naval Bases (I)")
def test_a_base_is_captured_simply_by_moving_a_land_unit_into_its_hex():
    s = at(deployed(), "land_move", "allied")
    s["bases"]["0693"] = {"hex": "0693", "side": "japanese", "naval": False, "capacity": 5,
                          "air": {"lac": 0, "lbac": 0, "nac": 0}}  # a Japanese air base beside Port Moresby, no
    # Japanese land unit in its hex
    s["land"]["A-L1"]["entrenched"] = False  # disentrenched in an earlier phase (Movement (I))
    s = land_move(s, "allied", moves={"A-L1": "0693"})
    assert s["bases"]["0693"]["side"] == "allied" and "captured by the Allied Player" in texts(s, "japanese")


@pytest.mark.rule("Errata: Air and Naval Bases, Case I")
def test_an_enemy_land_unit_entering_captures_unless_a_defending_unit_must_be_dislodged():
    s = deployed()
    s["land"]["J-L2"]["hex"] = PM
    land.captures(s)
    assert s["bases"][PM]["side"] == "allied"  # the entrenched regiment must be dislodged by combat first
    s["land"]["A-L1"]["hex"] = None
    s["land"]["A-L1"]["destroyed"] = True
    land.captures(s)
    assert s["bases"][PM]["side"] == "japanese"


@pytest.mark.rule("Air and Naval Bases (M)")
def test_every_base_defends_at_10_and_an_air_base_fires_its_capacity_in_anti_aircraft():
    assert board.PLAY["base_values"]["defense"] == 10 and board.PLAY["base_values"]["naval_base_anti_aircraft"] == 20
    s = at(deployed(), "allocation", n=6)
    s["bases"][PM]["capacity"] = 20
    s = act(s, "japanese", "allocate", missions=[], cap=[], base_strikes=[
        {"from": "base:0759", "kind": "lac", "points": 10, "target": PM, "base": "air base"}])
    s = act(s, "allied", "allocate", [6] * 10, missions=[], cap=[])
    log = texts(s)
    assert "Anti-aircraft 20 (die 6)" in log and " against 10 (die 6)" in log


@pytest.mark.rule("Optional Rules")
def test_each_optional_rule_is_a_lobby_option_off_unless_the_players_choose_it():
    options = {o.id: o for o in RULES.meta.options}
    assert {"submarines", "burma", "allied_variable_deployment"} <= set(options)
    assert all(o.default is False for o in options.values())
    s = R.setup("coral_sea", {}, ScriptedRng())
    assert not s.get("submarines")  # without the option no sub is in the game


@pytest.mark.rule("Submarines (B)")
def test_a_sub_has_no_defense_and_is_never_attacked_even_when_its_position_is_known():
    s = allied_moves(placed(), {"A-CV-5": {"to": SEA}, "A-CA-1": {"to": SEA}})
    s = act(s, "japanese", "aim", (6,), targets={"J-Sub-1": "A-CV-5"})  # Submarines (H): the sub's target
    assert R.view(s, "allied")["sub_sightings"][0]["hex"] == SEA  # discovered
    assert not s.get("surface") and s["submarines"]["J-Sub-1"]["hex"] == SEA  # no engagement, nothing to attack
    s = at(s, "naval", "allied", n=8)  # Step 6: the Allied ships in its hex are offered no order against it
    assert "J-Sub-1" not in str(R.prompts(s)["allied"])


@pytest.mark.rule("Submarines (H)")
def test_subs_attack_a_single_target_of_their_choice_the_most_valuable_ship_entering():
    """The choice is the Japanese Player's (test_submarine.py); his missed order and his computer's aim at the most
    valuable ship entering."""
    s = allied_moves(placed(), {"A-DD-1": {"to": SEA}, "A-CV-5": {"to": SEA}})
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng([6]))
    line = [x for x in texts(s).splitlines() if "submarines attack" in x]
    assert len(line) == 1 and "at A-CV-5" in line[0]


@pytest.mark.rule("Submarines (J)")
def test_after_eight_phases_on_station_a_sub_may_stay_and_move_off_later():
    s = at(placed(), "naval", "japanese", n=10)
    s["submarines"]["J-Sub-1"]["phases"] = 8
    s = act(s, "japanese", "move", moves={})  # stays: no order needed
    assert s["submarines"]["J-Sub-1"]["hex"] == SEA
    s = at(s, "naval", "japanese", n=10)
    s = act(s, "japanese", "move", moves={}, subs={"J-Sub-1": {"to": "0897"}})
    assert s["submarines"]["J-Sub-1"]["hex"] == "0897"


@pytest.mark.rule("Coral Sea Victory Conditions")
def test_port_moresby_is_worth_100_to_its_holder_at_the_end():
    s = deployed()
    assert ("allied", 100, "holds Port Moresby") in records.geographic(s)
    s["holder"][PM] = "japanese"
    assert ("japanese", 100, "holds Port Moresby") in records.geographic(s)


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart (B)")
def test_note_b_the_optional_burma_reinforcements_of_game_turn_10():
    s = step(at_turn(10, burma=True))
    names = sorted(u["name"] for u in s["land"].values() if u["hex"] and u["hex"].startswith("00")
                   and u["side"] == "allied" and u["name"] in ("10-15 Army", "8-15 Regiment"))
    assert "10-15 Army" in names
    s = step(at_turn(10))
    assert not any(u["name"] == "10-15 Army" for u in s["land"].values())
