"""Section D air allocation and section K air transfers: what may fly where (6.2x, 10.1-10.7, 14, 16.22, 17.1-17.2).

The combat modules resolve the attacks (section E onward); this module checks the orders and records them.
Allocation: `{"missions": [{"source": base | own tf id, "kind": "lac" | "nac", "points": 8,
"mission": "attack" | "bombard" | "cap_area" | "cap_point", "target": "tf-?3" | "guadalcanal" | own tf id,
"counters": 3}], "defence": {...}, "doctrine": {...}}` (standing orders, combat/air.py).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Choice, Free, Group, Integer, Optional, Repeated
from app.games.solomons import board, bots
from app.games.solomons import standing as standing_orders
from app.games.solomons.combat.air import check_standing_orders
from app.games.solomons.combat.air_strike import DEFAULT_PRIORITY
from app.games.solomons.combat.supply import air_supply_cost
from app.games.solomons.decision import STRONG, VERB, Kind, ask, fixed, later, randomly, segment, store
from app.games.solomons.intel import find_marker
from app.games.solomons.units import at_sea, has_carriers, has_transports, side_tfs

State = dict[str, Any]
BASE_HEX = board.AIR_SOURCE_PLACE  # 10.5, 10.6
ONCE_A_TURN = ("rabaul", "shortlands")  # 14.63
MISSIONS = ("attack", "bombard", "cap_area", "cap_point")


def holds_henderson(state: State, side: str) -> bool:
    h = state["guadalcanal"]["henderson"]
    return h["side"] == side and h["complete"]


def flying_bases(state: State, side: str) -> list[str]:
    """Bases whose air can fly missions over the map (10.6: Rabaul by K, Espiritu Santo by O; 10.5 fields)."""
    out = [b for b in state["air"][side] if b in BASE_HEX]
    if "henderson" in out and not holds_henderson(state, side):
        out.remove("henderson")
    return sorted(out)


def radius(side: str, kind: str) -> int:
    """10.1: one hex, except Japanese LAC two."""
    return int(board.AIR["radius"][f"{side}_{kind}"])


def carrier_forces(state: State, side: str) -> dict[str, dict[str, Any]]:
    return {tf["id"]: tf for tf in side_tfs(state, side) if has_carriers(tf) and not board.is_base(tf["hex"])}


def carrier_nac(state: State, tf: dict[str, Any]) -> int:
    return sum(state["units"][u]["nac"] for u in tf["units"] if board.is_carrier(u))


def source_place(state: State, side: str, source: str) -> str:
    if source in BASE_HEX:
        return BASE_HEX[source]
    return state["task_forces"][source]["hex"]


def in_range(state: State, side: str, source: str, kind: str, hex_: str) -> bool:
    """10.1, 14.64: whether air from `source` reaches `hex_`."""
    return board.air_reaches(side, source, kind, source_place(state, side, source), hex_)


def free_points(state: State, side: str, source: str, kind: str, offensive: bool) -> int:
    if source in state["air"][side]:
        return board.base_free(state["air"][side][source], kind, offensive)
    tf = state["task_forces"][source]
    if kind != "nac":
        return 0
    if offensive and tf["cag_spent"]:
        return 0
    return carrier_nac(state, tf)


def henderson_supply_needed(points: int) -> int:
    """16.22, 10.7: one Supply Point per ten Air Points, or fraction (combat/supply.py)."""
    return air_supply_cost(points)


def check_allocation(state: State, side: str, args: dict[str, Any], segment: int) -> None:
    """Section D: the one check of an air allocation (6.22, 6.23, 10.1, 10.6, 10.7, 14, 14.11, 14.41, 14.63, 16.22)
    and of its standing orders (14.3, 6.25: combat/air.py)."""
    missions = args.get("missions")
    if not isinstance(missions, list):
        raise IllegalAction("List your air missions (an empty list flies none).", "14.11")
    check_standing_orders(state, side, args)
    own_carriers = carrier_forces(state, side)
    sources = set(flying_bases(state, side)) | set(own_carriers)
    used: dict[tuple[str, str], int] = {}
    attacking: dict[tuple[str, str], int] = {}
    carrier_targets: dict[str, set[Any]] = {}
    for m in missions:
        if not isinstance(m, dict):
            raise IllegalAction("Each air mission is an object.", "14.11")
        src, kind, pts, what = m.get("source"), m.get("kind"), m.get("points"), m.get("mission")
        if not isinstance(src, str) or src not in sources:
            raise IllegalAction(f"No air of yours can fly from {src!r} now.", "10.6")
        if kind not in ("lac", "nac") or (src in own_carriers and kind != "nac"):
            raise IllegalAction("Air is LAC or NAC; carrier air is NAC.", "3.3")
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
            raise IllegalAction("Air Points are a whole number.", "14.11")
        if what not in MISSIONS:
            raise IllegalAction(f"Missions are {', '.join(MISSIONS)}.", "14.11")
        key = (src, kind)
        used[key] = used.get(key, 0) + pts
        if what in ("attack", "bombard"):
            if pts < 1:
                raise IllegalAction("An attack needs at least one Air Point.", "14.11")
            attacking[key] = attacking.get(key, 0) + pts
            check_target(state, side, m, segment)
            if src in own_carriers:
                carrier_targets.setdefault(src, set()).add(m.get("target"))
                if len(carrier_targets[src]) > 1:
                    raise IllegalAction("All the carrier air of one task force makes one offensive action.", "14.41")
        else:
            # 6.22: CAP may be all blanks (zero points under face-down counters) - a bluff the rules allow
            check_cap(state, side, m, own_carriers)
    for (src, kind), pts in used.items():
        if pts > free_points(state, side, src, kind, offensive=False):
            raise IllegalAction(f"Only {free_points(state, side, src, kind, offensive=False)} {kind.upper()} "
                                f"points at {label(state, src)}.", "14.11")
    for (src, kind), pts in attacking.items():
        if pts > free_points(state, side, src, kind, offensive=True):
            # 14.41 a carrier force's one offensive action; 14.63 air that transferred; 14 one offensive mission
            rule = "14.41" if src in own_carriers else "14.63" if state["air"][side][src]["transferred"] else "14"
            raise IllegalAction(f"{label(state, src)}: those Air Points have already flown their offensive mission "
                                "this Game-Turn, or transferred.", rule)
        if src in ONCE_A_TURN and state["air"][side][src]["attacked"]:
            raise IllegalAction(f"{label(state, src)} air has already attacked this Game-Turn.", "14.63")
    hend = sum(p for (s, _), p in attacking.items() if s == "henderson")
    if hend and henderson_supply_needed(hend) > state["guadalcanal"]["supply"][side]:
        raise IllegalAction("Henderson Field air needs one Supply Point on Guadalcanal for every ten Air Points (or "
                            "fraction) sent to attack.", "16.22")


def check_target(state: State, side: str, m: dict[str, Any], segment: int) -> None:
    src, kind = m["source"], m["kind"]
    if m["mission"] == "bombard":
        if m.get("target") != "guadalcanal" or state["guadalcanal"]["henderson"]["side"] != board.ENEMY[side]:
            raise IllegalAction("Only the enemy's Guadalcanal airbase may be bombarded from the air.", "6.23")
        if not in_range(state, side, src, kind, board.GUADALCANAL):
            raise IllegalAction(f"Guadalcanal is out of range of {label(state, src)}.", "10.1")
        return
    target = m.get("target")
    mark = state["markers"][side].get(target) if isinstance(target, str) else None
    if mark is None or mark["segment"] != segment or mark["units"] is None:
        raise IllegalAction("Attack a task force revealed in this segment, by its marker.", "14.11")
    if mark["submarine"]:
        raise IllegalAction("Submarines are never attacked directly.", "13.6")
    if src == "henderson" and mark["hex"] == board.SHORTLANDS_HEX:
        raise IllegalAction("American air on Guadalcanal may not attack Shortlands.", "10.7")
    if not in_range(state, side, src, kind, mark["hex"]):
        raise IllegalAction(f"{mark['hex']} is out of range of {label(state, src)}.", "10.1")


def check_cap(state: State, side: str, m: dict[str, Any], own_carriers: dict[str, Any]) -> None:
    counters = m.get("counters", 1)
    if not isinstance(counters, int) or isinstance(counters, bool) or not 1 <= counters <= 20:
        raise IllegalAction("CAP goes down as 1 to 20 face-down counters, blanks included.", "6.22")
    src = m["source"]
    if m["mission"] == "cap_point":
        if src not in own_carriers or m.get("target") != src:
            raise IllegalAction("Point Defense uses only NAC from a carrier in the task force it covers.", "6.22")
    elif src not in own_carriers and src not in ("henderson", "shortlands"):
        raise IllegalAction("Area CAP flies only over the hex of its own base (Henderson Field, Shortlands or a "
                            "carrier's hex).", "10.1")


def label(state: State, source: str) -> str:
    if source in board.BASE_LABEL:
        return board.BASE_LABEL[source]
    tf = state["task_forces"].get(source)
    return f"TF {tf['number']}" if tf else source


def record(state: State, side: str, args: dict[str, Any], segment: int) -> dict[str, Any]:
    """The resolved allocation as the combat modules read it: the enemy marker replaced by the real task force,
    offensive points marked spent (14, 14.41, 14.63)."""
    # standing orders for the strike resolution (combat/air.py: "defence", "doctrine") ride along unchanged
    out = {k: v for k, v in args.items() if k != "missions"}
    out["missions"] = []
    for m in args["missions"]:
        m = dict(m)
        if m["mission"] == "attack":
            target = find_marker(state, side, m["target"])
            m["target_tf"] = target["id"] if target else None
        if m["mission"] in ("attack", "bombard"):
            src = m["source"]
            if src in state["air"][side]:
                state["air"][side][src]["spent"] += m["points"]
                if src in ONCE_A_TURN:
                    state["air"][side][src]["attacked"] = True
            else:
                state["task_forces"][src]["cag_spent"] = True
        if m["mission"] in ("cap_area", "cap_point"):
            m["hex"] = source_place(state, side, m["source"])
        out["missions"].append(m)
    return out


# ---------------------------------------------------------------- K: transfers (6.26)

def check_transfers(state: State, side: str, transfers: list[Any]) -> None:
    if not isinstance(transfers, list):
        raise IllegalAction("Transfers are a list.", "6.26")
    own_carriers = carrier_forces(state, side)
    moving: dict[tuple[str, str], int] = {}
    arriving: dict[str, int] = {}
    for t in transfers:
        if not isinstance(t, dict):
            raise IllegalAction("Each transfer is an object.", "6.26")
        src, dst, kind, pts = t.get("from"), t.get("to"), t.get("kind"), t.get("points")
        bases = state["air"][side]
        if not isinstance(src, str) or not isinstance(dst, str):
            raise IllegalAction("Transfer from and to a base or task force of yours, by name.", "6.26")
        if src not in bases and src not in own_carriers:
            raise IllegalAction(f"No air of yours at {src!r}.", "6.26")
        if dst not in bases and dst not in own_carriers or dst == src:
            raise IllegalAction(f"Transfer to another friendly base or carrier, not {dst!r}.", "6.26")
        if dst == "henderson" and not holds_henderson(state, side):
            raise IllegalAction("Henderson Field is not yet a friendly airbase.", "10.5")
        if kind not in ("lac", "nac") or not isinstance(pts, int) or isinstance(pts, bool) or pts < 1:
            raise IllegalAction("Transfer a whole number of LAC or NAC points.", "6.26")
        if dst in own_carriers and (kind == "lac" or src in bases):
            raise IllegalAction("LAC never land on a carrier, and NAC that launched from land do not return to "
                                "one.", "14.65")
        if src in own_carriers and kind != "nac":
            raise IllegalAction("Carrier air is NAC.", "6.26")
        if src in own_carriers or dst in own_carriers:
            carrier = src if src in own_carriers else dst
            other = dst if carrier == src else src
            if other in own_carriers:
                if state["task_forces"][other]["hex"] != state["task_forces"][carrier]["hex"]:
                    raise IllegalAction("Carrier air moves between carriers in the same hex.", "6.26")
            elif other not in BASE_HEX or board.distance(state["task_forces"][carrier]["hex"], BASE_HEX[other]) > 1:
                raise IllegalAction("A carrier's air lands only at a base within one hex.", "10.1")
        key = (src, kind)
        moving[key] = moving.get(key, 0) + pts
        arriving[dst] = arriving.get(dst, 0) + pts
    for (src, kind), pts in moving.items():
        if pts > free_points(state, side, src, kind, offensive=True):
            raise IllegalAction(f"{label(state, src)}: only air that has flown no other mission this Game-Turn may "
                                "transfer.", "6.26")
    for dst, pts in arriving.items():
        room = capacity_left(state, side, dst)
        if room is not None and pts > room:
            raise IllegalAction(f"{label(state, dst)} has room for only {room} more Air Points.", "17.1")
    out_of_henderson = sum(p for (s, _), p in moving.items() if s == "henderson")
    if out_of_henderson and henderson_supply_needed(out_of_henderson) > state["guadalcanal"]["supply"][side]:
        raise IllegalAction("Air leaving Henderson Field needs Supply on Guadalcanal (one per ten points).", "10.3")


def capacity_left(state: State, side: str, dst: str) -> int | None:
    """17.1 carriers; 10.7, 17.2 Rabaul 20 and Shortlands 10, together 30 LAC (10.5)."""
    if dst in state["task_forces"]:
        tf = state["task_forces"][dst]
        return sum(board.strength(u)["capacity"] - state["units"][u]["nac"] for u in tf["units"] if board.is_carrier(u))
    return board.air_room(dst, state["turn"], state["air"][side][dst])


def resolve_transfers(state: State, side: str, transfers: list[dict[str, Any]]) -> None:
    bases = state["air"][side]
    out_of_henderson = 0
    for t in transfers:
        src, dst, kind, pts = t["from"], t["to"], t["kind"], t["points"]
        if src in bases:
            bases[src][kind] -= pts
            out_of_henderson += pts if src == "henderson" else 0
        else:
            take_from_carriers(state, state["task_forces"][src], pts)
        if dst in bases:
            bases[dst][kind] += pts
            bases[dst]["transferred"] += pts
        else:
            put_on_carriers(state, state["task_forces"][dst], pts)
            state["task_forces"][dst]["cag_spent"] = True  # 6.26: a transfer is the unit's mission for the turn
    if out_of_henderson:
        state["guadalcanal"]["supply"][side] -= henderson_supply_needed(out_of_henderson)


def take_from_carriers(state: State, tf: dict[str, Any], pts: int) -> None:
    for u in tf["units"]:
        if board.is_carrier(u) and pts > 0:
            take = min(pts, state["units"][u]["nac"])
            state["units"][u]["nac"] -= take
            pts -= take


def put_on_carriers(state: State, tf: dict[str, Any], pts: int) -> None:
    for u in tf["units"]:
        if board.is_carrier(u) and pts > 0:
            room = board.strength(u)["capacity"] - state["units"][u]["nac"]
            give = min(pts, room)
            state["units"][u]["nac"] += give
            pts -= give


# ---------------------------------------------------------------- the decision (states table)

def _air_args(sources: Any, targets: Any, points: Integer, counters: Integer, extra: dict[str, Any]) -> dict[str, Any]:
    """Section D: a list of missions (14.11): the air's source and kind, its points, the mission, its target (an
    enemy marker, the enemy's Guadalcanal airbase 6.23, or the own carrier force it covers 6.22) and the face-down
    CAP counters (6.22); the standing orders of the strike (combat/air.py checks them: 14.3, 6.25)."""
    mission = Group({"source": sources, "kind": Choice(("lac", "nac"), ("LAC", "NAC"), label="Air"),
                     "points": points, "mission": Choice(MISSIONS, label="Mission"), "target": Optional(targets),
                     "counters": Optional(counters), "priority": Optional(Free("target priority (14.3)")),
                     "odds": Optional(Free("odds sought (14.3)")), **extra})
    return {"missions": Repeated(mission, label="Missions"),
            "defence": Optional(Free("defence orders per task force (14.3, 6.25)")),
            "doctrine": Optional(Free("attack doctrine (14.3)"))}


# The whole domain: sources and targets are named in play (task forces, markers), so the rules judge them (10.6,
# 14.11); a mission may say the hex it flies over, which the record fills in anyway.
ARGS = _air_args(Free("a base or carrier task force of yours"), Free("a marker, guadalcanal or your task force"),
                 Integer(label="Air points"), Integer(label="CAP counters"),
                 {"hex": Optional(Free("the hex (filled in from the source)"))})


def sources_now(state: State, side: str) -> dict[str, dict[str, int]]:
    """Where this side's air may fly from now, and how many points of each kind are there (14.11)."""
    sources = {b: {k: free_points(state, side, b, k, offensive=False) for k in ("lac", "nac")}
               for b in flying_bases(state, side)}
    sources.update({t: {"nac": carrier_nac(state, tf)} for t, tf in carrier_forces(state, side).items()})
    return sources


