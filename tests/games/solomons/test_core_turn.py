"""Start and end of a Game-Turn (10.5, 20, 21, 6.21, 8.8), air orders (6.26, 10.x, 17.x), possession (7), victory (22)."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons import board, rules, turn, victory
from app.games.solomons.units import casualty
from sol_core_helpers import american_turn1_forces, both, kind, refused, start, submit, tf_of, to_allocation, until
from test_core_plot import japan_at_plot


@pytest.mark.rule("10.5")
def test_henderson_field_is_complete_on_a_roll_of_1_or_2():
    assert start(2)["guadalcanal"]["henderson"]["complete"] is True
    s = start(3)
    assert s["guadalcanal"]["henderson"]["complete"] is False
    s = until(s, "cag_training", dice=[1], turn=2)  # rolled again at the start of the next Game-Turn
    assert s["henderson_roll"] == 1 and s["guadalcanal"]["henderson"]["complete"] is True
    s = until(s, "cag_training", dice=[6], turn=3)
    assert s["henderson_roll"] is None  # a complete field is not rolled for


@pytest.mark.rule("10.5")
def test_shortlands_opens_on_game_turn_10():
    s = start(3)
    assert "shortlands" not in s["air"]["japanese"]
    s = until(s, "cag_training", dice=[6] * 60, turn=10)
    assert board.air_capacity("shortlands", 10) == 10 and "shortlands" in s["air"]["japanese"]


@pytest.mark.rule("7")
def test_the_americans_hold_henderson_field_while_any_american_ground_point_remains():
    s = start(2)
    s["guadalcanal"]["ground"] = {"allied": 1, "japanese": 9}
    turn.possession(s)
    assert s["guadalcanal"]["henderson"] == {"complete": True, "side": "allied"}
    s["guadalcanal"]["ground"]["allied"] = 0
    turn.possession(s)
    assert s["guadalcanal"]["henderson"] == {"complete": False, "side": "japanese"}  # destroyed by the change


@pytest.mark.rule("20.1")
def test_the_truk_roll_is_announced_to_both_sides():
    s = until(start(3), "allocation", dice=[6, 5], turn=2)
    for side in ("allied", "japanese"):
        assert rules.view(s, side)["truk_sortie"] == {"roll": 5, "released": False}


@pytest.mark.rule("21.1")
def test_reinforcements_arrive_at_their_bases():
    s = until(start(3), "cag_training", dice=[6], turn=2)
    assert s["units"]["us-DD-6"]["location"] == "espiritu_santo"
    assert s["units"]["jp-CV-5"]["location"] == "truk" and "jp-SS-1" in s["submarines"]
    assert s["ground"]["japanese"]["rabaul"] == 5  # 2 at the start and 3 arriving


@pytest.mark.rule("21.2")
def test_a_carrier_arrives_with_its_full_trained_air_group():
    s = until(start(3), "cag_training", dice=[6], turn=2)
    assert s["units"]["jp-CV-5"]["nac"] == board.strength("jp-CV-5")["capacity"]


@pytest.mark.rule("21.3")
def test_air_that_would_overfill_rabaul_goes_to_another_front():
    s = start(3)
    s["air"]["japanese"]["rabaul"]["lac"] = 19
    turn.arrive(s, "japanese", "rabaul", {"lac": 3}, {})
    assert s["air"]["japanese"]["rabaul"]["lac"] == 20
    assert "another theater" in s["log"][-1]["text"] and s["log"][-1]["to"] == "japanese"


@pytest.mark.rule("10.7")
def test_rabaul_holds_at_most_20_air_points():
    test_air_that_would_overfill_rabaul_goes_to_another_front()


@pytest.mark.rule("21.4")
def test_nac_arriving_without_a_carrier_is_untrained():
    s = until(start(3), "cag_training", dice=[6, 1, 6], turn=3)
    assert s["air"]["japanese"]["truk"]["untrained"] >= 2


@pytest.mark.rule("21.5")
def test_reinforcements_can_sail_the_turn_they_arrive():
    s = until(start(3), "allocation", dice=[6, 1], turn=2)
    s = submit(s, "allied", {"task_forces": [{"units": ["us-DD-6"], "mission": "anti_ship"}]})
    assert s["pending"]["allied"]["task_forces"][0]["units"] == ["us-DD-6"]


@pytest.mark.rule("21.6")
def test_units_back_from_refit_reappear_at_their_base():
    s = until(start(3), "cag_training", dice=[6] * 10, turn=3)
    ca = s["units"]["us-CA-1"]  # home to Australia on Game-Turn 1, one turn of refit (8.8)
    assert ca["status"] == "intact" and ca["location"] == "australia"


@pytest.mark.rule("21.7")
def test_repaired_cripples_return_at_truk_or_australia():
    s = until(start(3), "allocation")
    casualty(s, "jp-CA-1", "crippled", "test")
    assert s["units"]["jp-CA-1"]["status"] == "crippled"
    s = until(s, "cag_training", dice=[2] + [6] * 10, turn=2)  # the repair die at the end of the turn: 2 -> 4
    ca = s["units"]["jp-CA-1"]
    assert ca["returns"] == 1 + 1 + 4 + 2 and ca["return_base"] == "truk"
    s = until(s, "cag_training", dice=[6] * 80, turn=8)
    assert s["units"]["jp-CA-1"]["status"] == "intact" and s["units"]["jp-CA-1"]["location"] == "truk"


@pytest.mark.rule("21.8")
def test_the_turn_record_advances_one_game_turn_at_a_time():
    s = until(start(3), "cag_training", dice=[6] * 10, turn=2)
    assert s["turn"] == 2 and any(line["text"] == "Game-Turn 2 begins." for line in s["log"])


@pytest.mark.rule("21.9")
def test_the_yamato_option_adds_her_at_truk():
    assert start(3, yamato=True)["units"]["jp-BB-1"]["location"] == "truk"
    assert "jp-BB-1" not in start(3)["units"]


@pytest.mark.rule("6.21")
def test_japanese_carrier_air_groups_train_for_two_turns_american_for_one():
    s = start(3)
    carriers, untrained = turn.trainable(s, "japanese")
    assert untrained == 1
    cv = next(c for c in carriers)
    s = submit(s, "japanese", {"carriers": [{"unit": cv, "nac": 1}]})
    before = s["units"][cv]["nac"] if "nac" in s["units"][cv] else 0
    s = both(s)
    assert s["units"][cv]["location"] == "training" and s["units"][cv]["training"]["returns"] == 3
    assert turn.TRAINING_TURNS == {"japanese": 2, "allied": 1}
    s = until(s, "cag_training", dice=[6] * 20, turn=3)
    assert s["units"][cv]["location"] == "truk" and s["units"][cv]["nac"] == before + 1


@pytest.mark.rule("10.4")
def test_a_carrier_under_repair_or_refit_may_not_train():
    s = start(3)
    carriers, _ = turn.trainable(s, "japanese")
    s["units"][carriers[0]]["status"] = "refit"
    refused(s, "japanese", {"carriers": [{"unit": carriers[0], "nac": 1}]}, "10.4")


@pytest.mark.rule("17.1")
def test_a_carrier_never_holds_more_nac_than_its_capacity():
    s = start(3)
    carriers, _ = turn.trainable(s, "japanese")
    s["air"]["japanese"]["truk"]["untrained"] = 40
    room = board.strength(carriers[0])["capacity"] - s["units"][carriers[0]]["nac"]
    refused(s, "japanese", {"carriers": [{"unit": carriers[0], "nac": room + 1}]}, "17.1")


def at_segment_1_air(dice_first=3):
    s = japan_at_plot(1, 1)
    s = submit(s, "japanese", {"plots": {}})
    stay = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, "us-CV-1")["id"]: {"hexes": stay}}})
    return until(s, "air", dice=[6] * 10, segment=1)


@pytest.mark.rule("10.1")
def test_air_attacks_reach_only_their_radius_and_rabaul_lac_reach_guadalcanal_at_three():
    s = at_segment_1_air()
    target = next(iter(rules.view(s, "japanese")["enemy"]["markers"]))
    ok = submit(s, "japanese", {"missions": [{"source": "rabaul", "kind": "lac", "points": 5, "mission": "attack",
                                              "target": target}]})
    assert ok["pending"]["japanese"] is not None or kind(ok) != "air"
    us_target_less = refused(s, "allied", {"missions": [{"source": "espiritu_santo", "kind": "lac", "points": 2,
                                                          "mission": "attack", "target": "tf-?1"}]}, "14.11")
    assert "marker" in us_target_less.message


@pytest.mark.rule("10.6")
def test_only_air_at_bases_that_reach_the_map_flies_missions():
    s = at_segment_1_air()
    refused(s, "allied", {"missions": [{"source": "australia", "kind": "nac", "points": 1, "mission": "cap_area",
                                        "counters": 1}]}, "10.6")


@pytest.mark.rule("10.3")
def test_henderson_air_needs_supply_to_attack():
    s = at_segment_1_air()
    s["guadalcanal"]["henderson"]["complete"] = True
    s["air"]["allied"]["henderson"]["lac"] = 12
    s["guadalcanal"]["supply"]["allied"] = 1
    s["markers"]["allied"]["tf-?9"] = {"hex": "M", "segment": 1, "turn": 1, "submarine": False, "units": 1,
                                       "capital": 0, "transports": 0}
    err = refused(s, "allied", {"missions": [{"source": "henderson", "kind": "lac", "points": 12,
                                              "mission": "attack", "target": "tf-?9"}]}, "16.22")
    assert "ten Air Points" in err.message


@pytest.mark.rule("6.26")
def test_lac_never_transfer_to_a_carrier_and_transfers_use_unspent_air():
    s = at_segment_1_air()
    s = both(s, dice=[6] * 20)
    s = until(s, "reset", dice=[6] * 20, segment=1)
    cv = tf_of(s, "us-CV-1")["id"]
    refused(s, "allied", {"transfers": [{"from": "espiritu_santo", "to": cv, "kind": "lac", "points": 1}]}, "14.65")
    s = both(s, allied={"transfers": [{"from": "espiritu_santo", "to": "australia", "kind": "lac", "points": 2}]})
    assert s["air"]["allied"]["australia"]["lac"] == 2 and s["air"]["allied"]["australia"]["transferred"] == 2
    s = until(s, "reset", dice=[6] * 20, segment=2)  # night: no transfers
    refused(s, "allied", {"transfers": [{"from": "espiritu_santo", "to": "australia", "kind": "lac", "points": 1}]},
            "6.26")


@pytest.mark.rule("17.2")
def test_an_airbase_takes_no_more_than_its_capacity():
    s = until(start(3), "reset", dice=[6] * 200, turn=10, segment=1)
    s["air"]["japanese"]["rabaul"]["lac"] = 20
    err = refused(s, "japanese", {"transfers": [{"from": "rabaul", "to": "shortlands", "kind": "lac",
                                                 "points": 11}]}, "17.1")
    assert "room for only 10" in err.message


@pytest.mark.rule("17.3")
def test_there_is_no_limit_to_ground_points_in_a_hex():
    s = start(3)
    s["guadalcanal"]["ground"]["allied"] = 60
    turn.possession(s)
    assert s["guadalcanal"]["ground"]["allied"] == 60


@pytest.mark.rule("17.4")
def test_any_number_of_task_forces_share_a_hex():
    s = to_allocation(start(3))
    forces = american_turn1_forces()
    split = [{"units": [u], "mission": "anti_ship"} for u in forces["task_forces"][1]["units"]]
    s = submit(s, "allied", {"task_forces": [forces["task_forces"][0], forces["task_forces"][2], *split]})
    assert len(s["pending"]["allied"]["task_forces"]) == 12


@pytest.mark.rule("17.5")
def test_truk_espiritu_santo_and_australia_hold_any_number_of_ships():
    s = until(start(3), "cag_training", dice=[6] * 10, turn=3)
    assert sum(1 for u in s["units"].values() if u["location"] == "australia") >= 10


@pytest.mark.rule("17.51")
def test_carriers_come_home_to_truk_or_australia():
    s = japan_at_plot(1, 1)
    s = submit(s, "japanese", {"plots": {}})
    cv = tf_of(s, "us-CV-1")["id"]
    err = refused(s, "allied", {"plots": {cv: {"hexes": {"1": "N", "2": "O", "3": "espiritu_santo"}}}}, "8.8")
    assert "Australia" in err.message


@pytest.mark.rule("22")
@pytest.mark.parametrize("japanese,american,winner,level", [
    (0, 0, "allied", "american_victory"), (10, 10, "allied", "american_victory"),
    (5, 4, None, "draw"), (15, 10, None, "draw"), (16, 10, "japanese", "marginal_japanese_victory"),
    (20, 10, "japanese", "substantive_japanese_victory"), (30, 10, "japanese", "decisive_japanese_victory"),
    (1, 0, "japanese", "decisive_japanese_victory")])
def test_the_victory_ratio_gap_between_1_and_1_5_is_a_draw(japanese, american, winner, level):
    assert victory.result(japanese, american) == (winner, level)


@pytest.mark.rule("22")
def test_victory_points_count_what_the_enemy_destroyed():
    s = start(3)
    aboard = s["units"]["jp-CV-1"]["nac"]
    casualty(s, "jp-CV-1", "sunk", "test")  # the carrier and the NAC aboard (14.43)
    s["losses"]["allied"]["lac"] = 4
    assert victory.score(s) == {"allied": board.vp_value("jp-CV-1") + aboard * board.vp_value("nac"), "japanese": 4}


@pytest.mark.rule("25.6")
def test_a_crippled_transport_loses_its_cargo_and_a_crippled_carrier_its_aircraft_unless_a_submarine_did_it():
    s = start(3)
    casualty(s, "us-TR-1", "crippled", "air attack")
    assert s["units"]["us-TR-1"]["cargo"] == {"ground": 0, "supply": 0} and s["losses"]["allied"]["supply"] == 1
    aboard = s["units"]["us-CV-1"]["nac"]
    casualty(s, "us-CV-2", "crippled", "submarine")
    casualty(s, "us-CV-1", "crippled", "air attack")
    assert s["units"]["us-CV-2"]["nac"] > 0 and s["units"]["us-CV-1"]["nac"] == 0
    assert s["losses"]["allied"]["nac"] == aboard


@pytest.mark.rule("10.5")
def test_japan_builds_its_own_field_after_taking_the_island_before_completion():
    s = start(3)
    s["guadalcanal"]["ground"] = {"allied": 0, "japanese": 5}
    s["guadalcanal"]["henderson"] = {"complete": False, "side": "japanese"}
    turn.henderson_roll(s, ScriptedRng([2]))
    assert s["guadalcanal"]["henderson"] == {"complete": True, "side": "japanese"}
    assert "henderson" in s["air"]["japanese"]
    assert "The Japanese roll 2" in s["log"][-1]["text"] and s["log"][-1]["to"] == "public"


@pytest.mark.rule("13.4")
def test_a_submarine_deployed_four_turns_goes_for_two_turns_of_refit():
    s = start(3)
    s["submarines"]["jp-SS-1"] = {"id": "jp-SS-1", "status": "deployed", "hex": "N", "deployed_turns": 3,
                                  "returns": None, "marker": {"allied": None, "japanese": None}}
    s["task_forces"] = {}
    turn.end_of_turn(s, ScriptedRng())
    sub = s["submarines"]["jp-SS-1"]
    assert sub["status"] == "refit" and sub["hex"] is None and sub["returns"] == 4
    s["turn"] = 3
    turn.end_of_turn(s, ScriptedRng())
    assert s["submarines"]["jp-SS-1"]["status"] == "available"


@pytest.mark.rule("6.21")
def test_one_untrained_point_is_one_point_in_the_refusal():
    """Issue 11, item 13: "1 untrained NAC points"."""
    s = start(3)
    s["air"]["japanese"]["truk"]["untrained"] = 1
    s["units"]["jp-CV-1"]["nac"] = 0
    err = refused(s, "japanese", {"carriers": [{"unit": "jp-CV-1", "nac": 2}]}, "6.21")
    assert "Only 1 untrained NAC point waits at Truk" in err.message
