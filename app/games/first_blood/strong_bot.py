"""First Blood's strong computer player (issue 36): the engine's search over beliefs (app/engine/search.py) with the
easy player (tactics.py, the records' answers) as its rollout policy, at the decisions that shape a turn, the
movement and combat phases; every other decision (set-up, reinforcements, losses, retreats, supply, air) is the easy
player's own answer.

It decides from `view(state, side)`, its prompt and its own stream only, like the easy player:

- **Belief** (belief.py): First Blood hides nothing on the board, so one full state rebuilt from the view.
- **Candidates**: the easy order first; the phase ended; for movement the easy order with each of its units held
  back in turn (not one that must move: lost if the phase then ends, §5, §6.5) and a few random legal moves drawn
  from the stream; for combat each open target attacked with every unit next to it and the artillery in range
  (advancing or not), the IJ's bombardment, and the easy order. The IJ adds its own orders (first, so kept on a
  tie): its moves before its destroyers, placed on the attack with the best odds (ij_move, ij_support, §6.6), and
  each hex its destroyers may support; its units onto the empty US entry hexes (blocking_moves: a US
  reinforcement landing there is lost, §5, §5.3); its attacks before its bombardment (ij_fight: a gun fires once a
  phase, §7.10).
- **Rollouts**: each candidate applied and the game played on by the easy player for both sides (the IJ's own
  movement and combat as ij_move and ij_fight play them, when the IJ searches: IJSearch), on the same dice for
  every candidate (common random numbers): the IJ's to the end of the turn (§12 is checked at the end of the US
  turn), the US's on through the next turn's IJ movement and combat (`horizon_reached`: the IJ attacks on the
  fields that its line leaves open are what lost the US its games).
- **Evaluate** (belief.evaluate): the result if the game is decided, else the combat factors each side keeps, the IJ
  ground units on the map, how near the nearest stands to a completed air field, and any that stands on one.

The budget is a count, fixed (BUDGET), so one view and one stream always give the same order. The movement
candidates are screened first (`screened`: one whose phase ends where an earlier one's does could never be chosen)
and at most MAX_CANDIDATES are searched (`capped`), so a decision's work is bounded however many units move."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import json

from app.engine import search
from app.engine.errors import Refused
from app.engine.rng import FastRng, Rng
from app.games.first_blood import board, combat, movement, sequence, tactics
from app.games.first_blood.belief import determinize, evaluate
from app.games.first_blood.gamedata import COLUMNS, ENTRIES, STRIPS, neighbours
from app.games.first_blood.phases import landing_default, reserve_default
from app.games.first_blood.records import SEQUENCE, STATES
from app.games.first_blood.sequence import TURN

View = dict[str, Any]
State = dict[str, Any]

# Sized so that a searched decision stays under 2 s of CPU at p99 on this machine (docs/benchmarks.md): every
# candidate is played on SAMPLES dice to the end of the turn.
BUDGET = search.Budget(samples=4, rollouts=1, horizon=200)
RANDOM_MOVES = 3  # random legal movement orders among the candidates
SEARCHED = ("movement", "combat")

# The easy player's heuristics read straight off a full state (the rollouts' policy: no view to build).
FAST = {
    "setup": tactics.place, "reinforcements": tactics.place,
    "movement": lambda s, r, p: tactics.move(s, r), "combat": lambda s, r, p: tactics.fight(s, r),
    "losses": lambda s, r, p: tactics.lose(s, r), "retreat": lambda s, r, p: tactics.fall_back(s, r),
    "overstack": lambda s, r, p: combat.overstack_default(s, r), "supply": lambda s, r, p: tactics.give_up(s),
    "reserve": lambda s, r, p: reserve_default(s, r), "landing": lambda s, r, p: landing_default(s, r),
    "air": lambda s, r, p: tactics.allocate(s),
}


def legal_answer(d, state: State, role: str, answer: Callable[[], dict[str, Any] | None], rng) -> dict[str, Any]:
    """A computer player's order for decision `d`: its `answer` if the rules accept it, else a random legal order,
    else the missed-order default (the easy player's fallback, from its view, and the rollouts', on a full state)."""
    for order_of in (answer, lambda: d.random(state, role, rng)):
        try:
            order = order_of()
        except (KeyError, ValueError, IndexError):
            order = None
        if d.accepts(state, role, order):
            return order
    return d.default(state, role)


def policy(state: State, role: str, prompt: dict[str, Any], rng, fast=None) -> dict[str, Any]:
    """The easy player's order on a full state (as bots.py would give it from the view), a random legal one where
    the heuristic has none, the missed-order default where even that fails. `fast`: the heuristics (FAST)."""
    d = STATES[sequence.kind(state)]
    return legal_answer(d, state, role, lambda: (fast or FAST)[d.id](state, role, prompt), rng)


# §5, §5.3: a US reinforcement cannot enter the map through an entry hex an IJ unit stands on, and is eliminated at
# the end of the US combat phase (an attack on entry is allowed only when all four entry hexes are held).
US_ENTRY_HEXES = tuple(h for e in board.entries_of("us") for h in ENTRIES[e]["hexes"])


def blocking_moves(state: State, to: dict[str, str]) -> dict[str, str]:
    """`to` with, for each empty US entry hex, the IJ unit that reaches it for the fewest MF sent there instead (each
    unit to one entry hex at most; the others keep their moves)."""
    occ = board.occupancy(state)
    out, used = dict(to), set()
    taken = {p[4:] for p in to.values() if p.startswith("hex:")}
    units = movement.movable(state, "ij")
    for h in US_ENTRY_HEXES:
        if h in occ or h in taken:
            continue
        cost = {u["id"]: reachable.get(f"hex:{h}") for u in units if u["id"] not in used
                for reachable in [movement.reachable(state, u, occ)]}
        near = sorted((c, uid) for uid, c in cost.items() if c is not None)
        if near:
            uid = near[0][1]
            out[uid] = f"hex:{h}"
            used.add(uid)
            taken.add(h)
    return out


_RANK = {None: -1, **{c: i for i, c in enumerate(COLUMNS)}}


def _support_odds(state: State, h: str) -> str | None:
    """The odds column (§7.6) of an attack on `h` by every IJ ground unit next to it (None: worse than 1:2)."""
    near = [u["id"] for u in board.on_map(state, "ij") if h in neighbours(board.hex_of(u))]
    if not near:
        return None
    st = combat.strengths(state, near, [h], [])
    return combat.odds_column(st["A"], st["D"])


def ij_support(state: State, only: str | None = None) -> dict[str, Any] | None:
    """§6.6: every destroyer of the IJN Attack box onto the US hex the IJ units next to it attack at the best odds
    (+2 a ship: at 2:1 a roll of 2 or more then eliminates the defenders), the nearest the strips on a tie; never
    onto a hex attacked at worse than 1:2 (the attackers are eliminated without a roll, the ships wasted). `only`:
    that hex alone."""
    units, hexes = movement._support_options(state, "ij")
    odds = {h: _support_odds(state, h) for h in hexes if only in (None, h)}
    worth = [h for h, c in odds.items() if c is not None]
    if not units or not worth:
        return None
    h = max(worth, key=lambda x: (_RANK[odds[x]], x in STRIPS, -tactics._to_strips(x), x))
    return {"verb": "support", "args": {"on": {u: h for u in units}}}


def ij_move(state: State) -> dict[str, Any]:
    """The strong IJ's movement order (and its rollouts'): the air-to-air attacks first (§6.7), then the easy
    player's moves, and only once every unit has moved, its destroyers onto the attack with the best odds
    (ij_support): the easy player places them before moving, on the hex nearest the strips, often one the units
    then attack at worse than 1:2."""
    order = tactics._intercept(state)
    if order is None:
        moves = tactics._ij_moves(state)
        order = {"verb": "move", "args": {"to": moves}} if moves else ij_support(state)
    return order or {"verb": "end_movement", "args": {}}


def _movement_candidates(state: State, role: str, rng) -> list[dict[str, Any]]:
    easy = tactics.move(state, role)
    out = [easy, {"verb": "end_movement", "args": {}}]
    if role == "ij":
        mine = ij_move(state)
        out.insert(0, mine)
        for h in movement._support_options(state, "ij")[1]:
            out.append(ij_support(state, h))
        if mine["verb"] == "move":
            block = blocking_moves(state, mine["args"]["to"])
            if block != mine["args"]["to"]:
                out.append({"verb": "move", "args": {"to": block}})
            easy = mine
    if easy["verb"] == "move":
        to = easy["args"]["to"]
        must = {u["id"] for u in movement._must_go(state, role)}  # held back, these are lost (§5, §6.5)
        for uid in sorted(set(to) - must):
            if len(to) > 1:
                out.append({"verb": "move", "args": {"to": {u: p for u, p in to.items() if u != uid}}})
    d = STATES["movement"]
    for _ in range(RANDOM_MOVES):
        try:
            out.append(d.random(state, role, FastRng(search.seed_from(rng))))
        except (KeyError, ValueError, IndexError):
            pass
    return out


def _combat_candidates(state: State, role: str) -> list[dict[str, Any]]:
    out = [tactics.fight(state, role), {"verb": "end_combat", "args": {}}]
    if role == "ij":
        out.insert(0, ij_fight(state))
        bombard = tactics._bombard(state)
        if bombard:
            out.append(bombard)
    opened = combat.open_targets(state, role)
    for t, (ids, _) in sorted(combat.attack_fields(state, role).items()):
        if t not in opened:
            continue
        adj = [u for u in ids if board.hex_of(state["units"][u]) and t in neighbours(board.hex_of(state["units"][u]))]
        if not adj:
            continue
        arty = [u for u in ids if u not in adj and board.hex_of(state["units"][u])]
        for advance in (True, False):
            out.append({"verb": "attack", "args": {"units": {t: adj + arty}, "advance": advance}})
    return out


# The step after the IJ's combat phase (§8's supply roll): where the US's rollouts stop, the next turn's IJ attacks
# on the fields played out (an IJ unit that stands on a field then is a lost game unless the US turn retakes it).
AFTER_IJ_COMBAT = next(i for i, st in enumerate(TURN) if st.kind == "supply_roll")


def horizon_reached(start: State, state: State) -> bool:
    """Where a rollout stops: at the result, else for the IJ at the end of the turn (§12 judged the US's answer),
    for the US once the next turn's IJ half has fought (what its line left open, the IJ's attacks played out)."""
    if state.get("outcome") is not None:
        return True
    if start["step"]["side"] == "us":
        return state["turn"] != start["turn"] and state["step"]["index"] >= AFTER_IJ_COMBAT
    return state["turn"] != start["turn"]


# The strong IJ's own movement and combat in its rollouts (IJSearch).
IJ_FAST = {**FAST, "movement": lambda s, r, p: ij_move(s), "combat": lambda s, r, p: ij_fight(s)}


def ij_fight(state: State) -> dict[str, Any]:
    """The strong IJ's combat order: its attacks first (best odds first, with the artillery in range), then the
    bombardment of the strips by what is left (§7.10: an artillery unit fires once a phase, and the easy IJ spends
    it on the strips before the attacks it could support)."""
    order = tactics._attack(state, "ij") or tactics._bombard(state)
    return order or {"verb": "end_combat", "args": {}}


class _DiceRolled(Exception):
    """A die was asked for where the screening of the movement candidates rolls none (see `NoDice`)."""


class NoDice(Rng):
    """The dice of the screening of movement candidates (`_same_phase_end`): any roll stops it, the candidate kept."""

    def _draw(self, sides: int) -> int:
        raise _DiceRolled


# At most this many orders of the side's own movement phase played on by its rollout policy when screening a
# candidate (a count, never a clock; a phase that runs longer keeps its candidate).
SCREEN_STEPS = 40


def _phase_end(game, state: State, role: str, action: dict[str, Any]) -> str | None:
    """Where `role`'s movement phase ends after `action`, played on by the rollouts' own policy (`game.policy`),
    as a key (the state without its log), or None where that takes a die or more than SCREEN_STEPS orders."""
    try:
        s = game.apply(state, role, action, NoDice())
        for _ in range(SCREEN_STEPS):
            prompts = game.prompts(s)
            if s.get("outcome") is not None or s["step"]["kind"] != "movement" or list(prompts) != [role]:
                return json.dumps({k: v for k, v in s.items() if k != "log"}, sort_keys=True)
            s = game.apply(s, role, game.policy(s, role, prompts[role], NoDice()), NoDice())
    except (_DiceRolled, Refused):
        return None
    return None


def screened(game, state: State, role: str, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The movement candidates less every one whose phase ends where an earlier one's does (`_phase_end`): the
    rollouts go on from the same position on the same dice, so its score is the earlier one's and the search, which
    keeps the earliest on a tie, could never choose it. Most are the easy order with a unit held back that the
    rollout policy then moves where the easy order sent it; they were most of the search's work where many units
    move (the US against random play: 30 to 38 candidates a decision). The order chosen is the same."""
    seen, out = set(), []
    for a in candidates:
        key = _phase_end(game, state, role, a)
        if key is not None and key in seen:
            continue
        seen.add(key)
        out.append(a)
    return out


