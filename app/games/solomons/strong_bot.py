"""The strong Solomons computer player (issue 19): the engine's search over beliefs (app/engine/search.py) with
Solomons' own knowledge, for the two decisions that shape a Game-Turn, Task Force Allocation (5.2) and the Movement
Plot (8.1). The American plays a standing plan over the easy one (strong_plan.py: the fleet forward at the
Preliminary Set-Up, its air to Henderson Field at the resets, lean supply runs that the search may not cancel) and
holds its ground attack back at 1:1 (ground_order); Japan turns its runs back from American capital ships near
Guadalcanal at the resets (strong_plan.turning_back), flies Rabaul's bombers forward to the Shortlands once they open
(strong_plan.forward_air) and puts each strike on one group of the ships it goes for (air_order). Every other
decision (the air missions themselves, Japan's ground, intentions, Japan's set-up, training) is the easy bot's.

It decides from `view(state, side)` and its prompt only, like the easy bot. What it believes of the rest:

- **Public and its own**: copied from its view (the Game-Turn and step, Guadalcanal, Henderson Field, its units,
  task forces, air, pools, losses, standing orders, what it has seen of the enemy).
- **The enemy's forces** (reconstructed: the view shows only markers and ships seen in combat): the printed order of
  battle (21 initial placement) and every reinforcement the schedule has brought by this Game-Turn (21.1-21.5), each
  in port at the base it arrives at, with its air and ground pools; no losses beyond the ground points the public
  record shows; no task force at sea (the enemy's allocation and plot are played by the default policy in the
  rollouts, which is what a side expecting the usual enemy plan would assume).

Candidates are variants of the easy bot's own orders (bots.py): for allocation, the easy allocation drawn with
several streams (which ships sail, the cargo mix), its transports with no warship force, its warships with no
transports, and nothing new sailing; for the plot, the easy plot, each of its task forces kept in port in turn, and
everything in port. The evaluation is the result 22's chart gives the VP so far (a ratio: 0:0 is an American
victory), the Victory Points margin, and a little for the ground and supply each side holds on Guadalcanal (what
decides the later ground combat, 12, 16).
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from app.engine import search
from app.engine.errors import IllegalAction
from app.engine.rng import FastRng
from app.games.solomons import (
    air_orders,
    allocation,
    board,
    bots,
    ground_orders,
    opening,
    players,
    plot,
    sequence,
    strong_outlook,
    strong_plan,
    victory,
    views,
)
from app.games.solomons.decision import STRONG
from app.games.solomons.states import STATES
from app.games.solomons.movement import DECISION as RESET_DECISION
from app.games.solomons.turn import arrive

View = dict[str, Any]
State = dict[str, Any]

# Sized on this machine (2 shared cores) so that a searched decision stays under 2 s at p99 (docs/benchmarks.md):
# each candidate is played against SAMPLES believed states x ROLLOUTS dice, to the end of the Game-Turn.
BUDGET = search.Budget(samples=3, rollouts=1, horizon=80)
ALLOCATION_VARIANTS = 3  # easy allocations drawn with different streams
MAX_PLOT_CANDIDATES = 4  # the easy plot, up to two of its forces kept in port, and everything in port
GROUND_WEIGHT = 0.25  # VP worth of one Ground or Supply Point held on Guadalcanal, in the evaluation only
# VP worth of the standing result (22's chart on the VP so far): the chart is a ratio, so a side that has lost nothing
# while the enemy has scored nothing is winning (0:0 is an American victory), and a margin of a few VP is worth less
# than the class of the result it changes. Without it the American bot traded a pair of transports (12 VP) for a few
# Ground Points landed and lost games that sitting tight would have won.
RESULT_WEIGHT = 10.0
RESULT_VALUE = {"win": 1.0, "draw": 0.0, "loss": -1.0}
# Past the horizon (strong_outlook.py): for OUTLOOK_SIDES, the American Ground Points Japan's ground war is expected to
# destroy in the next Game-Turns count as Japanese VP already, and the outlook replaces the material term. Measured on
# 2026-11-30 (docs/benchmarks.md) it made things worse and is off: it kept the garrison supplied and reinforced, and a
# bigger garrison is more Japanese VP (22 scores American Ground Points destroyed, not isolation's losses, 16.21),
# and the transports that carried it were sunk by Rabaul's air. Kept for the next attempt (e.g. a lighter weight).
OUTLOOK_SIDES: tuple[str, ...] = ()


def believed_enemy(enemy: str, turn: int) -> State:
    """The enemy's forces as the order of battle has them by `turn`: initial placement plus each Game-Turn's
    reinforcements (2..turn), all in port (reconstructed: the view does not show where they are)."""
    state = opening.new_state({})
    for t in range(2, turn + 1):
        extras = board.reinforcement_extras(t, enemy)
        for base, spec in board.reinforcements(t, enemy).items():
            arrive(state, enemy, base, spec, extras)
    if enemy == "japanese" and turn >= 10:
        state["air"]["japanese"]["shortlands"] = opening.blank_air("shortlands")
    for u in state["units"].values():
        if u["side"] == enemy and u["location"] == "M":  # the American fleet's opening sortie (21) is long over
            u["location"], u["sortied"] = "espiritu_santo" if board.is_transport(u["id"]) else "australia", False
    return state


def step_of(view: View) -> int:
    """The index of the view's step in the sequence table (phase, segment and section are public)."""
    for i, st in enumerate(sequence.STEPS):
        if (st["phase"], st["segment"], st["section"]) == (view["phase"], view["segment"], view["section"]):
            return i
    raise ValueError("the view's step is not in the sequence")


