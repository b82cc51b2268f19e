"""The sequence of play (2b, 3, 6) and set-up (7a2): who decides when, night Turns, take-off limits, sea movement."""
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, sequence, timetrack
from tests.games.guadalcanal.helpers import (ALLIED_DEPLOY, JAPANESE_DEPLOY, deployed, example_10, lines, move,
                                             new_game, play, shift, step, take_off)


@pytest.mark.rule("7a2.1")
def test_scenario_one_starts_on_october_27_turn_1_with_both_sides_placing_in_secret():
    s = new_game()
    v = rules.view(s, "spectator")
    assert v["time"]["label"] == "OCT 27, Turn 1" and v["time"]["turns"] == 5
    assert set(rules.prompts(s)) == {"allied", "japanese"}  # 7a2.2: both set up at once, in secret
    assert {b["name"]: b["hex"] for b in v["bases"]} == {"Henderson": "N6", "Rabaul": "F1", "Buka": "I3",
                                                         "Shortland": "J4"}


@pytest.mark.rule("7a2.2")
def test_task_forces_set_up_only_in_their_area_and_the_enemy_never_learns_the_hexes():
    s = new_game()
    bad = {"verb": "deploy", "args": {"hexes": {"us-tf16": "N6", "us-tf17": "Q7"}, "ready": [], "bases": {}}}
    with pytest.raises(IllegalAction, match="area III") as e:
        rules.apply(s, "allied", bad, ScriptedRng())
    assert e.value.rule == "7a2.2"
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng())
    assert list(rules.prompts(s)) == ["japanese"]
    japan = rules.view(s, "japanese")
    shown = str([japan["board"]["pieces"], japan["log"], japan["cards"], japan["searchboard"]])
    assert "R7" not in shown and "Q7" not in shown
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng([6, 4]))
    assert s["task_forces"]["us-tf16"]["hex"] == "R7"
    assert "N2" not in str(rules.view(s, "allied")["searchboard"])


@pytest.mark.rule("7a2.2")
def test_units_listed_back_start_flipped():
    s = new_game()
    assert {u for u, r in s["units"].items() if r["face"] == "back"} == {"us-sb141", "us-s71", "us-b6", "us-t8",
                                                                           "ij-dd13"}


@pytest.mark.rule("3")
def test_the_competitive_roll_is_rolled_again_on_a_tie_and_side_b_acts_first():
    s = deployed(dice=(5, 5, 3, 8))
    assert s["sides"]["A"] == "japanese" and s["sides"]["B"] == "allied"
    assert any("a tie, roll again" in t for t in lines(s, "spectator"))
    assert list(rules.prompts(s)) == ["allied"]
    with pytest.raises(IllegalAction, match="not your decision"):
        rules.apply(s, "japanese", shift(), ScriptedRng())


@pytest.mark.rule("3a1")
def test_no_air_unit_takes_off_on_a_night_turn():
    s = deployed(dice=(8, 3))  # Oct 27 Turn 1 is a night Turn
    assert timetrack.is_night(s)
    assert step(s) == ("ready", "japanese")  # the Assembly Step is passed over for both sides
    s["step"] = {"kind": "assembly", "side": "japanese", "index": 1}
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", take_off("ij-1sd"), ScriptedRng())
    assert e.value.rule == "3a1"


@pytest.mark.rule("3a4")
def test_no_more_air_units_take_off_from_a_carrier_than_its_launch_factor():
    s = example_10()
    for u in ("us-s8", "us-vv"):
        s["units"][u]["box"] = "ready"
    with pytest.raises(IllegalAction, match="at most 4") as e:
        rules.apply(s, "allied", take_off("us-b8", "us-t6", "us-ss", "us-s8", "us-vv"), ScriptedRng())
    assert e.value.rule == "3a4"
    s["units"]["us-hornet"]["face"] = "back"  # 2c4: launch 4/2
    with pytest.raises(IllegalAction, match="at most 2"):
        rules.apply(s, "allied", take_off("us-b8", "us-t6", "us-ss"), ScriptedRng())
    play(s, "allied", take_off("us-b8", "us-t6"))


@pytest.mark.rule("3b")
def test_the_ready_step_shifts_either_way_and_only_from_the_named_box():
    s = play(example_10(), "allied", take_off())
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", shift(to_arming=["us-s8"]), ScriptedRng())
    assert e.value.rule == "3b"
    s = play(s, "allied", shift(to_ready=["us-s8"], to_arming=["us-ss"]))
    assert s["units"]["us-s8"]["box"] == "ready" and s["units"]["us-ss"]["box"] == "arming"


