"""Computer players for Guadalcanal, one per side. A bot decides from `view(state, side)` and its prompt only - it is
never given the state - and from the game's public data (the searchboard, the counters, the scenarios' set-up
areas), drawing any variety from its own random stream (app/play/bots.py), never from the game's dice.

The plan, in the order of the Turn:
- Set-up (7a2.2): every task force of an area in one hex of it (their AA then defends together, 4c), chosen by the
  bot's stream; scouts and bombers in Ready boxes, fighters Arming (they do not fight in the Basic Game, 4a, and a
  combat air unit in a Ready box helps dive bombers against its ship, 4d3.3).
- Assembly (3a): scouts take off every day Turn; bombers when a sighting (an enemy task force marker on the
  searchboard) is within their reach plus the two hexes the fleets may close this Turn, or now and then without
  one (a strike launched blind flies to the likeliest hex). Fighters stay home.
- Ready (3b): scouts and bombers to Ready, fighters to Arming.
- Sea movement (3c): a task force whose ships are all damaged, or whose carrier is flipped, withdraws toward the
  nearest friendly base; carriers close on the nearest sighting to strike range (never nearer than 2), or without
  one sail toward where the enemy set up; task forces without carriers join the nearest carrier (AA cover).
- Air movement (3d): scouts fly first, each to the likeliest unsearched hexes (a likelihood map: the enemy's set-up
  areas grown by the Turns gone by, sightings grown by their age, searched-empty hexes discounted, hexes searched
  this Turn left out), announcing every hex entered. Strikes fly last, to the best fresh sighting that all their
  bombers reach (carriers first), or a stale one, or the likeliest hex; every unit can land again from there
  (the hex is within its movement factor of where it took off, 5a2).
- Sea search (3d5): the bases' hexes (public anyway), and a task force's own hex only when a sighting is next to it.
- Combat (4): ships set up around the centre with the carriers in the middle; air units concentrate on the most
  valuable ship (a carrier, front side up, first), torpedo bombers on a bow quarter (4d3.1); AA fires at the most
  dangerous air unit with enough guns to hurt it; the largest bombing combat first; damaged ships are split off
  into a spare task force marker (4e1) so that they can withdraw.
- Air return (5): each unit lands at the nearest place it may (basing colour, reach, room), the most constrained
  units first; none is given up while a place remains.

- Option 14 (when the view says it is on): fighters are readied; they escort a strike launched from their ship or
  base, else fly CAP over it, High and Low in turn (3a, 14a2); in the air combat the bot gives the prompt's suggested
  order (combat/air_play.py: the CAP faced round the escorts, an escort left over stays out, each combat's fighters
  together against its weakest opponent, a breakthrough against the strongest bomber it may attack).

A prompt the bot does not know (a new step, an umpired variant) is answered with the least order its typed
arguments allow: no units, no moves, the first choice.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from app.games.guadalcanal import searchboard
from app.games.guadalcanal.command import SEAT_SIDE, fit
from app.games.guadalcanal.combat import aa
from app.games.guadalcanal.combat import setup as battle_setup
from app.games.guadalcanal.combat import units as counters
from app.games.guadalcanal.combat.tables import bow_quarters, grid
from app.games.guadalcanal.gamedata import AIR, AREAS, BASE_HEX, HEXES, LAND, SCENARIOS, SHIPS, SIDES, TRACK, enemy
from app.games.guadalcanal.surface import bot as surface_bot

View = dict[str, Any]
Prompt = dict[str, Any]
Action = dict[str, Any]

CARRIER_TYPES = ("CV", "CVL")
BOMBERS = ("D", "H", "M", "T")
FIGHTER = "F"
SCOUT = "S"
CARRIERS_FOR = {"white": ("CV", "CVL"), "yellow": ("AV",), "green": ()}  # 5a1; every colour may land at a base
ELIMINATED = "eliminated"
BLIND_LAUNCH = 2  # without a sighting, bombers take off blind one day Turn in two (a die of the bot's stream)
NEAREST = 2  # carriers close on a sighting no nearer than this
NEAR_BEST = 0.1  # a scout's goal (a blind strike's too) is drawn among those within 10% of the best likelihood
CLOSING = 1  # bombers take off for a sighting up to this many hexes beyond their reach (the fleet sails first, 3c)


# --- the searchboard (public data) ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def dist(a: str, b: str) -> int:
    return searchboard.distance(a, b)


def step_toward(here: str, goal: str, keep: int = 0) -> str:
    """The hex (here or one sea step away, 3c) that brings a task force nearest to `keep` hexes from `goal`."""
    options = [here, *searchboard.sea_steps(here)]
    return min(options, key=lambda h: (abs(dist(h, goal) - keep), dist(h, goal), h != here, h))


def absolute_turn(label: str) -> int | None:
    """A Turn's place on the TIME RECORD TRACK from its label ("OCT 27, Turn 2")."""
    m = re.match(r"(\w+ \d+), Turn (\d+)", label or "")
    if not m or m.group(1) not in TRACK["dates"]:
        return None
    return TRACK["dates"].index(m.group(1)) * TRACK["turns_per_date"] + int(m.group(2))


