"""Option 15a, variable spotting information: a spotted task force is "something"; a competitive roll (the
searcher's die with the 15a1.1 modifiers against the owner's unmodified die) decides whether the searcher learns
more: "Exceeded" (a number of ships that may be a lie), "2X" (the actual number), "3X" (exact). The rows beyond "tie
or less" are reconstructed (data/options.toml [spotting]).

Example 10's position (Oct 27 Turn 2, a day Turn): the Japanese Advance Force in N2 (open sea) is Junyo, Haruna, Kongo
and Isuzu, four ships; the scout SS flies from TF 17 (P4) over it."""
from __future__ import annotations

import re

import pytest

from app.engine.contract import UMPIRE
from app.engine.errors import IllegalAction
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
    """Printed: 15a1.2's "Tie or Less" row, the only row the rulebook's table keeps."""
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
    """A reconstructed case: 15a1.2's table is cut after "tie or less"; "Exceeded" (above the opposing number, less
    than two times) and its lie die are rebuilt from 18c1's HINT (data/options.toml [spotting] exceeded_over,
    lie_without_umpire)."""
    s = scout_search(at_air_step(), 3, 5, lie_die)  # 6 against 5: exceeded, less than two times
    c = marker(s)
    assert (c["result"], c["count"], c["side"], c["ships"]) == ("Exceeded", told, "?", [])
    assert any(f"\"Exceeded\": {told} ships, which may be a lie" in t for t in lines(s, "allied"))
    secret = [x["text"] for x in s["log"] if x["to"] == UMPIRE and "lie die" in x["text"]]
    assert secret == [f"Search lie die (18c1) for air search N2: {lie_die}; 4 ships reported as {told}."]
    assert not any("lie die" in t for role in ("allied", "japanese") for t in lines(s, role))


@pytest.mark.rule("15a1.2")
def test_two_times_gives_the_actual_number_with_the_exact_side_up():
    """A reconstructed case: 15a1.2's "2X" row is cut from the rulebook; two times is rebuilt (two_x_from); the Exact
    side for a reliable result is printed (15a4)."""
    s = scout_search(at_air_step(), 7, 5)  # 10 against 5
    c = marker(s)
    assert (c["result"], c["count"], c["side"], c["ships"], c["exact"]) == ("2X", 4, "Exact", [], False)


@pytest.mark.rule("15a1.2")
def test_three_times_gives_exact_information_as_in_the_basic_game():
    """A reconstructed case: 15a1.2's "3X" row is cut from the rulebook; three times is rebuilt (three_x_from)."""
    s = scout_search(at_air_step(), 9, 4)  # 12 against 4
    c = marker(s)
    assert c["result"] == "3X" and c["exact"] and c["side"] == "Exact"
    assert [r["name"] for r in c["ships"]] == ["Junyo", "Haruna", "Kongo", "Isuzu"]
    assert "ij-junyo" in submarine.targets(s, "allied")  # 11e2: exact information


@pytest.mark.rule("11e2")
def test_only_exact_information_opens_a_submarine_attack():
    """Printed 11e2 (exact information only), on a "2X" result, a reconstructed row of 15a1.2."""
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
    """Printed: 15a1.2's SPECIAL NOTE and its example (destroyer unit eleven: six ships front, three back)."""
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
    """15a1.2's rows beyond "tie or less" are reconstructed: the data file says so for each, and the lobby shows it."""
    s = rules.setup("1", {"variable_spotting": True}, ScriptedRng())
    shown = next(o for o in rules.view(s, "japanese")["options"] if o["id"] == "variable_spotting")
    assert shown["on"] and shown["rule"] == "15a"
    assert {r["key"] for r in shown["reconstructed"]} == {"exceeded_over", "two_x_from", "three_x_from",
                                                          "lie_without_umpire"}
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


# --- 15a1.1: spare movement factors spent circling a hex, +2 each --------------------------------------------------

EXAMPLE_PATH = ["P3", "O3", "N2"]  # TF 17's scout SS (6 movement factors) enters the Advance Force's hex after 3


def circle(path, factors, search=("N2",)):
    a = fly(["us-ss"], path, search)
    a["args"]["circle"] = factors
    return a


@pytest.mark.rule("15a1.1")
def test_the_printed_example_three_spare_factors_circle_for_plus_six():
    """15a1.1's printed example: a 6-MF scout enters a hex holding an enemy task force marker after three hexes; its
    three remaining factors become +6 to the search roll. A 1 by day is 1 + 3 + 6 = 10 against 5: "2X" (the 2X row of
    15a1.2 is reconstructed, data/options.toml [spotting]; without the +6 the 4 against 5 would be "something")."""
    s = play(at_air_step(), "allied", circle(EXAMPLE_PATH, 3), dice=(1, 5))
    assert marker(s)["result"] == "2X" and marker(s)["count"] == 4
    said = next(t for t in lines(s, "allied") if t.startswith("Air search N2"))
    assert "your 1 + 3 day + 6 circling (3 extra movement factors) = 10 against 5" in said
    assert s["units"]["us-ss"]["location"]["hex"] == "N2"  # its factors are spent there


