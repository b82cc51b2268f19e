"""Option 15a, variable spotting information: a spotted task force is "something"; a competitive roll (the
searcher's die with the 15a1.1 modifiers against the owner's unmodified die) decides whether the searcher learns
more: "Exceeded" (a number of ships that may be a lie), "2X" (the actual number), "3X" (exact). The rows beyond "tie
or less" are reconstructed (data/options.toml [spotting]).

Example 10's position (Oct 27 Turn 2, a day Turn): the Japanese Advance Force in N2 (open sea) is Junyo, Haruna, Kongo
and Isuzu, four ships; the scout SS flies from TF 17 (P4) over it."""
from __future__ import annotations

import pytest

from app.engine.contract import UMPIRE
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import options, rules, search, spotting, submarine
from tests.games.guadalcanal.helpers import example_10, fly, lines, move, play, sea_search, shift, take_off

SCOUT_PATH = ["P3", "P2", "O2", "N1", "N2", "M3"]


def at_air_step(on=True, scouts=("us-ss",)):
    s = example_10()
    s["options"] = dict(s.get("options") or {}, variable_spotting=on)
    s = play(s, "allied", take_off(*scouts))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    return play(s, "japanese", move())


def scout_search(s, *dice):
    return play(s, "allied", fly(["us-ss"], SCOUT_PATH, ["N2"]), dice=dice)


def marker(s):
    (c,) = rules.view(s, "allied")["searchboard"]["contacts"]
    return c


@pytest.mark.rule("15a1.2")
def test_tie_or_less_tells_only_that_something_is_there():
    s = scout_search(at_air_step(), 6, 9)  # 6 + 3 by day = 9, a tie
    c = marker(s)
    assert c["hex"] == "N2" and c["result"] == "something" and c["ships"] == [] and c["count"] is None
    assert c["side"] == "?" and not c["exact"]
    said = next(t for t in lines(s, "allied") if t.startswith("Air search N2"))
    assert "something is there" in said and "Junyo" not in said
    assert any("they learn something is there" in t for t in lines(s, "japanese"))


@pytest.mark.rule("15a1.2")
@pytest.mark.parametrize("lie_die, told", [(2, 2), (5, 4), (9, 8)])
def test_exceeded_gives_a_number_of_ships_that_may_be_a_lie_by_a_secret_die(lie_die, told):
    s = scout_search(at_air_step(), 3, 5, lie_die)  # 6 against 5: exceeded, less than two times
    c = marker(s)
    assert (c["result"], c["count"], c["side"], c["ships"]) == ("Exceeded", told, "?", [])
    assert any(f"\"Exceeded\": {told} ships, which may be a lie" in t for t in lines(s, "allied"))
    secret = [x["text"] for x in s["log"] if x["to"] == UMPIRE and "lie die" in x["text"]]
    assert secret == [f"Search lie die (18c1) for air search N2: {lie_die}; 4 ships reported as {told}."]
    assert not any("lie die" in t for role in ("allied", "japanese") for t in lines(s, role))


@pytest.mark.rule("15a1.2")
def test_two_times_gives_the_actual_number_with_the_exact_side_up():
    s = scout_search(at_air_step(), 7, 5)  # 10 against 5
    c = marker(s)
    assert (c["result"], c["count"], c["side"], c["ships"], c["exact"]) == ("2X", 4, "Exact", [], False)


@pytest.mark.rule("15a1.2")
def test_three_times_gives_exact_information_as_in_the_basic_game():
    s = scout_search(at_air_step(), 9, 4)  # 12 against 4
    c = marker(s)
    assert c["result"] == "3X" and c["exact"] and c["side"] == "Exact"
    assert [r["name"] for r in c["ships"]] == ["Junyo", "Haruna", "Kongo", "Isuzu"]
    assert "ij-junyo" in submarine.targets(s, "allied")  # 11e2: exact information


@pytest.mark.rule("11e2")
def test_only_exact_information_opens_a_submarine_attack():
    s = scout_search(at_air_step(), 7, 5)  # 2X: the number, not the ships
    assert submarine.targets(s, "allied") == {}


@pytest.mark.rule("15a1.1")
def test_by_night_the_searcher_adds_nothing():
    s = at_air_step(scouts=())
    s["task_forces"]["ij-vanguard-force"]["hex"] = "P4"  # with TF 17, in open sea
    night = dict(s, time=dict(s["time"], turn=1))
    s_night = play(night, "allied", sea_search("P4"), dice=(5, 4, 6))  # 5 + 0 against 4: exceeded (and a lie die)
    assert marker(s_night)["result"] == "Exceeded"
    s_day = play(s, "allied", sea_search("P4"), dice=(5, 4))  # 5 + 3 against 4: two times
    assert marker(s_day)["result"] == "2X" and marker(s_day)["count"] == 9  # DD #14's symbols count