def targets_now(state: State, side: str) -> list[str]:
    """The enemy markers revealed to this side in this segment (14.11: attack a force revealed now)."""
    seg = segment(state)
    return sorted(mid for mid, m in state["markers"][side].items()
                  if m["segment"] == seg and m["units"] and not m["submarine"])


def air_offered(state: State, side: str) -> dict[str, Any]:
    sources = sources_now(state, side)
    targets = [*targets_now(state, side), *(["guadalcanal"] if state["guadalcanal"]["henderson"]["side"]
                                            == board.ENEMY[side] else []),
               *(t for t in sources if t in state["task_forces"]), None]
    most = max((p for kinds in sources.values() for p in kinds.values()), default=0)
    return _air_args(Choice(tuple(sources), tuple(label(state, s) for s in sources), label="Source"),
                     Choice(tuple(targets), label="Target"), Integer(0, most, label="Air points"),
                     Integer(1, 20, label="CAP counters"), {})


def air_choices(state: State, side: str) -> dict[str, Any]:
    sources = sources_now(state, side)
    targets = targets_now(state, side)
    places = {mid: state["markers"][side][mid]["hex"] for mid in targets}
    if state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side]:
        places["guadalcanal"] = board.GUADALCANAL  # 6.23: bombard the enemy's airbase
    # 10.1, 14.64: what each source's air can reach, so a form offers only those targets
    reach = {src: {kind: [t for t, hex_ in places.items() if in_range(state, side, src, kind, hex_)]
                   for kind in kinds} for src, kinds in sources.items()}
    return {"sources": sources, "targets": targets, "missions": list(MISSIONS), "reach": reach}


