"""Task Force Allocation (5.1-5.3), mission limits (6.31), cargo (6.34-6.36, 9.3-9.5, 25.1, 25.2)."""
import json

import pytest

from app.games.solomons import rules
from app.games.solomons.sequence import current
from sol_core_helpers import american_turn1_forces, both, kind, refused, start, submit, tf_of, to_allocation, until

RABAUL_DD = {"units": ["jp-DD-1"], "mission": "bombardment"}


def turn1_allocation():
    return to_allocation(start(3))


def turn2_allocation(truk_roll=1):
    return to_allocation(start(3), dice=[6, truk_roll], turn=2)


@pytest.mark.rule("5.11")
def test_ground_units_stay_where_they_ended_the_last_turn():
    s = turn2_allocation()
    assert s["guadalcanal"]["ground"]["allied"] == 15 and s["ground"]["allied"]["espiritu_santo"] == 3


@pytest.mark.rule("5.12")
def test_land_air_stays_at_its_base():
    s = turn2_allocation()
    assert s["air"]["japanese"]["rabaul"]["lac"] >= 13 and s["air"]["allied"]["espiritu_santo"]["lac"] >= 5


@pytest.mark.rule("5.13")
def test_carrier_air_stays_with_its_carrier():
    s = turn2_allocation()
    assert s["units"]["jp-CV-1"]["nac"] > 0 and s["units"]["jp-CV-1"]["location"] == "truk"


@pytest.mark.rule("5.14")
def test_american_ships_in_port_can_form_task_forces_at_espiritu_santo_or_australia():
    s = turn2_allocation()
    ready = [u for u, v in s["units"].items() if v["side"] == "allied" and v["status"] == "intact"
             and v["location"] in ("espiritu_santo", "australia")]
    assert "us-DD-6" in ready  # a Game-Turn 2 reinforcement at Espiritu Santo
    out = submit(s, "allied", {"task_forces": [{"units": ["us-DD-6"], "mission": "anti_ship"}]})
    assert out["pending"]["allied"] is not None


@pytest.mark.rule("5.15")
def test_japanese_ships_are_based_at_rabaul_or_truk():
    s = turn1_allocation()
    assert {s["units"][u]["location"] for u in s["units"] if u.startswith("jp-")} == {"rabaul", "truk"}


@pytest.mark.rule("5.16")
def test_no_more_than_ten_ships_may_end_the_turn_at_rabaul():
    s = turn2_allocation()
    truk_ships = [u for u, v in s["units"].items() if v["side"] == "japanese" and v["location"] == "truk"
                  and v["type"] in ("CA", "DD")][:6]
    s = submit(s, "japanese", {"task_forces": [{"units": truk_ships, "mission": "anti_ship"}]})
    s = both(s)
    assert kind(s) == "movement_plot"
    tf = tf_of(s, truk_ships[0])
    course = {"1": "K", "2": "rabaul", **{str(n): "rabaul" for n in range(3, 8)}}
    err = refused(s, "japanese", {"plots": {tf["id"]: {"hexes": course}}}, "5.16")
    assert "ten naval units" in err.message


@pytest.mark.rule("25.3")
def test_the_rabaul_limit_holds_after_the_initial_deployment_too():
    test_no_more_than_ten_ships_may_end_the_turn_at_rabaul()


@pytest.mark.rule("5.21")
def test_units_of_two_bases_may_not_form_one_task_force():
    s = turn1_allocation()
    err = refused(s, "japanese", {"task_forces": [{"units": ["jp-CA-1", "jp-CA-4"], "mission": "anti_ship"}]}, "5.21")
    assert "same base" in err.message


@pytest.mark.rule("5.22")
def test_a_task_force_may_be_as_small_or_as_large_as_desired():
    s = turn1_allocation()
    truk = [u for u, v in s["units"].items() if v["side"] == "japanese" and v["location"] == "truk"]
    s = submit(s, "japanese", {"task_forces": [RABAUL_DD, {"units": truk, "mission": "anti_ship"}]})
    s = submit(s, "allied", american_turn1_forces())
    assert len(tf_of(s, "jp-DD-1")["units"]) == 1 and len(tf_of(s, truk[0])["units"]) == len(truk)


