"""The Air Movement and Search Step (3d): movement factors, flights kept together, searches answered at once,
strikes ending in battle hexes, and sea search (3d5)."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import (example_10, fly, lines, move, play, sea_search, shift, step, take_off)


def at_air_step(*units, tf17="P4"):
    s = example_10()
    s = play(s, "allied", take_off(*units))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17=tf17))
    return play(s, "japanese", move())


@pytest.mark.rule("3d1")
def test_a_flight_enters_no_more_hexes_than_its_movement_factor():
    s = at_air_step("us-ss")
    with pytest.raises(IllegalAction, match="at most 6") as e:
        rules.apply(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2", "M3", "M2"]), ScriptedRng())
    assert e.value.rule == "3d1"
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", fly(["us-ss"], ["O2"]), ScriptedRng())  # not next to P4: hexes are not skipped
    assert e.value.rule == "2e"


@pytest.mark.rule("3d2")
def test_combat_units_from_one_hex_fly_together_and_slower_ones_drop_off_at_their_last_hex():
    s = at_air_step("us-b8", "us-t6", "us-ss")
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", fly(["us-b8"], ["O4"]), ScriptedRng())
    assert e.value.rule == "3d2"
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2", "N1"]))  # B8 MF 4, T6 MF 3
    assert s["units"]["us-b8"]["location"]["hex"] == "N1" and s["units"]["us-t6"]["location"]["hex"] == "N2"
    assert step(s) == ("air", "allied")  # SS has still to fly


@pytest.mark.rule("3d3.1")
def test_a_flight_searches_only_hexes_it_enters_and_unannounced_hexes_tell_the_enemy_nothing():
    """A hex ticked on the form and not entered is not announced (the form offers every hex in reach before the route
    is drawn: issue 34, a ticked hex is never a refusal): N2, not entered, is not searched and nothing is told."""
    s = at_air_step("us-ss")
    before = rules.view(s, "japanese")
    short = play(s, "allied", fly(["us-ss"], ["P3", "P2"], ["N2"]))
    assert rules.view(short, "allied")["searchboard"]["contacts"] == []
    assert any("SS fly from P4: P3, P2; nothing announced." in t for t in lines(short, "allied"))
    assert rules.view(short, "japanese")["log"] == before["log"]
    s = play(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2", "M3"]))  # flies over the enemy, silent
    after = rules.view(s, "japanese")
    assert after["log"] == before["log"] and after["board"]["pieces"] == before["board"]["pieces"]
    assert rules.view(s, "allied")["searchboard"]["contacts"] == []


@pytest.mark.rule("3d3.3")
def test_a_spotting_marks_what_was_seen_then_and_a_later_answer_of_nothing_clears_the_hex():
    s = at_air_step("us-ss", "us-b8")
    s = play(s, "allied", fly(["us-ss"], ["P3", "P2", "O2", "N1", "N2", "M3"], ["N2"]))
    s["units"]["ij-junyo"]["face"] = "back"  # later damage is not shown on the marker placed before it
    contact = rules.view(s, "allied")["searchboard"]["contacts"][0]
    assert contact["ships"][0] == {"id": "ij-junyo", "name": "Junyo", "type": "CV", "face": "front", "hits": 0}
    s["task_forces"]["ij-advance-force"]["hex"] = "M2"
    s = play(s, "allied", fly(["us-b8"], ["O4", "N3", "N2"], ["N2"]))
    assert rules.view(s, "allied")["searchboard"]["contacts"] == []


@pytest.mark.rule("3d4")
def test_a_strike_ending_on_an_enemy_base_is_a_battle_and_one_ending_in_empty_sea_is_not():
    s = example_10()
    s["task_forces"]["us-tf17"]["hex"] = "L4"
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss"))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move())
    s = play(s, "japanese", move())
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["K4", "J4"]))  # Shortland
    s = play(s, "allied", fly(["us-ss"], ["L5"]))
    s = play(s, "allied", sea_search(), )
    s = play(s, "japanese", sea_search())
    battles = rules.view(s, "japanese")["battles"]
    assert [(b["hex"], [a["name"] for a in b["air"]]) for b in battles] == [("J4", ["B8", "T6"])]
    assert not any(b["hex"] == "L5" for b in battles)  # a scout is no strike (3d4: air combat units)


@pytest.mark.rule("3d5")
def test_a_sea_search_calls_only_own_hexes_and_tells_the_enemy_which_hex_was_called():
    s = at_air_step()
    assert step(s) == ("sea_search", "allied")
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", sea_search("N2"), ScriptedRng())
    assert e.value.rule == "3d5"
    s["task_forces"]["ij-vanguard-force"]["hex"] = "P4"
    s = play(s, "allied", sea_search("P4", "N6"))
    allied = lines(s, "allied")
    assert any(t.startswith("Sea search P4: a task force marker is spotted with Hiei") for t in allied)
    assert "Sea search N6: nothing (3d3.2)." in allied
    assert any("Allied sea search P4" in t for t in lines(s, "japanese"))


# --- every flight in one order (issue 34) --------------------------------------------------------------------------

def fly_all(**flights):
    """A `fly_all` order: each flight named by its first unit (us_ss for "us-ss")."""
    return {"verb": "fly_all", "args": {"flights": {k.replace("_", "-"): v for k, v in flights.items()}}}


@pytest.mark.rule("3d2")
def test_one_order_flies_every_flight_and_answers_each_announced_hex():
    """The step asks once: the scout SS and the strike (B8 and T6, one flight) in one form; SS announces N2 and
    finds Junyo's force there, the strike flies to O4 announcing nothing, and the step is over."""
    s = at_air_step("us-ss", "us-b8", "us-t6")
    (order,) = rules.prompts(s)["allied"]["actions"]
    flights = order["args"]["flights"]["fields"]
    assert order["verb"] == "fly_all" and list(flights) == ["us-ss", "us-b8"]
    assert [f["label"] for f in flights.values()] == ["Scout SS from P4 (MF 6)", "Strike B8, T6 from P4 (MF 4)"]
    s = play(s, "allied", fly_all(us_ss={"path": ["P3", "P2", "O2", "N1", "N2"], "announce": "last"},
                                  us_b8={"path": ["O4"], "announce": "none"}))
    assert step(s) == ("sea_search", "allied")
    assert [c["hex"] for c in rules.view(s, "allied")["searchboard"]["contacts"]] == ["N2"]
    assert s["units"]["us-b8"]["location"]["hex"] == s["units"]["us-t6"]["location"]["hex"] == "O4"


