"""Issue 36: Guadalcanal's computer players come in two levels, "easy" (bots.py) and "strong" (strong_bot.py),
chosen in the lobby. Each level gives legal orders to the end of seeded games, decides from its view alone (the
proof of fog, as tests/games/guadalcanal/test_bots.py proves it for the easy bot), and the lobby seats the strong one
when asked."""
from __future__ import annotations

import copy
import functools
from collections import Counter
from typing import Any

import pytest

from app.engine.rng import SeededRng
from app.engine.testing import canonical
from app.games import guadalcanal
from app.games.guadalcanal import belief, bots, rules, strong_bot
from app.games.guadalcanal.gamedata import SIDES
from app.play.bots import bot_for, levels_of
from tests.games.guadalcanal.test_bots import play, prompt_of

LEVELS = ("easy", "strong")
State = dict[str, Any]


def test_the_spec_declares_easy_then_strong_and_the_plain_computer_is_the_easy_one():
    assert levels_of(guadalcanal.spec) == LEVELS
    for side in SIDES:
        assert bot_for(guadalcanal.spec, side) is bots.BOTS[side] is rules.bots[side]
        assert bot_for(guadalcanal.spec, side, "strong") is strong_bot.BOTS[side]
        assert bot_for(guadalcanal.spec, f"{side}.1", "strong") is strong_bot.TEAM_BOTS[f"{side}.1"]


@pytest.mark.parametrize("seed", [0])
def test_strong_against_easy_gives_legal_orders_to_the_end_of_scenario_three(seed):
    for strong_side in SIDES:
        other = next(s for s in SIDES if s != strong_side)
        state = play("3", seed, {strong_side: strong_bot.BOTS[strong_side], other: bots.BOTS[other]})
        assert state["time"]["scenario_turn"] == state["time"]["turns"]
        assert state["outcome"]["level"] in ("win", "tie")


@pytest.mark.parametrize("scenario,options", [("1", {"fighters": True}), ("4", {"umpired": True})])
def test_the_strong_bot_plays_both_sides_of_other_scenarios_and_options_to_the_end(scenario, options):
    state = play(scenario, 0, dict(strong_bot.BOTS), options)
    assert state["outcome"]["level"] in ("win", "tie")


@functools.lru_cache(maxsize=None)
def game_states(umpired: bool) -> tuple[tuple[State, str], ...]:
    """Every state a strong bot decided in, in a seeded Scenario 3 game of the strong players without their search
    (strong_bot.RULE_BOTS: the same steps and sightings, at a fraction of the CPU; the searching bot is asked at
    each of them below)."""
    out: list[tuple[State, str]] = []
    play("3", 2, dict(strong_bot.RULE_BOTS), {"umpired": umpired},
         watch=lambda s, role, a: out.append((copy.deepcopy(s), role)), asking=True)  # every kind of decision met
    return tuple(out)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("umpired", [False, True])
def test_proof_of_fog_each_level_decides_the_same_whatever_its_view_hides(level, umpired):
    """The enemy's task forces, flights, searchboard, orders and log changed or planted with a canary: each level's
    bot gives the very same order from the same stream, at every fourth decision of a Scenario 3 game of strong
    against strong; the strong one's searched decisions (its belief is drawn from the view alone) among them, and
    decisions where it read where the enemy's scouts took off (belief.scouted_from: the searches its side answered)."""
    checked, searched, traced = Counter(), 0, 0
    for state, side in game_states(umpired)[::4]:
        hidden = rules.perturb(copy.deepcopy(state), side, SeededRng(5))
        planted = rules.plant_canaries(copy.deepcopy(state), side, "CANARY-g36")
        assert canonical(hidden) != canonical(state)
        bot = guadalcanal.spec.bot(side, level)
        mine = bot(rules.view(state, side), prompt_of(state, side), SeededRng(9))
        for other in (hidden, planted):
            theirs = bot(rules.view(other, side), prompt_of(other, side), SeededRng(9))
            assert theirs == mine, (level, side, state["step"])
            assert "CANARY" not in canonical(theirs)
        checked[mine["verb"]] += 1
        searched += level == "strong" and strong_bot.searched_verb(rules.view(state, side), prompt_of(state, side)) \
            is not None
        traced += level == "strong" and bool(belief.scouted_from(rules.view(state, side)))
    assert {"take_off", "move", "land"} <= set(checked), checked
    assert umpired or level == "easy" or searched, "no searched decision was checked"
    assert umpired or level == "easy" or traced, "no decision read the enemy scouts' routes"


def test_the_strong_bot_launches_for_a_fresh_sighting_or_blind_for_the_likeliest_hex_while_scouts_fly():
    """strong_bot.take_off over the take-off steps of a game: with a sighting of this Turn or the last, each bomber
    it launches reaches one (its own movement factor and the fleets' closing), and it launches some the easy bot
    holds back (a carrier's dive bombers while its torpedo bombers are out of reach); with none, it launches only
    while scouts fly, each bomber reaching the likeliest hex (its fleet closing one hex), and it does launch so."""
    more = blind = 0
    for state, side in game_states(False):
        prompt = prompt_of(state, side)
        if not any(a["verb"] == "take_off" for a in prompt["actions"]):
            continue
        view = rules.view(state, side)
        me = bots.Intel(view)
        fresh = [c["hex"] for c in me.contacts if c["age"] <= strong_bot.LAUNCH_AGE]
        where = {u["id"]: me.area_hex(a["id"]) for a in me.card["areas"] for u in a["ready"]}
        order = strong_bot.take_off(view, prompt, SeededRng(1))["args"]["units"]
        strong = {u for u in order if bots.AIR[u]["type"] in bots.BOMBERS}
        easy = {u for u in bots.take_off(view, prompt, SeededRng(1))["args"]["units"]
                if bots.AIR[u]["type"] in bots.BOMBERS}
        if fresh:
            for u in strong:
                reach = bots.AIR[u]["mf"] + strong_bot.LAUNCH_CLOSING
                assert any(bots.dist(where[u], h) <= reach for h in fresh), (u, side)
            more += len(strong - easy)
        elif strong:
            assert any(bots.AIR[u]["type"] == bots.SCOUT for u in order), (side, "blind without scouts")
            w = me.likelihood()
            likely = max(w, key=lambda h: (w[h], h))
            for u in strong:
                assert bots.dist(where[u], likely) <= bots.AIR[u]["mf"] + strong_bot.BLIND_CLOSING, (u, side)
            blind += 1
    assert more, "the strong bot never launched a bomber the easy one held back"
    assert blind, "the strong bot never launched blind while its scouts flew"