# --- what the side knows, read off its view ------------------------------------------------------------------------

class Intel:
    """The bot's reading of its own view: its card, its task forces and bases, its sightings and its searches."""

    def __init__(self, view: View):
        self.view = view
        self.side = view["role"]
        self.card = (view.get("cards") or {}).get(self.side) or {"task_forces": [], "areas": [], "flying": []}
        self.now = absolute_turn(view["time"]["label"]) or 0
        self.turns_gone = view["time"]["scenario_turn"] - 1
        self.tfs = {t["id"]: t for t in self.card["task_forces"] if t.get("hex")}
        self.bases = {b["id"]: b for b in view["bases"] if b["side"] == self.side and not b["eliminated"]}
        self.enemy_bases = [b for b in view["bases"] if b["side"] != self.side and not b["eliminated"]]
        self.contacts = []
        for c in (view.get("searchboard") or {}).get("contacts", []):
            seen = absolute_turn(c.get("seen", ""))
            age = max(0, self.now - seen) if seen is not None else 3
            self.contacts.append(dict(c, age=age))
        self.searched = self._searched()

    def _searched(self) -> dict[str, int]:
        """{hex: Turns since this side last found it empty} from its own search answers ("... H: nothing")."""
        out: dict[str, int] = {}
        turn = 0
        for line in reversed(self.view.get("log") or []):
            text = line.get("text", "")
            if "is Side A" in text and "Sides roll" in text:
                turn += 1
                continue
            if line.get("to") != self.side:
                continue
            h = (line.get("data") or {}).get("hex")
            if h and re.match(r"(Air|Sea) search \w+: nothing", text):
                out.setdefault(h, max(0, turn - 1))
        return out

    def area_hex(self, area: str) -> str | None:
        if area in self.bases:
            return self.bases[area]["hex"]
        for t in self.tfs.values():
            if any(s["id"] == area for s in t["ships"]):
                return t["hex"]
        return None

    def own_hexes(self) -> list[str]:
        return [t["hex"] for t in self.tfs.values()] + [b["hex"] for b in self.bases.values()]

    def likelihood(self) -> dict[str, float]:
        """How likely an enemy task force is in each hex, as far as this side can tell."""
        w = dict(set_up_weights(self.view["scenario"], self.side, self.turns_gone + 1))
        for c in self.contacts:
            reach = c["age"] + 1
            for h in searchboard.within(c["hex"], reach):
                w[h] = w.get(h, 0.0) + 4.0 / (1 + dist(h, c["hex"]) + c["age"])
        for h, x in (self.view.get("scouted_from") or {}).items():
            w[h] = w.get(h, 0.0) + x  # the strong level's reading of the enemy scouts' routes (belief.scouted_from)
        mine = self.own_hexes()
        for h in list(w):
            if mine and min(dist(h, m) for m in mine) <= 5:
                w[h] += 0.3  # an enemy near our own forces matters most
            if h in LAND:
                w[h] *= 0.3
            age = self.searched.get(h)
            if age is not None:
                w[h] *= (0.0, 0.3, 0.6)[age] if age < 3 else 1.0
        return w

    def targets(self) -> list[dict[str, Any]]:
        """Sightings worth striking, best first: fresh before stale, carriers before the rest."""
        return sorted(self.contacts, key=lambda c: (c["age"], -value_of_force(c["ships"]), c["hex"]))


@lru_cache(maxsize=None)
def set_up_weights(scenario: str, side: str, spread: int) -> tuple[tuple[str, float], ...]:
    """The likelihood map's first part: each hex within `spread` of an enemy set-up area, 1 / (1 + its distance)
    for each area (public data, the same every game: worked out once)."""
    w: dict[str, float] = {}
    for area in enemy_areas(scenario, side):
        for h in HEXES:
            d = min(dist(h, x) for x in area)
            if d <= spread:
                w[h] = w.get(h, 0.0) + 1.0 / (1 + d)
    return tuple(w.items())


@lru_cache(maxsize=None)
def enemy_areas(scenario: str, side: str) -> tuple[tuple[str, ...], ...]:
    """Where the enemy's task forces set up (public: the scenario's set-up areas, 7a2.2)."""
    sc = SCENARIOS.get(scenario) or {}
    areas = {tf["area"] for tf in sc.get("task_force", []) if tf["side"] == enemy(side)}
    return tuple(AREAS[a] for a in sorted(areas) if a in AREAS)


def value_of_force(ships: list[dict[str, Any]]) -> int:
    return sum(counters.ship_value(s) for s in ships)


def damaged(ship: dict[str, Any]) -> bool:
    return ship.get("face") == "back" or bool(ship.get("hits"))


# --- the typed arguments of a prompt ---------------------------------------------------------------------------

def spec(prompt: Prompt, verb: str) -> dict[str, Any] | None:
    return next((a for a in prompt.get("actions", []) if a["verb"] == verb), None)


