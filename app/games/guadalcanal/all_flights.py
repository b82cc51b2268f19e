"""The Air Movement and Search Step (3d) as one order: every flight of the side with its route, what it announces
and (option 15a) its spare factors spent circling, carried out flight by flight as the rules say (3d2: each scout
alone, each strike together; 3d3: each announced hex answered at once), scouts first.

A flight may be kept for a later order ("later"): a player who wants to see what the scouts find before the strike
goes flies the scouts now and the strike after (the step asks again while a flight is still waiting). Issue 34: one
order a step, not one a flight. Umpired (18c1) the routes are still sent flight by flight (air.py), each may be sent
again until both sides are in; under rule 17 the order covers the flights of one commander (17b), the one the step
goes to (command.routed_to)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Choice, Group, Integer, Keyed, Optional, Path, Several
from app.games.guadalcanal import air, cards, command, spotting
from app.games.guadalcanal.gamedata import AIR, EDGES, HEXES

State = dict[str, Any]
ANNOUNCE = ("entered", "last", "none")
ANNOUNCE_LABELS = ("Every hex it enters", "Only the hex it ends in", "No hex")
_FLIGHT = Group({"path": Optional(Path(EDGES, minimum=0, label="Route")),
                 "announce": Optional(Choice(ANNOUNCE, ANNOUNCE_LABELS, label="Hexes announced")),
                 "search": Optional(Several(HEXES, label="Hexes announced (exactly these)")),
                 "circle": Optional(Integer(0, max(a["mf"] for a in AIR.values()), label="Circling")),
                 "later": Optional(Boolean(label="Keep for a later order"))})
VERBS = {**air.VERBS, "fly_all": {"flights": Keyed(_FLIGHT, label="Flights")}}


def key(group: list[str]) -> str:
    """A flight's name in the order: its first unit (a unit flies in one flight only, 3d2)."""
    return sorted(group)[0]


def offered(state: State, side: str) -> list[list[str]]:
    """The flights the one order covers: none in an umpired step (18c1, routes flight by flight); under rule 17 those
    of the commander of the first flight (17b), the seat the step goes to."""
    if state["step"].get("kind") != "air":
        return []
    groups = air.flights(state, side)
    if groups and state.get("team"):
        seat = command.commander(state, groups[0][0])
        groups = [g for g in groups if command.commander(state, g[0]) == seat]
    return groups


def _flight(state: State, group: list[str], several: bool) -> Group:
    start, mf = air.origin(state, group[0]), air.reach(group)
    fields: dict[str, Any] = {
        "path": Optional(Path(air._disk(start, mf), origin=start, minimum=0, maximum=mf,
                              label=f"Route of {cards.names(state, group)} from {start} (up to {mf} hexes; blank: "
                                    f"it stays)")),
        "announce": Optional(Choice(ANNOUNCE, ANNOUNCE_LABELS, label="Hexes it announces (3d3)")),
        # exactly these hexes (of those entered), for a client that names them; the page asks `announce`
        "search": Optional(Several(tuple(sorted(air.searchboard.within(start, mf))),
                                   label="Hexes announced (of those entered)"))}
    extra = air.circling(state, group)
    if extra is not None:
        fields["circle"] = Optional(extra)
    if several:
        fields["later"] = Optional(Boolean(label="Keep this flight for a later order (fly it after seeing what the "
                                                 "others find)"))
    kind = "Scout" if len(group) == 1 and not cards.is_combat(group[0]) else "Strike"
    return Group(fields, label=f"{kind} {cards.names(state, group)} from {start} (MF {mf})")


def action(state: State, side: str) -> dict[str, Any] | None:
    """The prompt's `fly_all` order, or None when it is not offered."""
    groups = offered(state, side)
    if not groups:
        return None
    flights = Group({key(g): _flight(state, g, len(groups) > 1) for g in groups}, optional=[key(g) for g in groups],
                    label="Flights")
    return {"verb": "fly_all", "label": "Fly these flights", "args": {"flights": flights.to_json()}}


