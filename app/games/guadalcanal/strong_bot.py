"""The strong Guadalcanal computer player (issue 36): the engine's search over beliefs (app/engine/search.py) where
the strikes fly (3d) - which sighting each strike goes for - and where its carriers sail (3c), and the easy bot's plan
(bots.py) with a sharper take-off (3a), sea movement (3c) and sea search (3d5) everywhere else. Like the easy bot
it decides from `view(state, side)`, its prompt and its own stream only.

- **Belief** (belief.py): own forces exact, the enemy's open Operations Card exact, the enemy task forces drawn
  where the view says they could be (a sighting and the hexes sailed since, else the likelihood map).
- **Candidates**: the easy order first, then every strike to one sighting (each sighting of this Turn or the last
  that some strike reaches); for the sea movement the strong plan's order (`move`) first, then each carrier group -
  the carrier task forces of one hex - sent to each hex it may enter or kept, the others moving as that order moves
  them (SEARCHED: measured, docs/benchmarks.md "Levels").
- **Rollouts**: each candidate applied and the game played on by the easy bot for both sides, through the Combat
  Phase and the Air Return Phase to the end of the Turn, on the same dice for every candidate.
- **Evaluate** (belief.score): the victory points margin (7a3) and a little for hits not yet worth points.

Three rules, not searched, sharpen the easy plan (measured against it, docs/benchmarks.md "Levels"):
- The take-off (3a): every bomber that reaches a fresh sighting (this Turn's or the last) goes, each by its own
  movement factor plus the two hexes the fleets may close before the strike flies (3c); with no fresh sighting,
  while scouts fly, the bombers that reach the likeliest hex take off blind, every time (the strike flies after
  the scouts, 3d, to what they find; the side that finds the other first strikes first).
- The sea movement (3c): a carrier task force keeps its bombers' full reach from the nearest sighting, closing or
  stepping back (the easy plan closes a hex nearer, where shorter-ranged enemy bombers reach it too).
- Where the enemy's scouts took off (belief.scouted_from, read into the view by `reading`): each hex an enemy scout
  announces is answered by this side in the order flown (3d3.2), and a route starts next to where it took off; the
  likelihood map (the carriers' course with nothing sighted, the scouts' routes, a blind strike, the belief) counts
  the hexes next to a route's first hex as a fresh sighting's, and the sea search (3d5), asked every Turn, calls a
  task force's own hex when a route began next to it.

Umpired play (18c) hides the enemy's card and makes the steps simultaneous: there the strong player is the easy
plan with the sharper take-off and sea movement, and searches nothing; nor does it search at night (no air flies,
3a1) or before its side has sighted anything. The budget is a count, fixed (BUDGET), so one view and one stream
always give the same order.
"""
from __future__ import annotations

from typing import Any, Callable

from app.engine import search
from app.engine.log import clone
from app.engine.errors import Refused
from app.games.guadalcanal import belief, cards, combat, searchboard, sequence, timetrack, views
from app.games.guadalcanal import bots as easy
from app.games.guadalcanal.bots import AIR, Action, Intel, Prompt, View, dist
from app.games.guadalcanal.gamedata import SIDES
from app.games.guadalcanal.states import SEQUENCE

State = dict[str, Any]

LAUNCH_AGE = 1  # a sighting this old or newer (Turns) is where the enemy is; 0 never launched (taken off in 3a)
LAUNCH_CLOSING = 2  # hexes beyond a bomber's reach: each fleet may close one before the strike flies (3c)
BLIND_CLOSING = 1  # a blind take-off: its own fleet may close one hex on the likeliest hex (3c)
STRIKE_AGE = 1  # a strike is aimed at sightings this old or newer
TRACED = True  # read where the enemy's scouts took off (belief.scouted_from) into the view the plan decides from
SEA_SEARCH_TRACED = belief.SCOUTED_WEIGHT / 2  # a task force's hex this likely to hold the enemy is sea-searched

# Sized so that a searched decision stays under 2 s of CPU at p99 (docs/benchmarks.md): every candidate is played
# on SAMPLES believed states to the end of the Turn.
BUDGET = search.Budget(samples=2, rollouts=1, horizon=200)