def choices(arg: dict[str, Any] | None) -> list[Any]:
    return list((arg or {}).get("choices") or [])


def pieces(arg: dict[str, Any]) -> dict[str, Any]:
    """A choice per piece as an assignment reads: its ids, every value offered to any of them, whether each must be
    given one (forms.per_piece publishes a group of choices, one per piece, issue 34)."""
    if arg.get("type") != "group":
        return arg
    fields = arg["fields"]
    return {"type": "assignment", "ids": list(fields), "required": not arg.get("optional"),
            "choices": list(dict.fromkeys(c for f in fields.values() for c in f["choices"])),
            "each": {i: list(f["choices"]) for i, f in fields.items()}}


def least(action_spec: dict[str, Any]) -> Action:
    """The least order an action's typed arguments allow (a prompt the bot does not know)."""
    args = {}
    for name, arg in (action_spec.get("args") or {}).items():
        arg = pieces(arg) if isinstance(arg, dict) else arg
        kind = arg.get("type") if isinstance(arg, dict) else None
        if kind == "several":
            args[name] = list(arg["choices"][:arg.get("minimum") or 0])
        elif kind == "assignment":
            each = arg.get("each") or {}
            args[name] = {i: (each.get(i) or arg["choices"])[0] for i in arg["ids"]} if arg.get("required", True) \
                else {}
        elif kind == "path":
            args[name] = []
        elif kind == "choice":
            args[name] = arg["choices"][0]
        elif kind == "boolean":
            args[name] = False
        elif kind == "integer":
            args[name] = arg.get("minimum") or 0
    return {"verb": action_spec["verb"], "args": args}


# --- set-up (7a2.2) ------------------------------------------------------------------------------------------------

def deploy(view: View, prompt: Prompt, rng) -> Action:
    me = Intel(view)
    args = dict(spec(prompt, "deploy")["args"])
    args["hexes"], args["bases"] = pieces(args["hexes"]), pieces(args["bases"])
    sc = SCENARIOS[view["scenario"]]
    # where each task force sets up or enters (7a2.2): a printed hex (7e2: Task Force 67 in N6) or its area
    allowed = {tf["id"]: tuple(tf.get("hexes") or AREAS.get(tf["area"], ())) for tf in sc["task_force"]}
    hexes, by_area = {}, {}
    for t in args["hexes"]["ids"]:
        area = allowed.get(t) or tuple(args["hexes"]["choices"])
        options = [h for h in area if h in args["hexes"]["choices"]] or list(args["hexes"]["choices"])
        if area not in by_area:
            by_area[area] = rng.choice(sorted(options))
        hexes[t] = by_area[area]
    ready = [u for u in choices(args["ready"]) if AIR[u]["type"] != FIGHTER or fighters_fight(view)]
    bases = spread_air(me, args["bases"])
    return {"verb": "deploy", "args": {"hexes": hexes, "ready": ready, "bases": bases}}


def spread_air(me: Intel, arg: dict[str, Any]) -> dict[str, str]:
    """7c2, 7d2: land air spread between the bases: to the base nearest the enemy while it has room (2c4)."""
    ids, places = list(arg.get("ids") or []), list(arg.get("choices") or [])
    if not ids:
        return {}
    areas = {a["id"]: a for a in me.card["areas"]}
    room = {}
    for b in places:
        a = areas.get(b)
        aboard = [x["id"] for x in (a["arming"] + a["ready"] + a.get("max_strike", []))] if a else []  # 12b on deck
        room[b] = (a["capacity"] if a else 0) - sum(1 for x in aboard if x not in ids)
    front = sorted(places, key=lambda b: (min((dist(BASE_HEX[b]["hex"], h) for area in
                                                enemy_areas(me.view["scenario"], me.side) for h in area),
                                               default=0), b))
    out = {}
    for u in ids:
        b = next((p for p in front if room[p] > 0), front[0])
        out[u], room[b] = b, room[b] - 1
    return out


# --- 3a, 3b: the Operations Card ---------------------------------------------------------------------------------

def take_off(view: View, prompt: Prompt, rng) -> Action:
    """3a: scouts every day Turn, every other one on the first (so that some are ready every Turn after: a unit that
    flies lands Arming and is Ready again only at the next Ready Step); bombers when a sighting is near, or now and
    then blind while scouts fly (the strike moves after them, to what they find)."""
    def plan(me: Intel, scouting: set[str]) -> Callable[[str | None, list[str]], list[str]]:
        blind = rng.die(BLIND_LAUNCH) == 1 and bool(scouting) and not me.contacts
        w = me.likelihood() if blind else {}
        likely = max(w, key=lambda h: (w[h], h)) if w else None

        def strike(here: str | None, bombers: list[str]) -> list[str]:
            if not (bombers and here):
                return []
            reach = min(AIR[u]["mf"] for u in bombers)
            near = [c for c in me.contacts if c["age"] <= 1 and dist(here, c["hex"]) <= reach + CLOSING]
            return bombers if near or (blind and likely is not None and dist(here, likely) <= reach + CLOSING) else []
        return strike
    return launch(view, prompt, plan)


