"""Off-Map Movement (campaign games): the U.S. West Coast, the numbered boxes off the east edge, and the west edge.

"Units may not leave the mapsheet off the north or south edges. Allied units may leave by moving off the west edge,
but they may not return. Japanese naval units may only move off the west edge ... in response to the Victory
Condition requirement that carrier units must leave the map; these units do return. Only Allied units may freely
move off the east edge ... As a unit moves off the map, it enters one of the numbered boxes; this number refers to
the number of Naval Movement Phases necessary to reach the U.S. West Coast. In each Naval Movement Phase, the unit may
move into the next lowest numbered box, until achieving the West Coast. All Transport units must spend a full Naval
Movement Phase embarking units on the West Coast. When leaving the West Coast, the same procedure is followed in
reverse; when entering the map from the last box, the unit may move onto the map using its full Movement Allowance.
Units need not reenter the map from the same zone that they exited from."

Readings (docs/games/usn.md, "Off-Map Movement (session 9)"); the places and zones are in data/offmap.toml:
- The boxes are one track, east-1 ... east-4; a box with a zone of the east edge (2, 3, 4) adjoins that zone's edge
  hexes. Leaving the map costs the steps to an edge hex of the zone plus one; entering from a zone's box costs one
  plus the steps from its edge hex ("its full Movement Allowance", Movement (N) doubling as on the map). A step
  along the track (a box to the next, box 1 to or from the West Coast) takes the whole phase, in either direction.
- Embarking on the West Coast: a transport that starts the phase there and stays. A carrier there at the end of an
  Allied movement fills up with new NAC (Allied Carrier Aircraft Embarkation: unlimited, How To Use the Time Record).
- Off the west edge: Allied ships go to "west-off" and stay; Japanese CV/CVL go to "indian-ocean" only in a campaign
  game with the Indian Ocean special rule, until the sortie is done, and come back onto any west-edge hex.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.usn import board, campaigndata, gamedata, grid, movement

State = dict[str, Any]
RULE = "Off-Map Movement"
SPECIAL = "Campaign Game 1, Allied Naval Forces in the Indian Ocean"  # Games 1 and 3, as the other special rules are cited
EMBARK_RULE = "Allied Carrier Aircraft Embarkation"

_D = gamedata.load("offmap")
WEST_COAST: str = _D["west_coast"]["id"]
BOXES: dict[int, str] = {b["number"]: b["id"] for b in _D["box"]}
NUMBER: dict[str, int] = {v: k for k, v in BOXES.items()}
WEST_OFF: str = _D["west"]["allied"]
INDIAN_OCEAN: str = _D["west"]["japanese"]
PLACES: tuple[str, ...] = (WEST_COAST, *BOXES.values(), WEST_OFF, INDIAN_OCEAN)
NAMES: dict[str, str] = {WEST_COAST: _D["west_coast"]["name"], **{b["id"]: b["name"] for b in _D["box"]},
                         WEST_OFF: _D["west"]["allied_name"], INDIAN_OCEAN: _D["west"]["japanese_name"]}
JAPANESE_TYPES = tuple(_D["west"]["japanese_types"])
CARRIER_TYPES = tuple(_D["embarkation"]["allied_types"])
DRAW: dict[str, tuple[bool, float]] = {**{k: (True, r) for k, r in _D["draw"]["east"].items()},
                                       **{k: (False, r) for k, r in _D["draw"]["west"].items()}}


def off(h: str | None) -> bool:
    return h in PLACES


@cache
def zone(number: int) -> tuple[str, ...]:
    """The east-edge hexes that adjoin box `number` (none for a box without a zone)."""
    out: list[str] = []
    for z in _D["zone"]:
        if z["box"] == number:
            out += [h for r in range(z["rows"][0], z["rows"][1] + 1) if (h := grid.hex_at(z["column"], r))]
    return tuple(out)


@cache
def west_edge() -> tuple[str, ...]:
    """Each row's westernmost hex: the hexes that adjoin the west edge."""
    out = []
    for r in range(grid.PER_COLUMN):
        h = next(h for c in (-1, 0) if (h := grid.hex_at(c, r)))
        out.append(h)
    return tuple(out)