# At most this many movement candidates searched (after `screened`): each is SAMPLES rollouts on through the next IJ
# turn, so the count is what a decision costs (0.06 s of CPU a candidate on this machine; docs/benchmarks.md). The
# US against random play had up to 33 distinct ones, against the easy IJ never more than 18.
MAX_CANDIDATES = 20


def _enemy_distance(state: State, role: str, h: str | None) -> int:
    enemy = [board.hex_of(u) for u in board.on_map(state, "us" if role == "ij" else "ij")]
    return min((tactics._distance(h, e) for e in enemy), default=99) if h else 99


def capped(state: State, role: str, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most MAX_CANDIDATES, in their order: where there are more, the variants that hold back one unit of an
    earlier move order are dropped, those whose unit was going farthest from the enemy's ground units first (the
    look-ahead judges what a move leaves open to the next enemy attacks, which the units going into contact shape).
    The other candidates (the easy order, ending the phase, the side's own orders, the random moves) are kept."""
    excess = len(candidates) - MAX_CANDIDATES
    if excess <= 0:
        return candidates
    moves = [a["args"]["to"] for a in candidates if a["verb"] == "move"]
    held = []
    for i, a in enumerate(candidates):
        to = a["args"]["to"] if a["verb"] == "move" else None
        full = next((m for m in moves if to is not None and set(to) < set(m) and len(m) == len(to) + 1), None)
        if full is not None:
            dest = full[next(iter(set(full) - set(to)))]
            held.append((_enemy_distance(state, role, dest[4:] if dest.startswith("hex:") else None), i))
    drop = {i for _, i in sorted(held, key=lambda x: (-x[0], -x[1]))[:excess]}
    return [a for i, a in enumerate(candidates) if i not in drop][:MAX_CANDIDATES]


class FirstBloodSearch:
    """What First Blood supplies to the engine's search (search.Searchable)."""

    def determinize(self, view: View, role: str, rng) -> State:
        return determinize(view, role, rng)

    def candidates(self, view: View, role: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
        state = determinize(view, role)
        d = STATES[sequence.kind(state)]
        raw = (_movement_candidates(state, role, rng) if d.id == "movement" else _combat_candidates(state, role))
        out = [a for a in search.distinct([r for r in raw if r]) if d.accepts(state, role, a)]
        return capped(state, role, screened(self, state, role, out)) if d.id == "movement" else out

    def apply(self, state: State, role: str, action: dict[str, Any], rng) -> State:
        """As rules.apply (the engine's TableGame) does it, through the records and the walker (bots sit below the
        rules module, .importlinter): the order judged by the decision waited on, then carried out."""
        return SEQUENCE.play(state, role, action, rng)

    def prompts(self, state: State) -> dict[str, Any]:
        return SEQUENCE.prompts(state)

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
        return policy(state, role, prompt, rng)

    def evaluate(self, state: State, role: str) -> float:
        return evaluate(state, role)

    def horizon_reached(self, start: State, state: State) -> bool:
        return horizon_reached(start, state)


class IJSearch(FirstBloodSearch):
    """The strong IJ's search: its rollouts play the IJ's movement and combat as the strong IJ's own orders do
    (ij_move: the destroyers placed after the moves, on the best attack; ij_fight: the attacks before the
    bombardment), so that a candidate is judged on the play that follows it."""

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
        return policy(state, role, prompt, rng, IJ_FAST if role == "ij" else FAST)


GAME = FirstBloodSearch()
GAME_IJ = IJSearch()


def make_strong(side: str, easy):
    """The strong player of `side`: the search at SEARCHED decisions, the easy player (`easy`) at every other, and
    the easy player too where the search finds nothing to compare (one candidate) or cannot read the view."""
    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        if view["step"]["kind"] in SEARCHED and not view.get("losses") and view["outcome"] is None:
            try:
                thought = search.think(GAME_IJ if side == "ij" else GAME, view, side, prompt, rng, BUDGET)
            except ValueError:
                thought = None
            if thought is not None:
                return thought.action
        return easy(view, prompt, rng)
    bot.__name__ = f"first_blood_{side}_strong_bot"
    return bot


__all__ = ["BUDGET", "GAME", "determinize", "evaluate", "make_strong", "policy"]
