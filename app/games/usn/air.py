"""The Mutual Air-Strike Phase (Detailed Sequence of Play, Steps 5 and 9, (D)-(G) and (L)).

(D) each side examines the enemy naval stacks within range of its air units: two-ship defensive groups from the top
(Stacking (G)). (E) both sides, at once and in secret, write their missions on the Air Mission Allocation Chart:
origin, target hex, group (and which ship of it), and Combat Air Patrol over their own hexes. (F) the Allied strikes
on naval units, by type LBAC, LAC, NAC; (G) the Japanese strikes, LAC then NAC; each strike is announced, the
defender's CAP over the target answers it (air-to-air, fired simultaneously, CRT 2), the target group's
Anti-Aircraft fires (CRT 2), and the survivors bomb (CRT 3, then CRT 5). (L) air units return.

Readings (docs/games/usn.md): CAP over a hex answers every strike announced against that hex with all its remaining
points (declining is not offered yet); a strike names one ship of its group; strikes on land units, bases and Coastal
Defense (H)-(I), ground support (J), strafing and air transfer are not built."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Group, Integer, Optional, Repeated
from app.games.usn import airbase, board, crt, damage, ferry, grid, land, mountains, strength, supply, support

STRAFE = "air units on the ground"  # Mission: Strafing, written like a strike on a base (airbase.py)
TARGETS = ("air base", "naval base", STRAFE)

RULE = "Detailed Sequence of Play, Step 5 (E)"
STATIONS = tuple(i for i in board.every("ships") if board.ship_type(i) in ("CV", "JCV", "CVL")) + tuple(
    f"base:{h}" for h in board.every("bases"))  # every situation's carriers and bases


def _mission(stations, targets) -> Group:
    return Group({"from": Choice(stations, label="from"), "kind": Choice(board.KINDS, label="air type"),
                  "points": Integer(1, 40, label="air points"), "target": Choice(targets, label="target hex"),
                  "group": Integer(1, 10, label="two-ship group"), "ship": Integer(1, 2, label="ship of the group")},
                 optional=("ship",))


def _cap(stations) -> Group:
    return Group({"from": Choice(stations, label="from"), "kind": Choice(board.KINDS, label="air type"),
                  "points": Integer(1, 40, label="air points")})


def _base_strike(stations, targets) -> Group:
    return Group({"from": Choice(stations, label="from"), "kind": Choice(board.KINDS, label="air type"),
                  "points": Integer(1, 40, label="air points"), "target": Choice(targets, label="target hex"),
                  "base": Choice(TARGETS, label="which base, or its air units (strafing)")})


def _land_strike(stations, targets, units) -> Group:
    return Group({"from": Choice(stations, label="from"), "kind": Choice(board.KINDS, label="air type"),
                  "points": Integer(1, 40, label="air points"), "target": Choice(targets, label="target hex"),
                  "unit": Choice(units, label="land unit")})


VERBS = {"allocate": {"missions": Repeated(_mission(STATIONS, grid.ALL_HEXES), label="strikes on naval units"),
                      "cap": Repeated(_cap(STATIONS), label="Combat Air Patrol over its own hex"),
                      "base_strikes": Optional(Repeated(_base_strike(STATIONS, grid.ALL_HEXES),
                                                        label="strikes on air and naval bases")),
                      "ground_support": Optional(Repeated(support.air_order(STATIONS, grid.ALL_HEXES),
                                                          label="ground support of a land combat")),
                      "land_strikes": Optional(Repeated(_land_strike(STATIONS, grid.ALL_HEXES, land.LAND),
                                                        label="bombing of land units"))}}


# --- (D) examination ---

def examine(state, rng) -> None:
    """Step (D): each side's view of the enemy naval stacks within its air units' (extended) range."""
    for side in board.SIDES:
        reach = supply.air_range(state, side)
        enemy = board.other(side)
        seen = {h: board.groups(state, h, enemy) for h in sorted({s["hex"] for s in board.afloat(state, enemy)})
                if h in reach}
        state["examined"][side] = seen
        if seen:
            text = "; ".join(f"hex {h}: " + ", ".join("[" + " + ".join(g) + "]" for g in gs) for h, gs in seen.items())
            state["log"].append(entry(side, f"Enemy naval stacks within your air range, in two-ship groups: {text}.",
                                      at="Step (D) examination"))
        else:
            state["log"].append(entry(side, "No enemy naval stack is within range of your air units.",
                                      at="Step (D) examination"))


# --- (E) allocation ---

def prompt(state, role):
    stations = tuple(supply.air_stations(state, role)) or ("none",)
    targets = tuple(state["examined"][role]) or ("none",)
    bases = tuple(sorted(h for h, b in state["bases"].items() if b["side"] != role)) or ("none",)
    ashore = sorted((u for u in state["land"].values() if u["side"] != role and u["hex"] and not u["aboard"]),
                    key=lambda u: u["id"])
    spec = {"missions": Repeated(_mission(stations, targets), label="strikes on naval units").to_json(),
            "cap": Repeated(_cap(stations), label="Combat Air Patrol over its own hex").to_json(),
            "base_strikes": Optional(Repeated(_base_strike(stations, bases),
                                              label="strikes on air and naval bases")).to_json(),
            "ground_support": Optional(Repeated(support.air_order(stations, tuple(support.attacked_hexes(state))
                                                                  or ("none",)),
                                                label="ground support of a land combat")).to_json(),
            "land_strikes": Optional(Repeated(_land_strike(stations, tuple(sorted({u["hex"] for u in ashore}))
                                                           or ("none",), tuple(u["id"] for u in ashore) or ("none",)),
                                              label="bombing of land units")).to_json()}
    return {"title": "Air Mission Allocation Chart: write your strikes and CAP (secret; both sides at once)",
            "rule": RULE, "actions": [{"verb": "allocate", "label": "Write the allocation", "args": spec}],
            "info": {"stations": supply.air_stations(state, role),
                     "targets": state["examined"][role], "reach": in_reach(state, role)}}


def in_reach(state, role) -> dict[str, dict[str, list[str]]]:
    """Offered means legal for a strike's pair of choices (issue 34): for each station and air type it holds, the
    examined stacks within that type's extended range as Movement (U), (V) count it (`mountains.air_distance`). The
    form offers a row's target hexes from this, so a strike is never offered beyond its reach."""
    out: dict[str, dict[str, list[str]]] = {}
    for st, pts in supply.air_stations(state, role).items():
        h = board.station_hex(state, st)
        for kind, n in pts.items():
            if n:
                out.setdefault(st, {})[kind] = [t for t in sorted(state["examined"][role])
                                                if mountains.air_distance(h, t) <= board.reach(kind, extended=True)]
    return out


