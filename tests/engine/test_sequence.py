"""The one walker (app/engine/sequence.py) on a toy game of two sides: a secret simultaneous set-up, a side's
movement asked again until it ends it, a side with nothing to decide passed over, a battle (a procedure) waiting on
casualties (an interrupt), a secret plot the umpire releases, and the game's end."""
from __future__ import annotations

import dataclasses

import pytest

from app.engine import umpire_gate
from app.engine.contract import UMPIRE
from app.engine.errors import Refused
from app.engine.rng import ScriptedRng
from app.engine.sequence import ALL, HOLD, Sequence, Step, umpire_decision
from app.engine.states import Decision, StatesTable

SIDES = ("red", "blue")
concluded: list[dict] = []


def _record(kind, *, needed=None, again=None, conclude=None, resolve=None, deciders=lambda s: list(SIDES)):
    def kept(state, role, action, rng):
        s = {**state, "done": state["done"] + [(kind, role, action["verb"])]}
        return s
    return Decision(kind, "1", {"go": {}, "end": {}}, deciders, lambda s, r: {"title": kind}, resolve or kept,
                    lambda s, r: {"verb": "go", "args": {}}, lambda s, r, rng: {"verb": "go", "args": {}},
                    needed=needed, again=again, conclude=conclude, title=kind.title())


def _conclude(state, orders, rng):
    concluded.append(dict(orders))
    state["done"].append(("plot", tuple(sorted(orders)), None))


def _battle(state, rng):
    if state["turn"] == 1:
        state["casualties"] = "blue"
        return HOLD
    return None


def _casualties(state, role, action, rng):
    return {**state, "casualties": None, "done": state["done"] + [("casualties", role, action["verb"])]}


def _next_turn(state, rng):
    if state["step"]["part"] == "pregame":
        return True  # the set-up is over: Game-Turn 1 begins
    if state["turn"] >= 2:
        state["outcome"] = {"winner": None}
        return False
    state["turn"] += 1
    return True


STATES = StatesTable([
    _record("deploy", conclude=_conclude),
    _record("move", again=lambda s, side, a: a["verb"] != "end"),
    _record("sortie", needed=lambda s, side: side == "red"),
    _record("casualties", resolve=_casualties, deciders=lambda s: [s["casualties"]] if s.get("casualties") else []),
    _record("plot", conclude=_conclude),
    umpire_decision(lambda: SEQUENCE),
])
SEQUENCE = Sequence(
    states=STATES,
    pregame=lambda s: (Step("deploy", ALL, "Set-up"),),
    turn=lambda s: (Step("move", "A", "Movement"), Step("sortie", "B", "Sortie"), Step("battle", None, "Battle"),
                    Step("plot", ALL, "Plot", gate=True)),
    side=lambda s, who: {"A": "red", "B": "blue"}[who],
    procedures={"battle": _battle},
    interrupt=lambda s: "casualties" if s.get("casualties") else None,
    next_turn=_next_turn)


def new(umpired=False):
    concluded.clear()
    s = {"turn": 1, "done": [], "outcome": None, "log": [], "umpired": umpired, "step": {}}
    SEQUENCE.begin(s, ScriptedRng())
    return s


def order(s, role, verb="go"):
    assert role in SEQUENCE.acting(s), (role, SEQUENCE.acting(s), s["step"])
    return SEQUENCE.decide(s, role, {"verb": verb, "args": {}}, ScriptedRng())


def test_a_secret_simultaneous_step_keeps_each_order_until_all_are_in_and_concludes_once():
    s = new()
    assert SEQUENCE.acting(s) == ["red", "blue"] and SEQUENCE.kind(s) == "deploy"
    s = order(s, "red")
    assert SEQUENCE.revising(s, "red") and SEQUENCE.acting(s) == ["red", "blue"] and concluded == []
    s = order(s, "red")  # sent again: revised, still kept
    assert [line["text"] for line in s["log"]] == ["Your orders are in: Set-up.", "Your orders are revised: Set-up."]
    s = order(s, "blue")
    assert concluded == [{"red": {"verb": "go", "args": {}}, "blue": {"verb": "go", "args": {}}}]
    assert SEQUENCE.kind(s) == "move" and SEQUENCE.acting(s) == ["red"]


def test_a_decision_asked_again_until_ended_then_a_side_with_nothing_to_decide_is_passed_over():
    s = order(order(new(), "red"), "blue")
    s = order(s, "red")
    assert SEQUENCE.kind(s) == "move"
    s = order(s, "red", "end")
    # sortie: blue (side B) has nothing to decide; the battle holds for blue's casualties
    assert SEQUENCE.kind(s) == "casualties" and SEQUENCE.acting(s) == ["blue"]
    assert ("sortie", "blue", "go") not in s["done"]
    s = order(s, "blue")
    assert SEQUENCE.kind(s) == "plot" and SEQUENCE.acting(s) == ["red", "blue"]


def test_the_umpire_releases_a_gated_step_after_every_order_is_in():
    s = order(order(new(umpired=True), "red"), "blue")
    s = order(order(order(s, "red", "end"), "blue"), "red")
    s = order(s, "blue")
    assert SEQUENCE.kind(s) == "umpire" and SEQUENCE.acting(s) == [UMPIRE]
    assert umpire_gate.held(s)["title"] == "Plot" and len(concluded) == 1  # only the set-up so far
    s = SEQUENCE.decide(s, UMPIRE, {"verb": "advance", "args": {}}, ScriptedRng())
    assert len(concluded) == 2 and s["turn"] == 2 and SEQUENCE.kind(s) == "move"


