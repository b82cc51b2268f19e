"""The movement phase (§6): ground movement with terrain costs (§6.1), zones of control (§6.2), stacking (§6.4),
entry points (§5), IJ off-map movement (§6.5) and air strips (§6.3); and, in the same phase, the IJ air-to-air
combat (§6.7), the IJN shore bombardment allocation (§6.6) and the US ground support allocation (§6.8).

One move order names any number of units and each one's destination, `{unit: place}`; each goes there by its
cheapest legal route and its MF are spent (a unit moves once a phase: §2.2 "once per turn"). The prompt offers each
unit only the places it reaches (with their cost), so every offered destination is legal; the check judges the whole
order, unit by unit, then hex by hex (stacking, §6.4: no more than three ground units end in a hex). Air-to-air
attacks (§6.7) and the destroyers' and bombers' support (§6.6, §6.8) are orders of several units too."""
from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any, Callable

from app.engine.errors import IllegalAction
from app.engine.orders import Choice, Group, Keyed
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    BOX_ORDER,
    BOXES,
    ENTRIES,
    LAND,
    STACKING,
    STEPS,
    STRIPS,
    TITLE,
    enemy,
    half,
    neighbours,
)
from app.games.first_blood.picks import Pick
from app.games.first_blood.placement import piece_label, place_label

State = dict[str, Any]
DESTINATIONS: tuple[str, ...] = (*[f"hex:{h}" for h in LAND], *[f"box:{b}" for b in BOXES])
TARGETS = ("cap", "ground_attack")


def _map_costs(occ: dict[str, tuple[str, int]], side: str, starts: dict[str, int], budget: int,
               origin: str | None) -> dict[str, int]:
    """Least MF to each hex from `starts` ({hex: MF already spent}), under §6.2: entering enemy ZOC stops a unit,
    and a unit starting in enemy ZOC cannot step straight into another enemy ZOC hex. Enemy-held hexes are closed.
    `occ` is `board.occupancy(state)`. The answer is shared (read it, never change it), keyed by place ("hex:0708")."""
    foe = enemy(side)
    closed = frozenset(h for h, (owner, _) in occ.items() if owner == foe)
    return _search(closed, tuple(starts.items()), budget, origin)


@lru_cache(maxsize=2048)
def _search(closed: frozenset[str], starts: tuple[tuple[str, int], ...], budget: int,
            origin: str | None) -> dict[str, int]:
    # Only the enemy's hexes (closed, and their zone of control) shape the search, and they do not change during a
    # side's movement phase, while every prompt of that phase asks for every unit's reach: the answers are kept
    # (a pure function of its arguments; the heap's (cost, hex) order makes it independent of the starts' order).
    zoc: set[str] = set()
    for h in closed:
        zoc.update(neighbours(h))  # the enemy's zone of control (§6.2), as board.zoc
    best: dict[str, int] = {}
    heap = [(c, h) for h, c in starts]
    heapq.heapify(heap)
    while heap:
        cost, h = heapq.heappop(heap)
        if h in best:
            continue
        best[h] = cost
        if h in zoc and h != origin:
            continue  # halted in an enemy zone of control
        for n, step in STEPS[h]:
            if n in best or n in closed:
                continue
            if h == origin and h in zoc and n in zoc:
                continue  # ZOC to ZOC: disengage first
            c = cost + step  # move_cost(h, n), from the table
            if c <= budget:
                heapq.heappush(heap, (c, n))
    return {f"hex:{h}": c for h, c in best.items()}


