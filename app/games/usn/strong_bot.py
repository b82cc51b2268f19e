"""U.S.N.'s strong computer player (issue 36): the engine's search over beliefs (app/engine/search.py) with the easy
player (bots.py, each decision record's answer) as its rollout policy, at the decision that shapes a mini-game, each
side's Air and Sea Movement Phase; at the air allocation of its own landing at a mini-game's objective, the easy
allocation with the air turned to ground support of the landing (`support_landing`); every other decision is the easy
player's own answer, and so is every decision of a game the belief does not cover (belief.covers: the campaigns,
Eastern Solomons, Santa Cruz, the optional rules).

It decides from `view(state, side)`, its prompt and its own stream only, like the easy player:

- **Belief** (belief.py): own forces exact; the enemy's ships dealt among the stacks the view shows (each examined
  group where it is named), its NAC dealt among its undamaged carriers, its land units not ashore put aboard.
- **Candidates**: the easy order first; then the same order with the warships (not the transports, nor a ship the
  easy order sends home for fuel, to a bombardment or to a surface attack) all held where they are, all closing to
  one hex of the objective, all closing to one or three hexes of the nearest enemy stack, and all falling back to the
  nearest friendly naval base.
- **Opponent** (`opponent`): the enemy's play the rollouts believe in, the same in every believed state (the view
  is all it reads): the easy player when the
  enemy's fleet as shown keeps together, random legal orders when it is scattered (SCATTERED), the easy player
  before the enemy has moved.
- **Rollouts**: each candidate applied on each believed state and the game played by the easy player for the
  deciding side, by the believed opponent for the enemy, to the end of the next Game-Turn (HORIZON_TURNS; the end of
  the game at most), on the same dice for every candidate (common random numbers). Ending at this Game-Turn's end
  instead lost Midway's Allied player 7 of its first 10 games against the easy Japanese (the easy Allies win all
  10): it closed on the enemy for this turn's strikes and did not see the next turn's. Playing to the end of the
  game (Midway's Game-Turn 1 too) did no better than two Game-Turns (docs/benchmarks.md).
- **Fuel** (`refuel_at_oilers`, Supply (G), (H)): whatever course is chosen, a ship whose endurance would run out
  before the game does ends the phase with a full Oiler it can reach.
- **Evaluate** (belief.evaluate): the result if the game is over, else the margin of Victory Points with each
  objective's points to its holder. A course replaces the easy order only if it beats it by MARGIN on the mean, and
  in every believed state where the rollouts stop short of the end of the game (`chosen`); at Midway, never where
  the easy order wins the game in every believed state (`settled`).

The budget is a count, fixed (BUDGET), so one view and one stream always give the same order."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from app.engine import search
from app.engine.errors import Refused
from app.games.usn import airbase, belief, board, bot_view, bots, grid, mountains, offmap, oiler, steps, strength
from app.games.usn.rules import BOTS, rules

View = dict[str, Any]
State = dict[str, Any]

# Sized so that a searched decision stays under 2 s of CPU at p99 on this machine (docs/benchmarks.md).
EASY, STRONG = "easy", "strong"
BUDGET = search.Budget(samples=2, rollouts=1, horizon=200)
HORIZON_TURNS = 2  # a rollout plays this Game-Turn and the next (to the end of the game at most)
# A course other than the easy player's is taken only when its mean beats the easy order's by this much (in tens of
# Victory Points): two rollouts are noisy, and a course found better by a hair is as likely found so by luck.
MARGIN = 0.5
CLOSE_TO_OBJECTIVE = (1,)  # hexes from the objective the warships close to, in the candidates
CLOSE_TO_ENEMY = (1, 3)  # hexes from the nearest enemy stack
SETTLED_SCENARIOS = ("midway",)  # where a winning easy order is kept (`think`)


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
    """What U.S.N. supplies to the engine's search (search.Searchable). The rollouts play every side by the easy
    player, but `random_side` (if any) by random legal orders (rules.random_action). `fixed`, when given, is the
    candidate list every search of this object weighs (one list weighed against each believed opponent)."""

    def __init__(self, random_side: str | None = None, fixed: list[dict[str, Any]] | None = None):
        self.random_side = random_side
        self.fixed = fixed

    def determinize(self, view: View, role: str, rng) -> State:
        return belief.determinize(view, role, rng)

    def candidates(self, view: View, role: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
        return self.fixed if self.fixed is not None else naval_candidates(view, role, prompt, rng)

    def apply(self, state: State, role: str, action: dict[str, Any], rng) -> State:
        try:
            return rules.apply(state, role, action, rng)
        except (KeyError, ValueError, IndexError, TypeError) as e:  # a believed state the rules cannot carry on
            raise Refused(f"not playable in this belief: {e!r}") from e

    def prompts(self, state: State) -> dict[str, Any]:
        return rules.prompts(state) if state.get("outcome") is None else {}

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
        try:
            if role == self.random_side:
                return rules.random_action(state, role, rng)
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

# issue 36: the opponent the search believes it faces: the easy player, or random legal orders
# (rules.random_action). Rollouts against the easy player alone planned against an enemy that closes to strike; random
# Allies at Coral Sea mostly stay near port, and the courses chosen against the easy Allies lost the strong Japanese 11
# of 20 games against them (the easy Japanese lost 6).
RANDOM = "random"
# The easy player keeps its fleet together (every warship toward one goal); random orders scatter it, each ship to its
# own hex. Below this many ships a stack on average, the enemy's fleet as shown is believed scattered by random play.
SCATTERED = 1.75


def opponent(view: View, side: str) -> str:
    """The enemy the rollouts believe in, in every believed state alike (it is read off the view, which every state
    shares), from what the enemy's stacks show: the easy player when its fleet keeps together, random play when
    scattered; the easy player before the enemy has moved (the Japanese player's first phase: the Allies still stand
    as set up). One believed state of each there cost the strong Japanese at Coral Sea 4 of seeds 0-19 against the
    easy Allies (10 wins, 14 with the easy player in both)."""
    enemy = board.other(side)
    index = belief.step_index(view)
    moved = view["turn"] > 1 or any(st.kind == "naval" and st.who == enemy for st in steps.TURN[:index])
    stacks = view["ships"][enemy]["stacks"]
    if not moved or not stacks:
        return EASY
    scattered = sum(st["count"] for st in stacks) / len(stacks) < SCATTERED
    return RANDOM if scattered else EASY


@dataclass
class Thought(search.Thought):
    """A search's finding with each candidate's score in each believed state (None: refused there), and whether the
    easy order wins the game in every believed state (`settled`)."""
    per_state: list[list[float | None]] = field(default_factory=list)
    settled: bool = False


def think(view: View, side: str, prompt: dict[str, Any], rng) -> Thought:
    """The engine's search (search.think) on each believed state in turn (BUDGET.samples of them), against the
    opponent `opponent` believes in, on one list of candidates (the same draws from `rng` as one search over them
    all); each candidate's score is its mean over the believed states (None where the rules refused it in every
    one)."""
    candidates = search.distinct(naval_candidates(view, side, prompt, rng))
    one = search.Budget(samples=1, rollouts=BUDGET.rollouts, horizon=BUDGET.horizon)
    game = USNSearch(board.other(side) if opponent(view, side) == RANDOM else None, candidates)
    per_state = [search.think(game, view, side, prompt, rng, one).scores for _ in range(BUDGET.samples)]
    scores: list[float | None] = []
    for i in range(len(candidates)):
        found = [x[i] for x in per_state if x[i] is not None]
        scores.append(sum(found) / len(found) if found else None)
    best = max((i for i in range(len(candidates)) if scores[i] is not None), key=lambda i: (scores[i], -i), default=0)
    # the rollouts reach the end of the game: they score its result, and the mean decides (chosen); short of it
    # (Midway's Game-Turn 1), a side the easy order leaves ahead keeps it unless a course beats it in every believed
    # state: the Allies at Midway, holding its 100 points (a side behind gains by the mean's bolder courses: with
    # the rule the strong Japanese there won 11 of seeds 0-19 against the easy Allies, 14 without)
    short = view["turn"] + HORIZON_TURNS <= view["turns"]
    ahead = scores[0] is not None and scores[0] >= 0
    # Midway: the easy order wins in every believed state: a course can only lose what it has (the strong Allies
    # there left the easy order, winning, for a course a point and a half better in two rollouts, and lost seeds the
    # easy Allies win: 17 of seeds 0-19 against the easy Japanese, 18 with the rule). Not at Coral Sea, where the easy
    # player wins half its games against itself and two rollouts' wins are no promise: there the rule cost the strong
    # Allies 5 of 18 against the easy Japanese.
    settled = view["scenario"] in SETTLED_SCENARIOS and all(x[0] is not None and x[0] >= belief.WIN / 2
                                                             for x in per_state)
    return Thought(candidates[best], scores, candidates, len(per_state) * len(candidates),
                   per_state if short and ahead else [], settled)


def chosen(thought: search.Thought) -> dict[str, Any]:
    """The best course by mean among those that beat the easy order (the first candidate) by MARGIN in every believed
    state of its per_state scores (given short of the end of the game for a side ahead, `think`), else on the mean; the
    easy order if none does. Every course is played on the same states and dice, so one that does not matter scores
    alike; short of the end a rollout scores the Victory Point margin and the objectives held now, which does not see
    a landing to come, and a course found better in one state only is as likely found so by luck (the strong Allies
    at Midway held at Pearl Harbor on a one-state lead where the easy Allies close and sink the transports: 15 wins of
    seeds 0-19 against the easy Japanese, 16 with this rule). Where the rollouts reach the end the mean decides: the
    rule there too cost the strong Allies at Coral Sea 4 of 20 against the easy Japanese (11 wins, 15 without)."""
    if getattr(thought, "settled", False):
        return thought.candidates[0]
    states = getattr(thought, "per_state", None) or [thought.scores]

    def beats_easy(i: int) -> bool:
        pairs = [(x[0], x[i]) for x in states if x[i] is not None]
        return bool(pairs) and all(easy is None or found - easy >= MARGIN for easy, found in pairs)

    better = [i for i in range(1, len(thought.candidates)) if thought.scores[i] is not None and beats_easy(i)]
    if not better:
        return thought.candidates[0]
    return thought.candidates[max(better, key=lambda i: (thought.scores[i], -i))]


# --- the air allocation of a landing (issue 36) ----------------------------------------------------------------

def _objective_attacked(view: View, side: str) -> str | None:
    """The objective of the situation's Victory Conditions where `side` announced a land attack this phase (Step
    5/9 (B): public, the view's land_attacks), if any."""
    combat = view.get("land_attacks") or {}
    if combat.get("side") != side:
        return None
    goals = {v["hex"] for v in board.situation(view["scenario"]).get("victory") or [] if "hex" in v and "side" not in v}
    return next((h for h in combat.get("hexes", []) if h in goals), None)