def test_the_walk_ends_when_the_last_turn_is_over():
    s = order(order(new(), "red"), "blue")
    s = order(order(order(order(s, "red", "end"), "blue"), "red"), "blue")  # turn 1
    assert s["turn"] == 2
    s = order(s, "red", "end")  # turn 2: no battle casualties
    s = order(order(s, "red"), "blue")
    assert s["outcome"] == {"winner": None} and SEQUENCE.acting(s) == []
    with pytest.raises(Exception):
        order(s, "red")


# A side spends a budget one order at a time (asked again while any is left); an order may open a decision that comes
# first (a re-roll), and the step resumes after it: when that order spent the last of the budget, nothing is left to
# decide there and the walk goes on.
def _spend(state, role, action, rng):
    s = {**state, "budget": state["budget"] - 1, "done": state["done"] + [("spend", role, action["verb"])]}
    if action["verb"] == "end":
        s["budget"] = 0
    elif action["verb"] == "risky":
        s["asked"] = role
    return s


def _answer(state, role, action, rng):
    return {**state, "asked": None, "done": state["done"] + [("answer", role, action["verb"])]}


def _over_after_one(state, rng):
    state["outcome"] = {"winner": None}
    return False


def _spending():
    record = Decision("spend", "1", {"safe": {}, "risky": {}, "end": {}}, lambda s: ["red"],
                      lambda s, r: {"title": "spend"}, _spend, lambda s, r: {"verb": "end", "args": {}},
                      lambda s, r, rng: {"verb": "end", "args": {}}, title="Spend",
                      needed=lambda s, side: s["budget"] > 0, again=lambda s, side, a: s["budget"] > 0)
    answer = Decision("answer", "2", {"yes": {}}, lambda s: [s["asked"]], lambda s, r: {"title": "answer"}, _answer,
                      lambda s, r: {"verb": "yes", "args": {}}, lambda s, r, rng: {"verb": "yes", "args": {}},
                      title="Answer")
    return Sequence(states=StatesTable([record, answer]),
                    turn=lambda s: (Step("spend", "red", "Spend"), Step("tally", None, "Tally")),
                    procedures={"tally": lambda s, rng: s["done"].append(("tally", None, None))},
                    interrupt=lambda s: "answer" if s.get("asked") else None, next_turn=_over_after_one)


def test_a_step_resumed_after_an_interrupt_is_passed_when_its_side_has_nothing_left_to_decide():
    walk = _spending()
    s = {"turn": 1, "budget": 2, "asked": None, "done": [], "outcome": None, "log": [], "step": {}}
    walk.begin(s, ScriptedRng())
    s = walk.decide(s, "red", {"verb": "risky", "args": {}}, ScriptedRng())
    assert walk.kind(s) == "answer" and walk.acting(s) == ["red"]
    s = walk.decide(s, "red", {"verb": "yes", "args": {}}, ScriptedRng())
    assert walk.kind(s) == "spend" and s["budget"] == 1  # the step resumes: one left to spend
    s = walk.decide(s, "red", {"verb": "risky", "args": {}}, ScriptedRng())
    assert walk.kind(s) == "answer"
    s = walk.decide(s, "red", {"verb": "yes", "args": {}}, ScriptedRng())
    # the budget is spent: nothing is left to decide at the step, so the walk goes on (the tally, then the end)
    assert ("tally", None, None) in s["done"] and s["outcome"] == {"winner": None} and walk.acting(s) == []


def test_a_game_may_enter_a_secret_simultaneous_step_itself_and_carry_it_out_with_nobody_asked():
    """`enter_all`: a step nobody is asked at is still carried out (Solomons' ground combat concludes with no orders);
    the walk goes on when the game's entry says it does not stop there."""
    carried: list[str] = []

    def enter_all(state, step, rng):
        carried.append(step.kind)
        if step.kind == "plot":
            state["done"].append(("plot", (), None))  # concluded with no orders
            return False
        return True  # the set-up: asked as usual

    walk = dataclasses.replace(SEQUENCE, enter_all=enter_all)
    s = {"turn": 1, "done": [], "outcome": None, "log": [], "umpired": False, "step": {}}
    walk.begin(s, ScriptedRng())
    assert carried == ["deploy"] and walk.kind(s) == "deploy"
    s["step"] = {"part": "turn", "index": 2, "kind": "battle", "side": None}  # after the battle (turn 2: no HOLD)
    s["turn"] = 2
    walk.advance(s, ScriptedRng())
    assert carried == ["deploy", "plot"] and ("plot", (), None) in s["done"]
    assert s["outcome"] == {"winner": None}  # the plot was carried out without asking, and the last turn ended


def test_a_search_plays_only_the_orders_asked_now_and_reads_the_prompts_of_who_decides():
    s = new()
    assert set(SEQUENCE.prompts(s)) == {"red", "blue"}  # the set-up: both sides at once
    s = SEQUENCE.play(SEQUENCE.play(s, "red", {"verb": "go", "args": {}}, ScriptedRng()), "blue",
                      {"verb": "go", "args": {}}, ScriptedRng())
    assert set(SEQUENCE.prompts(s)) == {"red"}  # the movement: red (side A) alone
    with pytest.raises(Refused):
        SEQUENCE.play(s, "blue", {"verb": "go", "args": {}}, ScriptedRng())
    with pytest.raises(Refused):
        SEQUENCE.play(s, "red", {"verb": "fly", "args": {}}, ScriptedRng())