def _edge(place: str) -> tuple[str, ...]:
    if place in NUMBER:
        return zone(NUMBER[place])
    if place in (WEST_OFF, INDIAN_OCEAN):
        return west_edge()
    return ()


def _nearest(edge, h: str) -> tuple[int, str]:
    return min((grid.distance(h, e), e) for e in edge)


def _track(a: str, b: str) -> bool:
    """One step along the track: a box to the next (either way), box 1 to or from the West Coast."""
    order = [WEST_COAST] + [BOXES[n] for n in sorted(BOXES)]
    return a in order and b in order and abs(order.index(a) - order.index(b)) == 1


def indian_ocean_rule(scenario: str) -> dict[str, Any] | None:
    """The campaign's "Allied Naval Forces in the Indian Ocean" record, or None (Game 2, the mini-games)."""
    if scenario not in campaigndata.GAMES:
        return None
    specials = campaigndata.game(scenario).get("special", [])
    if isinstance(specials, dict):  # Game 3: "the same special game rules as Campaign Game One"
        if "indian_ocean" not in specials.get("from_campaign_1", []):
            return None
        specials = campaigndata.game("campaign_1").get("special", [])
    return next((s for s in specials if s["id"] == "indian_ocean"), None)


def may_leave(state: State, ship: dict[str, Any], place: str) -> str | None:
    """Why `ship` may not go to the off-map `place` (None: it may)."""
    side = ship["side"]
    if place == INDIAN_OCEAN:
        if side != "japanese" or ship["type"] not in JAPANESE_TYPES:
            return ("Only Japanese CV and CVL type naval units go off the west edge, for the Indian Ocean "
                    "(Allied units leave it for good).")
        if indian_ocean_rule(state["scenario"]) is None:
            return "Japanese naval units move off the west edge only for the Indian Ocean special rule, not in this game."
        if state.get("indian_ocean", {}).get("done_turn"):
            return "The Indian Ocean sortie is done: Japanese naval units no longer leave by the west edge."
        return None
    if side != "allied":
        return "Only Allied units may move off the east edge into the numbered boxes."
    return None


def _leg(state: State, ship: dict[str, Any], a: str, b: str) -> tuple[int, list[str]]:
    """(Movement Points, edge hexes used) of one leg of a move between places on or off the map."""
    if a == b:
        return 0, []
    if not off(a) and not off(b):
        return grid.distance(a, b), []
    if not off(a):  # leaving the map
        why = may_leave(state, ship, b)
        if why:
            raise IllegalAction(why, RULE)
        edge = _edge(b)
        if not edge:
            raise IllegalAction(f"Units leave the map only into a numbered box beside the east edge's zones "
                                f"({', '.join(BOXES[n] for n in sorted(BOXES) if zone(n))}) or off the west edge; "
                                f"{NAMES[b]} adjoins no edge.", RULE)
        d, e = _nearest(edge, a)
        return d + 1, [e]
    if not off(b):  # entering the map
        if a == WEST_OFF:
            raise IllegalAction("Allied units that left by the west edge may not return.", RULE)
        edge = _edge(a)
        if not edge:
            raise IllegalAction(f"{ship['id']} is in {NAMES[a]}: units enter the map only from the last box, the one "
                                f"beside a zone of the east edge (box {', '.join(str(n) for n in sorted(BOXES) if zone(n))}), "
                                "a box a Naval Movement Phase.", RULE)
        d, e = _nearest(edge, b)
        return d + 1, [e]
    if _track(a, b):
        return -1, []  # the whole phase
    raise IllegalAction(f"{ship['id']} moves one box a Naval Movement Phase, between {NAMES[a]} and the next box "
                        f"(or the West Coast); {NAMES[b]} is not next to it.", RULE)


def involved(*places: str) -> bool:
    return any(off(p) for p in places)