@pytest.mark.rule("15a1.1")
def test_land_and_a_base_in_the_hex_add_three_and_six():
    s = at_air_step()
    s = play(s, "allied", fly(["us-ss"], ["P3"]))
    s["task_forces"]["ij-vanguard-force"]["hex"] = "N6"  # Henderson: Guadalcanal's land and the Allied base
    s = play(s, "allied", sea_search("N6"), dice=(1, 4))  # 1 + 3 day + 3 land + 6 base = 13 against 4: 3X
    c = marker(s)
    assert c["result"] == "3X" and c["how"] == "sea search"  # 15a3: sea search uses the same procedure
    assert spotting.modifiers(s, "N6") == {"day": 3, "land or reef": 3, "base": 6}


@pytest.mark.rule("15a1.2")
def test_ships_are_counted_by_the_symbols_on_the_counters():
    s = {"units": {"ij-dd11": {"face": "front"}, "ij-hiei": {"face": "front"}}}
    assert spotting.ship_count(s, ["ij-dd11"]) == 6
    assert spotting.ship_count(s, ["ij-hiei", "ij-dd11"]) == 7
    s["units"]["ij-dd11"]["face"] = "back"
    assert spotting.ship_count(s, ["ij-dd11"]) == 3  # the SPECIAL NOTE's example


@pytest.mark.rule("3d3.2")
def test_without_the_option_a_spotting_is_exact_and_rolls_no_die():
    s = scout_search(at_air_step(on=False))
    assert marker(s)["exact"] and len(marker(s)["ships"]) == 4 and "result" not in marker(s)


@pytest.mark.rule("15a1.2")
def test_the_reconstructed_results_are_data_shown_with_their_provenance():
    s = rules.setup("1", {"variable_spotting": True}, ScriptedRng())
    shown = next(o for o in rules.view(s, "japanese")["options"] if o["id"] == "variable_spotting")
    assert shown["on"] and shown["rule"] == "15a"
    assert {r["key"] for r in shown["reconstructed"]} == {"two_x_from", "three_x_from", "lie_without_umpire"}
    assert options.provenance(options.VARIABLE_SPOTTING, "day").startswith("printed 15a1.1")


@pytest.mark.rule("15a4")
def test_a_vague_spotting_does_not_tell_the_searcher_it_is_a_task_force_already_marked_elsewhere():
    s = scout_search(at_air_step(), 9, 4)  # 3X in N2: marker 1 shows the Advance Force's ships
    s["task_forces"]["ij-advance-force"]["hex"] = "M3"  # it sails on (the searcher cannot know)
    search.answer(s, "allied", "M3", "Air search", at="test", rng=ScriptedRng([1, 9]))  # something
    board = {c["hex"]: c for c in rules.view(s, "allied")["searchboard"]["contacts"]}
    assert set(board) == {"N2", "M3"} and board["M3"]["side"] == "?"  # the N2 marker stays: nothing links them
    search.answer(s, "allied", "M3", "Air search", at="test", rng=ScriptedRng([9, 1]))  # 3X: the same ships
    assert [c["hex"] for c in rules.view(s, "allied")["searchboard"]["contacts"]] == ["M3"]


@pytest.mark.rule("15a1")
def test_something_is_said_of_the_hex_so_two_task_forces_there_are_one_marker_until_3x():
    s = at_air_step(scouts=())
    s["task_forces"]["ij-vanguard-force"]["hex"] = "P4"
    s["task_forces"]["ij-striking-force"]["hex"] = "P4"  # 9 + 5 ships
    two_x = play(s, "allied", sea_search("P4"), dice=(5, 4))  # 8 against 4
    assert [(c["result"], c["count"], c["ships"]) for c in rules.view(two_x, "allied")["searchboard"]["contacts"]] \
        == [("2X", 14, [])]
    three_x = play(s, "allied", sea_search("P4"), dice=(9, 4))  # 12 against 4: each marker with its ships
    shown = rules.view(three_x, "allied")["searchboard"]["contacts"]
    assert sorted(len(c["ships"]) for c in shown) == [4, 6] and all(c["result"] == "3X" for c in shown)