def check(state, role, action):
    a = action["args"]
    stations = supply.air_stations(state, role)
    used: dict[tuple[str, str], int] = {}
    for m in (a.get("missions", []) + a.get("cap", []) + a.get("base_strikes", []) + a.get("ground_support", [])
              + a.get("land_strikes", [])):
        st, kind = m["from"], m["kind"]
        if st not in stations:
            raise IllegalAction(f"{st} holds none of your air units able to fly.", "Movement (R)-(T)")
        used[(st, kind)] = used.get((st, kind), 0) + m["points"]
        if used[(st, kind)] > stations[st][kind]:
            raise IllegalAction(f"{st} has only {stations[st][kind]} {board.KIND_TITLE[kind]} points.", RULE)
    ferry.check_allocation(state, role, a)  # Japanese Ferry Carriers (optional rule): one point launched
    for c in a.get("cap", []):
        if c["kind"] == "lbac":
            raise IllegalAction("LBAC do not fly Combat Air Patrol.", "Mission Capability Chart: Air Units, CAP")
    _check_base_strikes(state, role, a.get("base_strikes", []))
    support.air_check(state, role, a.get("ground_support", []))
    for m in a.get("land_strikes", []):
        u = state["land"].get(m["unit"])
        if u is None or u["side"] == role or u["hex"] != m["target"] or u["aboard"]:
            raise IllegalAction(f"No enemy land unit {m['unit']} is ashore at hex {m['target']}.",
                                "Mission Capability Chart: Air Units, Bombing of Land Units")
        if u.get("naval_bombarded") == state["turn"]:
            raise IllegalAction(f"{u['name']} was bombarded by naval units this Game-Turn: the two missions may not "
                                "be combined.", "Mission Capability Chart: Air Units, Bombing of Land Units")
        d = grid.distance(board.station_hex(state, m["from"]), m["target"])
        if d > board.reach(m["kind"], extended=True):
            raise IllegalAction(f"{board.KIND_TITLE[m['kind']]} from {m['from']} reach "
                                f"{board.reach(m['kind'], True)} hexes; {m['target']} is {d} away.", "Movement (V)")
    for m in a.get("missions", []):
        groups = state["examined"][role].get(m["target"])
        if groups is None:
            raise IllegalAction(f"No enemy naval stack was examined at hex {m['target']} (Step (D)): only stacks "
                                "within range of your air units may be attacked.", "Detailed Sequence of Play, Step 5 (D)")
        if m["group"] > len(groups):
            raise IllegalAction(f"The stack at {m['target']} forms {len(groups)} defensive group(s).", "Stacking (G)")
        if m.get("ship", 1) > len(groups[m["group"] - 1]):
            raise IllegalAction(f"Group {m['group']} at {m['target']} is a single ship.", "Stacking (G)")
        d = grid.distance(board.station_hex(state, m["from"]), m["target"])
        if d > board.reach(m["kind"], extended=True):
            raise IllegalAction(f"{board.KIND_TITLE[m['kind']]} from {m['from']} reach "
                                f"{board.reach(m['kind'], True)} hexes; {m['target']} is {d} away.", "Movement (V)")