def check(state: State, role: str, ship: dict[str, Any], start: str, stop: str, end: str, order: dict) -> None:
    """A naval order with an off-map place as its start, first-portion stop or end (naval._plan's hook)."""
    sid = ship["id"]
    if order.get("carry") or order.get("supply"):
        raise IllegalAction("Emergency transport is not carried out off the map.", RULE)
    if order.get("debark") and off(stop):
        raise IllegalAction(f"Units debark only onto hexes of the map, not in {NAMES[stop]}.", RULE)
    embark = order.get("embark") or []
    if embark and off(stop):
        if stop != WEST_COAST or start != WEST_COAST or end != WEST_COAST:
            raise IllegalAction("Transports embark units on the West Coast only when they begin the Naval Movement "
                                "Phase there and spend all of it embarking (they leave on a later phase).", RULE)
        return
    legs = [_leg(state, ship, start, stop), _leg(state, ship, stop, end)]
    if any(c < 0 for c, _ in legs):
        if len([c for c, _ in legs if c != 0]) > 1 or embark or order.get("debark"):
            raise IllegalAction(f"A step between boxes takes {sid}'s whole Naval Movement Phase.", RULE)
        return
    handling = 1 if (embark or order.get("debark")) and ship["type"] == "TR" else 0
    cost = sum(c for c, _ in legs) + handling
    on_map = [h for h in (start, stop, end) if not off(h)] + [e for _, es in legs for e in es]
    ma, doubled = movement.allowance(state, ship, on_map)
    if cost > ma:
        why = " (doubled, Movement (N))" if doubled else ""
        raise IllegalAction(f"{sid} may move {ma} hexes{why}; this move needs {cost}, counting one to cross the "
                            "map's edge.", RULE)


def destinations(state: State, ship: dict[str, Any]) -> list[str]:
    """The places on or off the map this ship could reach this phase beyond naval._reachable's (its prompt)."""
    if not campaigndata.is_campaign(state):
        return []
    h = ship["hex"]
    ma = board.values(ship)["movement"] * 2
    out: list[str] = []
    if off(h):
        order = [WEST_COAST] + [BOXES[n] for n in sorted(BOXES)]
        out += [p for p in order if _track(h, p)]
        edge = _edge(h) if h != WEST_OFF else ()
        if edge:
            out += sorted({x for e in edge for x in grid.within(e, ma - 1) if grid.open_hex(x)})
        return out
    for place in [BOXES[n] for n in sorted(BOXES) if zone(n)] + [WEST_OFF, INDIAN_OCEAN]:
        if place == WEST_OFF and ship["side"] != "allied":
            continue
        if may_leave(state, ship, place) is None and _nearest(_edge(place), h)[0] + 1 <= ma:
            out.append(place)
    return out


# --- after a side's movement (naval.finish's hook) ---

def after_movement(state: State, role: str, plans: list[dict[str, Any]]) -> None:
    """Record who moved (Damage and Repair: a complete idle Game-Turn), fill Allied carriers on the West Coast with
    new NAC (Allied Carrier Aircraft Embarkation), count the Japanese carriers' phases off the west edge (Indian
    Ocean) and log the moves off and onto the map to their owner."""
    moved = {p["ship"]: p for p in plans if p.get("start", p["end"]) != state["ships"][p["ship"]]["hex"]}
    for sid in moved:
        state["ships"][sid]["moved_on"] = state["turn"]
    if role == "allied":
        embark_nac(state)
    else:
        _count_indian_ocean(state, moved)


def embark_nac(state: State) -> None:
    for s in board.afloat(state, "allied"):
        if s["hex"] != WEST_COAST or s["type"] not in CARRIER_TYPES or s["damage"]:
            continue
        room = s.get("capacity", 0) - s.get("nac", 0)
        if room > 0:
            s["nac"] = s.get("nac", 0) + room
            state["log"].append(entry("allied", f"{s['id']} embarks {room} new NAC points in the West Coast naval base "
                                                f"(Allied Carrier Aircraft Embarkation).", at=EMBARK_RULE))


