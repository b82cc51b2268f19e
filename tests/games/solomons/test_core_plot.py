"""The Movement Plot and its execution (8.x, 6.37-6.39, 11.1, 13.1, 20.x): what a player may plot and what happens."""
import pytest

from app.games.solomons import rules
from app.games.solomons.sequence import current
from sol_core_helpers import american_turn1_forces, both, kind, refused, start, submit, tf_of, to_allocation, until

RUN = {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "L", "6": "K", "7": "rabaul"}


def japan_at_plot(turn=1, truk_roll=1, *specs, answers=None):
    """Japan's Movement Plot with the given task forces formed, after announcing `answers` (default: every yes the
    Truk roll allows)."""
    s = start(3) if turn == 1 else until(start(3), "cag_training", dice=[6, truk_roll], turn=turn)
    s = to_allocation(s, dice=[truk_roll] if turn > 1 else [], turn=turn, answers=answers)
    s = submit(s, "japanese", {"task_forces": list(specs)})
    s = both(s, allied=american_turn1_forces() if turn == 1 else None)
    assert kind(s) == "movement_plot"
    return s


def rabaul_force(*units, mission="bombardment"):
    return {"units": list(units) or ["jp-CA-1", "jp-DD-1"], "mission": mission}


def truk_force():
    return {"units": ["jp-CA-4", "jp-DD-3"], "mission": "anti_ship"}


@pytest.mark.rule("8.1")
def test_plot_phase_1_plots_segments_1_to_7_only():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    assert "segments 1-7" in refused(s, "japanese", {"plots": {tf: {"hexes": {"8": "K"}}}}, "8.1").message


@pytest.mark.rule("8.2")
def test_a_task_force_moves_one_hex_per_segment():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    assert "not next to" in refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "M"}}}}, "8.2").message
    ok = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L", "3": "M"}}}})
    assert ok["pending"]["japanese"]["plots"][tf]["hexes"]["3"] == "M"  # accepted; it stands as the plot


@pytest.mark.rule("8.3")
def test_movement_is_voluntary_and_an_unplotted_force_stays_in_port():
    s = japan_at_plot(1, 1, rabaul_force())
    s = submit(s, "japanese", {"plots": {}})
    s = both(s)
    s = until(s, "air", dice=[6] * 10, segment=3)
    assert tf_of(s, "jp-CA-1")["hex"] == "rabaul"


@pytest.mark.rule("8.5")
def test_task_forces_leave_their_base_only_through_its_entry_hexes():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "L"}}}}, "8.2")  # Rabaul's only entry hex is K


@pytest.mark.rule("20.3")
def test_no_japanese_unit_sorties_from_truk_on_game_turn_1():
    s = japan_at_plot(1, 1, truk_force())
    tf = tf_of(s, "jp-CA-4")["id"]
    assert "Truk" in refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "P"}}}}, "20.3").message


@pytest.mark.rule("20.1")
def test_a_truk_roll_of_1_to_4_releases_the_truk_force():
    s = japan_at_plot(2, 4, truk_force())
    assert s["truk_sortie"] == {"roll": 4, "released": True}
    tf = tf_of(s, "jp-CA-4")["id"]
    assert submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "P"}}}})["pending"]["japanese"]["plots"][tf]


@pytest.mark.rule("8.6")
def test_japan_may_not_plot_a_truk_sortie_the_roll_prohibits():
    s = japan_at_plot(2, 5, truk_force())
    assert s["truk_sortie"] == {"roll": 5, "released": False}
    tf = tf_of(s, "jp-CA-4")["id"]
    refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "P"}}}}, "8.6")