# A landing's support aims at this many times the defence shown (CRT 1's last column, 10-1: a D2 or Dx on every
# roll but the first two); the defender's own ground support is secret, so the aim is the table's top.
SUPPORT_ODDS = 10
# A strike on a ship of these types keeps its points: a carrier sunk is worth the most Victory Points after the
# objective, and it is the one ship that strikes back.
KEPT_STRIKES = ("CV", "CVL", "JCV")


def _landing_odds(view: View, side: str, h: str) -> tuple[int, int]:
    """(attack, defence) of `side`'s announced attack at h as its view shows them before air support: its land
    units there and its gun ships' Surface Attack (naval ground support, (C)); the enemy's Defense Strength there,
    tripled entrenched (Entrenchment (A)) and halved out of supply (Supply (E))."""
    attack = sum(u["attack"] for u in view["land"] if u["side"] == side and u["hex"] == h)
    attack += sum(s["values"]["surface_attack"] for s in view["ships"][side]["units"]
                  if s["hex"] == h and s["type"] in bots.GUNS)
    defence = sum(strength.as_attacked(u, u.get("supplied", True)) for u in view["land"]
                  if u["side"] != side and u["hex"] == h)
    return attack, defence


def support_landing(view: View, side: str, prompt: dict[str, Any], order: dict[str, Any]) -> dict[str, Any]:
    """The allocation `order` with air points turned to ground support (Mission Capability Chart: Air Units, Ground
    Support - Offensive) of the side's own land attack at the objective, until the attack shown reaches SUPPORT_ODDS
    times the defence shown: first the points the order holds back on CAP (a carrier with an enemy stack within
    bots.THREAT hexes keeps a third, rounded up) or sends at a base or a land unit, then those striking ships other
    than carriers; from every station within its extended range of the objective (Movement (U), (V)). The
    objective's points decide the mini-game (Coral Sea: Port Moresby's 100, held by an entrenched regiment, tripled,
    that a D1 only disentrenches): each point's Bombardment Strength moves the odds on CRT 1 toward the D2 or Dx that
    takes it, where the easy player keeps its NAC over its carriers or strikes a destroyer."""
    h = _objective_attacked(view, side)
    if h is None or order.get("verb") != "allocate":
        return order
    args = copy.deepcopy(order["args"])
    ground = args.setdefault("ground_support", [])
    attack, defence = _landing_odds(view, side, h)
    attack += sum(r["points"] * airbase.bomb_per_point({"kind": r["kind"], "side": side})
                  for r in ground if r["target"] == h)
    need = SUPPORT_ODDS * defence - attack
    carriers = {s["id"]: s for s in view["ships"][side]["units"]}
    kinds = {(st["hex"], gi): [x["type"] for x in g] for st in view["ships"][board.other(side)]["stacks"]
             for gi, g in enumerate(st.get("groups") or [], 1)}
    enemy_stacks = bot_view.enemy_hexes(view, side)
    last = view["turn"] >= view["turns"]  # the objective's points are counted at this Game-Turn's end: no CAP kept
    stations = prompt["info"]["stations"]
    for st in sorted(stations):
        here = carriers[st]["hex"] if st in carriers else st[5:]
        for kind in board.KINDS:
            n, per = stations[st].get(kind, 0), airbase.bomb_per_point({"kind": kind, "side": side})
            if need <= 0 or not n or mountains.air_distance(here, h) > board.reach(kind, extended=True):
                continue
            mine = lambda r: r["from"] == st and r["kind"] == kind  # noqa: E731
            keep = 0
            if st in carriers and not last and any(grid.distance(here, x) <= bots.THREAT for x in enemy_stacks):
                keep = -(-n // 3)
            # the rows to draw from, cheapest first: CAP beyond `keep`, strikes on bases and land units, then
            # strikes on ships other than carriers
            take = 0
            for key in ("cap", "base_strikes", "land_strikes", "missions"):
                for r in [r for r in args.get(key, []) if mine(r)]:
                    if key == "missions" and set(kinds.get((r["target"], r["group"]), [])) & set(KEPT_STRIKES):
                        continue
                    spare = r["points"] - (min(keep, r["points"]) if key == "cap" else 0)
                    if key == "cap":
                        keep -= min(keep, r["points"])
                    k = min(spare, -(-need // per) - take)
                    if k > 0:
                        r["points"] -= k
                        take += k
            if take:
                need -= take * per
                ground.append({"from": st, "kind": kind, "points": take, "target": h})
    for key in ("missions", "cap", "base_strikes", "land_strikes"):
        if key in args:
            args[key] = [r for r in args[key] if r["points"] > 0]
    return {**order, "args": args}


# --- refuelling at an Oiler (Supply (G), (H)) ------------------------------------------------------------------

def _doomed(view: View, s: dict[str, Any]) -> bool:
    """Supply (G): the ship's endurance runs out before the game does (its record reaches the limit at a Step 10 to
    come), so it must refuel once more or be destroyed."""
    return s["at_sea"] + view["turns"] - view["turn"] + 1 >= board.fuel_limit(s["type"])


def refuel_at_oilers(view: View, side: str, order: dict[str, Any]) -> dict[str, Any]:
    """The naval order with every ship whose fuel will not last the game, and that has a Game-Turn at sea to draw
    (oiler.DATA, Supply (H)), sent to end the phase with a full Oiler within its printed Movement Allowance, there
    refuelled (Supply (G): "stacked with an Oiler"); a bombardment it was given is dropped. At Midway the easy
    player's heavy cruisers bombard Midway while the Oilers refuel the fleet, and on Game-Turn 3, two turns at sea,
    cannot reach a naval base: all three were destroyed (60 Allied VP) in most games the strong Japanese lost."""
    if order.get("verb") != "move":
        return order
    full = view.get("oilers") or {}
    moves = order["args"].get("moves", {})
    mine = view["ships"][side]["units"]
    ends = {o["id"]: (moves.get(o["id"], {}).get("to") or moves.get(o["id"], {}).get("stop") or o["hex"])
            for o in mine if o["type"] == oiler.DATA["type"] and full.get(o["id"]) and not offmap.off(o["hex"])}
    if not ends:
        return order
    order = copy.deepcopy(order)
    moves = order["args"].setdefault("moves", {})
    ports = {b["hex"] for b in view["bases"] if b["side"] == side and b["naval"]}
    for s in sorted(mine, key=lambda x: x["id"]):
        o = moves.get(s["id"], {})
        end = o.get("to") or o.get("stop") or s["hex"]
        if (s["id"] in ends or offmap.off(s["hex"]) or s["at_sea"] < oiler.DATA["draws_after_turns_at_sea"]
                or not _doomed(view, s) or end in ports or end in ends.values() or set(o) - {"to", "stop"}):
            continue
        for h in sorted(ends.values(), key=lambda h: (grid.distance(s["hex"], h), h)):
            if h == s["hex"] or bots._toward(view, side, s, h, s["values"]["movement"]) == h:
                if h == s["hex"]:
                    moves.pop(s["id"], None)
                else:
                    moves[s["id"]] = {"to": h}
                break
    bombard = order["args"].get("bombard")
    if bombard:
        order["args"]["bombard"] = {h: t for h, t in bombard.items()
                                    if any(m.get("stop") == h for m in moves.values())}
        if not order["args"]["bombard"]:
            del order["args"]["bombard"]
    return order


def make_strong(side: str):
    """The strong player of `side`: the search at the naval movement phase of a game the belief covers; at the air
    allocation of a mini-game, the easy order with the carriers supporting a landing at the objective
    (support_landing); the easy player (rules.BOTS) at every other decision."""
    easy = BOTS[side]

    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        if belief.covers(view) and side in view.get("waiting_for", [side]):
            return refuel_at_oilers(view, side, chosen(think(view, side, prompt, rng)))
        if view.get("scenario") in belief.SEARCHED_SCENARIOS:
            return support_landing(view, side, prompt, easy(view, prompt, rng))
        return easy(view, prompt, rng)
    bot.__name__ = f"usn_{side}_strong_bot"
    return bot


STRONG_BOTS = {side: make_strong(side) for side in board.SIDES}
# issue 36: the levels the lobby offers, easiest first (the easy player is the one U.S.N. always had, rules.BOTS)
LEVELS = {EASY: dict(BOTS), STRONG: STRONG_BOTS}

__all__ = ["BUDGET", "GAME", "MARGIN", "chosen", "LEVELS", "STRONG_BOTS", "make_strong", "naval_candidates",
           "refuel_at_oilers"]