def _check_base_strikes(state, role, strikes):
    """Mission: Bomb Air or Naval Base: an enemy base of the kind named (Combat (B)), within the extended range."""
    for m in strikes:
        b = state["bases"].get(m["target"])
        if b is None or b["side"] == role or not board.has_base(b, m["base"]):
            raise IllegalAction(f"There is no enemy {m['base']} at hex {m['target']}.",
                                "Mission Capability Chart: Air Units, Bomb Air or Naval Base")
        d = grid.distance(board.station_hex(state, m["from"]), m["target"])
        if d > board.reach(m["kind"], extended=True):
            raise IllegalAction(f"{board.KIND_TITLE[m['kind']]} from {m['from']} reach "
                                f"{board.reach(m['kind'], True)} hexes; {m['target']} is {d} away.", "Movement (V)")


def written(args) -> dict[str, Any]:
    """An allocation as written down: its missions, CAP, base and land strikes and ground support."""
    return {k: list(args.get(k, [])) for k in ("missions", "cap", "base_strikes", "ground_support", "land_strikes")}


def mine(state, side) -> dict[str, Any] | None:
    """The side's own allocation: kept by the walk until both are in (its ALL step), then carried out."""
    kept = (state["step"].get("in") or {}).get(side)
    if kept is not None:
        return written(kept["args"])
    return state["allocations"].get(side)


def resolve(state, role, action, rng):
    state["allocations"][role] = written(action["args"])
    return state


def announce(state, role) -> str:
    """What the other side learns when this side's allocation is in: only that it is written (5(D)-(E) is secret)."""
    return f"The {board.TITLE[role]} Player has written the air allocation."


def default(state, role):
    """A missed allocation: no strikes, every carrier's NAC on CAP over its own hex (digest §1, server notes)."""
    cap = [{"from": st, "kind": "nac", "points": pts["nac"]} for st, pts in supply.air_stations(state, role).items()
           if pts["nac"] and not st.startswith("base:")]
    return {"verb": "allocate", "args": {"missions": [], "cap": cap}}