@pytest.mark.rule("3d3")
def test_a_flight_kept_for_later_is_asked_for_again_after_the_scouts_answers():
    s = at_air_step("us-ss", "us-b8", "us-t6")
    s = play(s, "allied", fly_all(us_ss={"path": ["P3", "P2", "O2", "N1", "N2"]}, us_b8={"later": True}))
    assert step(s) == ("air", "allied")
    assert any(t.startswith("Air search N2: a task force marker") for t in lines(s, "allied"))
    (order,) = rules.prompts(s)["allied"]["actions"]
    assert list(order["args"]["flights"]["fields"]) == ["us-b8"]
    s = play(s, "allied", fly_all(us_b8={"path": ["O4", "N3", "N2"], "announce": "last"}))
    assert step(s) == ("sea_search", "allied")


@pytest.mark.rule("3d2")
def test_the_one_order_takes_only_the_flights_offered_and_at_least_one_flying():
    s = at_air_step("us-ss", "us-b8", "us-t6")
    with pytest.raises(IllegalAction) as e:  # T6 flies with B8, in the flight B8 heads
        rules.apply(s, "allied", fly_all(us_t6={"path": ["O4"]}), ScriptedRng())
    assert e.value.rule == "3d2" and "T6" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", fly_all(us_ss={"later": True}, us_b8={"later": True}), ScriptedRng())
    assert e.value.rule == "3d"


@pytest.mark.rule("3d")
def test_a_missed_air_order_keeps_every_flight_in_its_hex_and_ends_the_step():
    s = at_air_step("us-ss", "us-b8", "us-t6")
    s = play(s, "allied", rules.decision(s).default(s, "allied"))
    assert step(s) == ("sea_search", "allied")
    assert {s["units"][u]["location"]["hex"] for u in ("us-ss", "us-b8", "us-t6")} == {"P4"}


@pytest.mark.rule("3d2")
def test_the_flights_form_draws_a_route_box_per_flight_with_its_label_tied():
    from app.games.guadalcanal import spec
    from tests.conformance.render import pages
    page = pages(spec, "1", {}, at_air_step("us-ss", "us-b8", "us-t6"), "allied")["page"]
    assert '<legend>Scout SS from P4 (MF 6)</legend>' in page
    for i, head in enumerate(("us-ss", "us-b8")):
        assert f'<label for="gc-fl-{i}-path">Route of' in page
        assert f'id="gc-fl-{i}-path" name="arg.flights.{head}.path"' in page
        assert f'data-field="arg.flights.{head}.path"' in page


# --- the sea search's standing order (issue 34, standing.py) -------------------------------------------------------

def to_sea_search(s):
    s = play(s, "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    return rules.apply(s, "japanese", move(), SeededRng(1))


@pytest.mark.rule("3d5")
def test_with_no_enemy_marker_near_the_standing_order_calls_the_bases_and_does_not_ask():
    s = example_10()
    s.pop("standing")  # a newcomer's game: the standing orders on
    s = to_sea_search(s)
    assert step(s)[0] != "sea_search"
    told = [t for t in lines(s, "allied") if t.startswith("Sea search by your standing order")]
    assert len(told) == 1 and "your bases' hexes called (" in told[0] and "is not asked" in told[0]
    assert not any(t.startswith("Sea search P4") for t in lines(s, "allied"))  # TF 17's hex is never called


@pytest.mark.rule("3d5")
def test_an_enemy_marker_next_to_a_task_force_asks_and_the_form_keeps_or_cancels_the_standing_order():
    s = example_10()
    s.pop("standing")
    s["boards"]["allied"]["contacts"] = {"1": {"marker": 1, "hex": "O4", "seen": "?", "ships": []}}
    s = to_sea_search(s)
    assert step(s) == ("sea_search", "allied")
    (order,) = rules.prompts(s)["allied"]["actions"]
    assert "Standing order" in order["args"]["standing"]["each"]["label"]
    s = rules.apply(s, "allied", {"verb": "sea_search", "args": {"hexes": [], "standing": False}}, SeededRng(1))
    assert s["standing"]["allied"]["sea_search"] is False
