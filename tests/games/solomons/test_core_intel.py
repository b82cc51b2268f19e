"""Intelligence (18, 19, 25.4, 6.22): the Japanese Intentions, and what each side is shown of the other."""
import json

import pytest

from app.games.solomons import board, intel, rules
from app.games.solomons.units import tf_counts
from sol_core_helpers import both, refused, start, submit, tf_of, to_allocation, until
from test_core_plot import RUN, japan_at_plot, rabaul_force


def announced(answers, turn=1, truk_roll=1):
    """Japan announces `answers` in American Intelligence; returns the state at Task Force Allocation."""
    s = start(3) if turn == 1 else until(start(3), "cag_training", dice=[6, truk_roll], turn=turn)
    return to_allocation(s, dice=[truk_roll] if turn > 1 else [], turn=turn, answers=answers)


@pytest.mark.rule("18.1")
def test_the_slot_answers_are_told_to_the_americans_as_japan_gives_them():
    s = announced({"slot": True})
    answers = rules.view(s, "allied")["intentions"]["answers"]
    assert answers["slot"] is True and answers["slot_capital"] is False and answers["high_seas"] is False
    told = [line["text"] for line in rules.view(s, "allied")["log"] if "Japanese Intentions" in line["text"]]
    assert told and "down the Slot: yes (with capital ships: no)" in told[-1]
    assert "jp-CA-1" not in json.dumps(rules.view(s, "allied"))
    assert "“Does the Slot force include capital ships?” can be yes only if" in refused(
        until(start(3), "intelligence"), "japanese", {"answers": {"slot_capital": True}}, "18.1").message


@pytest.mark.rule("18.2")
def test_the_truk_answers_say_sortie_capital_ships_and_transports_and_keep_to_the_roll():
    a = announced({"truk_sortie": True, "truk_capital": True}, turn=2, truk_roll=1)["intentions"]["answers"]
    assert a["truk_sortie"] and a["truk_capital"] and not a["truk_transports"] and a["high_seas"]
    held = until(until(start(3), "cag_training", dice=[6, 5], turn=2), "intelligence", dice=[5], turn=2)
    assert held["truk_sortie"] == {"roll": 5, "released": False}
    assert "Truk" in refused(held, "japanese", {"answers": {"truk_sortie": True}}, "8.6").message


@pytest.mark.rule("18.3")
def test_the_transport_answers_say_from_where():
    a = announced({"rabaul_sortie": True, "rabaul_transports": True})["intentions"]["answers"]
    assert a["transports"] is True and a["transports_from"] == ["rabaul"]


@pytest.mark.rule("18.4")
def test_japan_says_which_sorties_include_capital_ships():
    a = announced({"slot": True, "truk_sortie": True, "truk_capital": True}, turn=2)["intentions"]["answers"]
    assert a["capital_sorties"] == ["truk"]


@pytest.mark.rule("8.6")
@pytest.mark.rule("18.4")
def test_a_capital_ship_in_a_sortie_announced_without_them_is_refused():
    s = japan_at_plot(2, 1, {"units": ["jp-BC-5", "jp-CA-4"], "mission": "bombardment"},
                      answers={"truk_sortie": True})
    tf = tf_of(s, "jp-BC-5")["id"]
    err = refused(s, "japanese", {"plots": {tf: {"hexes": {"1": "P"}}}}, "8.6")
    assert "Does the Truk sortie use capital ships?" in err.message


@pytest.mark.rule("18.5")
def test_by_day_japan_shows_units_capital_ships_and_transports_not_types():
    units = [f"jp-DD-{i}" for i in range(3, 9)] + ["jp-CA-4", "jp-CA-5", "jp-CA-6", "jp-BC-5", "jp-BC-6", "jp-BC-7",
                                                  "jp-CV-1", "jp-CV-2", "jp-CV-5"]
    assert tf_counts({}, {"units": units}) == {"units": 15, "capital": 6, "transports": 0}  # the example of 18.5
    s = japan_at_plot(1, 1, rabaul_force())
    s = submit(s, "japanese", {"plots": {tf_of(s, "jp-CA-1")["id"]: {"hexes": {"1": "K"}}}})
    s = until(s, "air", dice=[6] * 10, segment=1)
    marks = rules.view(s, "allied")["enemy"]["markers"]
    assert list(marks.values()) == [{"hex": "K", "segment": 1, "turn": 1, "submarine": False, "units": 2,
                                     "capital": 0, "transports": 0}]


@pytest.mark.rule("18.6")
def test_at_night_only_forces_in_m_are_shown_and_only_that_they_are_there():
    s = japan_at_plot(1, 1, rabaul_force(), rabaul_force("jp-CA-2", "jp-DD-2"))
    s = submit(s, "japanese", {"plots": {tf_of(s, "jp-CA-1")["id"]: {"hexes": RUN, "slot": True},
                                         tf_of(s, "jp-CA-2")["id"]: {"hexes": {"1": "K", "2": "L", "3": "L", "4": "L"}}}})
    s = both(s)
    s = until(s, "reset", dice=[6] * 20, segment=4)
    marks = list(rules.view(s, "allied")["enemy"]["markers"].values())
    assert len(marks) == 1 and marks[0]["hex"] == "M" and marks[0]["units"] is None