def random(state, role, rng):
    missions, cap, base_strikes, ground, on_land = [], [], [], [], []
    for st, pts in supply.air_stations(state, role).items():
        h = board.station_hex(state, st)
        for kind, n in pts.items():
            if not n:
                continue
            r = rng.die(3)
            targets = [t for t in state["examined"][role]
                       if grid.distance(h, t) <= board.reach(kind, extended=True)]
            bases = [(t, k) for t, b in sorted(state["bases"].items()) for k in TARGETS
                     if b["side"] != role and board.has_base(b, k) and grid.distance(h, t) <= board.reach(kind, True)]
            if r == 3 and bases and rng.die(2) == 1:
                t, k = rng.choice(bases)
                base_strikes.append({"from": st, "kind": kind, "points": rng.die(n), "target": t, "base": k})
                continue
            helps = [x for x in support.attacked_hexes(state) if grid.distance(h, x) <= board.reach(kind, True)
                     and (support.attacker(state) == role or board.land_at(state, x, role))]
            if r == 3 and helps:
                ground.append({"from": st, "kind": kind, "points": rng.die(n), "target": rng.choice(helps)})
                continue
            ashore = [u for u in sorted(state["land"]) if state["land"][u]["side"] != role and state["land"][u]["hex"]
                      and state["land"][u].get("naval_bombarded") != state["turn"]
                      and grid.distance(h, state["land"][u]["hex"]) <= board.reach(kind, True)]
            if r == 3 and ashore and rng.die(2) == 1:
                u = rng.choice(ashore)
                on_land.append({"from": st, "kind": kind, "points": rng.die(n), "target": state["land"][u]["hex"],
                                "unit": u})
                continue
            if r == 1 and targets:
                t = rng.choice(targets)
                g = rng.die(min(len(state["examined"][role][t]), 10))  # an order names groups 1-10 only
                missions.append({"from": st, "kind": kind, "points": rng.die(n), "target": t, "group": g,
                                 "ship": rng.die(len(state["examined"][role][t][g - 1]))})
            elif r == 2 and kind != "lbac":
                cap.append({"from": st, "kind": kind, "points": rng.die(n)})
    return {"verb": "allocate", "args": {"missions": missions, "cap": cap, "base_strikes": base_strikes,
                                         "ground_support": ground, "land_strikes": on_land}}


# --- (F), (G), (K), (L): the strikes, land combat and the return ---

def _take_off(state, side, order) -> dict[str, Any] | None:
    """The flight of one allocated order as it takes off, or None when none of its points is left to fly. Ground
    support takes off at (J) and land strikes after (G): by then points allocated to them may have been destroyed
    rising from their base against a base strike (H) or aboard a carrier hit in (F)-(G), or the base lost or
    neutralized; only the points still at the station fly (a point is never lost twice, nor a station's count taken
    below zero), and none from a neutralized base (Movement (S))."""
    st = order["from"]
    if st.startswith("base:"):
        base = state["bases"].get(st[5:])  # a base lost before the flight holds nothing
        pool, key = (base["air"] if base else {}), order["kind"]
        if base and board.neutralized(state, st[5:], "air"):
            # Movement (S): no air unit takes off from a base neutralized earlier in the phase (a strike at (H))
            state["log"].append(entry(side, f"Your {board.KIND_TITLE[order['kind']]} from {_station(st)}: the base "
                                            f"is neutralized, and none of the {order['points']} points allocated "
                                            "may take off (Movement (S))."))
            return None
    else:
        pool, key = state["ships"][st], "nac"
    points = min(order["points"], pool.get(key, 0))
    if points < order["points"]:
        # told to the owner alone: where its air flies from is its own (the strikes' "Your strike from ...")
        state["log"].append(entry(side, f"Your {board.KIND_TITLE[order['kind']]} from {_station(st)}: {points} of "
                                        f"the {order['points']} points allocated are left to fly."))
    if not points:
        return None
    pool[key] -= points
    return dict(order, side=side, alive=points, home=board.station_hex(state, st))


def _station(st: str) -> str:
    return f"the base at {st[5:]}" if st.startswith("base:") else st


def _flights(state, side, orders) -> list[dict[str, Any]]:
    """The flights of `side`'s allocated `orders` that take off now (those with points left)."""
    return [f for f in (_take_off(state, side, o) for o in orders) if f is not None]