@pytest.mark.rule("5.31")
def test_ships_at_sea_must_stay_in_task_forces_in_their_hex():
    s = turn1_allocation()
    err = refused(s, "allied", {"task_forces": []}, "5.31")
    assert "at sea" in err.message


@pytest.mark.rule("5.31")
def test_plot_phase_2_combines_task_forces_that_ended_phase_1_in_the_same_hex():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    stay = {str(n): "M" for n in range(1, 8)}
    plots = {tf_of(s, u)["id"]: {"hexes": stay} for u in ("us-CV-1", "us-CA-1")}
    s = both(s, allied={"plots": plots})
    s = until(s, "allocation", dice=[6] * 40, turn=1)
    assert current(s)["phase"] == "plot2"
    ships = [u for u in tf_of(s, "us-CA-1")["units"]] + [u for u in tf_of(s, "us-CV-1")["units"]]
    merged = submit(s, "allied", {"task_forces": [{"units": ships, "mission": "anti_ship"}]})
    assert merged["pending"]["allied"] is not None
    err = refused(s, "allied", {"task_forces": [{"units": ships + ["us-DD-6"], "mission": "anti_ship"}]})
    assert err.rule in ("5.21", "5.31")


@pytest.mark.rule("5.32")
def test_task_forces_whose_courses_coincide_remain_separate():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    same = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, u)["id"]: {"hexes": same} for u in ("us-CV-1", "us-CA-1")}})
    s = until(s, "reset", dice=[6] * 20, segment=3)
    in_m = [tf for tf in s["task_forces"].values() if tf["side"] == "allied" and tf["hex"] == "M"
            and not tf["mission_done"]]
    assert len(in_m) == 2 and tf_of(s, "us-CV-1")["id"] != tf_of(s, "us-CA-1")["id"]


@pytest.mark.rule("6.31")
def test_carriers_need_a_bombardment_or_anti_ship_mission():
    s = turn1_allocation()
    forces = american_turn1_forces()
    forces["task_forces"][0]["mission"] = "transport"
    assert "carriers" in refused(s, "allied", forces, "6.31").message


@pytest.mark.rule("6.31")
def test_transports_need_a_transport_mission():
    s = turn1_allocation()
    forces = american_turn1_forces()
    forces["task_forces"][2]["mission"] = "anti_ship"
    assert "Transport mission" in refused(s, "allied", forces, "6.31").message


@pytest.mark.rule("6.31")
def test_carriers_and_transports_never_share_a_task_force():
    s = turn1_allocation()
    forces = american_turn1_forces()
    forces["task_forces"][0]["units"] += forces["task_forces"][2]["units"]
    forces["task_forces"].pop(2)
    assert "both carriers and transports" in refused(s, "allied", forces, "6.31").message


@pytest.mark.rule("6.31")
def test_a_mission_the_force_could_never_execute_is_refused():
    s = turn1_allocation()
    err = refused(s, "japanese", {"task_forces": [{"units": ["jp-DD-1"], "mission": "transport"}]}, "6.31")
    assert "carry" in err.message


@pytest.mark.rule("9.3")
def test_a_transport_carries_no_more_than_three_points():
    s = turn1_allocation()
    forces = american_turn1_forces()
    forces["task_forces"][2]["cargo"] = {"us-TR-7": {"ground": 2, "supply": 2}}
    assert "no more than 3" in refused(s, "allied", forces, "9.3").message


@pytest.mark.rule("9.4")
def test_cargo_is_loaded_only_at_espiritu_santo_or_rabaul():
    s = turn1_allocation()
    forces = american_turn1_forces()
    forces["task_forces"][2]["cargo"] = {"us-TR-7": {"ground": 0, "supply": 3}}  # the fleet is in M
    assert "Espiritu Santo" in refused(s, "allied", forces, "9.4").message


@pytest.mark.rule("9.4")
def test_the_opponent_never_sees_the_cargo():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    japan = json.dumps(rules.view(s, "japanese"))
    assert "us-TR" not in japan and '"supply": 1' not in japan
    assert rules.view(s, "allied")["units"]["us-TR-1"]["cargo"] == {"ground": 0, "supply": 1}