def tidy_air(state: State, side: str, args: dict[str, Any]) -> dict[str, Any]:
    """The air board's rows and standing orders as the rules read them: a row of no points flies no mission (and no
    row, none); CAP
    flies face-down counters (one unless told, 6.22) and point CAP covers its own force (6.22), an attack or a
    bombardment has a target or none (14.11); the doctrine's first kinds of ship, then the rest in the rules'
    order (14.3); and the carrier forces that do not counterattack (6.25: counterattacking is the default)."""
    out = dict(args)
    if isinstance(args.get("missions", []), list):  # a board with no air that can fly sends no rows
        out["missions"] = [_tidy_mission(m) for m in args.get("missions", [])
                           if not (isinstance(m, dict) and m.get("points", 0) in (0, None))]
    doctrine = args.get("doctrine")
    if isinstance(doctrine, dict) and isinstance(doctrine.get("priority"), dict):  # the board's ranked choices
        ranked = [doctrine["priority"][k] for k in sorted(doctrine["priority"], key=str)]
        chosen = [t for n, t in enumerate(ranked) if t and t not in ranked[:n]]
        doctrine = {k: v for k, v in doctrine.items() if k != "priority"}
        if chosen:
            doctrine["priority"] = chosen + [t for t in DEFAULT_PRIORITY if t not in chosen]
        out["doctrine"] = doctrine
    if out.get("doctrine") == {}:
        del out["doctrine"]
    defence = args.get("defence")
    if isinstance(defence, dict):
        defence = {tf: _tidy_defence(d) for tf, d in defence.items()}
        defence = {tf: d for tf, d in defence.items() if not (isinstance(d, dict) and d.get("counterattack") is True)}
        if defence:
            out["defence"] = defence
        else:
            del out["defence"]
    return out


