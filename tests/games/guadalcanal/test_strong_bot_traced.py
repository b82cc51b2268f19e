"""Issue 36: Guadalcanal's strong computer player reads where the enemy's scouts took off from the searches its side
answered (3d3.2: each hex an enemy scout announces is answered by this side, in the order flown; belief.scouted_from),
and sea-searches its own task force's hex when the enemy's scouts took off next to it (3d5). Set positions from a
seeded Scenario 3 game, the enemy's searches written into the side's log as the rules write them."""
from __future__ import annotations

import copy
import functools
from typing import Any

from app.engine.log import entry
from app.engine.rng import SeededRng
from app.games.guadalcanal import belief, bots, rules, strong_bot
from app.games.guadalcanal.gamedata import BASE_HEX
from app.games.guadalcanal.searchboard import sea_steps
from tests.games.guadalcanal.test_bots import play, prompt_of

State = dict[str, Any]
ALLIED_BASES = [b["hex"] for b in BASE_HEX.values() if b["side"] == "allied"]


class _Found(Exception):
    pass


def first_state(verb: str, from_turn: int) -> State:
    """The first state of a seeded game of the rule-based strong players where the Japanese gives a `verb` order on
    scenario Turn `from_turn` or later."""
    def watch(s, role, action):
        if role == "japanese" and action["verb"] == verb and s["time"]["scenario_turn"] >= from_turn:
            raise _Found(copy.deepcopy(s))
    try:
        play("3", 2, dict(strong_bot.RULE_BOTS), watch=watch)
    except _Found as found:
        return found.args[0]
    raise AssertionError(f"the Japanese never gave a {verb} order")


@functools.lru_cache(maxsize=None)
def sea_search_state() -> State:
    """The first day Turn's Sea Search (3d5) the Japanese is asked after the first (the strong plan cancels the sea
    search's standing order, so it is asked every Turn)."""
    return first_state("sea_search", 2)


def searched(state: State, route: list[str]) -> State:
    """`state` with an Allied scout's route answered by the Japanese this Turn, hex by hex (search.answer's line)."""
    s = copy.deepcopy(state)
    s["log"] += [entry("japanese", f'Allied air search {h}: you answer "nothing".', at="air", hex=h) for h in route]
    return s


def carrier_hex(state: State) -> str:
    view = rules.view(state, "japanese")
    return next(t["hex"] for t in bots.Intel(view).tfs.values() if bots.has_carrier(t))


def route_from(here: str) -> list[str]:
    """A scout's route taking off from `here` (a sea hex), two hexes long, its first hex more than a hex from every
    Allied base."""
    first = next(h for h in sorted(sea_steps(here)) if all(bots.dist(h, b) > 1 for b in ALLIED_BASES))
    second = next(h for h in sorted(sea_steps(first)) if bots.dist(h, here) == 2)
    return [first, second]


def test_an_enemy_scouts_route_tells_the_sea_hexes_next_to_its_first_hex_and_a_strikes_hex_nothing():
    """A route of two hexes or more answered this Turn (3d3.2) puts the weight of a fresh sighting on every sea hex
    next to its first one, where the scout took off (3d2), and none elsewhere; a lone hex answered (a strike
    announces only the hex it ends in) adds nothing."""
    state = sea_search_state()
    here = carrier_hex(state)
    route = route_from(here)
    w = belief.scouted_from(rules.view(searched(state, route), "japanese"))
    assert set(w) == set(sea_steps(route[0])) and here in w
    assert set(w.values()) == {belief.SCOUTED_WEIGHT}
    lone = belief.scouted_from(rules.view(searched(state, route[-1:]), "japanese"))
    assert lone == {}


def test_the_strong_japanese_sea_searches_its_carriers_hex_when_the_allied_scouts_took_off_next_to_it():
    """3d5: the Allied scouts' route began next to the Japanese carriers' hex this Turn, so an Allied carrier may sail
    in that very hex unseen: the strong Japanese calls its carriers' hex in its sea search; the easy Japanese calls
    it only with a sighting next to it (it has none there here) and does not."""
    state = sea_search_state()
    here = carrier_hex(state)
    s = searched(state, route_from(here))
    view, prompt = rules.view(s, "japanese"), prompt_of(s, "japanese")
    assert all(bots.dist(c["hex"], here) > 1 for c in view["searchboard"]["contacts"])
    strong = strong_bot.BOTS["japanese"](view, prompt, SeededRng(1))
    easy = bots.BOTS["japanese"](view, prompt, SeededRng(1))
    rules.check(s, "japanese", strong)
    assert here in strong["args"]["hexes"]
    assert here not in easy["args"]["hexes"]


@functools.lru_cache(maxsize=None)
def first_move_state() -> State:
    """The Japanese first Sea Movement Step (3c), before either side has sighted anything."""
    return first_state("move", 1)


def test_with_nothing_sighted_the_strong_japanese_carriers_sail_toward_where_the_allied_scouts_took_off():
    """3c with no sighting: the easy plan sails its carriers toward the likeliest hex of the enemy's set-up areas
    grown by the Turns gone by; the strong one reads the Allied scouts' route (answered by its side, 3d3.2) and
    closes on the hexes next to its first hex, where an Allied carrier flew it from. A route far from where the easy
    plan heads: the strong carriers end nearer its first hex than they began; the easy ones do not."""
    state = first_move_state()
    here = carrier_hex(state)
    view = rules.view(state, "japanese")
    tf = next(t for t in bots.Intel(view).tfs.values() if bots.has_carrier(t))["id"]
    heads = bots.BOTS["japanese"](view, prompt_of(state, "japanese"), SeededRng(1))["args"]["moves"].get(tf, here)
    start = next(h for h in sorted(sea_steps_within(here, 6)) if bots.dist(heads, h) > bots.dist(here, h)
                 and all(bots.dist(h, b) > 1 for b in ALLIED_BASES))
    second = next(h for h in sorted(sea_steps(start)) if bots.dist(h, here) > bots.dist(start, here))
    s = searched(state, [start, second])
    view, prompt = rules.view(s, "japanese"), prompt_of(s, "japanese")
    strong = strong_bot.BOTS["japanese"](view, prompt, SeededRng(1))
    easy = bots.BOTS["japanese"](view, prompt, SeededRng(1))
    rules.check(s, "japanese", strong)
    assert bots.dist(strong["args"]["moves"].get(tf, here), start) < bots.dist(here, start)
    assert bots.dist(easy["args"]["moves"].get(tf, here), start) >= bots.dist(here, start)


def sea_steps_within(here: str, d: int) -> list[str]:
    """The sea hexes exactly `d` hexes from `here` (those a task force may enter from a neighbour, 3c)."""
    return [h for h in {n for x in bots.HEXES for n in sea_steps(x)} if bots.dist(h, here) == d]