@pytest.mark.rule("20.2")
def test_the_truk_roll_does_not_hold_rabaul_forces():
    s = japan_at_plot(2, 6, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    assert submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K"}}}})["pending"]["japanese"]["plots"][tf]


@pytest.mark.rule("8.6")
def test_japan_may_not_plot_a_movement_it_did_not_disclose():
    s = japan_at_plot(1, 1, rabaul_force(), answers={"slot": True})  # no high-seas sortie from Rabaul
    tf = tf_of(s, "jp-CA-1")["id"]
    err = refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "K"}}}}, "8.6")
    assert "intentions" in err.message and "high-seas sortie from Rabaul" in err.message
    s = submit(s, "japanese", {"plots": {tf: {"hexes": RUN, "slot": True}}})  # the Slot run it announced
    assert s["pending"]["japanese"]["plots"][tf]["slot"] is True
    assert submit(s, "japanese", {"plots": {}})["pending"]["japanese"] == {"plots": {}}  # a "yes" need not be kept


@pytest.mark.rule("8.7")
def test_a_force_plotted_at_guadalcanal_is_shown_in_m_even_at_night():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": RUN, "slot": True}}})
    s = both(s)
    s = until(s, "reset", dice=[6] * 20, segment=4)  # segment 4 is a night segment
    marks = rules.view(s, "allied")["enemy"]["markers"]
    assert [m["hex"] for m in marks.values() if not m["submarine"]] == ["M"]


@pytest.mark.rule("8.9")
def test_every_unit_must_end_the_game_turn_in_a_friendly_base():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L"}}}})
    s = both(s)
    s = until(s, "movement_plot", dice=[6] * 40)
    assert current(s)["phase"] == "plot2" and tf_of(s, "jp-CA-1")["hex"] == "L"
    stays = {str(n): "L" for n in range(8, 15)}
    assert "friendly naval base" in refused(s, "japanese", {"plots": {tf_of(s, "jp-CA-1")["id"]: {"hexes": stays}}},
                                            "8.9").message


@pytest.mark.rule("8.4")
def test_a_force_that_completes_its_mission_retires_by_the_shortest_route():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L", "3": "M", "4": "M", "5": "M"}}}})
    s = both(s)
    s = until(s, "air", dice=[6] * 40, segment=5)
    force = tf_of(s, "jp-CA-1")
    assert force["mission_done"]  # bombarded in M in segment 3 (15.2)
    assert [force["plot"][str(n)] for n in (4, 5, 6)] == ["L", "K", "rabaul"]


@pytest.mark.rule("8.8")
def test_refit_delays_depend_on_the_base_and_the_ship():
    from app.games.solomons import board
    assert board.refit_delay("jp-CA-1", "truk") == 2
    assert board.refit_delay("jp-CA-1", "rabaul") == 0
    assert board.refit_delay("jp-BC-5", "rabaul") == 1
    assert board.refit_delay("us-CA-1", "australia") == 1
    assert board.refit_delay("us-BB-1", "espiritu_santo") == 1
    assert board.refit_delay("us-DD-1", "espiritu_santo") == 0


@pytest.mark.rule("8.8")
def test_a_ship_back_from_a_sortie_refits_before_it_is_ready_again():
    s = japan_at_plot(1, 1, rabaul_force())
    s = both(s)
    s = both(s)
    s = until(s, "cag_training", dice=[6] * 60, turn=2)
    us_ca = s["units"]["us-CA-1"]  # the American fleet came home from M on Game-Turn 1
    assert us_ca["status"] == "refit" and us_ca["returns"] == 3
    assert s["units"]["us-DD-1"]["status"] in ("intact", "refit")


@pytest.mark.rule("6.37")
def test_only_rabaul_forces_run_the_slot_and_straight_down_and_back():
    s = japan_at_plot(2, 1, rabaul_force(), truk_force())
    rab, truk = tf_of(s, "jp-CA-1")["id"], tf_of(s, "jp-CA-4")["id"]
    assert "Rabaul" in refused(s, "japanese", {"plots": {truk: {"hexes": {"1": "K"}, "slot": True}}}, "6.37").message
    bad = dict(RUN, **{"5": "M", "6": "L", "7": "K"})  # two segments in M
    refused(s, "japanese", {"plots": {rab: {"hexes": {"1": "K", "2": "L", "3": "L"}, "slot": True}}}, "6.37")
    refused(s, "japanese", {"plots": {rab: {"hexes": bad, "slot": True}}}, "6.37")
    ok = submit(s, "japanese", {"plots": {rab: {"hexes": RUN, "slot": True}}})
    assert ok["pending"]["japanese"]["plots"][rab]["slot"] is True


