"""Issue 19: the strong Solomons computer player (strong_bot.py) searches over what it believes, from its view alone."""
from __future__ import annotations

import json

import pytest

from app.engine.rng import FastRng, SeededRng
from app.games.solomons import asking, board, strong_bot, views
from app.games.solomons.rules import rules

STRONG_BOTS = rules.bot_levels["strong"]  # the strong computer, as the lobby seats it

CANARY = "CANARY-strong-bot-7f3a"


def position(turn: int, phase: str, side: str, kind: str, seed: int = 3):
    """The state where `side` first faces `kind` in `phase` of `turn`, both sides played by the easy bot."""
    dice, players = SeededRng(seed), SeededRng(seed + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(r for r in prompts if state["pending"][r] is None)
        if (state["turn"], state["phase"], role, prompts[role]["info"]["kind"]) == (turn, phase, side, kind):
            return state, prompts[role]
        state = rules.apply(state, role, rules.bots[role](rules.view(state, role), prompts[role], players), dice)
    raise AssertionError("the position was never reached")


@pytest.fixture(scope="module")
def japanese_allocation():
    # the easy bots' game of seed 4 (seed 3's Game-Turn 2 until their set-up and runs' timing came from their
    # streams, bot-spread: the Express in M on segment 6 now meets the American runs, and the search sails it there),
    # played without standing orders like every rules test here (conftest.py; a module's fixture is made before it)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(asking, "DEFAULTS", ())
        return position(4, "plot1", "japanese", "allocation", seed=4)


def test_on_a_fixed_position_the_strong_bot_decides_otherwise_than_the_easy_one_and_legally(japanese_allocation):
    """Game-Turn 4, Japan's allocation: the easy bot sends a Tokyo Express to bombard; the search finds the run
    costs more than it earns in its rollouts and keeps it in port."""
    state, prompt = japanese_allocation
    view = rules.view(state, "japanese")
    easy = rules.bots["japanese"](view, prompt, SeededRng(9))
    strong = STRONG_BOTS["japanese"](view, prompt, SeededRng(9))
    assert strong != easy
    assert not any(tf["mission"] == "bombardment" for tf in strong["args"]["task_forces"])
    assert any(tf["mission"] == "bombardment" for tf in easy["args"]["task_forces"])
    rules.apply(state, "japanese", strong, SeededRng(1))  # accepted by the rules


def test_the_same_view_and_stream_give_the_same_order(japanese_allocation):
    state, prompt = japanese_allocation
    view = rules.view(state, "japanese")
    assert STRONG_BOTS["japanese"](view, prompt, SeededRng(5)) == STRONG_BOTS["japanese"](view, prompt, SeededRng(5))


@pytest.mark.parametrize("where", [(2, "plot1", "japanese", "allocation"), (1, "plot1", "allied", "movement_plot"),
                                   (2, "plot1", "allied", "allocation"), (3, "plot1", "japanese", "movement_plot"),
                                   (1, "exec1", "japanese", "air")])
def test_proof_of_fog_the_strong_bot_decides_the_same_whatever_it_cannot_see(where):
    """Issue 19 item 4, for the searched decisions: perturb and plant canaries in all the view hides; same order."""
    state, prompt = position(*where)
    side = where[2]
    changed = rules.plant_canaries(rules.perturb(json.loads(json.dumps(state)), side, SeededRng(2)), side, CANARY)
    other = rules.prompts(changed)[side]
    mine = STRONG_BOTS[side](rules.view(state, side), prompt, SeededRng(11))
    theirs = STRONG_BOTS[side](rules.view(changed, side), other, SeededRng(11))
    assert mine == theirs


def test_what_it_believes_is_its_view_where_the_view_shows_and_never_the_hidden_truth(japanese_allocation):
    state, _ = japanese_allocation
    planted = rules.plant_canaries(json.loads(json.dumps(state)), "japanese", CANARY)
    view = rules.view(planted, "japanese")
    believed = strong_bot.determinize(view, "japanese", FastRng(1))
    again = views.side_view(believed, "japanese")
    for key in ("units", "task_forces", "air", "ground_in_port", "losses", "guadalcanal", "turn", "phase", "section"):
        assert again[key] == view[key], key
    assert CANARY not in json.dumps(believed)
    enemy = {u["id"] for u in believed["units"].values() if u["side"] == "allied"}
    assert enemy and all(u["location"] in board.BASES["allied"] for u in believed["units"].values()
                         if u["side"] == "allied"), "the enemy it cannot see is believed in port"


def test_the_enemy_it_believes_includes_the_reinforcements_the_schedule_has_brought():
    early, late = strong_bot.believed_enemy("allied", 1), strong_bot.believed_enemy("allied", 8)
    def ships(s):
        return {u for u, x in s["units"].items() if x["side"] == "allied"}
    assert ships(early) < ships(late)


def test_every_other_decision_is_the_easy_bot_s():
    state, prompt = position(1, "exec1", "allied", "air")
    view = rules.view(state, "allied")
    assert STRONG_BOTS["allied"](view, prompt, SeededRng(3)) == rules.bots["allied"](view, prompt, SeededRng(3))


@pytest.mark.rule("14.3")
def test_japans_strikes_go_all_on_one_group_of_the_kind_they_go_for():
    """14.3: the strong Japanese flies the easy bot's missions but writes the doctrine's spread "one", so a strike
    on a force with two carrier groups meets one group's anti-aircraft fire, not both (test_combat_air_strike)."""
    state, prompt = position(1, "exec1", "japanese", "air")
    view = rules.view(state, "japanese")
    strong = STRONG_BOTS["japanese"](view, prompt, SeededRng(3))
    easy = rules.bots["japanese"](view, prompt, SeededRng(3))
    assert any(m["mission"] == "attack" for m in strong["args"]["missions"])
    assert strong["args"]["missions"] == easy["args"]["missions"]
    assert strong["args"]["doctrine"] == {"spread": "one"} and "doctrine" not in easy["args"]
    after = rules.apply(state, "japanese", strong, SeededRng(1))
    assert after["decisions"]["japanese"]["doctrine"]["spread"] == "one"  # the rules took it as written


@pytest.mark.rule("22")
def test_it_scores_the_result_the_ratio_chart_gives_so_an_american_losing_nothing_is_winning():
    """22: 0:0 is an American victory, so the American bot values losing nothing over eight Ground Points landed at
    the price of one Ground Point sunk with its transport (a better margin, but a Japanese victory on the chart)."""
    assert strong_bot.standing({"japanese": 0, "allied": 0}, "allied") == "win"
    assert strong_bot.standing({"japanese": 0, "allied": 0}, "japanese") == "loss"
    assert strong_bot.standing({"japanese": 6, "allied": 5}, "allied") == "draw"
    quiet = opening_state()
    # a garrison supplied and strong enough that the ground war's outlook threatens nothing (strong_outlook.py)
    quiet["guadalcanal"]["supply"]["allied"], quiet["guadalcanal"]["ground"]["allied"] = 6, 20
    traded = json.loads(json.dumps(quiet))
    traded["losses"]["allied"]["ground"] += 1
    traded["guadalcanal"]["ground"]["allied"] += 8
    assert strong_bot.evaluate(quiet, "allied") > strong_bot.evaluate(traded, "allied")
    assert strong_bot.evaluate(quiet, "japanese") < strong_bot.evaluate(traded, "japanese")


def opening_state():
    return rules.setup("campaign", rules.meta.default_options(), SeededRng(1))