def launch(view: View, prompt: Prompt, plan) -> Action:
    """3a's take-off, area by area: the scouts (all, or every other one on the first day), the bombers `plan`'s strike
    picks from each area's Ready ones (`plan(me, scouting)` gives `strike(area hex, bombers)`), within the area's
    launch factor, scouts first; the fighters left escort the strike, or fly CAP over their ship or base (option
    14, 14a2). Each level's take-off is its own `plan` (strong_bot.py)."""
    me = Intel(view)
    offered = set(choices(spec(prompt, "take_off")["args"]["units"]))
    resting = any(u["type"] == SCOUT for a in me.card["areas"] for u in a["arming"])
    ready_scouts = [u["id"] for a in me.card["areas"] for u in a["ready"] if u["type"] == SCOUT and u["id"] in offered]
    scouting = set(ready_scouts if resting or len(ready_scouts) < 2 else ready_scouts[::2])
    strike = plan(me, scouting)
    out = []
    cap_offered, cap = set(pieces(spec(prompt, "take_off")["args"].get("cap") or {}).get("ids") or []), {}
    for area in me.card["areas"]:
        ready = [u for u in area["ready"] if u["id"] in offered]
        scouts = [u["id"] for u in ready if u["id"] in scouting]
        bombers = strike(me.area_hex(area["id"]), [u["id"] for u in ready if u["type"] in BOMBERS])
        chosen = scouts + bombers  # scouts first: what they find, the strike goes for (3a4's launch factor)
        out += chosen[:area["launch"]]
        fighters = [u["id"] for u in ready if u["id"] in cap_offered][:max(area["launch"] - len(chosen), 0)]
        if bombers:
            out += fighters
        else:
            cap.update({f: ("high", "low")[i % 2] for i, f in enumerate(fighters)})
    return {"verb": "take_off", "args": {"units": out, **({"cap": cap} if cap_offered else {})}}


def fighters_fight(view: View) -> bool:
    """Option 14 is on: fighters escort and fly CAP."""
    return any(o["id"] == "fighters" and o["on"] for o in view.get("options") or [])


def suggested(view: View, prompt: Prompt, rng) -> Action:
    """Option 14's air combat: the prompt's own suggested order (combat/air_play.py `suggested`)."""
    return prompt["info"]["suggested"]


def shift(view: View, prompt: Prompt, rng) -> Action:
    args = spec(prompt, "shift")["args"]
    fight = fighters_fight(view)  # option 14: fighters are readied too
    to_ready = [u for u in choices(args["to_ready"]) if AIR[u]["type"] != FIGHTER or fight]
    to_arming = [u for u in choices(args["to_arming"]) if AIR[u]["type"] == FIGHTER and not fight]
    return {"verb": "shift", "args": {"to_ready": to_ready, "to_arming": to_arming}}


# --- 3c: sea movement ---------------------------------------------------------------------------------------------

def has_carrier(tf: dict[str, Any]) -> bool:
    return any(s["type"] in CARRIER_TYPES and s["face"] == "front" for s in tf["ships"])


def withdrawing(tf: dict[str, Any]) -> bool:
    ships = tf["ships"]
    return bool(ships) and (all(damaged(s) for s in ships)
                            or any(s["type"] in CARRIER_TYPES and s["face"] == "back" for s in ships))


def strike_reach(tf: dict[str, Any], me: Intel) -> int:
    air = [u["id"] for a in me.card["areas"] if any(s["id"] == a["id"] for s in tf["ships"])
           for u in a["arming"] + a["ready"] if u["type"] in BOMBERS]
    return min((AIR[u]["mf"] for u in air), default=3)


# The standing orders (issue 34) the computer cancels on the Sea Movement form: it answers those questions with its own
# judgement (set_up, fire, land below), as it did before the orders. Its fire is the AA standing order's own choice
# (aa.concentrated); it still answers it itself, so that a later wave (13b) finds it asked as before.
OWN_JUDGEMENT = ("formation", "aa", "landing")