def _strike(state, m, caps, rng, at) -> None:
    side, enemy = m["side"], board.other(m["side"])
    title = f"{board.TITLE[side]} {m['alive']} {board.KIND_TITLE[m['kind']]}"
    state["log"].append(entry(PUBLIC, f"{title} strike on hex {m['target']}, group {m['group']}.", at=at))
    state["log"].append(entry(side, f"(Your strike from {m['from']}.)", at=at))
    group = [state["ships"][i] for i in state["examined"][side][m["target"]][m["group"] - 1]]
    group = [s for s in group if not s["sunk"] and s["hex"] == m["target"]]
    if not group:
        state["log"].append(entry(PUBLIC, "The strike finds no target: the group is gone.", at=at))
        return
    # a) CAP over the target hex answers the strike; both fire at once (CRT 2)
    cover = [c for c in caps if c["side"] == enemy and c["home"] == m["target"] and c["alive"]]
    cap_points = sum(c["alive"] for c in cover)
    if cap_points:
        r1, r2 = rng.d6(), rng.d6()
        ab, de = damage.losses(m["alive"], *board_air(cap_points * board.AIR["air_to_air_per_point"], r1))
        fire_back = m["alive"] * strength.air_to_air_per_point(m)
        cab, cde = board_air(fire_back, r2)
        m["alive"] -= ab + de
        m["aborted"] = m.get("aborted", 0) + ab
        damage.lose_air(state, side, m["kind"], de, "by CAP")
        state["log"].append(entry(PUBLIC, f"CAP {cap_points} points meet it (die {r1}): {ab} aborted, {de} "
                                          f"destroyed; the strike fires back with {fire_back} (die {r2}).", at=at))
        for c in cover:  # the CAP's losses, destruction first (errata), in the order the CAP was written
            a2, d2 = damage.losses(c["alive"], cab, cde)
            c["alive"] -= a2 + d2
            c["aborted"] = c.get("aborted", 0) + a2
            cab, cde = cab - a2, cde - d2
            damage.lose_air(state, enemy, c["kind"], d2, "on CAP")
            if a2 or d2:
                state["log"].append(entry(PUBLIC, f"CAP loses {a2} aborted, {d2} destroyed.", at=at))
    if not m["alive"]:
        return
    # b) the group's Anti-Aircraft (in a naval base the base's 20 fire with the ships)
    aa = sum(board.values(s)["anti_aircraft"] for s in group)
    if board.friendly_base(state, m["target"], enemy, naval=True):
        aa += 20
    r = rng.d6()
    ab, de = board_air(aa, r)
    if m["kind"] == "lbac":  # LBAC suffer one-half normal effect, fractions dropped (5(F)2b)
        ab, de = ab // 2, de // 2
    ab, de = damage.losses(m["alive"], ab, de)
    m["alive"] -= ab + de
    m["aborted"] = m.get("aborted", 0) + ab
    damage.lose_air(state, side, m["kind"], de, "by anti-aircraft fire")
    state["log"].append(entry(PUBLIC, f"Anti-aircraft {aa} (die {r}): {ab} aborted, {de} destroyed.", at=at))
    if not m["alive"]:
        return
    # c) bombing: CRT 3 then CRT 5
    ship = group[min(m.get("ship", 1), len(group)) - 1]
    attack = m["alive"] * strength.bomb_per_point(m)
    r3 = rng.d6()
    number = board_crt().air_to_surface(attack, board.values(ship)["defense"], r3)
    if not number:
        state["log"].append(entry(PUBLIC, f"Bombing {attack} against {board.values(ship)['defense']} (die {r3}): "
                                          "no effect.", at=at))
        return
    r5 = rng.d6()
    weeks = board_crt().damage(number, r5)
    state["log"].append(entry(PUBLIC, f"Bombing {attack} against {board.values(ship)['defense']} (die {r3}): damage "
                                      f"number {number}; CRT 5 (die {r5}): {weeks or 'no damage'}.", at=at))
    if weeks:
        state["log"].append(entry(PUBLIC, f"{ship['id']} is hit: {weeks if weeks == 'X' else str(weeks) + ' weeks'}.",
                                  at=at))
        damage.damage_ship(state, ship, weeks)


