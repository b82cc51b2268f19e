"""The umpire's seat (Guadalcanal 18, made general): it sees everything and releases execution segment by segment.

Walks use default orders and seeded dice to reach a moment; what is asserted is what the umpire and the sides
would notice at that moment.
"""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import playout
from app.games.solomons import rules
from app.games.solomons.sequence import current

SIDES = ("allied", "japanese")


def umpired(**options):
    return rules.setup("campaign", dict(umpired=True, **options), SeededRng(11))


def sides_decide(state, rng):
    """Every prompted side gives its default orders (the umpire is left alone)."""
    for role in SIDES:
        if role in rules.prompts(state):
            state = rules.apply(state, role, rules.default_action(state, role), rng)
    return state


def until_umpire(state, rng, limit=400):
    """Default orders for the sides until the umpire is prompted (or the game ends)."""
    for _ in range(limit):
        if UMPIRE in rules.prompts(state) or state["outcome"]:
            return state
        state = sides_decide(state, rng)
    raise AssertionError("the umpire was never prompted")


@pytest.mark.rule("Guadalcanal 18")
def test_the_umpire_is_prompted_before_the_first_segment_once_both_plots_are_in():
    rng = SeededRng(5)
    s = until_umpire(umpired(), rng)
    assert current(s)["phase"] == "exec1" and current(s)["segment"] == 1 and current(s)["section"] == "A"
    assert s["decisions"]["allied"] is not None and s["decisions"]["japanese"] is not None  # both plots are in
    prompts = rules.prompts(s)
    assert set(prompts) == {UMPIRE}                     # no side decision is due before the segment runs
    assert [a["verb"] for a in prompts[UMPIRE]["actions"]] == ["advance", "run"]
    assert rules.view(s, "allied")["waiting_for"]["umpire"] is True
    assert "Segment 1 (day)" not in json.dumps(rules.view(s, "allied")["log"])  # nothing has moved yet


@pytest.mark.rule("Guadalcanal 18")
def test_advance_runs_one_segment_and_stops_before_the_next():
    rng = SeededRng(5)
    s = until_umpire(umpired(), rng)
    s = rules.apply(s, UMPIRE, {"verb": "advance", "args": {}}, rng)
    assert current(s)["segment"] == 1 and current(s)["section"] != "A"   # segment 1 is running
    s = until_umpire(s, rng)
    assert current(s)["segment"] == 2 and current(s)["section"] == "A"
    for side in SIDES:
        text = json.dumps(rules.view(s, side)["log"])
        assert "Segment 1 (day)" in text                # the sides see the segment happen
        assert "You advance" not in text               # but not the umpire's decision
    assert "You advance one segment" in json.dumps(rules.view(s, UMPIRE)["log"])


@pytest.mark.rule("Guadalcanal 18")
def test_run_lets_the_rest_of_the_plot_execution_phase_go_without_the_umpire():
    rng = SeededRng(5)
    s = until_umpire(umpired(), rng)
    s = rules.apply(s, UMPIRE, {"verb": "run", "args": {}}, rng)
    segments = []
    while UMPIRE not in rules.prompts(s):
        if current(s)["phase"] == "exec1":
            segments.append(current(s)["segment"])
        s = sides_decide(s, rng)
    assert max(segments) == 7                           # the whole phase ran: segments 1-7 without a prompt
    assert current(s)["phase"] == "exec2" and current(s)["segment"] == 8   # the next phase asks again


@pytest.mark.rule("Guadalcanal 18")
def test_a_missed_umpire_decision_advances_one_segment():
    rng = SeededRng(5)
    s = until_umpire(umpired(), rng)
    assert rules.default_action(s, UMPIRE)["verb"] == "advance"
    s = rules.apply(s, UMPIRE, rules.default_action(s, UMPIRE), rng)
    s = until_umpire(s, rng)
    assert current(s)["segment"] == 2