def move(view: View, prompt: Prompt, rng, me: Intel | None = None) -> Action:
    """3c (the module doc); `me`, the view's reading when the caller has made it already (strong_bot.move)."""
    me = me or Intel(view)
    offered = set(pieces(spec(prompt, "move")["args"]["moves"])["ids"])
    w = me.likelihood()
    guess = max(w, key=lambda h: (w[h], h)) if w else None
    moves = {}
    carriers = [t for t in me.tfs.values() if has_carrier(t) and not withdrawing(t)]
    for t in me.tfs.values():
        if t["id"] not in offered:
            continue
        here = t["hex"]
        if withdrawing(t) and me.bases:
            base = min(me.bases.values(), key=lambda b: (dist(here, b["hex"]), b["id"]))["hex"]
            moves[t["id"]] = step_toward(here, base)
        elif has_carrier(t):
            targets = [c for c in me.targets() if c["age"] <= 3]
            if targets:
                goal = min(targets, key=lambda c: (dist(here, c["hex"]) + c["age"], c["hex"]))["hex"]
                keep = max(NEAREST, strike_reach(t, me) - 1)
                moves[t["id"]] = step_toward(here, goal, keep) if dist(here, goal) > keep else here
            elif guess:
                keep = strike_reach(t, me)
                moves[t["id"]] = step_toward(here, guess, keep) if dist(here, guess) > keep else here
        elif carriers:
            goal = min(carriers, key=lambda c: (dist(here, c["hex"]), c["id"]))["hex"]
            moves[t["id"]] = step_toward(here, goal)
    args: dict[str, Any] = {"moves": {t: h for t, h in moves.items() if h != me.tfs[t]["hex"]}}
    if "standing" in spec(prompt, "move")["args"]:
        args["standing"] = {order: False for order in OWN_JUDGEMENT}
    return {"verb": "move", "args": args}


# --- 3d: air movement and search ---------------------------------------------------------------------------------

def flights_of(prompt: Prompt) -> list[dict[str, Any]]:
    return [a for a in prompt.get("actions", []) if a["verb"] == "fly"]


def flight_units(f: dict[str, Any]) -> list[str]:
    """A `fly` order's units: the flight, offered as one choice (3d2)."""
    units = choices(f["args"]["units"])
    return list(units[0]) if units and isinstance(units[0], list) else units


def is_scout_flight(f: dict[str, Any]) -> bool:
    units = flight_units(f)
    return len(units) == 1 and AIR[units[0]]["type"] == SCOUT


def searched_this_turn(view: View) -> set[str]:
    """The hexes this side's flights announced earlier this Turn (its own log lines of this Air Step)."""
    out: set[str] = set()
    for line in reversed(view.get("log") or []):
        text = line.get("text", "")
        if "is Side A" in text and "Sides roll" in text:
            break
        if line.get("to") == view["role"] and text.startswith("Air search "):
            h = (line.get("data") or {}).get("hex")
            if h:
                out.add(h)
    return out


def near_best(options: list[str], score: Callable[[str], float], rng) -> str:
    """One of the options scoring within NEAR_BEST of the best (by `score`), drawn from the bot's stream; the best
    (the last by name of equals) without a stream. The first Turn's likelihood is the same in every game, so the best
    alone would fly every game's scouts along the same paths: an opponent who has played the bot once would set up
    out of their way."""
    best = max(score(h) for h in options)
    if rng is None:
        return max(options, key=lambda h: (score(h), h))
    return rng.choice(sorted(h for h in options if score(h) >= best - max(NEAR_BEST * abs(best), 0.05)))


def scout_path(start: str, mf: int, w: dict[str, float], steps: dict[str, list[str]], rng=None) -> list[str]:
    """To one of the best clusters of likely hexes the scout can reach (near_best), then on along the likeliest
    hexes (equals in the stream's order)."""
    def cluster(h: str) -> float:
        return w.get(h, 0.0) + sum(w.get(n, 0.0) for n in steps.get(h, ())) * 0.5
    reachable = [h for h in steps if 0 < dist(start, h) <= max(1, mf - 1)]
    if not reachable:
        return []
    goal = near_best(reachable, lambda h: cluster(h) - 0.05 * dist(start, h), rng)
    rank = {h: i for i, h in enumerate(rng.shuffle(sorted(steps)) if rng is not None else sorted(steps))}
    path = searchboard.GRID.path(start, goal)[0][1:] if goal != start else []
    path = [h for h in path if h in steps][:mf]
    seen = set(path)
    here = path[-1] if path else start
    while len(path) < mf:
        options = [n for n in steps.get(here, ()) if n not in seen] or list(steps.get(here, ()))
        if not options:
            break
        here = max(options, key=lambda n: (w.get(n, 0.0) if n not in seen else -1.0, rank.get(n, -1)))
        path.append(here)
        seen.add(here)
    return path


def fly(view: View, prompt: Prompt, rng) -> Action:
    """3d: every flight in one order (fly_all) where the step offers it, else one flight (umpired, 18c1)."""
    if spec(prompt, "fly_all") is not None:
        return fly_all(view, prompt, rng)
    me = Intel(view)
    flights = flights_of(prompt)
    scouts = [f for f in flights if is_scout_flight(f)]
    f = scouts[0] if scouts else flights[0]
    units = flight_units(f)
    path_arg = f["args"]["path"]
    start, mf = path_arg["origin"], path_arg.get("maximum") or 0
    w = me.likelihood()
    for h in searched_this_turn(view):
        w[h] = 0.0
    if f in scouts:
        path = scout_path(start, mf, w, path_arg["steps"], None if me.contacts else rng)
        return {"verb": "fly", "args": {"units": units, "path": path, "search": list(dict.fromkeys(path))}}
    return {"verb": "fly", "args": {"units": units, **strike_route(me, units, path_arg, w, rng)}}