def board_air(strength, roll):
    return board_crt().air(strength, roll)


def board_crt():
    return crt


def _land_back(state, flight) -> None:
    """(L): return to the station flown from if it can take them; NAC may use another friendly carrier or air base
    within normal range (CAP only in its own hex); otherwise destroyed (Combat (K), 5(L))."""
    n = flight["alive"] + flight.get("aborted", 0)
    if not n:
        return
    side, kind, st = flight["side"], flight["kind"], flight["from"]
    def room(station):
        if station.startswith("base:"):
            b = state["bases"].get(station[5:])
            if b is None or b["side"] != side or (board.neutralized(state, station[5:], "air")
                                                  and not flight.get("cap")):
                return 0  # Movement (S): no air unit lands on a neutralized air base; Combat (J): its own CAP may
            if not supply.base_supplied(state, station[5:]):
                return 0  # Supply (E): an unsupplied base may not function in any capacity
            return b["capacity"] - sum(b["air"].values())
        s = state["ships"][station]
        if s["sunk"] or s["damage"] or kind != "nac" or (station != st and not ferry.takes_others(state, station)):
            return 0
        return s["capacity"] - s["nac"]

    def put(station, k):
        if not k:  # nothing lands there (a base lost in (K) is gone from the record)
            return
        if station.startswith("base:"):
            state["bases"][station[5:]]["air"][kind] += k
        else:
            state["ships"][station]["nac"] += k

    k = min(n, room(st))
    put(st, k)
    n -= k
    if n:
        here = flight["home"] if flight.get("cap") else flight.get("target", flight["home"])
        reach = 0 if flight.get("cap") else board.reach(kind)
        others = [f"base:{h}" for h in sorted(state["bases"])] + sorted(
            s["id"] for s in board.afloat(state, side) if board.is_carrier(s))
        for o in others:
            if n and o != st and grid.distance(board.station_hex(state, o), here) <= reach:
                k = min(n, room(o))
                put(o, k)
                n -= k
    if n:
        damage.lose_air(state, side, kind, n, "no place to land within range")


def strikes(state, rng) -> None:
    at = f"Step {('5' if state['step']['index'] < 8 else '9')} (F)-(L)"
    alloc = state["allocations"]
    caps = [dict(c, cap=True) for s in board.SIDES for c in _flights(state, s, alloc.get(s, {}).get("cap", []))]
    missions = {s: _flights(state, s, alloc.get(s, {}).get("missions", [])) for s in board.SIDES}
    on_bases = {s: _flights(state, s, alloc.get(s, {}).get("base_strikes", [])) for s in board.SIDES}
    for side, order in (("allied", ("lbac", "lac", "nac")), ("japanese", ("lac", "nac"))):  # (F), then (G)
        for kind in order:
            for m in missions[side]:
                if m["kind"] == kind:
                    _strike(state, m, caps, rng, at)
    on_land = {s: _flights(state, s, alloc.get(s, {}).get("land_strikes", [])) for s in board.SIDES}
    for side in ("allied", "japanese"):  # (H), then (I): all types together, by target
        airbase.strike_bases(state, side, on_bases[side], caps, rng, at)
        airbase.strike_land(state, side, on_land[side], caps, rng, at)
    helping = {s: _flights(state, s, alloc.get(s, {}).get("ground_support", [])) for s in board.SIDES}
    support.air_support(state, helping, caps, rng, at)  # (J)
    land.resolve_attacks(state, rng)  # (K)
    for flight in (caps + missions["allied"] + missions["japanese"] + on_bases["allied"] + on_bases["japanese"]
                   + helping["allied"] + helping["japanese"] + on_land["allied"] + on_land["japanese"]):
        _land_back(state, flight)
    state["allocations"] = {}
    state["examined"] = {s: {} for s in board.SIDES}