def _tidy_defence(d: Any) -> Any:
    """The board's defensive groups (a group number per ship, blank for the default) as lists of ships, group by group,
    and its Point CAP per group number (blank: none) as a list (14.3, 14.33); a force left all blank gives neither.
    The default counterattack (6.25) is dropped here too, so a force with nothing given gives nothing."""
    if not isinstance(d, dict):
        return d
    d = dict(d)
    groups = d.get("groups")
    if isinstance(groups, dict):  # {ship: "2"} from the board
        numbered = {u: _number(n) for u, n in groups.items() if n not in ("", None)}
        if all(isinstance(n, int) for n in numbered.values()) and numbered:
            d["groups"] = [[u for u in groups if numbered.get(u) == n] for n in sorted(set(numbered.values()))]
        elif numbered:
            d["groups"] = numbered  # not whole numbers: the check refuses it, naming 14.3
        else:
            del d["groups"]
    caps = d.get("point_cap")
    if isinstance(caps, dict):  # {"1": "3", "2": ""} from the board
        given = {_number(k): _number(v) for k, v in caps.items() if v not in ("", None)}
        if given and all(isinstance(k, int) and k >= 1 for k in given):
            d["point_cap"] = [given.get(n, 0) for n in range(1, max(given) + 1)]
        elif given:
            d["point_cap"] = given
        else:
            del d["point_cap"]
    if d.get("counterattack") is True:
        del d["counterattack"]
    return d if d else {"counterattack": True}


