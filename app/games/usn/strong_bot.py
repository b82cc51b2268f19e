"""U.S.N.'s strong computer player (issue 36): the engine's search over beliefs (app/engine/search.py) with the easy
player (bots.py, each decision record's answer) as its rollout policy, at the decision that shapes a mini-game, each
side's Air and Sea Movement Phase; every other decision is the easy player's own answer, and so is every decision of
a game the belief does not cover (belief.covers: the campaigns, Eastern Solomons, Santa Cruz, the optional rules).

It decides from `view(state, side)`, its prompt and its own stream only, like the easy player:

- **Belief** (belief.py): own forces exact; the enemy's ships dealt among the stacks the view shows (each examined
  group where it is named), its NAC dealt among its undamaged carriers, its land units not ashore put aboard.
- **Candidates**: the easy order first; then the same order with the warships (not the transports, nor a ship the
  easy order sends home for fuel, to a bombardment or to a surface attack) all held where they are, all closing to
  one hex of the objective, all closing to one or three hexes of the nearest enemy stack, and all falling back to the
  nearest friendly naval base.
- **Rollouts**: each candidate applied on each believed state and the game played by the easy player for both sides
  to the end of the next Game-Turn (HORIZON_TURNS; the end of the game at most), on the same dice for every
  candidate (common random numbers). Ending at this Game-Turn's end instead lost Midway's Allied player 7 of its
  first 10 games against the easy Japanese (the easy Allies win all 10): it closed on the enemy for this turn's
  strikes and did not see the next turn's.
- **Evaluate** (belief.evaluate): the result if the game is over, else the margin of Victory Points with each
  objective's points to its holder.

The budget is a count, fixed (BUDGET), so one view and one stream always give the same order."""
from __future__ import annotations

import copy
from typing import Any

from app.engine import search
from app.engine.errors import Refused
from app.games.usn import belief, board, bot_view, bots, grid, offmap
from app.games.usn.rules import BOTS, rules

View = dict[str, Any]
State = dict[str, Any]

# Sized so that a searched decision stays under 2 s of CPU at p99 on this machine (docs/benchmarks.md).
BUDGET = search.Budget(samples=2, rollouts=1, horizon=200)
HORIZON_TURNS = 2  # a rollout plays this Game-Turn and the next (to the end of the game at most)
# A course other than the easy player's is taken only when its mean beats the easy order's by this much (in tens of
# Victory Points): two rollouts are noisy, and a course found better by a hair is as likely found so by luck.
MARGIN = 0.5
CLOSE_TO_OBJECTIVE = (1,)  # hexes from the objective the warships close to, in the candidates
CLOSE_TO_ENEMY = (1, 3)  # hexes from the nearest enemy stack


def _free_warships(view: View, side: str, easy: dict[str, Any]) -> list[dict[str, Any]]:
    """The warships whose course the candidates vary: not transports, not off the map, not short of fuel, and not
    given a bombardment, surface attack, embarkation or landing by the easy order."""
    moves = easy["args"].get("moves", {})
    out = []
    for s in view["ships"][side]["units"]:
        o = moves.get(s["id"], {})
        if (s["type"] == "TR" or offmap.off(s["hex"]) or s["at_sea"] >= board.fuel_limit(s["type"]) - 1
                or set(o) - {"to"}):
            continue
        out.append(s)
    return out


def _with(easy: dict[str, Any], ships: list[dict[str, Any]], to) -> dict[str, Any]:
    """The easy order with each of `ships` sent to `to(ship)` (None: held where it is)."""
    order = copy.deepcopy(easy)
    moves = order["args"].setdefault("moves", {})
    for s in ships:
        h = to(s)
        if h is None or h == s["hex"]:
            moves.pop(s["id"], None)
        else:
            moves[s["id"]] = {"to": h}
    return order


def naval_candidates(view: View, side: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
    easy = BOTS[side](view, prompt, rng)
    ships = _free_warships(view, side, easy)
    out = [easy]
    if not ships:
        return out
    goal = bots._goal(view, f"{side}_objective")

    def toward(h: str, keep: int):
        return lambda s: bots._toward(view, side, s, h, s["values"]["movement"], keep)

    out.append(_with(easy, ships, lambda s: None))
    for keep in CLOSE_TO_OBJECTIVE:
        out.append(_with(easy, ships, toward(goal, keep)))
    enemy = bot_view.enemy_hexes(view, side)
    if enemy:
        centre = ships[0]["hex"]
        nearest = min(enemy, key=lambda h: (grid.distance(h, centre), h))
        for keep in CLOSE_TO_ENEMY:
            out.append(_with(easy, ships, toward(nearest, keep)))
    home = bots._home(view, side, ships[0]["hex"])
    if home:
        out.append(_with(easy, ships, toward(home, 0)))
    return search.distinct(out)


class USNSearch:
    """What U.S.N. supplies to the engine's search (search.Searchable)."""

    def determinize(self, view: View, role: str, rng) -> State:
        return belief.determinize(view, role, rng)

    def candidates(self, view: View, role: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
        return naval_candidates(view, role, prompt, rng)

    def apply(self, state: State, role: str, action: dict[str, Any], rng) -> State:
        try:
            return rules.apply(state, role, action, rng)
        except (KeyError, ValueError, IndexError, TypeError) as e:  # a believed state the rules cannot carry on
            raise Refused(f"not playable in this belief: {e!r}") from e

    def prompts(self, state: State) -> dict[str, Any]:
        return rules.prompts(state) if state.get("outcome") is None else {}

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
        try:
            # the easy player never reads the log: the view is built without it (naming every line of a rollout's
            # growing log was a fifth of the search's time)
            return BOTS[role](rules.view({**state, "log": []}, role), prompt, rng)
        except (KeyError, ValueError, IndexError, TypeError, StopIteration):
            return rules.default_action(state, role)

    def evaluate(self, state: State, role: str) -> float:
        return belief.evaluate(state, role)

    def horizon_reached(self, start: State, state: State) -> bool:
        return state.get("outcome") is not None or state["turn"] >= start["turn"] + HORIZON_TURNS


GAME = USNSearch()


def chosen(thought: search.Thought) -> dict[str, Any]:
    """The search's order, unless it beats the easy order (the first candidate) by less than MARGIN."""
    best = thought.candidates.index(thought.action)
    easy, found = thought.scores[0], thought.scores[best]
    if best and easy is not None and found is not None and found - easy < MARGIN:
        return thought.candidates[0]
    return thought.action


def make_strong(side: str):
    """The strong player of `side`: the search at the naval movement phase of a game the belief covers, the easy
    player (rules.BOTS) at every other decision."""
    easy = BOTS[side]

    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        if belief.covers(view) and side in view.get("waiting_for", [side]):
            return chosen(search.think(GAME, view, side, prompt, rng, BUDGET))
        return easy(view, prompt, rng)
    bot.__name__ = f"usn_{side}_strong_bot"
    return bot


EASY, STRONG = "easy", "strong"
STRONG_BOTS = {side: make_strong(side) for side in board.SIDES}
# issue 36: the levels the lobby offers, easiest first (the easy player is the one U.S.N. always had, rules.BOTS)
LEVELS = {EASY: dict(BOTS), STRONG: STRONG_BOTS}

__all__ = ["BUDGET", "GAME", "MARGIN", "chosen", "LEVELS", "STRONG_BOTS", "make_strong", "naval_candidates"]