def take_off(view: View, prompt: Prompt, rng) -> Action:
    """3a as the easy level's take-off (bots.launch), sharper: each bomber flies to a sighting of this Turn or the
    last within its own reach (plus the hexes the fleets may close); with no such sighting, while scouts fly, every
    bomber that reaches the likeliest hex (plus the hex its own fleet may close) takes off blind, every time - the
    strike flies after the scouts (3d) and goes for what they find (measured: docs/benchmarks.md, "Levels")."""
    def plan(me: Intel, scouting: set[str]) -> Callable[[str | None, list[str]], list[str]]:
        fresh = [c["hex"] for c in me.contacts if c["age"] <= LAUNCH_AGE]
        w = me.likelihood() if scouting and not fresh else {}
        likely = max(w, key=lambda h: (w[h], h)) if w else None

        def strike(here: str | None, bombers: list[str]) -> list[str]:
            if here is None:
                return []
            if fresh:
                return [u for u in bombers if any(dist(here, h) <= AIR[u]["mf"] + LAUNCH_CLOSING for h in fresh)]
            if likely is None:
                return []
            return [u for u in bombers if dist(here, likely) <= AIR[u]["mf"] + BLIND_CLOSING]
        return strike
    return easy.launch(view, prompt, plan)


def move(view: View, prompt: Prompt, rng, me: Intel | None = None) -> Action:
    """3c as the easy level's sea movement (bots.move), but a carrier task force with a sighting (of the last 3
    Turns) keeps its bombers' full reach from the nearest one, closing to it or stepping back from it: the easy
    plan closes a hex nearer (never nearer than 2), where the enemy's shorter-ranged bombers reach it too (the
    Allied torpedo bombers fly 3, the Japanese 4)."""
    me = me or Intel(view)
    order = easy.move(view, prompt, rng, me)
    targets = [c for c in me.targets() if c["age"] <= 3]
    each = easy.pieces(easy.spec(prompt, "move")["args"]["moves"]).get("each") or {}
    moves = dict(order["args"]["moves"])
    for t in sorted(me.tfs.values(), key=lambda t: t["id"]):
        if not targets or t["id"] not in each or not easy.has_carrier(t) or easy.withdrawing(t):
            continue
        here = t["hex"]
        goal = min(targets, key=lambda c: (dist(here, c["hex"]) + c["age"], c["hex"]))["hex"]
        h = easy.step_toward(here, goal, easy.strike_reach(t, me))
        if h == here:
            moves.pop(t["id"], None)
        elif h in each[t["id"]]:
            moves[t["id"]] = h
    args = dict(order["args"], moves=moves)
    if TRACED and "standing" in args:
        # the sea search asked every Turn (3d5), not only with a sighting near: its own answer (sea_search) calls a
        # task force's hex where the enemy's scouts took off next to it
        args["standing"] = dict(args["standing"], sea_search=False)
    return dict(order, args=args)


def sea_search(view: View, prompt: Prompt, rng) -> Action:
    """3d5 as the easy level's (bots.sea_search: the bases' hexes, and a task force's own hex with a sighting next to
    it), and also a task force's own hex where the enemy's scouts took off from next to it this Turn or the last
    (belief.scouted_from, read into the view by the strong player): a carrier may sail in the same hex unseen."""
    order = easy.sea_search(view, prompt, rng)
    traced = view.get("scouted_from") or {}
    called = list(order["args"]["hexes"])
    near = {t["hex"] for t in Intel(view).tfs.values() if traced.get(t["hex"], 0.0) >= SEA_SEARCH_TRACED}
    offered = easy.choices(easy.spec(prompt, "sea_search")["args"]["hexes"])
    called += [h for h in offered if h in near and h not in called]
    return {"verb": "sea_search", "args": {"hexes": called}}


ANSWERS: dict[str, Callable[[View, Prompt, Any], Action]] = dict(easy.ANSWERS, take_off=take_off, move=move,
                                                                 sea_search=sea_search)


# --- the candidates ------------------------------------------------------------------------------------------------

def sea_candidates(view: View, prompt: Prompt, rng) -> list[Action]:
    """The strong plan's order (`move`: the stand-off), then each carrier group sent to each hex it may enter (or
    kept), the rest as that order moves them."""
    me = Intel(view)
    first = move(view, prompt, rng, me)
    each = easy.pieces(easy.spec(prompt, "move")["args"]["moves"]).get("each") or {}
    groups: dict[str, list[str]] = {}
    for t in sorted(me.tfs.values(), key=lambda t: t["id"]):
        if t["id"] in each and easy.has_carrier(t) and not easy.withdrawing(t):
            groups.setdefault(t["hex"], []).append(t["id"])
    out = [first]
    for here, tfs in sorted(groups.items()):
        for h in [here, *sorted(searchboard.sea_steps(here))]:
            if all(h in each[t] for t in tfs):
                moves = dict(first["args"]["moves"])
                for t in tfs:
                    if h == here:
                        moves.pop(t, None)
                    else:
                        moves[t] = h
                out.append(dict(first, args=dict(first["args"], moves=moves)))  # its standing orders kept
    return out