def prompt(state: State, side: str) -> dict[str, Any]:
    p = air.prompt(state, side)
    one = action(state, side)
    if one is None:
        return p
    # 13a2's combined strikes are still their own `fly` orders; the single flights are all in the one order
    combined = [a for a in p["actions"] if a["verb"] == "fly" and sorted(a["args"]["units"]["choices"][0])
                not in [sorted(g) for g in offered(state, side)]]
    return dict(p, title="Air Movement and Search Step: give every flight its route (a blank route stays put); each "
                         "hex announced is answered at once, scouts first",
                actions=[one, *combined], info=dict(p["info"], default=default(state, side)["args"],
                                                    units={key(g): sorted(g) for g in offered(state, side)}))


def flies(state: State, side: str, act: dict[str, Any]) -> list[dict[str, Any]]:
    """The `fly` orders a `fly_all` order makes, in the order they are carried out (scouts first, 3d2)."""
    given = act["args"]["flights"]
    out = []
    for g in offered(state, side):
        f = given.get(key(g))
        if f is None or f.get("later"):
            continue
        path = list(f.get("path") or [])
        if "search" in f:
            search = list(f["search"])
        else:
            search = {"entered": path, "last": path[-1:], "none": []}[f.get("announce") or "entered"]
        one = {"verb": "fly", "args": {"units": sorted(g), "path": path, "search": list(dict.fromkeys(search))}}
        if "circle" in f and spotting.on(state):
            one["args"]["circle"] = f["circle"]
        out.append(one)
    return out


def check(state: State, side: str, act: dict[str, Any]) -> None:
    if act["verb"] != "fly_all":
        return air.check(state, side, act)
    groups = offered(state, side)
    if not groups:
        raise IllegalAction("Each flight's route is sent on its own here (umpired play, 18c1): choose one of the "
                            "flights offered.", "18c1")
    names = {key(g) for g in groups}
    stray = [k for k in act["args"]["flights"] if k not in names]
    if stray:
        raise IllegalAction(f"{cards.name(state, stray[0]) if stray[0] in state['units'] else stray[0]} heads no "
                            f"flight of yours waiting to fly (3d2): order the flights offered.", "3d2")
    orders = flies(state, side, act)
    if not orders:
        raise IllegalAction("Every flight is kept for later: fly at least one (a blank route keeps it in its hex).",
                            "3d")
    for one in orders:
        air.check(state, side, one)


def resolve(state: State, side: str, act: dict[str, Any], rng) -> State:
    if act["verb"] != "fly_all":
        return air.resolve(state, side, act, rng)
    s = state
    for one in flies(state, side, act):
        s = air.resolve(s, side, one, rng)
    return s


def default(state: State, side: str) -> dict[str, Any]:
    """A missed order: every flight stays in its hex, announcing nothing (3d: the step ends)."""
    groups = offered(state, side)
    if not groups:
        return air.default(state, side)
    empty = {"path": [], "announce": "none"}
    if spotting.on(state):
        empty["circle"] = 0
    return {"verb": "fly_all", "args": {"flights": {key(g): dict(empty) for g in groups}}}


def random(state: State, side: str, rng) -> dict[str, Any]:
    """A random legal order: every flight flown at random (air.random's way) in the one order."""
    groups = offered(state, side)
    if not groups:
        return air.random(state, side, rng)
    flights = {}
    scouting = any(not cards.is_combat(g[0]) for g in groups)
    for g in groups:
        one = air.random(state, side, rng, sorted(g))["args"]
        flights[key(g)] = {k: v for k, v in one.items() if k != "units"}
        # a strike waits for the scouts' answers half the time (so random games find targets and reach battles)
        if len(groups) > 1 and rng.die(2 if scouting and cards.is_combat(g[0]) else 6) == 1:
            flights[key(g)] = {"later": True}
    if all(f.get("later") for f in flights.values()):
        flights[key(groups[0])] = {"path": []}
    return {"verb": "fly_all", "args": {"flights": flights}}
