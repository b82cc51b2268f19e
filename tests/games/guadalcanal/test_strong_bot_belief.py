"""Issue 36: Guadalcanal's strong computer player searches over what its side believes (belief.py): a full state
rebuilt from its view alone, with its own forces and both open Operations Cards exact, the enemy task forces drawn
where its searchboard says they could be, and the rest from the scenario. These tests hold the belief to what the
view shows, to what the rules allow the enemy to have done since it was seen, and to the view alone (fog)."""
from __future__ import annotations

import copy
import functools
from typing import Any

from app.engine.rng import SeededRng
from app.engine.testing import canonical
from app.games.guadalcanal import belief, bots, rules, searchboard, strong_bot
from app.games.guadalcanal.gamedata import enemy
from tests.games.guadalcanal.test_bots import play

State = dict[str, Any]


@functools.lru_cache(maxsize=None)
def decided_at() -> tuple[tuple[State, str], ...]:
    """The states of a seeded Scenario 3 game of the easy bots where a side moves its fleet or flies (3c, 3d)."""
    out: list[tuple[State, str]] = []

    def watch(s, role, action):
        if s["step"]["kind"] in ("sea", "air") and s["time"]["scenario_turn"] > 2:
            out.append((copy.deepcopy(s), role))
    play("3", 4, ("allied", "japanese"), watch=watch)
    return tuple(out)


def test_the_belief_keeps_what_the_view_shows_exactly():
    """Own task force hexes, every unit's box and damage on both open cards, the Turn, the step and the side's own
    searchboard are the true ones; only where the enemy is may differ."""
    for state, side in decided_at()[::5]:
        believed = belief.determinize(rules.view(state, side), side, SeededRng(1))
        assert believed["time"] == state["time"] and believed["step"] == state["step"]
        assert believed["sides"] == state["sides"]
        for t, tf in state["task_forces"].items():
            if tf["side"] == side and tf["hex"]:
                assert believed["task_forces"][t]["hex"] == tf["hex"], t
            if tf["hex"]:
                assert believed["task_forces"][t]["hex"], f"{t} is on the searchboard but not believed anywhere"
        for u, rec in state["units"].items():
            got = believed["units"][u]
            assert (got["box"], got["hits"]) == (rec["box"], rec["hits"]), (u, got, rec)
            if rec["box"] != "eliminated":
                assert got["face"] == rec["face"], u
                if rec["box"] not in ("flying", "shadowing") and rec["kind"] != "base":
                    keys = ("tf", "area", "base")
                    assert {k: got["location"].get(k) for k in keys} == {k: rec["location"].get(k) for k in keys}
        assert believed["boards"][side]["contacts"] == state["boards"][side]["contacts"]


def test_an_enemy_task_force_seen_is_believed_no_further_than_it_could_have_sailed():
    """3c: a task force moves one hex a Turn at most, so one sighted `age` Turns ago is believed within `age` hexes
    of the sighting (plus this Turn's move), on a hex a task force may stand in; across draws it is not always
    believed where it was seen when it had Turns to sail."""
    checked, moved = 0, 0
    for state, side in decided_at():
        view = rules.view(state, side)
        me = bots.Intel(view)
        for k in range(3):
            believed = belief.determinize(view, side, SeededRng(k))
            for tf in view["cards"][enemy(side)]["task_forces"]:
                ids = {s["id"] for s in tf["ships"]}
                seen = [c for c in me.contacts if ids & {s["id"] for s in c["ships"]}]
                if not seen:
                    continue
                last = min(seen, key=lambda c: (c["age"], -c["marker"]))
                where = believed["task_forces"][tf["id"]]["hex"]
                assert searchboard.distance(where, last["hex"]) <= last["age"], (tf["id"], where, last)
                checked += 1
                moved += where != last["hex"]
    assert checked and moved, (checked, moved)


def test_an_enemy_search_that_found_a_task_force_is_on_the_believed_enemy_searchboard():
    """The side's own log tells it which of its task forces the enemy spotted, and where (3d3.2): the believed
    enemy searchboard holds a marker with those ships in that hex, so the enemy's rollout strikes go there."""
    found = 0
    for state, side in decided_at():
        truth = {c["hex"]: {s["id"] for s in c["ships"]} for c in state["boards"][enemy(side)]["contacts"].values()}
        board = belief.enemy_board(rules.view(state, side))
        for c in board["contacts"].values():
            assert c["hex"] in truth, (side, c["hex"], truth)
            assert {s["id"] for s in c["ships"]} <= {u for u, r in state["units"].items() if r["side"] == side}
            found += 1
    assert found


def test_the_belief_is_the_same_whatever_the_view_hides():
    """The proof of fog for the belief itself: the enemy's hexes, flights, searchboard and log changed or planted
    with a canary give the very same believed state from the same stream, with no canary in it."""
    for state, side in decided_at()[::4]:
        mine = belief.determinize(rules.view(state, side), side, SeededRng(3))
        for other in (rules.perturb(copy.deepcopy(state), side, SeededRng(5)),
                      rules.plant_canaries(copy.deepcopy(state), side, "CANARY-b36")):
            theirs = belief.determinize(rules.view(other, side), side, SeededRng(3))
            assert canonical(theirs) == canonical(mine), (side, state["step"])
            assert "CANARY" not in canonical(theirs)


def test_a_believed_state_plays_on_by_the_rules_to_the_end_of_the_turn():
    """The search plays each believed state on with the rules (strong_bot.GAME): from every state of the game the
    rules accept the easy bots' orders to the next Turn."""
    for state, side in decided_at()[::6]:
        s = belief.determinize(rules.view(state, side), side, SeededRng(2))
        dice = SeededRng(8)
        turn = s["time"]["scenario_turn"]
        for _ in range(400):
            if s["outcome"] is not None or s["time"]["scenario_turn"] != turn:
                break
            prompts = strong_bot.GAME.prompts(s)
            role = min(prompts)
            s = strong_bot.GAME.apply(s, role, strong_bot.GAME.policy(s, role, prompts[role], dice), dice)
        assert s["outcome"] is not None or s["time"]["scenario_turn"] == turn + 1, s["step"]


def test_the_rollouts_view_gives_the_easy_bot_the_orders_its_real_view_gives():
    """The rollouts build a lighter view (strong_bot.rollout_view); the easy bot must read the same game from it."""
    checked = 0
    for state, side in decided_at():
        for role, prompt in rules.prompts(state).items():
            full = bots.BOTS[role](rules.view(state, role), prompt, SeededRng(6))
            assert strong_bot.policy(state, role, prompt, SeededRng(6)) == full, (role, state["step"])
            checked += 1
    assert checked