def determinize(view: View, side: str, rng) -> State:
    """A full state consistent with `view` (see the module doc). `rng` is unused today: the belief is the order of
    battle, one plausible state; the samples still differ by their dice."""
    enemy = board.ENEMY[side]
    state = believed_enemy(enemy, view["turn"])
    state["units"] = {uid: u for uid, u in state["units"].items() if u["side"] == enemy}
    state["units"].update(copy.deepcopy(view["units"]))
    state["task_forces"] = {tid: dict(copy.deepcopy(tf), side=side, last_move=None, path=[])
                            for tid, tf in view["task_forces"].items()}
    for key in ("turn", "phase", "segment", "section", "day", "truk_sortie", "henderson_roll"):
        state[key] = copy.deepcopy(view[key])
    g = view["guadalcanal"]
    state["guadalcanal"].update(copy.deepcopy({k: g[k] for k in ("ground", "supply", "henderson", "supplied",
                                                                 "unsupplied_turns")}))
    state["air"][side] = copy.deepcopy(view["air"])
    state["ground"][side] = dict(view["ground_in_port"])
    state["losses"][side] = dict(view["losses"])
    state["pending"] = {side: copy.deepcopy(view["pending"]), enemy: None}
    state["standing"] = {side: copy.deepcopy(view["standing"]), enemy: {}}
    if side == "japanese":
        state["submarines"] = {k: dict(copy.deepcopy(s), marker={"allied": None, "japanese": None})
                               for k, s in view["submarines"].items()}
        state["emergency_runs"] = dict(view["emergency_runs"])
    state["intentions"] = copy.deepcopy(view["intentions"]) if side == "japanese" else None
    state["markers"] = {side: copy.deepcopy(view["enemy"]["markers"]), enemy: {}}
    state["cap_shown"] = {side: copy.deepcopy(view["enemy"]["cap"]), enemy: []}
    numbers = [tf["number"] for tf in view["task_forces"].values()] or [0]
    state["counters"] = {"marker": {"allied": 1000, "japanese": 2000}, "tf": {side: max(numbers), enemy: 0}}
    state["log"] = []
    sequence.stand_at(state, step_of(view))
    return state


def material(state: State, side: str) -> float:
    g = state["guadalcanal"]
    return g["ground"][side] + g["supply"][side]


def standing(vp: dict[str, int], side: str) -> str:
    """22: the result the chart gives the VP so far, for `side` ("win", "draw" or "loss")."""
    winner, _ = victory.result(round(vp["japanese"]), round(vp["allied"]))
    return "draw" if winner is None else "win" if winner == side else "loss"


def projected_score(state: State, side: str) -> dict[str, float]:
    """22's VP so far, and for OUTLOOK_SIDES the American Ground Points Japan is expected to destroy next."""
    vp = dict(victory.score(state))
    if side in OUTLOOK_SIDES and state["outcome"] is None:
        vp["japanese"] += strong_outlook.american_ground_lost(state["guadalcanal"], state["turn"] - 1)
    return vp


def evaluate(state: State, side: str) -> float:
    """22: the result the VP so far (and the ground war's outlook) would give, my Victory Points less the enemy's,
    and a little for what each side holds on Guadalcanal."""
    enemy = board.ENEMY[side]
    vp = projected_score(state, side)
    # with the outlook, what is on the island is valued by what it saves; counting it again lured the transports out
    # when nothing threatened the garrison (Game-Turn 14 of a bench game: four transports and their cargo sunk, 28 VP)
    weight = 0.0 if side in OUTLOOK_SIDES else GROUND_WEIGHT
    return (RESULT_WEIGHT * RESULT_VALUE[standing(vp, side)] + vp[side] - vp[enemy]
            + weight * (material(state, side) - material(state, enemy)))


# The sides that play strong_plan.py's standing plan (Henderson Field's air, lean supply runs) over the easy one, and
# whether the plan alone decides that a run sails (the search still picks the forces, escorts and cargo mix).
PLAN_SIDES = ("allied",)
PLAN_DECIDES_RUNS = True