def _number(value: Any) -> Any:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return value


def _tidy_mission(m: Any) -> Any:
    if not isinstance(m, dict) or m.get("mission") is None:
        return m  # a row with points and no mission: the shape check names what is missing
    m = dict(m)
    if m["mission"] in ("attack", "bombard"):
        m.pop("counters", None)
        m["target"] = m.get("target")
    elif m["mission"] in ("cap_area", "cap_point"):
        m.setdefault("counters", 1)
        m["target"] = m.get("source") if m["mission"] == "cap_point" else None
    return m


# ---------------------------------------------------------------- who has an air decision (issue 11 item 4)

def air_bases(state: State, side: str) -> list[str]:
    return flying_bases(state, side)


def no_transfers(state: State, side: str) -> bool:
    """The order holds while the side has no air base it did not have when it gave it (Henderson Field completed or
    taken, 10.5, 12.5; Shortlands, 10.5): a new base is something new to decide about. A base lost is not."""
    order = standing_orders.standing(state, side)
    return bool(order.get("no_transfers")) and set(air_bases(state, side)) <= set(order.get("bases") or [])


def offensive_sources(state: State, side: str) -> list[tuple[str, str]]:
    """The air that may still fly an offensive mission this Game-Turn: points not spent (14), not transferred
    (14.63), from a field other than Rabaul and Shortlands or one that has not yet attacked (14.63), and carrier air
    whose force has not made its one offensive action (14.41)."""
    out = [(b, k) for b in flying_bases(state, side) for k in ("lac", "nac")
           if not (b in ONCE_A_TURN and state["air"][side][b]["attacked"])]
    out += [(t, "nac") for t in sorted(carrier_forces(state, side))]
    return [(src, kind) for src, kind in out if free_points(state, side, src, kind, offensive=True)]