def strike_candidates(view: View, prompt: Prompt, rng) -> list[Action]:
    """The easy order, then every strike to one sighting of this Turn or the last (a strike that does not reach it
    flies as the easy bot flies it)."""
    first = easy.fly_all(view, prompt, rng)
    fields = easy.spec(prompt, "fly_all")["args"]["flights"]["fields"]
    me = Intel(view)
    out = [first]
    goals = sorted({c["hex"] for c in me.contacts if c["age"] <= STRIKE_AGE})
    for goal in goals:
        flights = dict(first["args"]["flights"])
        changed = False
        for k, f in fields.items():
            path_arg = f["fields"]["path"]["each"]
            start, steps, mf = path_arg["origin"], path_arg["steps"], path_arg.get("maximum") or 0
            if goal not in steps or not 0 < dist(start, goal) <= mf or "path" not in (flights.get(k) or {}):
                continue
            path = searchboard.GRID.path(start, goal)[0][1:]
            if any(h not in steps for h in path):
                continue
            flights[k] = {"path": path, "search": path[-1:]}
            changed = True
        if changed:
            out.append({"verb": "fly_all", "args": {"flights": flights}})
    return out


def _strikes_only(prompt: Prompt) -> bool:
    """A fly_all order with no scout left to fly: the strikes go now (bots.fly_all holds them while scouts fly)."""
    fields = (easy.spec(prompt, "fly_all") or {}).get("args", {}).get("flights", {}).get("fields") or {}
    units = (prompt.get("info") or {}).get("units") or {}
    return bool(fields) and not any(len(units.get(k, [])) == 1 and AIR[units[k][0]]["type"] == easy.SCOUT
                                    for k in fields)


CANDIDATES: dict[str, Callable[[View, Prompt, Any], list[Action]]] = {"move": sea_candidates,
                                                                       "fly_all": strike_candidates}
# The decisions searched: the strikes and the carriers' sea moves (3c), the latter at about 0.5-1 s of CPU a decision
# (up to 7 candidates played to the end of the Turn); measured on 2026-12-07 (docs/benchmarks.md, "Levels") on top of
# the strong plan's rules, they won the strong Japanese more games against the easy Allies than the rules alone.
SEARCHED: dict[str, Callable[[View, Prompt, Any], list[Action]]] = CANDIDATES


def searched_verb(view: View, prompt: Prompt) -> str | None:
    """The decision the strong player searches now, if any: none in umpired play (18c), at night or before the side
    has sighted anything."""
    if view.get("umpired") or not view.get("open_operations_cards") or view.get("outcome") is not None:
        return None
    if view["time"].get("night") or not (view.get("searchboard") or {}).get("contacts"):
        return None  # no air flies tonight (3a1), or nothing sighted yet: the Turn's rollouts would all score alike
    verbs = [a["verb"] for a in prompt.get("actions", [])]
    if "move" in verbs and view["step"]["kind"] == "sea" and "move" in SEARCHED:
        return "move"
    if "fly_all" in verbs and view["step"]["kind"] == "air" and _strikes_only(prompt) and "fly_all" in SEARCHED:
        return "fly_all"
    return None


# --- what Guadalcanal supplies to the search (search.Searchable) ---------------------------------------------------

def rollout_view(state: State, role: str) -> View:
    """What the easy bot reads of `role`'s view (views.view), built in one pass over the units: the rollouts ask for
    a view at every order, and the full one (the board's description, both cards) is most of a rollout's time."""
    boxes: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    flying, eliminated = [], []
    for u, r in state["units"].items():
        if r["side"] != role or r["kind"] == "base":
            continue
        box, loc = r["box"], r.get("location") or {}
        entry = {"id": u, "name": r["name"], "type": r["type"], "face": r["face"], "hits": r["hits"]}
        if box == "eliminated":
            eliminated.append(u)
        elif box in ("flying", "shadowing"):
            flying.append(dict(entry, hex=loc.get("hex")) if box == "flying" else entry)
        else:
            for where in ("tf", "area", "base"):
                if where in loc:
                    boxes.setdefault((box, where, loc[where]), []).append(
                        cards.ship_report(state, u) if box == "ships" else entry)
    tfs = []
    for t, tf in state["task_forces"].items():
        if tf["side"] == role and tf["hex"] is not None:
            tfs.append({"id": t, "name": tf["name"], "hex": tf["hex"],
                        **{box: boxes.get((box, "tf", t), []) for box in ("ships", "normal_strike", "high_cap",
                                                                          "low_cap")}})
    areas = []
    for a in cards.air_areas(state, role):
        rec = state["units"][a]
        area = {"id": a, "name": cards.area_name(state, a), "kind": rec["kind"], "tf": rec["location"].get("tf"),
                "capacity": cards.capacity(state, a), "launch": cards.launch_factor(state, a),
                **{box: boxes.get((box, "area", a), []) for box in ("arming", "ready", "max_strike")}}
        if rec["kind"] == "base":
            area.update({box: boxes.get((box, "base", a), []) for box in ("normal_strike", "high_cap", "low_cap")})
        areas.append(area)
    return {"game": "guadalcanal", "scenario": state["scenario"], "role": role, "umpired": state["umpired"],
            "time": timetrack.public(state), "sides": state["sides"], "step": views.step(state),
            "bases": views.bases(state, role), "outcome": state["outcome"],
            "options": [{"id": k, "on": v} for k, v in (state.get("options") or {}).items()],
            "searchboard": {"task_forces": [{"id": t["id"], "name": t["name"], "hex": t["hex"]} for t in tfs],
                            "contacts": views.contacts(state, role)},
            "cards": {role: {"side": role, "task_forces": tfs, "areas": areas, "flying": flying,
                             "eliminated": eliminated}},
            "combat": views.combat_view(state, role),
            "log": [x for x in state["log"] if x.get("to") in (role, "public")]}