def fly_all(view: View, prompt: Prompt, rng) -> Action:
    """Every scout at once, each to its own likeliest hexes (a hex one scout will search is worth nothing to the
    next); the strikes wait for a later order when scouts fly now (they go to what the scouts find), else fly."""
    me = Intel(view)
    fields = spec(prompt, "fly_all")["args"]["flights"]["fields"]
    units = (prompt.get("info") or {}).get("units") or {}
    w = me.likelihood()
    for h in searched_this_turn(view):
        w[h] = 0.0
    scouts = [k for k in fields if len(units[k]) == 1 and AIR[units[k][0]]["type"] == SCOUT]
    out: dict[str, dict[str, Any]] = {}
    claimed: set[str] = set()
    for k in scouts:
        path_arg = fields[k]["fields"]["path"]["each"]
        start, mf = path_arg["origin"], path_arg.get("maximum") or 0
        circle = fields[k]["fields"].get("circle")
        sighting = circling_goal(me, start, mf, claimed) if circle else None
        if sighting:
            # 15a1.1 (issue 35): a sighting in reach is flown to and circled with every factor left, +2 each, for
            # its spotting information, rather than flown past
            path = searchboard.GRID.path(start, sighting)[0][1:]
            out[k] = {"path": path, "announce": "last", "circle": circle["each"]["maximum"] + 1 - len(path)}
            claimed.add(sighting)
        else:
            # with no sighting the map is the scenario's set-up areas, the same every game: the stream picks among
            # the near-best; a sighting is chased to the best (drawn near it too, the bots' mean VP against random
            # play fell by 15-35% in six of the eight rows of Scenarios One to Four, 10 seeds each)
            path = scout_path(start, mf, w, path_arg["steps"], None if me.contacts else rng)
            out[k] = {"path": path, "announce": "entered"}
            if circle:
                out[k]["circle"] = 0
        for h in out[k]["path"]:
            w[h] = 0.0
    for k in fields:
        if k in out:
            continue
        if scouts:
            out[k] = {"later": True}
        else:
            route = strike_route(me, units[k], fields[k]["fields"]["path"]["each"], w, rng)
            out[k] = {"path": route["path"], "search": route["search"]}
    return {"verb": "fly_all", "args": {"flights": out}}


def circling_goal(me: Intel, start: str, mf: int, claimed: set[str]) -> str | None:
    """15a1.1: the nearest sighting (this Turn's or last) a scout reaches with factors to spare, not already another
    scout's this order."""
    near = sorted((dist(start, c["hex"]), c["hex"]) for c in me.contacts
                  if c.get("age", 9) <= 1 and c["hex"] not in claimed and 0 < dist(start, c["hex"]) < mf)
    return near[0][1] if near else None


def strike_route(me: Intel, units: list[str], path_arg: dict[str, Any], w: dict[str, float], rng) -> dict[str, Any]:
    """A strike's route: to the best sighting all its bombers reach (strike_goal), else the likeliest hex; the hex it
    ends in announced."""
    start, steps = path_arg["origin"], path_arg["steps"]
    bombers = [u for u in units if AIR[u]["type"] in BOMBERS] or units
    shortest, longest = min(AIR[u]["mf"] for u in bombers), max(AIR[u]["mf"] for u in bombers)
    goal = strike_goal(me, start, steps, shortest, longest)
    if goal is None:
        bases = {b["hex"] for b in me.enemy_bases}  # no victory points in a base (7a3.3)
        likely = [h for h in steps if 0 < dist(start, h) <= shortest and w.get(h, 0.0) > 0 and h not in bases]
        goal = near_best(likely, lambda h: w[h], rng) if likely else None
    path = searchboard.GRID.path(start, goal)[0][1:][:longest] if goal else []
    return {"path": path, "search": path[-1:]}


def strike_goal(me: Intel, start: str, steps: dict[str, Any], shortest: int, longest: int) -> str | None:
    """The sighting to strike: seen this Turn and reached by every bomber; then by some; then seen last Turn."""
    bases = {b["hex"] for b in me.enemy_bases}
    for age, reach in ((0, shortest), (0, longest), (1, shortest), (2, shortest)):
        for c in me.targets():
            if age and c["hex"] in bases:
                continue  # the ships may have sailed, leaving a base worth no victory points (7a3.3)
            if c["age"] == age and 0 < dist(start, c["hex"]) <= reach and c["hex"] in steps:
                return c["hex"]
    return None


def sea_search(view: View, prompt: Prompt, rng) -> Action:
    me = Intel(view)
    offered = choices(spec(prompt, "sea_search")["args"]["hexes"])
    base_hexes = {b["hex"] for b in me.bases.values()}
    near = {t["hex"] for t in me.tfs.values()
            if any(c["age"] <= 1 and dist(c["hex"], t["hex"]) <= 1 for c in me.contacts)}
    return {"verb": "sea_search", "args": {"hexes": [h for h in offered if h in base_hexes | near]}}


# --- 5: air return ------------------------------------------------------------------------------------------------