def sighted(state: State, side: str, segment: int) -> list[str]:
    """The hexes of the enemy forces revealed to `side` this segment (18.5, 19; submarines are never attacked, 13.6)."""
    return [m["hex"] for m in state["markers"][side].values()
            if m["segment"] == segment and m["units"] and not m["submarine"]]


def strike_choice(state: State, side: str, segment: int) -> bool:
    """14.11, 10.1: air that may attack can reach an enemy force revealed this segment."""
    marks = sighted(state, side, segment)
    return any(in_range(state, side, src, kind, h)
               for src, kind in offensive_sources(state, side) for h in marks)


def air_choice(state: State, side: str, segment: int) -> bool:
    """4.2 D, 6.2: the side has air that can attack an enemy marker it sees this segment or bombard an enemy
    Henderson Field (14.6), or it can fly CAP (6.22) over a force of its own at sea."""
    if strike_choice(state, side, segment):
        return True
    if state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side] and any(
            in_range(state, side, src, kind, board.GUADALCANAL) for src, kind in offensive_sources(state, side)):
        return True  # 6.23
    if any(at_sea(tf) for tf in side_tfs(state, side)):
        for src in [*carrier_forces(state, side), *(b for b in ("henderson", "shortlands")
                                                               if b in flying_bases(state, side))]:
            if any(free_points(state, side, src, k, offensive=False) for k in ("lac", "nac")):
                return True
    return False