def reachable(state: State, unit: dict[str, Any], occ: dict[str, tuple[str, int]] | None = None) -> dict[str, int]:
    """{destination place: MF spent} for a unit that has not moved this phase. `occ`, `board.occupancy(state)`,
    when the caller asks for many units of one state (the prompt)."""
    if unit["moved"] or unit["loc"] in ("pending", "eliminated"):
        return {}
    side, mf = unit["side"], unit["mf"]
    loc = unit["loc"]
    occ = board.occupancy(state) if occ is None else occ
    free = lambda h: occ.get(h, ("", 0))[0] != enemy(side)
    out: dict[str, int] = {}
    if loc.startswith("hex:"):
        h = loc[4:]
        out = dict(_map_costs(occ, side, {h: 0}, mf, h))
        del out[loc]  # staying put is not a move
    elif loc.startswith("entry:"):
        first = 0 if side == "us" else half(mf)  # §5.2 and §5.3
        starts = {h: first for h in ENTRIES[loc[6:]]["hexes"] if free(h)}
        out = dict(_map_costs(occ, side, starts, mf, None))
    elif loc.startswith("box:"):
        if unit.get("placed") == state["turn"]:
            return {}  # §5.2, §6.5: placed in the box this turn, it cannot move
        i, step = BOX_ORDER.index(loc[4:]), half(mf)
        visited = set(unit.get("visited", []))
        boxes = {loc[4:]: 0}
        for d in (-1, 1):
            k = 1
            while 0 <= i + d * k < len(BOX_ORDER) and k * step <= mf and BOX_ORDER[i + d * k] not in visited:
                boxes[BOX_ORDER[i + d * k]] = k * step  # §6.5: one direction only, never back into a visited box
                k += 1
        starts: dict[str, int] = {}
        for b, spent in boxes.items():
            if b != loc[4:]:
                out[f"box:{b}"] = spent
            if spent + step <= mf:
                for h in BOXES[b]["hexes"]:
                    if free(h):
                        starts[h] = min(starts.get(h, 99), spent + step)
        out.update(_map_costs(occ, side, starts, mf, None))
    full = {f"hex:{h}" for h, (owner, n) in occ.items() if owner == side and n >= STACKING}  # §6.4
    return {p: c for p, c in out.items() if p not in full} if full else out


def movable(state: State, side: str) -> list[dict[str, Any]]:
    return [u for u in board.ground(state, side) if not u["moved"] and u["loc"][:4] in ("hex:", "entr", "box:")
            and not (u["loc"].startswith("box:") and u.get("placed") == state["turn"])]


def must_move(state: State, side: str, occ: dict[str, tuple[str, int]] | None = None) -> list[dict[str, Any]]:
    """§6.5: IJ units in the boxes must move (a box on, or onto the map) unless they arrived there this turn."""
    boxed = [u for u in board.ground(state, side, "box:") if not u["moved"] and u.get("placed") != state["turn"]]
    if not boxed:
        return []
    occ = board.occupancy(state) if occ is None else occ
    return [u for u in boxed if reachable(state, u, occ)]


# --- orders ------------------------------------------------------------------------------------------------------

TARGET_LABELS = ("USAF CAP", "USAF Ground Attack")