@pytest.mark.rule("6.34")
@pytest.mark.rule("6.4")  # the landed Supply Points are recorded on Guadalcanal
def test_transports_land_their_cargo_after_two_consecutive_segments_in_m():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    stay = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, "us-TR-1")["id"]: {"hexes": stay}}})
    s = until(s, "air", dice=[6] * 20, segment=1)
    assert s["guadalcanal"]["supply"]["allied"] == 0  # one segment in M is not enough
    s = until(s, "air", dice=[6] * 20, segment=3)
    # landed in segment 2, section E; kept for the next Plot Phase 1 (16.11: supply status is set for the turn)
    assert s["guadalcanal"]["supply"]["allied"] == 6
    assert any("land 0 Ground and 6 Supply" in line["text"] for line in rules.view(s, "japanese")["log"])
    assert tf_of(s, "us-TR-1")["mission_done"] is True  # 8.4: now it retires


@pytest.mark.rule("9.1")
def test_a_task_force_with_transports_moves_one_hex_every_two_segments():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    tr = tf_of(s, "us-TR-1")["id"]
    path = ["N", "O"]
    err = refused(s, "allied", {"plots": {tr: {"hexes": {"1": path[0], "2": path[1]}}}}, "9.1")
    assert "every two segments" in err.message
    ok = submit(s, "allied", {"plots": {tr: {"hexes": {"1": "N", "2": "N", "3": "O"}}}})
    assert ok["pending"]["allied"]["plots"][tr]["hexes"]["3"] == "O"


@pytest.mark.rule("9.2")
def test_every_task_force_with_a_transport_has_a_transport_mission_and_its_pace():
    test_transports_need_a_transport_mission()
    test_a_task_force_with_transports_moves_one_hex_every_two_segments()


@pytest.mark.rule("6.35")
def test_one_emergency_transport_destroyer_per_plot_execution_phase():
    s = turn1_allocation()
    one = dict(RABAUL_DD, emergency_dd="jp-DD-1", emergency_cargo="supply")
    two = {"units": ["jp-DD-2"], "mission": "anti_ship", "emergency_dd": "jp-DD-2", "emergency_cargo": "ground"}
    assert refused(s, "japanese", {"task_forces": [one, two]}, "6.35")
    s = submit(s, "japanese", {"task_forces": [one]})
    s = submit(s, "allied", american_turn1_forces())
    assert s["units"]["jp-DD-1"]["cargo"] == {"ground": 0, "supply": 1}


@pytest.mark.rule("6.35")
def test_the_emergency_destroyer_runs_the_slot_and_unloads_on_reaching_m():
    s = turn1_allocation()
    s = submit(s, "japanese", {"task_forces": [dict(RABAUL_DD, emergency_dd="jp-DD-1", emergency_cargo="supply")]})
    s = submit(s, "allied", american_turn1_forces())
    tf = tf_of(s, "jp-DD-1")["id"]
    assert refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "K"}}}}, "6.35")
    run = {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "L", "6": "K", "7": "rabaul"}
    s = submit(s, "japanese", {"plots": {tf: {"hexes": run, "slot": True}}})
    s = until(s, "reset", dice=[6] * 40, segment=4)
    assert s["guadalcanal"]["supply"]["japanese"] == 1


@pytest.mark.rule("9.5")
def test_japan_makes_at_most_two_emergency_runs_a_game_turn():
    s = turn1_allocation()
    s["emergency_runs"]["turn"] = 2
    err = refused(s, "japanese", {"task_forces": [dict(RABAUL_DD, emergency_dd="jp-DD-1",
                                                       emergency_cargo="supply")]}, "9.5")
    assert "two" in err.message


@pytest.mark.rule("6.36")
def test_the_apd_arrives_loaded_at_espiritu_santo_on_game_turn_2():
    s = turn2_allocation()
    apd = s["units"]["us-APD-1"]
    assert apd["location"] == "espiritu_santo" and apd["cargo"]["ground"] + apd["cargo"]["supply"] == 1


@pytest.mark.rule("25.1")
def test_the_apd_is_not_part_of_the_initial_deployment():
    assert "us-APD-1" not in start(3)["units"]
    test_the_apd_arrives_loaded_at_espiritu_santo_on_game_turn_2()