def policy(state: State, role: str, prompt: dict[str, Any], rng) -> Action:
    """The easy bot's order from `role`'s view of a believed state (the rollouts' policy)."""
    view = rollout_view(state, role)
    for a in prompt.get("actions", []):
        if a["verb"] in easy.ANSWERS:
            return easy.ANSWERS[a["verb"]](view, prompt, rng)
    return easy.least(prompt["actions"][0])


class GuadalcanalSearch:
    def determinize(self, view: View, role: str, rng) -> State:
        return belief.determinize(view, role, rng)

    def candidates(self, view: View, role: str, prompt: dict[str, Any], rng) -> list[Action]:
        verb = searched_verb(view, prompt)
        return CANDIDATES[verb](view, prompt, rng) if verb else []

    def apply(self, state: State, role: str, action: Action, rng) -> State:
        """As rules.apply carries out an order outside umpired play (the bots sit below the rules module,
        .importlinter): a battle's order through the Combat Phase's walk, any other through the step's record."""
        if role not in SEQUENCE.acting(state):
            raise Refused("not this role's decision now")
        if sequence.combat_kind(state) is not None:
            s = combat.decide(clone(state), role, action, rng)
            if combat.combat_over(s):
                SEQUENCE.advance(s, rng)
            return s
        return SEQUENCE.play(state, role, action, rng)

    def prompts(self, state: State) -> dict[str, Any]:
        return SEQUENCE.prompts(state)

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng) -> Action:
        return policy(state, role, prompt, rng)

    def evaluate(self, state: State, role: str) -> float:
        return belief.score(state, role)

    def horizon_reached(self, start: State, state: State) -> bool:
        return state.get("outcome") is not None or state["time"]["scenario_turn"] != start["time"]["scenario_turn"]


GAME = GuadalcanalSearch()


def reading(view: View) -> View:
    """The view the strong player decides from: its own, with where the enemy's scouts took off read from it
    (belief.scouted_from; TRACED)."""
    return dict(view, scouted_from=belief.scouted_from(view)) if TRACED else view


def make_bot(side: str, searching: bool = True) -> Callable[[View, Prompt, Any], Action]:
    """The strong player of `side`; `searching` False is the rule-based strong player alone (the take-off rule on
    the easy plan), kept to measure the search against."""
    def bot(view: View, prompt: Prompt, rng) -> Action:
        if view.get("seat", view.get("role")) != side:
            raise ValueError(f"the {side} computer player was given the {view.get('role')} view")
        view = reading(view)
        if searching and searched_verb(view, prompt):
            return search.think(GAME, view, side, prompt, rng, BUDGET).action
        for a in prompt.get("actions", []):
            if a["verb"] in ANSWERS:
                return ANSWERS[a["verb"]](view, prompt, rng)
        return easy.least(prompt["actions"][0])
    bot.__name__ = f"guadalcanal_strong_{side}_bot"
    return bot


BOTS: dict[str, Callable[[View, Prompt, Any], Action]] = {s: make_bot(s) for s in SIDES}
RULE_BOTS: dict[str, Callable[[View, Prompt, Any], Action]] = {s: make_bot(s, searching=False) for s in SIDES}
TEAM_BOTS = dict(BOTS, **{f"{s}.{n}": easy.make_seat_bot(f"{s}.{n}", BOTS) for s in SIDES for n in (1, 2)})

# The lobby's levels (issue 36), the easiest first: the spec's `bots` (app/engine/spec.py, app/play/bots.py).
LEVELS: dict[str, dict[str, Callable[[View, Prompt, Any], Action]]] = {"easy": easy.TEAM_BOTS, "strong": TEAM_BOTS}