def transfer_choice(state: State, side: str, day: bool) -> bool:
    """6.26: in a day segment air may transfer between two bases of the side, unless its standing order says not
    to ask about transfers."""
    if not day or no_transfers(state, side):
        return False
    return any(free_points(state, side, b, k, offensive=True)
               for b in state["air"][side] for k in ("lac", "nac")) and len(state["air"][side]) > 1


def air_deciders(state: State) -> list[str]:
    """Issue 11 item 4: a side with nothing to decide in an air allocation is not asked; the other side may notice
    that it answered at once, as at the table, and sees "submitted or nothing to decide"."""
    return [s for s in board.SIDES if air_choice(state, s, segment(state))]


def conclude_air(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    """The allocations as the combat modules read them; CAP is shown to the enemy face down (6.22)."""
    for s in sides:
        state["decisions"][s] = record(state, s, orders[s], segment(state))
        show_cap(state, s, state["decisions"][s])


def show_cap(state: State, side: str, decision: dict[str, Any]) -> None:
    """6.22: the enemy sees CAP as face-down counters (blanks included) over the hex or with the revealed force."""
    enemy = board.ENEMY[side]
    for m in decision["missions"]:
        if m["mission"] == "cap_area":
            state["cap_shown"][enemy].append({"hex": m["hex"], "group": None, "counters": m.get("counters", 1)})
        elif m["mission"] == "cap_point":
            mid = state["task_forces"][m["source"]].get("marker", {}).get(enemy)
            if mid and mid in state["markers"][enemy]:
                state["cap_shown"][enemy].append({"hex": m["hex"], "group": mid, "counters": m.get("counters", 1)})


def air_hold(state: State, side: str, step: dict[str, Any]) -> dict[str, Any] | None:
    """The `air_hold` standing order (asking.py): no missions, every one being optional (14.11, 6.22, 6.23), unless
    the side's air can reach an enemy force revealed to it this segment or a carrier force of its own is at sea (its
    CAP and counterattack orders, 6.25, are written with the allocation); then it is asked."""
    if standing_orders.standing(state, side).get("air_hold") and not strike_choice(state, side, step["segment"]) \
            and not carrier_forces(state, side):
        return {"missions": transport_cover(state, side)}
    return None


def transport_cover(state: State, side: str) -> list[dict[str, Any]]:
    """What the standing order flies: each field's air (Henderson Field, the Shortlands) as Area CAP over its own hex
    while a force of the side's transports is there (6.22; 9.4: unloading takes two segments in the hex, where the
    enemy's air comes for them). Nothing else: every other mission waits for the side to be asked."""
    out = []
    for src in ("henderson", "shortlands"):
        if src not in flying_bases(state, side):
            continue
        here = board.AIR_SOURCE_PLACE[src]
        points = free_points(state, side, src, "lac", offensive=False)
        if points and any(tf["hex"] == here and has_transports(tf) for tf in side_tfs(state, side)):
            out.append({"source": src, "kind": "lac", "points": points, "mission": "cap_area", "counters": 1})
    return out


DECISION = Kind(
    id="air", rule="14.11", verbs={VERB: ARGS}, deciders=air_deciders, prompt=ask, resolve=store,
    default=fixed(lambda state, side: {"missions": []}), random=randomly(later("players", "random_air")),
    check=lambda state, side, args: check_allocation(state, side, args, segment(state)), bot=bots.air_bot,
    bots={STRONG: later("strong_bot", "air_answer")},
    form="air", offered=air_offered, choices=air_choices, conclude=conclude_air, skips=True, tidy=tidy_air,
    standing=air_hold, order="air_hold")