def land(view: View, prompt: Prompt, rng) -> Action:
    me = Intel(view)
    arg = pieces(spec(prompt, "land")["args"]["landings"])
    allowed = set(arg["choices"])
    flying = {u["id"]: u for u in me.card["flying"]}
    areas = {a["id"]: a for a in me.card["areas"]}
    room = {a: x["capacity"] - len(x["arming"]) - len(x["ready"]) for a, x in areas.items()}

    def options(u: str) -> list[str]:
        here = flying.get(u, {}).get("hex")
        out = []
        for a in areas:
            there = me.area_hex(a)
            if a not in allowed or there is None or here is None:
                continue
            if a in SHIPS and SHIPS[a]["type"] not in CARRIERS_FOR[AIR[u]["basing"]]:
                continue
            if dist(here, there) <= AIR[u]["mf"]:
                out.append(a)
        return sorted(out, key=lambda a: (dist(here, me.area_hex(a)), -room[a], a))

    landings = {}
    for u in sorted(arg["ids"], key=lambda u: (len(options(u)), u)):
        free = [a for a in options(u) if room[a] > 0]
        if free:
            landings[u] = free[0]
            room[free[0]] -= 1
        else:
            landings[u] = ELIMINATED
    return {"verb": "land", "args": {"landings": landings}}


# --- 4: the Combat Phase ----------------------------------------------------------------------------------------

def order_battles(view: View, prompt: Prompt, rng) -> Action:
    return {"verb": "order_battles", "args": {"order": choices(spec(prompt, "order_battles")["args"]["order"])}}


def unit_type(uid: str) -> str:
    return counters.record(uid)["type"]


def set_up(view: View, prompt: Prompt, rng) -> Action:
    """4a2: the carriers in the middle, the escorts around them, all within AA range of one another (4c1)."""
    args = spec(prompt, "set_up")["args"]
    pieces = list(args["hexes"]["ids"])
    ranked = sorted(pieces, key=lambda u: (-counters.ship_value({"type": unit_type(u)}), u))
    hexes = battle_setup.spread(ranked, battle_setup.central_order())
    facing = rng.choice(choices(args["facing"]))
    return {"verb": "set_up", "args": {"hexes": hexes, "facing": facing}}


def _face(view: View, uid: str) -> str:
    """A ship's side up as this side last saw it (its sightings); front if never seen."""
    for c in (view.get("searchboard") or {}).get("contacts", []):
        for s in c["ships"]:
            if s["id"] == uid:
                return s["face"]
    return "front"


def attack(view: View, prompt: Prompt, rng) -> Action:
    """4a3: concentrate on the most valuable target; once its elimination is likely (bombing three times its
    defence and more, 4b4), the rest go to the next one. Torpedo bombers come in on a bow quarter where they can
    (4d3.1)."""
    info = prompt.get("info") or {}
    board = info.get("board") or {}
    air = list(info.get("air") or spec(prompt, "attack")["args"]["targets"]["ids"])
    ships_hexes = {v["hex"] for v in board.values()}
    ships = [u for u in board if counters.record(u)["kind"] == "ship"]
    # a base is worth no victory points (7a3.3): bomb it only when it stands alone
    ranked = sorted(ships or list(board),
                    key=lambda u: (-counters.ship_value({"type": unit_type(u), "face": _face(view, u)}), u))
    if not ranked:
        return least(spec(prompt, "attack"))
    planned = {t: 0 for t in ranked}
    targets: dict[str, str] = {}
    approach: dict[str, str] = {}
    taken: dict[str, str] = {}

    def printed(u: str, key: str) -> int:
        return (counters.printed(u) or {}).get(key, 0) or 0

    def free_hexes(t: str) -> list[str]:
        return [h for h in grid().neighbours(board[t]["hex"]) if h not in ships_hexes and taken.get(h, t) == t]

    def fits(u: str, t: str, capped: bool) -> bool:
        torpedo = unit_type(u) == "T" and counters.record(t)["kind"] == "ship"
        if torpedo and not free_hexes(t):
            return False
        return not capped or planned[t] < 3 * (printed(t, "defense") + 6)

    for u in sorted(air, key=lambda u: (-printed(u, "bombing"), u)):
        t = next((t for t in ranked if fits(u, t, True)), None) or next((t for t in ranked if fits(u, t, False)), None)
        if t is None:
            continue  # no free hex beside any ship: the rules refuse nothing better (every ship is ringed)
        targets[u] = t
        planned[t] += printed(u, "bombing")
        if unit_type(u) == "T" and counters.record(t)["kind"] == "ship":
            free = free_hexes(t)
            quarters = set(bow_quarters(board[t]["hex"], board[t].get("facing")) or ()) - {None}
            h = next((x for x in free if x in quarters), free[0])
            approach[u], taken[h] = h, t
    return {"verb": "attack", "args": {"targets": targets, "approach": approach}}