@pytest.mark.rule("11.1")
def test_carriers_battleships_and_transports_may_not_run_the_slot_but_battlecruisers_may():
    s = to_allocation(start(3))
    for uid in ("jp-BC-5", "jp-CV-1"):
        s["units"][uid]["location"] = "rabaul"  # placed there for the test
    s = submit(s, "japanese", {"task_forces": [rabaul_force("jp-BC-5", "jp-DD-1"),
                                               rabaul_force("jp-CV-1", "jp-DD-2", mission="anti_ship")]})
    s = both(s, allied=american_turn1_forces())
    bc, cv = tf_of(s, "jp-BC-5")["id"], tf_of(s, "jp-CV-1")["id"]
    refused(s, "japanese", {"plots": {cv: {"hexes": RUN, "slot": True}}}, "11.1")
    assert submit(s, "japanese", {"plots": {bc: {"hexes": RUN, "slot": True}}})["pending"]["japanese"]["plots"][bc]


@pytest.mark.rule("11.1")
def test_the_anti_slot_force_reaches_m_with_the_japanese_slot_force_by_o_and_n():
    s = to_allocation(start(3), dice=[6, 1], turn=2)
    s = submit(s, "japanese", {"task_forces": [rabaul_force()]})
    s = submit(s, "allied", {"task_forces": [{"units": ["us-DD-6"], "mission": "anti_ship"}]})
    s = submit(s, "japanese", {"plots": {tf_of(s, "jp-CA-1")["id"]: {"hexes": RUN, "slot": True}}})
    us = tf_of(s, "us-DD-6")["id"]
    s = submit(s, "allied", {"plots": {us: {"anti_slot": True}}})
    plot = s["task_forces"][us]["plot"]
    assert [plot[str(n)] for n in range(1, 8)] == ["espiritu_santo", "O", "N", "M", "N", "O", "espiritu_santo"]


@pytest.mark.rule("6.38")
def test_an_aborted_force_heads_for_the_nearest_base_by_the_shortest_route():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L", "3": "L", "4": "L", "5": "L"}}}})
    s = both(s)
    s = until(s, "reset", dice=[6] * 20, segment=2)
    s = both(s, japanese={"aborts": [tf]})
    force = s["task_forces"][tf]
    assert force["aborted"] and [force["plot"][str(n)] for n in (3, 4)] == ["K", "rabaul"]
    assert "already aborted" in refused(s if kind(s) == "reset" else until(s, "reset", dice=[6] * 20),
                                        "japanese", {"aborts": [tf]}, "6.38").message


@pytest.mark.rule("6.39")
def test_japan_may_change_bombardment_to_anti_ship_and_the_americans_may_not():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L"}}}})
    s = both(s)
    s = until(s, "reset", dice=[6] * 20, segment=1)
    us = tf_of(s, "us-CA-1")["id"]
    refused(s, "allied", {"mission_changes": {us: "bombardment"}}, "6.39")
    s = both(s, japanese={"mission_changes": {tf: "anti_ship"}})
    assert s["task_forces"][tf]["mission"] == "anti_ship"
    assert s["task_forces"][tf]["plot"]["2"] == "L"  # the change alone does not alter movement


@pytest.mark.rule("13.1")
def test_submarines_deploy_one_per_hex_in_plot_phase_1_only():
    s = until(start(3), "allocation", dice=[6, 1], turn=2)
    assert "jp-SS-1" in s["submarines"]
    s = both(s)
    refused(s, "japanese", {"plots": {}, "submarines": {"jp-SS-1": "rabaul"}}, "13.1")
    s = submit(s, "japanese", {"plots": {}, "submarines": {"jp-SS-1": "N"}})
    s = both(s)
    assert s["submarines"]["jp-SS-1"]["status"] == "deployed" and s["submarines"]["jp-SS-1"]["hex"] == "N"
    s = until(s, "movement_plot", dice=[6] * 40)
    assert current(s)["phase"] == "plot2"
    refused(s, "japanese", {"plots": {}, "submarines": {"jp-SS-1": "O"}}, "13.1")