def verbs(units: tuple[str, ...], air_ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The orders over their whole domain: any unit to any place, any IJAAF unit against either USAF box, any
    destroyer or bomber onto any hex (the rules judge which are open now)."""
    return {
        "move": {"to": Keyed(Pick(DESTINATIONS, tuple(place_label(p) for p in DESTINATIONS), label="Destination"),
                             units, label="Where each unit moves")},
        "intercept": {"attacks": Keyed(Choice(TARGETS, TARGET_LABELS, label="Target box"), air_ids,
                                       label="Air-to-air attacks")},
        "support": {"on": Keyed(Pick(LAND, label="Defending hex"), air_ids, label="Support")},
        "end_movement": {},
    }


def _support_options(state: State, side: str) -> tuple[list[str], list[str]]:
    """§6.6 (IJN destroyers in the IJN Attack box) and §6.8 (USAF bombers in Ground Attack) placed on enemy hexes
    adjacent to the side's ground units."""
    if side == "ij":
        units = [a["id"] for a in board.air(state, "ij", "ijn_attack") if not a.get("target")]
    else:
        units = [a["id"] for a in board.air(state, "us", "ground_attack")
                 if a["role"] in ("bomber", "both") and not a.get("target")]
    if not units:
        return [], []
    occ = board.occupancy(state)
    hexes = sorted({n for h, (owner, _) in occ.items() if owner == side for n in board.enemy_adjacent(state, side, h,
                                                                                                     occ)})
    return (units, hexes) if hexes else ([], [])


def _victims(state: State, target: str) -> list[dict[str, Any]]:
    """§6.7: the USAF units an air-to-air attack may shoot down: fighters in CAP, bombers in Ground Attack (a "both"
    unit flies as either, digest part 7 item 12)."""
    roles = ("fighter", "both") if target == "cap" else ("bomber", "both")
    return sorted((a for a in board.air(state, "us", target) if a["role"] in roles), key=lambda a: a["id"])


def intercept_options(state: State) -> dict[str, list[str]]:
    """§6.7: {IJAAF unit: the box it may attack now}: fighters, and bombers two at a time, against CAP; once CAP is
    empty, fighters against Ground Attack."""
    ij = sorted([*board.air(state, "ij", "ijaaf_reserve"), *board.air(state, "ij", "ijaaf_attack")],
                key=lambda a: a["id"])
    fighters = [a["id"] for a in ij if a["role"] == "fighter"]
    bombers = [a["id"] for a in ij if a["role"] == "bomber"]
    if _victims(state, "cap"):
        return {a: ["cap"] for a in fighters + (bombers if len(bombers) >= 2 else [])}
    if _victims(state, "ground_attack"):
        return {a: ["ground_attack"] for a in fighters}
    return {}


def _intercept_options(state: State) -> dict[str, list[str]]:
    """{box: the IJAAF units that may attack it now} (the computer players read it so)."""
    out: dict[str, list[str]] = {}
    for a, targets in intercept_options(state).items():
        for t in targets:
            out.setdefault(t, []).append(a)
    return out


def unit_label(state: State, uid: str) -> str:
    """A unit as the forms name it: name, strength and movement, and where it is."""
    u = state["units"][uid]
    return f"{piece_label(u)}, {place_label(u['loc'])}"


def _dests(reach: dict[str, int]) -> list[str]:
    return sorted(reach, key=lambda p: (reach[p], p))


def left_to_do(state: State, side: str) -> bool:
    """Is there anything left for `side` to do in its movement phase: a unit that may move, an air-to-air attack, a
    destroyer or bomber to place? A phase with nothing left ends by itself."""
    occ = board.occupancy(state)
    if any(reachable(state, u, occ) for u in movable(state, side)):
        return True
    return bool((side == "ij" and intercept_options(state)) or _support_options(state, side)[0])


def prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    occ = board.occupancy(state)
    reach = {u["id"]: reachable(state, u, occ) for u in movable(state, role)}
    reach = {uid: r for uid, r in reach.items() if r}
    actions = []
    if reach:
        fields = {uid: Choice(tuple(_dests(r)), tuple(f"{place_label(p)} ({r[p]} MF)" for p in _dests(r)),
                              label=unit_label(state, uid)) for uid, r in reach.items()}
        actions.append({"verb": "move", "label": "Move these units",
                        "args": {"to": Group(fields, tuple(fields), label="Where each unit moves (leave a unit "
                                                                          "blank to keep it where it is)").to_json()}})
    if role == "ij":
        opts = intercept_options(state)
        if opts:
            fields = {a: Choice(tuple(t), tuple(TARGET_LABELS[TARGETS.index(x)] for x in t),
                                label=state["air"][a]["name"]) for a, t in opts.items()}
            actions.append({"verb": "intercept", "label": "Air-to-air combat (§6.7)",
                            "args": {"attacks": Group(fields, tuple(fields), label="IJAAF units that attack (one "
                                                                                   "fighter, or two bombers, a USAF "
                                                                                   "unit)").to_json()}})
    su, sh = _support_options(state, role)
    if su:
        fields = {a: Choice(tuple(sh), tuple(f"hex {h}" for h in sh), label=state["air"][a]["name"]) for a in su}
        actions.append({"verb": "support", "label": "Shore bombardment (§6.6)" if role == "ij" else
                        "Ground support (§6.8)", "args": {"on": Group(fields, tuple(fields), label=(
                            "Destroyers onto a defending US hex" if role == "ij" else
                            "Bombers onto a defending IJ hex")).to_json()}})
    actions.append({"verb": "end_movement", "label": "End the movement phase", "args": {}})
    must = [u["name"] for u in must_move(state, role, occ)]
    # The form comes filled with the missed order's moves of the units that must move (§6.5: out of an off-map box,
    # or off an entry point), so the first press of a newcomer is one the rules accept; any may be changed.
    missed = default(state, role)
    return {"title": f"{TITLE[role]} movement phase", "rule": "§6",
            "info": {"kind": "movement", "must_move": must,
                     "default": missed["args"] if missed["verb"] == "move" else {},
                     # the pages highlight these when a unit is chosen: {unit: {place: MF spent}} (§6.1, §6.5)
                     "reach": reach}, "actions": actions}


def _final_stacks(state: State, role: str, to: dict[str, str]) -> dict[str, list[str]]:
    """{hex: the side's units ending in it} after the moves `to`, for the hexes a moving unit enters."""
    after: dict[str, list[str]] = {}
    for u in board.on_map(state, role):
        if u["id"] not in to:
            after.setdefault(u["loc"][4:], []).append(u["name"])
    for uid, dest in to.items():
        if dest.startswith("hex:"):
            after.setdefault(dest[4:], []).append(state["units"][uid]["name"])
    entered = {d[4:] for d in to.values() if d.startswith("hex:")}
    return {h: names for h, names in after.items() if h in entered}


def check(state: State, role: str, action: dict[str, Any]) -> None:
    verb, args = action["verb"], action["args"]
    if verb == "move":
        to = args["to"]
        if not to:
            raise IllegalAction("Choose where at least one unit moves, or end the movement phase.", "§6")
        occ = board.occupancy(state)
        for uid, dest in to.items():
            u = state["units"].get(uid)
            if u is None or u["side"] != role:
                raise IllegalAction(f"{u['name'] if u else 'That unit'} is not one of your ground units.", "§6")
            if u["moved"]:
                raise IllegalAction(f"{u['name']} has already moved this phase.", "§6")
            if dest not in reachable(state, u, occ):
                raise IllegalAction(f"{u['name']} cannot reach {place_label(dest)} (its {u['mf']} MF, terrain, "
                                    f"enemy zones of control and stacking decide).", "§6.1")
        for h, names in _final_stacks(state, role, to).items():
            if len(names) > STACKING:
                raise IllegalAction(f"Hex {h} would hold {len(names)} ground units at the end of these moves "
                                    f"({', '.join(names)}): at most {STACKING}.", "§6.4")
    elif verb == "intercept":
        attacks = args["attacks"]
        if not attacks:
            raise IllegalAction("Choose the IJAAF units that attack, or end the movement phase.", "§6.7")
        opts = intercept_options(state)
        for a, target in attacks.items():
            if target not in opts.get(a, []):
                name = state["air"][a]["name"] if a in state["air"] else "That unit"
                raise IllegalAction(f"{name} cannot attack {TARGET_LABELS[TARGETS.index(target)]} now: fighters, "
                                    f"or bombers two at a time, against CAP; fighters against Ground Attack once "
                                    f"CAP is empty.", "§6.7")
        fighters = [a for a, t in attacks.items() if state["air"][a]["role"] == "fighter"]
        bombers = [a for a, t in attacks.items() if state["air"][a]["role"] == "bomber"]
        if len(bombers) % 2:
            raise IllegalAction("Bombers attack two at a time: two IJAAF bombers shoot down one USAF fighter.",
                                "§6.7")
        for target in TARGETS:
            n = sum(1 for a in fighters if attacks[a] == target) + sum(1 for a in bombers if attacks[a] == target) // 2
            if n > len(_victims(state, target)):
                raise IllegalAction(f"{n} attacks on {TARGET_LABELS[TARGETS.index(target)]}, which holds "
                                    f"{len(_victims(state, target))} USAF unit(s) to shoot down.", "§6.7")
    elif verb == "support":
        on = args["on"]
        if not on:
            raise IllegalAction("Choose the units that support an attack, or end the movement phase.",
                                "§6.6" if role == "ij" else "§6.8")
        su, sh = _support_options(state, role)
        for a, h in on.items():
            if a not in su or h not in sh:
                raise IllegalAction(f"{state['air'][a]['name'] if a in state['air'] else 'That unit'} cannot "
                                    f"support an attack on that hex now.", "§6.6" if role == "ij" else "§6.8")
    elif verb == "end_movement":
        must = must_move(state, role)
        if must:
            raise IllegalAction(f"{', '.join(u['name'] for u in must)} must move out of the off-map box first.",
                                "§6.5")


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    verb, args = action["verb"], action["args"]
    if verb == "move":
        occ = board.occupancy(s)
        spent = {uid: reachable(s, s["units"][uid], occ)[dest] for uid, dest in args["to"].items()}
        said, after = [], []
        for uid, dest in args["to"].items():
            u = s["units"][uid]
            was = u["loc"]
            u.update(loc=dest, moved=True, stirred=True)
            if dest.startswith("box:"):
                u["visited"] = [*u.get("visited", []), dest[4:]]
            said.append(f"{u['name']} moves from {place_label(was)} to {place_label(dest)} ({spent[uid]} MF)")
            h = board.hex_of(u)
            if role == "ij" and h in STRIPS:
                lost = board.strip_destroyed(s, h, "entered")
                after.append(f"IJ troops overrun air strip {h}: it is Destroyed"
                             + (f", USAF units lost: {', '.join(s['air'][a]['name'] for a in lost)}" if lost else "")
                             + " (§6.3)")
        board.say(s, f"{TITLE[role]} movement (§6): {'; '.join(said)}.")
        for line in after:
            board.say(s, f"{line}.")
    elif verb == "intercept":
        attacks = args["attacks"]
        said = []
        for target in TARGETS:
            fighters = [a for a, t in attacks.items() if t == target and s["air"][a]["role"] == "fighter"]
            bombers = [a for a, t in attacks.items() if t == target and s["air"][a]["role"] == "bomber"]
            for group in [[f] for f in fighters] + [bombers[i:i + 2] for i in range(0, len(bombers), 2)]:
                victim = _victims(s, target)[0]
                victim["loc"] = "eliminated"
                for a in group:
                    s["air"][a]["loc"] = "eliminated"
                said.append(f"{' and '.join(s['air'][a]['name'] for a in group)} shoot{'s' if len(group) == 1 else ''} "
                            f"down {victim['name']} in {TARGET_LABELS[TARGETS.index(target)]}")
        board.say(s, f"Air-to-air (§6.7): {'; '.join(said)}; the attackers are spent.")
    elif verb == "support":
        said = []
        for a, h in args["on"].items():
            s["air"][a]["target"] = h
            said.append(f"{s['air'][a]['name']} onto hex {h}")
        what = "Shore bombardment (§6.6)" if role == "ij" else "Ground support (§6.8)"
        board.say(s, f"{what}: {'; '.join(said)}, supporting the attack there.")
    else:
        board.say(s, f"{TITLE[role]} ends its movement phase (§6).")
    return s


def plan_moves(state: State, role: str, units: list[dict[str, Any]],
               pick: Callable[[dict[str, Any], list[str]], str | None], most: int = STACKING - 1) -> dict[str, str]:
    """Moves for `units` (in turn, each to `pick(unit, its destinations with room)`, None: it stays) that the rules
    accept: no hex a unit enters ends with more than `most` units. By default one short of the limit (§6.4), so that
    the moves stay accepted when any one unit is sent elsewhere among its offered places (the missed order and
    random play); the computer players fill hexes to three."""
    occ = board.occupancy(state)
    count: dict[str, int] = {h: n for h, (owner, n) in occ.items() if owner == role}
    out: dict[str, str] = {}
    for u in units:
        dests = [p for p in _dests(reachable(state, u, occ))
                 if not p.startswith("hex:") or count.get(p[4:], 0) + 1 <= most]
        if not dests:
            continue
        dest = pick(u, dests)
        if dest is None:
            continue
        out[u["id"]] = dest
        here = board.hex_of(u)
        if here is not None:
            count[here] -= 1
        if dest.startswith("hex:"):
            count[dest[4:]] = count.get(dest[4:], 0) + 1
    return out


def _must_go(state: State, role: str) -> list[dict[str, Any]]:
    """Units that must move or are lost: in an off-map box (§6.5) or on an entry point (§5)."""
    return [*must_move(state, role), *[u for u in board.ground(state, role, "entry:") if not u["moved"]]]


def random(state: State, role: str, rng) -> dict[str, Any]:
    if role == "ij":
        opts = intercept_options(state)
        if opts and rng.die(3) == 1:
            room = {t: len(_victims(state, t)) for t in TARGETS}
            attacks: dict[str, str] = {}
            fighters = [a for a in opts if state["air"][a]["role"] == "fighter"]
            bombers = [a for a in opts if state["air"][a]["role"] == "bomber"]
            for a in rng.shuffle(fighters):
                t = opts[a][0]
                if room[t] and rng.die(2) == 1:
                    attacks[a], room[t] = t, room[t] - 1
            pair = rng.shuffle(bombers)[:2]
            if len(pair) == 2 and room["cap"] and (not attacks or rng.die(2) == 1):
                attacks.update({b: "cap" for b in pair})
            if not attacks and fighters:
                attacks[fighters[0]] = opts[fighters[0]][0]
            if attacks:
                return {"verb": "intercept", "args": {"attacks": attacks}}
    su, sh = _support_options(state, role)
    if su and rng.die(3) == 1:
        return {"verb": "support", "args": {"on": {a: rng.choice(sh) for a in su if rng.die(2) == 1}
                                            or {su[0]: rng.choice(sh)}}}
    must = {u["id"] for u in _must_go(state, role)}
    units = [u for u in movable(state, role) if u["id"] in must or rng.die(4) > 1]
    moves = plan_moves(state, role, rng.shuffle(units), lambda u, dests: rng.choice(dests))
    if moves:
        return {"verb": "move", "args": {"to": moves}}
    return {"verb": "end_movement", "args": {}}


def default(state: State, role: str) -> dict[str, Any]:
    """A missed movement order: the units that must move (or be lost) go to their cheapest place (a box before a
    hex, §6.5), and the phase ends."""
    moves = plan_moves(state, role, _must_go(state, role), lambda u, dests: min(dests, key=lambda p: (p[:4] != "box:",
                                                                                                      p)))
    if moves:
        return {"verb": "move", "args": {"to": moves}}
    return {"verb": "end_movement", "args": {}}