@pytest.mark.rule("19.1")
def test_american_forces_in_the_reconnaissance_zone_are_shown_by_day():
    s = japan_at_plot(1, 1)
    s = submit(s, "japanese", {"plots": {}})
    stay = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, "us-CV-1")["id"]: {"hexes": stay}, tf_of(s, "us-CA-1")["id"]:
                                  {"hexes": {"1": "R"}}, tf_of(s, "us-TR-1")["id"]: {"hexes": {"1": "R"}}}})
    s = until(s, "air", dice=[6] * 10, segment=1)
    assert sorted(tf["hex"] for tf in s["task_forces"].values() if tf["side"] == "allied") == ["M", "R", "R"]
    seen = rules.view(s, "japanese")["enemy"]["markers"]
    assert [(m["hex"], m["units"], m["capital"]) for m in seen.values()] == [("M", 6, 4)]  # R is outside the zone
    assert all(mid.startswith("tf-?") for mid in seen)


def two_forces(s, us_hex, jp_hex):
    """One American and one Japanese force at sea in the given hexes (placed for the test)."""
    s["task_forces"] = {
        "allied-tf-9": {"id": "allied-tf-9", "side": "allied", "number": 9, "units": ["us-CA-1"], "hex": us_hex,
                        "marker": {"allied": None, "japanese": None}},
        "japanese-tf-9": {"id": "japanese-tf-9", "side": "japanese", "number": 9, "units": ["jp-CA-1"],
                          "hex": jp_hex, "marker": {"allied": None, "japanese": None}},
    }
    return s


@pytest.mark.rule("19.2")
def test_an_american_force_next_to_a_japanese_force_is_shown_by_day():
    s = two_forces(start(3), "S", "R")  # S is outside the zone, R next to it
    intel.clear(s)
    intel.reveal(s, "allied", 1, True)
    assert [m["hex"] for m in s["markers"]["japanese"].values()] == ["S"]
    s = two_forces(start(3), "S", "P")
    intel.clear(s)
    intel.reveal(s, "allied", 1, True)
    assert s["markers"]["japanese"] == {}


@pytest.mark.rule("19.3")
def test_at_night_american_forces_are_shown_only_in_m():
    for where, shown in (("M", 1), ("L", 0)):
        s = two_forces(start(3), where, "L")
        intel.clear(s)
        intel.reveal(s, "allied", 2, False)
        assert len(s["markers"]["japanese"]) == shown


@pytest.mark.rule("25.4")
def test_hex_h_joins_the_reconnaissance_zone_on_game_turn_10():
    assert "H" not in board.recon_zone(9) and {"C", "N", "R", "H"} <= board.recon_zone(10)


@pytest.mark.rule("6.22")
def test_the_enemy_sees_cap_only_as_face_down_counters_blanks_included():
    s = japan_at_plot(1, 1)
    s = submit(s, "japanese", {"plots": {}})
    stay = {str(n): "M" for n in range(1, 8)}
    s = both(s, allied={"plots": {tf_of(s, "us-CV-1")["id"]: {"hexes": stay}}})
    s = until(s, "air", dice=[6] * 10, segment=1)
    cv = tf_of(s, "us-CV-1")["id"]
    s = submit(s, "allied", {"missions": [{"source": cv, "kind": "nac", "points": 5, "mission": "cap_point",
                                           "target": cv, "counters": 4}]})
    s = both(s, dice=[6] * 10)
    cap = rules.view(s, "japanese")["enemy"]["cap"]
    assert cap == [{"hex": "M", "group": s["task_forces"][cv]["marker"]["japanese"], "counters": 4}]
    assert '"points": 5' not in json.dumps(rules.view(s, "japanese"))


@pytest.mark.rule("11.1")
def test_the_anti_slot_course_does_not_tell_the_americans_when_the_slot_force_will_arrive():
    views = []
    for late in (False, True):
        s = to_allocation(start(3), dice=[6, 1], turn=2)
        s = submit(s, "japanese", {"task_forces": [rabaul_force()]})
        s = submit(s, "allied", {"task_forces": [{"units": ["us-DD-6"], "mission": "anti_ship"}]})
        run = dict(RUN) if not late else {"1": "rabaul", "2": "rabaul", "3": "rabaul", "4": "K", "5": "L", "6": "M",
                                          "7": "L"}
        s = submit(s, "japanese", {"plots": {tf_of(s, "jp-CA-1")["id"]: {"hexes": run, "slot": True}}})
        s = submit(s, "allied", {"plots": {tf_of(s, "us-DD-6")["id"]: {"anti_slot": True}}})
        views.append(json.dumps(rules.view(s, "allied")["task_forces"], sort_keys=True))
    assert views[0] == views[1]


@pytest.mark.rule("15.31")
def test_a_revealed_ship_is_named_once_with_its_type():
    """Issue 11, item 13: "APD APD Colhoun": the view gives the type and the name without the type repeated."""
    s = start(3)
    s["combat_reveals"]["allied"] = [{"segment": 1, "marker": "tf-?1", "rule": "15.31",
                                      "ships": [{"type": "CA", "name": "CA Chokai/Aoba"},
                                                {"type": "DD", "name": "Mutsuki group"}]}]
    ships = rules.view(s, "allied")["enemy"]["revealed_ships"][0]["ships"]
    assert ships == [{"type": "CA", "name": "Chokai/Aoba"}, {"type": "DD", "name": "Mutsuki group"}]
    assert s["combat_reveals"]["allied"][0]["ships"][0]["name"] == "CA Chokai/Aoba"  # the state is unchanged