@pytest.mark.rule("6.1")
def test_ground_points_travel_only_as_cargo():
    s = until(start(3), "allocation", dice=[6, 1], turn=2)
    waiting_ashore = s["ground"]["allied"]["espiritu_santo"] + s["units"]["us-APD-1"]["cargo"]["ground"]
    s = submit(s, "allied", {"task_forces": [{"units": ["us-APD-1"], "mission": "transport",
                                              "cargo": {"us-APD-1": {"ground": 1, "supply": 0}}}]})
    s = both(s)
    assert s["units"]["us-APD-1"]["cargo"]["ground"] == 1
    assert s["ground"]["allied"]["espiritu_santo"] == waiting_ashore - 1  # taken from the points in port


@pytest.mark.rule("6.2")
def test_air_missions_are_allocated_only_in_day_segments():
    from app.games.solomons.sequence import STEPS, is_day
    assert all(is_day(st["segment"]) for st in STEPS if st["kind"] == "air")
    assert sum(1 for st in STEPS if st["kind"] == "air") == 8


@pytest.mark.rule("6.3")
def test_ships_back_in_port_may_not_sail_again_the_same_game_turn():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "rabaul"}}}})
    s = both(s)
    s = until(s, "allocation", dice=[6] * 40)
    assert current(s)["phase"] == "plot2" and s["units"]["jp-CA-1"]["location"] == "rabaul"
    err = refused(s, "japanese", {"task_forces": [rabaul_force()]}, "5.21")
    assert "Not available" in err.message


@pytest.mark.rule("8.1")
def test_figure_1_plots_that_fit_the_map_are_accepted():
    """Figure 1 (segments 1-3): TF-1 AS Truk, Truk, F; TF-3 BM K, L, M; TF-4 AS Rabaul, Rabaul, K. (TF-2's
    Truk - G and TF-5's A - L do not fit the reconstructed map; see the report.)"""
    s = japan_at_plot(2, 1, {"units": ["jp-CA-4"], "mission": "anti_ship"},
                              rabaul_force("jp-CA-1", mission="bombardment"),
                              rabaul_force("jp-CA-2", mission="anti_ship"))
    tf1, tf3, tf4 = (tf_of(s, u)["id"] for u in ("jp-CA-4", "jp-CA-1", "jp-CA-2"))
    s = submit(s, "japanese", {"plots": {tf1: {"hexes": {"1": "truk", "2": "truk", "3": "F"}},
                                         tf3: {"hexes": {"1": "K", "2": "L", "3": "M"}},
                                         tf4: {"hexes": {"1": "rabaul", "2": "rabaul", "3": "K"}}}})
    s = both(s)
    assert [s["task_forces"][t]["plot"]["3"] for t in (tf1, tf3, tf4)] == ["F", "M", "K"]


@pytest.mark.rule("15.35")
@pytest.mark.rule("15.32")
@pytest.mark.rule("15.3")
def test_surface_action_orders_the_rules_do_not_know_are_refused_not_read_as_defaults():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    course = {"1": "K", "2": "L", "3": "M"}

    def plot(orders):
        return {"plots": {tf: {"hexes": course, "orders": orders}}}

    assert "shielding" in refused(s, "japanese", plot({"shield": "everything"}), "15.35").message
    assert "attack first" in refused(s, "japanese", plot({"target": "carriers"}), "15.32").message
    assert "keep out" in refused(s, "japanese", plot({"set_aside": ["jp-BB-1"]}), "15.32").message
    assert "Anti-Ship in M" in refused(s, "japanese", plot({"anti_ship_in_m": "yes"}), "15.3").message
    assert "no surface action order" in refused(s, "japanese", plot({"retreat": True}), "15.33").message
    good = {"shield": "max", "target": "bombardment", "set_aside": ["jp-DD-1"], "anti_ship_in_m": True}
    assert submit(s, "japanese", plot(good))["pending"]["japanese"]["plots"][tf]["orders"] == good