@pytest.mark.rule("Guadalcanal 18")
def test_the_umpire_may_not_act_while_the_sides_decide_nor_give_other_orders():
    rng = SeededRng(5)
    s = umpired()
    assert UMPIRE not in rules.prompts(s)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(s, UMPIRE, {"verb": "advance", "args": {}}, rng)
    assert refused.value.rule == "Guadalcanal 18" and "nothing to decide" in refused.value.message
    s = until_umpire(s, rng)
    with pytest.raises(MalformedAction) as err:
        rules.apply(s, UMPIRE, {"verb": "submit", "args": {}}, rng)
    assert "advance" in err.value.message


@pytest.mark.rule("Guadalcanal 18")
def test_the_umpire_sees_both_plots_once_submitted_and_every_hidden_die():
    rng = SeededRng(5)
    s = umpired()
    while current(s)["kind"] != "movement_plot":
        s = sides_decide(s, rng)
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), rng)
    # Japan's plot is in; the Americans' is not yet
    ump = rules.view(s, UMPIRE)
    assert ump["pending"]["japanese"] == s["pending"]["japanese"] is not None
    assert "pending" not in rules.view(s, SPECTATOR)
    assert json.dumps(s["pending"]["japanese"]) not in json.dumps(rules.view(s, "allied"))
    s = rules.apply(s, "allied", rules.default_action(s, "allied"), rng)
    # both in: execution waits for the umpire, who sees both plots
    assert UMPIRE in rules.prompts(s)
    ump = rules.view(s, UMPIRE)
    assert ump["decisions"]["allied"] is not None and ump["decisions"]["japanese"] is not None
    assert "decisions" not in rules.view(s, "allied")
    # the umpire's view holds every unit of both sides and the dice the sides were not shown
    assert {u for u in ump["units"]} == set(s["units"])
    assert ump["henderson_roll"] == s["henderson_roll"] and ump["truk_sortie"] == s["truk_sortie"]


@pytest.mark.rule("Guadalcanal 18c")
def test_the_umpire_sees_the_fog_dice_the_sides_do_not():
    rng, players = SeededRng(2), SeededRng(3)
    s = rules.setup("campaign", {"umpired": True, "fog_intel": True}, rng)
    while not (s.get("fog") or {}).get("intel", {}).get("allied"):
        role = players.choice(sorted(rules.prompts(s)))
        s = rules.apply(s, role, rules.random_action(s, role, players), rng)
    assert s["fog"]["intel"], "a day sighting has been made by now"
    ump = json.dumps(rules.view(s, UMPIRE))
    for viewer, marks in s["fog"]["intel"].items():
        for mid, rec in marks.items():
            assert f"die {rec['die']}" in ump
            side = json.dumps(rules.view(s, viewer))
            assert '"fog"' not in side and "18c1" not in side
            assert rules.view(s, viewer)["enemy"]["markers"][mid]["units"] == rec["reported"]["units"]


def test_an_unumpired_game_never_prompts_the_umpire_and_refuses_its_orders():
    rng = SeededRng(5)
    s = rules.setup("campaign", {}, SeededRng(11))
    assert "umpire" not in s and "umpire" not in rules.view(s, "allied")["waiting_for"]
    for _ in range(200):
        assert UMPIRE not in rules.prompts(s)
        s = sides_decide(s, rng)
    assert current(s)["phase"] in ("exec1", "ground", "plot2", "exec2", "end")
    with pytest.raises(IllegalAction) as refused:
        rules.apply(s, UMPIRE, {"verb": "advance", "args": {}}, ScriptedRng())
    assert "Only a side gives orders" in refused.value.message


def test_an_unumpired_game_plays_as_it_did_with_the_umpired_option_off():
    # the same seed, with and without the explicit umpired=False the platform now passes: the same game
    a = playout(rules, "campaign", {}, seed=7, max_steps=6000)
    b = playout(rules, "campaign", {"umpired": False}, seed=7, max_steps=6000)
    assert a.actions == b.actions and rules.outcome(a.state) == rules.outcome(b.state)


@pytest.mark.rule("Guadalcanal 18c")
@pytest.mark.parametrize("option", ["fog_damage", "fog_intel"])
def test_fog_options_need_an_umpire(option):
    with pytest.raises(IllegalAction) as err:
        rules.setup("campaign", {option: True}, SeededRng(1))
    assert "umpire" in err.value.message
    assert rules.setup("campaign", {option: True, "umpired": True}, SeededRng(1))["options"][option] is True
