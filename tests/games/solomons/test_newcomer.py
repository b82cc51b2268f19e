"""Issue 34: a new game starts with the standing orders a sensible player sets (asking.DEFAULTS), each explained
where it first answers or is first asked, and each cleared by the player as any standing order."""
from __future__ import annotations

import copy

from app.engine.rng import SeededRng
from app.games.solomons.players import BOTS
from app.games.solomons.movement import carry_on
from app.games.solomons.rules import rules
from app.games.solomons.sequence import current


def new_game(seed: int = 1):
    return rules.setup("campaign", rules.meta.default_options(), SeededRng(seed))


def play_until(state, done, seed: int = 1, limit: int = 400):
    """Both sides played by their computers until `done(state)`."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    for _ in range(limit):
        if done(state):
            return state
        prompts = rules.prompts(state)
        role = next(r for r in sorted(prompts) if state["pending"].get(r) is None)
        state = rules.apply(state, role, BOTS[role](rules.view(state, role), prompts[role], minds), dice)
    raise AssertionError("never reached")


def lines(state, side):
    return [e["text"] for e in rules.view(state, side)["log"]]


def test_a_new_game_starts_with_the_standing_orders_a_sensible_player_sets(newcomer):
    s = new_game()
    common = {"carry_on", "air_hold", "no_transfers", "stay", "no_training"}
    assert set(rules.view(s, "allied")["standing"]) - {"bases"} == common  # "bases": what no_transfers knows
    assert set(rules.view(s, "japanese")["standing"]) - {"bases"} == common | {"intentions"}
    for side in ("allied", "japanese"):
        assert any(t.startswith("Your standing orders are on") for t in lines(s, side))


def test_the_first_answer_of_a_standing_order_is_explained_once_and_the_next_ones_briefly(newcomer):
    s = play_until(new_game(), lambda st: st["turn"] == 2)
    said = [t for t in lines(s, "allied") if t.startswith("Your standing orders answered for you: Segment")]
    assert len(said) > 2  # the resets of the first Game-Turn, answered by "carry on"
    explained = [t for t in said if "Keep every task force on its mission" in t]
    assert len(explained) == 1 and explained[0] == said[0]
    assert "Untick it under Standing orders" in explained[0]


def test_the_kept_intentions_are_japans_first_answers_then_its_last(newcomer):
    s = new_game()
    assert rules.view(s, "japanese")["standing"]["intentions"] is True  # no answers yet: Japan is asked first
    s = play_until(s, lambda st: current(st)["kind"] == "intelligence")
    assert "japanese" in rules.prompts(s)
    s = play_until(s, lambda st: current(st)["kind"] == "allocation")
    kept = rules.view(s, "japanese")["standing"]["intentions"]
    assert kept == s["intentions"]["questions"]


def would_carry_on(state) -> bool:
    """The allied side is asked at a reset that its default `carry_on` order would have answered."""
    if current(state)["kind"] != "reset" or "allied" not in rules.prompts(state) or state["pending"].get("allied"):
        return False
    kept = copy.deepcopy(state)
    kept["standing"]["allied"]["carry_on"] = True
    return carry_on(kept, "allied", current(kept)) is not None


def test_a_player_who_clears_carry_on_is_asked_at_a_reset_the_order_would_have_answered(newcomer):
    s = play_until(new_game(), lambda st: "allied" in rules.prompts(st) and st["pending"].get("allied") is None)
    s = rules.apply(s, "allied", {"verb": "standing", "args": {"carry_on": False}}, SeededRng(0))
    assert "carry_on" not in rules.view(s, "allied")["standing"]
    s = play_until(s, would_carry_on)
    assert s["turn"] == 1 and "Standing order cleared (6.38)" in " ".join(lines(s, "allied"))