@pytest.mark.rule("3c")
def test_a_task_force_moves_one_hex_at_most_and_never_through_an_all_green_hexside():
    s = play(example_10(), "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    with pytest.raises(IllegalAction, match="no more than one hex") as e:
        rules.apply(s, "allied", move(us_tf17="P3"), ScriptedRng())
    assert e.value.rule == "3c"
    s["task_forces"]["us-tf17"]["hex"] = "M6"
    with pytest.raises(IllegalAction, match="all-green hexside"):
        rules.apply(s, "allied", move(us_tf17="N6"), ScriptedRng())
    japan_before = rules.view(s, "japanese")
    s = play(s, "allied", move(us_tf17="M7"))
    assert s["task_forces"]["us-tf17"]["hex"] == "M7"
    after = rules.view(s, "japanese")
    assert after["cards"] == japan_before["cards"] and after["searchboard"] == japan_before["searchboard"]
    assert "M7" not in str([after["board"]["pieces"], after["log"]])


@pytest.mark.rule("6")
def test_after_turn_6_the_markers_go_back_to_turn_1_of_the_next_date_and_the_last_turn_ends_the_game():
    s = new_game()
    s["time"] = {"date": 4, "turn": 6, "scenario_turn": 1, "turns": 3}
    assert timetrack.advance(s) is False and timetrack.label(s["time"]) == "OCT 27, Turn 1"
    assert timetrack.advance(s) is False and timetrack.advance(s) is True


@pytest.mark.rule("2b")
def test_a_turn_walks_the_printed_order_b_then_a_in_every_step():
    kinds = [st.kind for st in sequence.TURN]
    assert kinds == ["assembly", "assembly", "ready", "ready", "sea", "sea", "shadowing", "air", "standing",
                     "sea_search", "air", "standing", "sea_search", "combat", "surface", "landing", "air_return",
                     "landing", "air_return", "submarine", "record"]
    assert [st.who for st in sequence.TURN if st.who] == ["B", "A"] * 3 + ["B"] * 3 + ["A"] * 3 + ["B"] * 2 + ["A"] * 2


def test_a_misshapen_order_is_malformed_before_any_rule():
    s = deployed()
    with pytest.raises(MalformedAction):
        rules.apply(s, "japanese", {"verb": "move", "args": {"moves": {"ij-advance-force": "Z99"}}}, ScriptedRng())
    with pytest.raises(MalformedAction):
        rules.apply(s, "japanese", {"verb": "bombard"}, ScriptedRng())


@pytest.mark.rule("7c2")
def test_scenario_two_land_air_is_spread_between_the_bases_as_the_allies_wish_within_capacity():
    s = rules.setup("2", {}, ScriptedRng())
    assert s["units"]["us-henderson"]["face"] == "back" and s["units"]["us-dd7"]["face"] == "back"
    assert "us-1f5" not in s["units"]  # 7: the Basic Game leaves the F units out
    spread = s["spread"]["allied"]["air"]
    tfs = {"us-tf11": "O7", "us-tf16": "P8", "us-tf18": "Q9"}
    order = {"verb": "deploy", "args": {"hexes": tfs, "ready": [], "bases": {u: "us-henderson" for u in spread}}}
    with pytest.raises(IllegalAction, match="no more than 8") as e:  # Henderson's back side holds 8
        rules.apply(s, "allied", order, ScriptedRng())
    assert e.value.rule == "2c4"
    half = {u: ("us-henderson" if i % 2 else "us-espiritu-santo") for i, u in enumerate(spread)}
    s = rules.apply(s, "allied", dict(order, args=dict(order["args"], bases=half)), ScriptedRng())
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), ScriptedRng([7, 2]))
    assert s["units"][spread[0]]["location"] == {"area": "us-espiritu-santo"}
    assert s["units"][spread[1]]["location"] == {"area": "us-henderson"}


@pytest.mark.rule("7d1")
def test_scenarios_two_and_three_run_seventeen_turns_to_the_end():
    from app.engine.testing import playout
    for scenario, start in (("2", "AUG 24, Turn 1"), ("3", "OCT 25, Turn 1")):
        s = rules.setup(scenario, {}, ScriptedRng())
        assert rules.view(s, "spectator")["time"]["label"] == start
        for seed in range(3):
            p = playout(rules, scenario, seed=seed)
            assert p.state["time"]["scenario_turn"] == 17 and p.state["outcome"] is not None


def _page(s, role, options=None):
    from app.games.guadalcanal import spec
    from tests.conformance.render import pages, visible_text
    html = pages(spec, s["scenario"], options or {}, s, role)["page"]
    return html, visible_text(html)


@pytest.mark.rule("3c")
def test_each_task_force_is_offered_only_the_hexes_it_can_reach_under_its_printed_name():
    """Issue 34: the Sea Movement Step's form offered every task force every hex any of them could reach, so Task
    Force 16 was offered hexes two away and then refused (3c)."""
    s = play(example_10(), "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    (spec,) = rules.decision(s).prompt(s, "allied")["actions"]
    moves = spec["args"]["moves"]["fields"]
    here = {t: s["task_forces"][t]["hex"] for t in moves}
    for t, field in moves.items():
        assert field["label"] == s["task_forces"][t]["name"]
        for h in field["choices"]:
            rules.check(s, "allied", move(**{t.replace("-", "_"): h}))  # every offered hex is accepted
        assert all(h == here[t] or __import__("app.games.guadalcanal.searchboard", fromlist=["x"]).distance(
            here[t], h) == 1 for h in field["choices"])
    html, text = _page(s, "allied")
    assert "Task Force 17" in text and "us-tf17" not in text
    assert '<label for="a0-moves-' in html


@pytest.mark.rule("7a2.2")
def test_the_set_up_form_names_task_forces_and_air_units_and_ties_each_label_to_its_box():
    """Issue 34: the set-up form listed "us-tf16", "us-sb141"... with each check box above its label."""
    s = new_game()
    html, text = _page(s, "allied")
    for i in ("us-tf16", "us-tf17", "us-sb141", "us-s71"):
        assert i not in text
    assert "Task Force 16" in text and "SB141" in text.replace(" ", "") or "SB 141" in text
    (spec,) = rules.decision(s).prompt(s, "allied")["actions"]
    fields = spec["args"]["hexes"]["fields"]
    assert set(fields) == {"us-tf16", "us-tf17"} and fields["us-tf16"]["label"] == "Task Force 16"
    for t, f in fields.items():  # each task force offered only its own set-up hexes
        assert set(f["choices"]) == set(__import__("app.games.guadalcanal.deployment", fromlist=["x"]).setup_hexes(s, t))