@pytest.mark.rule("15a1.1")
def test_the_printed_example_two_factors_for_plus_four_and_one_hex_more():
    """15a1.1's printed example, its other choice: two of the three spare factors become +4, and the scout moves on
    into another hex when the search is over. A 1 by day is 1 + 3 + 4 = 8 against 4: "2X" (reconstructed row)."""
    s = play(at_air_step(), "allied", circle(EXAMPLE_PATH + ["M3"], 2), dice=(1, 4))
    assert marker(s)["result"] == "2X"
    assert any("+ 4 circling (2 extra movement factors) = 8 against 4" in t for t in lines(s, "allied"))
    assert s["units"]["us-ss"]["location"]["hex"] == "M3"


@pytest.mark.rule("15a1.1")
def test_circling_spends_only_the_movement_factors_the_route_leaves_unused():
    """Each factor spent circling is one the scout cannot fly: asked for 3 on a 4-hex route, the 6-MF scout circles
    with the 2 it has left (+4), never refused (the form offers the factors before the route is drawn, issue 34)."""
    s = play(at_air_step(), "allied", circle(EXAMPLE_PATH + ["M3"], 3), dice=(1, 4))
    assert any("+ 4 circling (2 extra movement factors) = 8 against 4" in t for t in lines(s, "allied"))


@pytest.mark.rule("15a1.1")
def test_the_flight_order_offers_the_spare_factors_only_under_option_15a():
    def args(on):
        s = at_air_step(on)
        (spec,) = [a for a in rules.decision(s).prompt(s, "allied")["actions"] if a["verb"] == "fly_all"]
        return spec["args"]["flights"]["fields"]["us-ss"]["fields"]
    circling = args(True)["circle"]["each"]
    assert (circling["type"], circling["minimum"], circling["maximum"]) == ("integer", 0, 5)
    assert "+2 each" in circling["label"] and "15a1.1" in circling["label"]
    assert "circle" not in args(False)


@pytest.mark.rule("15a1.1")
def test_circling_is_spent_where_something_is_first_spotted_and_not_in_an_empty_hex():
    """Announced hexes found empty cost nothing: the factors go to the first announced hex where something is there."""
    s = play(at_air_step(), "allied", circle(["P3", "O3", "N2"], 3, search=("P3", "N2")), dice=(1, 5))
    assert marker(s)["result"] == "2X"


@pytest.mark.rule("15a1.1")
def test_the_flight_form_on_the_page_asks_for_the_spare_factors_with_a_label_tied_to_its_box():
    from app.games.guadalcanal import spec
    from tests.conformance.render import pages
    page = pages(spec, "1", {"variable_spotting": True}, at_air_step(), "allied")["page"]
    label = re.search(r'<label for="(gc-fl-\d+-circle)">Spare movement factors to spend circling the first announced '
                      r'hex where something is there \(\+2 each to the search, 15a1\.1\)</label>', page)
    assert label and f'id="{label.group(1)}" name="arg.flights.us-ss.circle" type="number"' in page


@pytest.mark.rule("15a1.1")
def test_the_computer_scout_circles_over_a_sighting_with_the_factors_its_route_leaves():
    """Issue 35: a sighting (N2, from an earlier search this Turn) in reach of a 6-MF scout: the computer flies it
    there (3 hexes, as in 15a1.1's printed example) and spends its 3 spare factors circling the hex (+6), announcing
    it, rather than flying on past."""
    from app.engine.rng import SeededRng
    from app.games.guadalcanal.bots import BOTS
    s = at_air_step()
    found = scout_search(s, 6, 9)  # the marker N2 as a search leaves it
    view = rules.view(s, "allied")
    view["searchboard"]["contacts"] = rules.view(found, "allied")["searchboard"]["contacts"]
    order = BOTS["allied"](view, rules.prompts(s)["allied"], SeededRng(1))
    ss = order["args"]["flights"]["us-ss"]
    assert ss["path"] == EXAMPLE_PATH and ss["circle"] == 3 and ss["announce"] == "last"
    after = play(s, "allied", order, dice=(1, 5))
    assert any("+ 6 circling (3 extra movement factors) = 10 against 5" in t for t in lines(after, "allied"))
