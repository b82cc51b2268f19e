"""The Air Movement and Search Step (3d): flights move one at a time, each announced hex answered at once (3d3);
then the side's sea searches (3d5). Strikes that end on an enemy task force or base become battles (3d4).

Umpired (18c1) the step is split: first every scout's projected route with its announced hexes ("scouts"), then the
air strikes ("strikes"), each sent by both sides at once; a flight's route may be sent again until both are in."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone, entry
from app.engine.orders import Boolean, Choice, Integer, Optional, Path, Several
from app.games.guadalcanal import cards, scout_losses, search, searchboard, spotting, standing_orders
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import AIR, ALL_AIR, EDGES, HEXES

State = dict[str, Any]
RULE = "3d"
VERBS = {"fly": {"units": Several(ALL_AIR, minimum=1, label="Flight"),
                 "path": Path(EDGES, minimum=0, label="Route"),
                 "search": Several(HEXES, label="Hexes announced"),
                 # 15a1.1 (option 15a only): spare movement factors spent circling a hex for +2 each
                 "circle": Optional(Integer(0, max(a["mf"] for a in AIR.values()), label="Circling"))}}
VERBS_SEA_SEARCH = {"sea_search": {"hexes": Several(HEXES, label="Hexes called"),
                                   # issue 34: keep or cancel the standing order (standing.py)
                                   "standing": Optional(Boolean(label="Standing order"))}}
AT = "Action Phase, Air Movement and Search Step (3d)"


def origin(state: State, uid: str) -> str:
    return cards.hex_of(state, uid)


def strike_origin(state: State, uid: str) -> str:
    """What keeps a strike together: its hex (3d2), or under option 13 the task force or base whose strike box it
    took off from (13a1)."""
    if optional.on(state, optional.WAVE_ATTACKS):
        loc = state["units"][uid]["location"]
        # 12b: a Max. Strike deck load flies apart from the Normal Strike box of the same area (13a1)
        box = ":max" if loc.get("strike") == "max" else ""
        return (loc.get("tf") or loc.get("base") or loc.get("area") or origin(state, uid)) + box
    return origin(state, uid)


def flights(state: State, side: str, which: str | None = None) -> list[list[str]]:
    """The flights still to move (3d2): each scout alone; all combat air units from the same hex together (under
    option 13, from the same task force or base, 13a1). `which` ("scouts" or "strikes", by default the umpired
    step's kind, 18c1) keeps only those."""
    out: list[list[str]] = []
    strikes: dict[str, list[str]] = {}
    for u in cards.in_box(state, side, "normal_strike"):
        if cards.is_combat(u):
            strikes.setdefault(strike_origin(state, u), []).append(u)
        else:
            out.append([u])
    which = which or state["step"].get("kind")
    if which == "scouts":
        return out
    if which == "strikes":
        return list(strikes.values())
    return out + list(strikes.values())


def flight_key(units: list[str]) -> str:
    """A flight's name in a side's submitted routes (18c1)."""
    return ",".join(sorted(units))


def routed(state: State, side: str) -> set[str]:
    """The flights whose projected route is in (18c1), by flight_key."""
    sub = (state["step"].get("in") or {}).get(side)
    return set(sub["flights"]) if sub else set()


def _next_flight(state: State, side: str) -> list[str]:
    """The flight to move now: the first without a route (umpired, 18c1), else the first."""
    groups = [sorted(g) for g in flights(state, side)]  # a flight is offered as one choice, its units in order
    done = routed(state, side)
    return next((g for g in groups if flight_key(g) not in done), groups[0])


def needed(state: State, side: str) -> bool:
    return bool(flights(state, side))


def scouts_needed(state: State, side: str) -> bool:
    return bool(flights(state, side, "scouts"))


def strikes_needed(state: State, side: str) -> bool:
    return bool(flights(state, side, "strikes"))


def reach(units: list[str]) -> int:
    return max(AIR[u]["mf"] for u in units)


@lru_cache(maxsize=None)
def _disk(start: str, n: int) -> dict[str, tuple[str, ...]]:
    disk = set(searchboard.within(start, n))
    return {h: tuple(x for x in EDGES[h] if x in disk) for h in sorted(disk)}



def spare(units: list[str]) -> int:
    """15a1.1: the movement factors a flight has to spend, on its route and circling: its slowest unit's, as every
    unit of a flight circles with it."""
    return min(AIR[u]["mf"] for u in units)


CIRCLE_LABEL = ("Spare movement factors to spend circling the first announced hex where something is there "
                "(+2 each to the search, 15a1.1)")


def circling(state: State, units: list[str]) -> Integer | None:
    """15a1.1 under option 15a: 0 to all but one of the flight's factors (one is needed to enter a hex)."""
    return Integer(0, spare(units) - 1, label=CIRCLE_LABEL) if spotting.on(state) else None


def _fly(state: State, group: list[str], start: str, mf: int, label: str) -> dict:
    """The `fly` order of one flight: its units, a route of at most its MF from its hex, the hexes it announces and,
    under option 15a, its spare factors spent circling (15a1.1)."""
    # 3d2: the flight is one choice, its units together (offered one by one, any one alone would be refused)
    args = {"units": Choice((sorted(group),), (", ".join(AIR[u]["name"] for u in sorted(group)),),
                            label="Flight").to_json(),
            "path": Path(_disk(start, mf), origin=start, minimum=0, maximum=mf, label="Route").to_json(),
            "search": Several(tuple(sorted(searchboard.within(start, mf))),
                              label="Hexes announced (of those entered)").to_json()}
    extra = circling(state, group)
    if extra is not None:
        args["circle"] = extra.to_json()
    return {"verb": "fly", "label": label, "args": args}

def prompt(state: State, side: str) -> dict[str, Any]:
    actions = []
    done = routed(state, side)
    # Umpired (18c1): the flights still without a route come first, those sent (to be changed) after.
    for group in sorted(flights(state, side), key=lambda g: flight_key(g) in done):
        start, mf = origin(state, group[0]), reach(group)
        kind = "Scout" if len(group) == 1 and not cards.is_combat(group[0]) else "Strike"
        actions.append(_fly(state, group, start, mf, f"{kind} {cards.names(state, group)} from {start} (MF {mf})"))
    for group in combinations(state, side):  # 13a2: separate strikes from one hex may fly as one
        start, mf = origin(state, group[0]), reach(group)
        actions.append(_fly(state, group, start, mf, f"Combined strike {cards.names(state, group)} from {start} (13a2)"))
    kind = state["step"].get("kind")
    if kind in ("scouts", "strikes"):  # 18c1: routes sent at once, answered once both sides are in
        what = "each scout's projected route and the hexes it announces" if kind == "scouts" else \
            "each air strike's route"
        return {"title": f"Air Movement and Search Step (umpired): send {what}; the umpire answers once both sides "
                         f"are in ({len(done)} of {len(actions)} sent; send one again to change it)",
                "rule": "18c1", "info": {"kind": kind, "flights": len(actions), "routed": sorted(done)},
                "actions": actions}
    return {"title": "Air Movement and Search Step: move each flight; every hex you announce is answered at once",
            "rule": RULE, "info": {"kind": "air", "flights": len(actions)}, "actions": actions}


def combinations(state: State, side: str) -> list[list[str]]:
    """13a2: all the separate strikes (13a1) waiting in one hex, combined into one; offered outside umpired play
    (the umpired step takes one route per strike, 18c1)."""
    if not optional.on(state, optional.WAVE_ATTACKS) or state.get("umpired"):
        return []
    by_hex: dict[str, list[list[str]]] = {}
    for g in flights(state, side, "strikes"):
        by_hex.setdefault(origin(state, g[0]), []).append(g)
    return [[u for g in groups for u in g] for h, groups in sorted(by_hex.items()) if len(groups) > 1]


def check(state: State, side: str, action: dict[str, Any]) -> None:
    args = action["args"]
    group = sorted(args["units"])
    if group not in [sorted(g) for g in flights(state, side)] + [sorted(g) for g in combinations(state, side)]:
        raise IllegalAction("Scouts fly one at a time, and all combat air units from the same hex fly together "
                            "(3d2; under option 13, those from the same task force or base, or strikes combined in "
                            "their hex, 13a): choose one of the flights offered.", "3d2")
    start, path = origin(state, group[0]), args["path"]
    if path and path[0] not in EDGES[start]:
        raise IllegalAction(f"A flight moves from its hex ({start}) without skipping hexes: {path[0]} is not next "
                            f"to it.", "2e")
    mf = reach(group)
    if len(path) > mf:
        raise IllegalAction(f"The flight may enter at most {mf} hexes (its movement factor), not {len(path)}.", "3d1")
    # 3d3.1: a flight searches only hexes it enters; the form offers every hex in reach before the route is drawn,
    # so a hex listed and not entered is simply not announced (resolve), never a refusal of an offered value
    extra = args.get("circle") or 0
    if extra and not spotting.on(state):
        raise IllegalAction("Spare movement factors add to an air search only under option 15a (variable spotting "
                            "information).", "15a1.1")
    # 15a1.1: circling spends only the factors the route leaves (resolve caps it): the form offers them all before
    # the route is drawn, so more asked than are left is never a refusal of an offered value (issue 34)


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    args = action["args"]
    group, path, called = args["units"], args["path"], set(args["search"])
    # 15a1.1: spent in the first announced hex where something is there; no more than the route leaves
    extra = min(args.get("circle") or 0, max(spare(group) - len(path), 0))
    start = origin(s, group[0])
    ends = {}
    for u in group:
        # 3d2: slower units drop off as their last hex is entered.
        end = path[min(AIR[u]["mf"], len(path)) - 1] if path else start
        ends[u] = end
        s["units"][u]["box"], s["units"][u]["location"] = "flying", {"hex": end, "from": start}
        if optional.on(s, optional.WAVE_ATTACKS) and cards.is_combat(u):
            s["units"][u]["location"]["strike"] = flight_key(group)  # 13b: each air strike is its own wave
    announced = [h for h in dict.fromkeys(path) if h in called]
    route = ", ".join(path) or "no hex (it stays)"
    s["log"].append(entry(side, f"{cards.names(s, group)} fly from {start}: {route}"
                                f"{'; announced ' + ', '.join(announced) if announced else '; nothing announced'}.",
                          at=AT))
    flying_on = True  # 15b: scouts lost to enemy CAP search the hex they are lost in, and no further one
    for i, h in enumerate(path):
        scouts = scout_losses.entering(s, group, i) if flying_on else []
        shot_down = scout_losses.enters(s, side, scouts, h, AT, rng)
        if h in announced and flying_on:
            announced.remove(h)
            # 15b2: a scout shot down over the hex searches it without the circling modifier
            spend = 0 if shot_down else extra
            told = search.answer(s, side, h, "Air search", AT, rng, circling=spend)
            if told["spotted"]:
                extra = 0
        if shot_down:
            scout_losses.lose(s, scouts)
            flying_on = any(cards.is_combat(u) for u in group)
    return s


def random(state: State, side: str, rng, group: list[str] | None = None) -> dict[str, Any]:
    """A random legal flight (the next, or `group`); half the time a strike heads for an enemy task force marker it
    can reach (so random games reach the Combat Phase), announcing the hex it ends in."""
    group = group or _next_flight(state, side)
    start, mf = origin(state, group[0]), reach(group)
    shortest = min(AIR[u]["mf"] for u in group)
    targets = sorted({c["hex"] for c in state["boards"][side]["contacts"].values()
                      if c["hex"] in EDGES and 0 < searchboard.distance(start, c["hex"]) <= shortest})
    if cards.is_combat(group[0]) and targets and rng.die(2) == 1:
        path = searchboard.GRID.path(start, rng.choice(targets))[0][1:]
        out = {"verb": "fly", "args": {"units": group, "path": path, "search": path[-1:]}}
    else:
        path, out = _wander(start, mf, rng), None
    out = out or {"verb": "fly", "args": {"units": group, "path": path,
                                          "search": [h for h in dict.fromkeys(path) if rng.die(2) == 1]}}
    if spotting.on(state):  # 15a1.1: any spare factors the route leaves
        out["args"]["circle"] = rng.die(max(spare(group) - max(len(path), 1), 0) + 1) - 1
    return out


def _wander(start: str, mf: int, rng) -> list[str]:
    path, here = [], start
    for _ in range(rng.die(mf + 1) - 1):
        here = rng.choice(EDGES[here])
        path.append(here)
    return path


def default(state: State, side: str) -> dict[str, Any]:
    """A missed flight stays in its hex, searching nothing (and, under option 15a, circling nowhere)."""
    group = _next_flight(state, side)
    out = {"verb": "fly", "args": {"units": group, "path": [], "search": []}}
    if spotting.on(state):
        out["args"]["circle"] = 0
    return out


# --- 3d5: sea search -------------------------------------------------------------------------------------------

callable_hexes = search.callable_hexes  # 3d5


def sea_search_needed(state: State, side: str) -> bool:
    return bool(callable_hexes(state, side))


def sea_search_prompt(state: State, side: str) -> dict[str, Any]:
    args = {"hexes": Several(tuple(callable_hexes(state, side)), label="Hexes called").to_json()}
    info: dict[str, Any] = {"kind": "sea_search"}
    if not state.get("umpired"):  # 18c1: umpired, the sea search is always asked
        args["standing"] = Optional(Boolean(label=standing_orders.LABELS["sea_search"])).to_json()
        info["default"] = {"standing": standing_orders.on(state, side, "sea_search")}
    return {"title": "Sea search: call any hexes holding your task forces or bases (calling an unspotted task "
                     "force's hex tells the enemy where it is)", "rule": "3d5", "info": info,
            "actions": [{"verb": "sea_search", "label": "Call these hexes (none: no sea search)", "args": args}]}


def sea_search_check(state: State, side: str, action: dict[str, Any]) -> None:
    mine = set(callable_hexes(state, side))
    for h in action["args"]["hexes"]:
        if h not in mine:
            raise IllegalAction(f"A sea search calls only hexes holding your task forces or bases; {h} holds none.",
                                "3d5")


def sea_search_resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    at = "Action Phase, sea search (3d5)"
    if "standing" in action["args"] and not s.get("umpired"):
        standing_orders.keep(s, side, "sea_search", action["args"]["standing"])
    if not action["args"]["hexes"]:
        s["log"].append(entry(side, "No sea search.", at=at))
    for h in action["args"]["hexes"]:
        search.answer(s, side, h, "Sea search", at, rng)
    return s


def sea_search_random(state: State, side: str, rng) -> dict[str, Any]:
    return {"verb": "sea_search", "args": {"hexes": [h for h in callable_hexes(state, side) if rng.die(2) == 1]}}


def sea_search_default(state: State, side: str) -> dict[str, Any]:
    return {"verb": "sea_search", "args": {"hexes": []}}