def base_allocation(view: View, side: str, default: dict[str, Any], rng) -> dict[str, Any]:
    """The allocation the candidates vary: the easy one, leaned by the plan for PLAN_SIDES."""
    easy = bots.allocation(view, side, default, rng)
    return strong_plan.lean(easy, view, side, default) if side in PLAN_SIDES else easy


def placement_order(view: View, side: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
    """5.1, 5.14: the easy set-up (Japan's squadron drawn from its stream), with the plan's fleet forward for
    PLAN_SIDES."""
    easy = bots.placement(view, side, bots._info(prompt).get("choices", {}).get("ships"), rng)
    return bots.submit(strong_plan.placement(view, side, easy) if side in PLAN_SIDES else easy)


def reset_order(view: View, side: str, prompt: dict[str, Any]) -> dict[str, Any]:
    """6.38, 6.26: the default reset orders, with the plan's air transfers (the American) or aborts (Japan)."""
    return bots.submit(strong_plan.reset(view, side, bots._info(prompt).get("default", {})))


def allocation_candidates(view: View, side: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
    default = bots._info(prompt).get("default", {})
    standing = default.get("task_forces", [])
    out = [base_allocation(view, side, default, rng)]
    for _ in range(ALLOCATION_VARIANTS - 1):
        out.append(base_allocation(view, side, default, FastRng(search.seed_from(rng))))
    transports = [spec for spec in out[0]["task_forces"] if spec.get("mission") == "transport"]
    warships = [spec for spec in out[0]["task_forces"] if spec.get("mission") != "transport" and spec not in standing]
    out.append({"task_forces": [*standing, *transports]})  # the cargo sails, no escort
    out.append({"task_forces": [*standing, *warships]})  # the warships sail, the cargo waits
    out.append({"task_forces": list(standing)})  # nothing new sails (22: risk nothing)
    if side in PLAN_SIDES and PLAN_DECIDES_RUNS and any(spec not in standing for spec in transports):
        # the plan's run is due: its worth (a supplied garrison, 16.21; air that may strike, 10.7) lies beyond the
        # search's horizon, which sees only the transports' risk, so the search chooses everything but whether it sails
        out = [a for a in out if any(spec.get("mission") == "transport" and spec not in standing
                                     for spec in a["task_forces"])]
    return [bots.submit(strong_plan.hold(a, view, side, default)) for a in out]


def plot_candidates(view: View, side: str, prompt: dict[str, Any], rng) -> list[dict[str, Any]]:
    default = bots._info(prompt).get("default", {})
    easy = bots.plot(view, side, default, rng)  # its runs' start drawn from the stream (bots.late_start)
    out = [easy]
    for tf_id in sorted(easy["plots"]):
        if easy["plots"][tf_id] != default.get("plots", {}).get(tf_id):
            out.append({"plots": {k: v for k, v in easy["plots"].items() if k != tf_id}
                        | ({tf_id: default["plots"][tf_id]} if tf_id in default.get("plots", {}) else {})})
    out = out[:MAX_PLOT_CANDIDATES - 1]  # bounded, so a turn with many forces at sea thinks no longer
    out.append(dict(default, plots=dict(default.get("plots", {}))))
    if side in PLAN_SIDES and PLAN_DECIDES_RUNS:
        # a loaded transport force the plan sent sails as the easy plot has it (see allocation_candidates)
        runs = {tf["id"]: easy["plots"][tf["id"]] for tf in view["task_forces"].values()
                if tf["mission"] == "transport" and bots.loaded(view, tf) and tf["id"] in easy["plots"]}
        out = [p for p in out if all(p["plots"].get(tf_id) == plot for tf_id, plot in runs.items())] or [easy]
    return [bots.submit(dict(default, **p)) for p in out]


# The American attacks on Guadalcanal only at better odds than 1:1 (strong_outlook.worth_attacking: its Ground Points
# are Japanese VP, Japan's are worth nothing). Holding back does not invite a Japanese attack: 12.3 gives the initiative
# by attack-effective points, not by who attacks.
CAUTIOUS_GROUND = ("allied",)


def ground_order(view: View, side: str, prompt: dict[str, Any]) -> dict[str, Any]:
    """12.4: attack with every attack-effective point, unless the odds are only 1:1 (for CAUTIOUS_GROUND)."""
    order = bots.ground(view, bots._info(prompt))
    enemy_points = view["guadalcanal"]["ground"][board.ENEMY[side]]
    if side in CAUTIOUS_GROUND and order["attack"] and not strong_outlook.worth_attacking(order["points"], enemy_points):
        return {"attack": False}
    return order


# 14.3: the sides whose strikes put all their points on the first group announced to hold the kind they go for
# (the doctrine's spread "one"), where the easy plan shares them evenly: two carrier groups then meet one volley of
# anti-aircraft fire, not two, and the carrier attacked faces the whole strike. Against random play the even share
# was where the strong Japanese lost most of its air in the games it failed to win (seeds 38 and 49 of
# tools/bench_bots.play: 20 LAC split over two carrier groups, 16 shot down, no ship sunk).
CONCENTRATED = ("japanese",)


def air_order(view: View, side: str, prompt: dict[str, Any], rng) -> dict[str, Any]:
    """14.11: the easy bot's air missions, with the doctrine's spread "one" for CONCENTRATED sides."""
    order = bots.air(view, side, bots._info(prompt).get("segment"), rng)
    if side in CONCENTRATED:
        order["doctrine"] = dict(order.get("doctrine") or {}, spread="one")
    return bots.submit(order)


# The strong answers the records carry (`Decision.bots[STRONG]`, looked up through decision.later): the decisions the
# strong computer answers by its plan, without searching. A record without one is searched (CANDIDATES) or the easy
# bot's.

def ground_answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return bots.submit(ground_order(view, view["role"], prompt))


def reset_answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return reset_order(view, view["role"], prompt)


def placement_answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return placement_order(view, view["role"], prompt, rng)


def air_answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return air_order(view, view["role"], prompt, rng)


# The decisions the search answers, by their records (the rest are the easy bot's), and how each makes candidates.
CANDIDATES: dict[str, Callable[..., list[dict[str, Any]]]] = {allocation.DECISION.id: allocation_candidates,
                                                             plot.DECISION.id: plot_candidates}
SEARCHED = tuple(CANDIDATES)
GROUND = ground_orders.DECISION.id
RESET = RESET_DECISION.id
AIR = air_orders.DECISION.id


class SolomonsSearch:
    """The game's side of the engine's search (search.Searchable)."""

    def __init__(self, rules, side: str):
        self.rules = rules
        self.side = side  # the deciding side: its own moves in the rollouts follow its own plan

    def determinize(self, view, role, rng):
        return determinize(view, role, rng)

    def candidates(self, view, role, prompt, rng):
        return CANDIDATES[bots._info(prompt).get("kind")](view, role, prompt, rng)

    def apply(self, state, role, action, rng):
        try:
            return self.rules.apply(state, role, action, rng)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            # a believed state is a guess: an order the rules cannot carry out on it counts as refused there
            raise IllegalAction(f"not possible in this believed state ({type(e).__name__})", None) from None

    def prompts(self, state):
        # a side whose orders are in is prompted until both are (it may revise): only the others are to move
        return {r: p for r, p in self.rules.prompts(state).items() if r in board.SIDES and state["pending"][r] is None}

    def policy(self, state, role, prompt, rng):
        view = views.side_view(state, role)  # the easy bot reads no board: skip drawing it
        kind = bots._info(prompt).get("kind")
        if kind == GROUND:
            return bots.submit(ground_order(view, role, prompt))
        if role == self.side and kind == RESET:
            return reset_order(view, role, prompt)
        if role == self.side and kind == AIR:
            return air_order(view, role, prompt, rng)
        if role == self.side and kind == allocation.DECISION.id:
            return bots.submit(base_allocation(view, role, bots._info(prompt).get("default", {}), rng))
        if kind in STATES:
            return STATES[kind].bot(view, prompt, rng)
        return bots.submit(bots._info(prompt).get("default", {}))

    def evaluate(self, state, role):
        return evaluate(state, role)

    def horizon_reached(self, start, state):
        return state["outcome"] is not None or state["turn"] != start["turn"]


def make_strong_bot(rules: Any, side: str, budget: search.Budget = BUDGET) -> Callable[[View, dict[str, Any], Any],
                                                                                  dict]:
    """The strong computer of `side`, searching with `rules` (the game's rules object, which declares the levels:
    this module stays below it)."""
    easy = players.BOTS[side]

    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        kind = bots._info(prompt).get("kind")
        answer = STATES[kind].bots.get(STRONG) if kind in STATES else None
        if answer is not None:  # the record's own strong answer (its plan)
            return answer(view, prompt, rng)
        if kind not in SEARCHED or view.get("pending") is not None:
            return easy(view, prompt, rng)
        return search.choose(SolomonsSearch(rules, side), view, side, prompt, rng, budget)
    bot.__name__ = f"solomons_{side}_strong_bot"
    return bot


def levels(rules: Any) -> dict[str, dict[str, Callable[[View, dict[str, Any], Any], dict]]]:
    """Issue 19: the computer's levels, chosen in the lobby, the easiest first."""
    return {"easy": players.BOTS, STRONG: {s: make_strong_bot(rules, s) for s in board.SIDES}}