def fire(view: View, prompt: Prompt, rng) -> Action:
    """4c: the AA standing order's own choice (combat/aa.py `concentrated`), from the prompt and this side's view of
    the Battleboard."""
    info = prompt.get("info") or {}
    board = (view.get("combat") or {}).get("board") or {}
    volley = aa.concentrated(info.get("in_range") or {}, info.get("aa") or {}, info.get("modifiers") or {},
                             {a: (board.get(a) or {}).get("target") for a in board})
    if not volley:
        return {"verb": "cease_fire", "args": {}}
    if spec(prompt, "fire_all") is None:  # one combat at a time
        a = next(iter(volley.values()))
        return {"verb": "fire", "args": {"guns": [g for g, t in volley.items() if t == a], "target": a}}
    return {"verb": "fire_all", "args": {"targets": volley}}


def bomb(view: View, prompt: Prompt, rng) -> Action:
    """4d2: the largest combat first (a hit lowers the target's defence for the combats after it, 10b)."""
    combats = (prompt.get("info") or {}).get("combats") or {}
    offered = choices(spec(prompt, "bomb")["args"]["combat"])
    best = max(offered, key=lambda c: (len(combats.get(c, [])), c))
    return {"verb": "bomb", "args": {"combat": best}}


def reorganise(view: View, prompt: Prompt, rng) -> Action:
    """4e1: damaged ships sharing a task force with sound ones go to a spare marker in their hex, to withdraw."""
    me = Intel(view)
    arg = pieces(spec(prompt, "reorganise")["args"]["moves"])
    spares = [t for t in arg["choices"] if t not in me.tfs]
    moves = {}
    used: dict[str, str] = {}
    for t in sorted(me.tfs.values(), key=lambda t: t["id"]):
        hurt = [s["id"] for s in t["ships"] if damaged(s) and s["id"] in arg["ids"]]
        if not hurt or len(hurt) == len(t["ships"]):
            continue
        spare = used.get(t["hex"]) or next((x for x in spares if x not in used.values()), None)
        if spare is None:
            continue
        used[t["hex"]] = spare
        moves.update({s: spare for s in hurt})
    if not moves:
        return {"verb": "keep", "args": {}}
    return {"verb": "reorganise", "args": {"moves": moves}}


# --- the bots -------------------------------------------------------------------------------------------------------

ANSWERS: dict[str, Callable[[View, Prompt, Any], Action]] = {
    "deploy": deploy, "take_off": take_off, "shift": shift, "move": move, "fly_all": fly, "fly": fly, "sea_search": sea_search,
    "land": land, "order_battles": order_battles, "set_up": set_up, "attack": attack, "fire_all": fire, "fire": fire, "bomb": bomb,
    "reorganise": reorganise,
    "face_escorts": suggested, "escort_setup": suggested, "air_attack": suggested, "strafe_freed": suggested,
}


ANSWERS.update(surface_bot.ANSWERS)  # scenarios 5 and 6 (7f, 7g): surface/bot.py


def make_bot(side: str) -> Callable[[View, Prompt, Any], Action]:
    def bot(view: View, prompt: Prompt, rng) -> Action:
        if view.get("seat", view.get("role")) != side:
            raise ValueError(f"the {side} computer player was given the {view.get('role')} view")
        for a in prompt.get("actions", []):
            if a["verb"] in ANSWERS:
                return ANSWERS[a["verb"]](view, prompt, rng)
        return least(prompt["actions"][0])
    bot.__name__ = f"guadalcanal_{side}_bot"
    return bot


BOTS: dict[str, Callable[[View, Prompt, Any], Action]] = {s: make_bot(s) for s in SIDES}


def make_seat_bot(seat: str, side_bots: dict[str, Callable[[View, Prompt, Any], Action]] | None = None
                  ) -> Callable[[View, Prompt, Any], Action]:
    """Rule 17: a commander's seat plays as its side would (its level's side bot, the easy one by default), cut to
    the units its prompt offers (17b), or its share of the missed order when its teammate decides too; it keeps radio
    silence (17c3)."""
    side_bot = (side_bots or BOTS)[SEAT_SIDE[seat]]

    def bot(view: View, prompt: Prompt, rng) -> Action:
        if view.get("seat") != seat:
            raise ValueError(f"the {seat} computer player was given the {view.get('seat') or view.get('role')} view")
        if any(a["verb"] == "silence" for a in prompt.get("actions", [])):
            return {"verb": "silence", "args": {}}
        info = prompt.get("info") or {}
        if info.get("part") and not info.get("alone"):
            # Two commanders share this decision: the seat's share of the rules' missed order, which fits whatever
            # its teammate sends (a part is checked against it); the side's own plan could clash with his (17b).
            return info["default"]
        return fit(prompt, side_bot(dict(view, seat=view["role"]), prompt, rng))
    bot.__name__ = f"guadalcanal_{seat.replace('.', '_')}_bot"
    return bot


TEAM_BOTS = dict(BOTS, **{f"{s}.{n}": make_seat_bot(f"{s}.{n}") for s in SIDES for n in (1, 2)})