def _count_indian_ocean(state: State, moved: dict[str, Any]) -> None:
    rule = indian_ocean_rule(state["scenario"])
    if rule is None:
        return
    rec = state.setdefault("indian_ocean", {"done_turn": None, "rolled": False, "lost": 0, "failed": False})
    for s in board.afloat(state, "japanese"):
        if s["hex"] != INDIAN_OCEAN:
            s.pop("off_map", None)
        elif s["id"] in moved or "off_map" not in s:
            s["off_map"] = {"phases": 0, "nac": s["nac"]}  # left the map this phase: not yet a full phase
        else:
            s["off_map"]["phases"] += 1
    if rec["done_turn"]:
        return
    kept = [s for s in board.afloat(state, "japanese") if s.get("off_map", {}).get("phases", 0)
            >= rule["phases_off_map"]]
    if sum(s["off_map"]["nac"] for s in kept) >= rule["nac"]:
        rec["done_turn"] = state["turn"]
        state["log"].append(entry(PUBLIC, f"The Japanese carriers have kept {rule['nac']} NAC points off the west edge "
                                          f"for {rule['phases_off_map']} full Naval Movement Phases: the Allied Naval "
                                          f"Forces in the Indian Ocean are neutralized (Game-Turn {state['turn']}).",
                                  at=SPECIAL))


def step_ten(state: State, rng) -> None:
    """Step 10 of a campaign Game-Turn (campaign_play.end_of_turn's hook): while Japanese carriers with the rule's
    NAC are off the west edge, the one die of NAC points lost (Allied Victory Points for them); after the rule's
    Game-Turn, whether the sortie was done."""
    rule = indian_ocean_rule(state["scenario"])
    if rule is None:
        return
    rec = state.setdefault("indian_ocean", {"done_turn": None, "rolled": False, "lost": 0, "failed": False})
    out = sorted((s for s in board.afloat(state, "japanese") if s["hex"] == INDIAN_OCEAN),
                 key=lambda s: (-s["nac"], s["id"]))
    if not rec["rolled"] and sum(s.get("off_map", {}).get("nac", s["nac"]) for s in out) >= rule["nac"]:
        n = rng.die(6)
        rec["rolled"] = True
        lost = 0
        for s in out:
            take = min(s["nac"], n - lost)
            s["nac"] -= take
            lost += take
        rec["lost"] = lost
        state["log"].append(entry(PUBLIC, f"Indian Ocean: the Japanese Player rolls {n}; {lost} NAC points are lost "
                                          "off the west edge.", at=SPECIAL))
        board.add_vp(state, "allied", lost * board.PLAY["vp"]["nac_point"]["allied"],
                     f"{lost} Japanese NAC points lost in the Indian Ocean")
    if state["turn"] == rule["by_turn"] and not rec["done_turn"] and not rec["failed"]:
        rec["failed"] = True
        state["log"].append(entry(PUBLIC, f"By Game-Turn {rule['by_turn']} the Japanese have not kept carriers with "
                                          f"{rule['nac']} NAC points off the west edge for {rule['phases_off_map']} "
                                          "full Naval Movement Phases (Allied Naval Forces in the Indian Ocean).",
                                  at=SPECIAL))


def shown(state: State) -> dict[str, Any] | None:
    """The sortie's open record (its die and VP are public; the carriers off the map show as a stack count)."""
    rec = state.get("indian_ocean")
    return dict(rec) if rec is not None else None


def perturb(state: State, side: str, rng) -> None:
    """The secrecy harness (hidden.perturb): the other side's record of its carriers off the map (their phases and
    the NAC they left with) changes; no view may move."""
    for s in board.afloat(state, side):
        if "off_map" in s:
            s["off_map"] = {"phases": s["off_map"]["phases"] + rng.die(3), "nac": s["off_map"]["nac"] + rng.die(9)}
            return


# --- computer players (bots.py's hook): from the side's own view only ---

# carriers still hold the set-up's NAC (it does not re-embark new NAC later), leaving Game-Turns to spare before 20