@pytest.mark.rule("6.36")
def test_a_lost_apd_is_replaced_next_game_turn():
    from app.games.solomons.units import casualty
    s = turn2_allocation()
    casualty(s, "us-APD-1", "crippled", "test")
    assert s["units"]["us-APD-1"]["status"] == "sunk" and s["apd_replacement"] == 3
    s = until(s, "allocation", dice=[6] * 40, turn=3)
    assert s["units"]["us-APD-1"]["status"] == "intact" and s["units"]["us-APD-1"]["location"] == "espiritu_santo"


@pytest.mark.rule("25.2")
def test_supply_points_at_espiritu_santo_are_unlimited():
    s = turn2_allocation()
    s = submit(s, "allied", {"task_forces": [{"units": ["us-APD-1"], "mission": "transport",
                                              "cargo": {"us-APD-1": {"ground": 0, "supply": 1}}}]})
    assert s["pending"]["allied"]["task_forces"][0]["cargo"]["us-APD-1"]["supply"] == 1


@pytest.mark.rule("5.1")
def test_every_game_turn_begins_from_where_the_last_one_ended():
    s = turn2_allocation()
    assert not s["task_forces"]  # every force was broken up in port at the end of Game-Turn 1 (8.9)
    assert all(u["location"] in ("espiritu_santo", "australia", "rabaul", "truk", "refit", "training")
               for u in s["units"].values())


@pytest.mark.rule("5.2")
def test_task_forces_are_formed_from_the_ships_on_the_composition_chart_and_get_a_marker_number():
    s = turn1_allocation()
    s = submit(s, "japanese", {"task_forces": [RABAUL_DD, {"units": ["jp-CA-1"], "mission": "anti_ship"}]})
    s = submit(s, "allied", american_turn1_forces())
    numbers = sorted(tf["number"] for tf in s["task_forces"].values() if tf["side"] == "japanese")
    assert numbers == [1, 2] and rules.view(s, "japanese")["task_forces"][tf_of(s, "jp-DD-1")["id"]]["units"] == ["jp-DD-1"]


@pytest.mark.rule("5.3")
def test_composition_is_fixed_during_plot_execution_phase_1():
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    s = both(s)
    s = until(s, "reset", dice=[6] * 20, segment=1)
    assert "allocation" != kind(s) and current(s)["phase"] == "exec1"
    assert not any(st for st in rules.prompts(s).values() if st["info"]["kind"] == "allocation")


@pytest.mark.rule("5.31")
@pytest.mark.rule("5.2")
def test_a_task_force_keeps_its_number_for_as_long_as_it_exists():
    """Issue 11, item 5: the same ships are the same force, with the same number, from allocation to plot and into
    Plot Phase 2; a new force takes the number it was formed under if free, else the lowest free one."""
    s = turn1_allocation()
    s = both(s, allied=american_turn1_forces())
    numbers = {u: tf_of(s, u)["number"] for u in ("us-CV-1", "us-CA-1", "us-TR-1")}
    assert numbers == {"us-CV-1": 1, "us-CA-1": 2, "us-TR-1": 3}  # in the order formed, from 1
    stay = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, u)["id"]: {"hexes": stay} for u in numbers}})
    s = to_allocation(s, dice=[6] * 40, turn=1)
    assert current(s)["phase"] == "plot2"
    assert {u: tf_of(s, u)["number"] for u in numbers} == numbers  # the plot did not renumber them
    cruisers = tf_of(s, "us-CA-1")["units"]
    split = [{"units": [u for u in cruisers if u.startswith("us-CA")], "mission": "anti_ship", "number": 2},
             {"units": [u for u in cruisers if u.startswith("us-DD")], "mission": "anti_ship", "number": 1}]
    others = [spec for spec in rules.default_action(s, "allied")["args"]["task_forces"]
              if not set(spec["units"]) & set(cruisers)]
    assert [spec["number"] for spec in others] == [1]  # the carriers, still at sea in M
    s = both(s, allied={"task_forces": others + split})
    after = {u: tf_of(s, u)["number"] for u in ("us-CV-1", "us-CA-1", "us-DD-3")}
    assert after == {"us-CV-1": 1, "us-CA-1": 2, "us-DD-3": 3}  # TF 1 is taken: the lowest free
    labels = [line["text"] for line in rules.view(s, "allied")["log"]]
    assert not any("TF 5" in t or "TF 6" in t for t in labels)
