"""Task Force Allocation (5.2, 5.3) with the mission limits of 6.31 and the loading of cargo (9.3, 9.4, 6.35, 6.36).

A side's submission lists the task forces it forms: `{"task_forces": [{"units": [...], "mission": "transport",
"cargo": {"us-TR-1": {"ground": 2, "supply": 1}}, "emergency_dd": "jp-DD-1", "emergency_cargo": "supply"}]}`.
Ships change base earlier, in the Preliminary Set-Up (placement.py, 5.14, 5.15).
Units in port that are not listed stay there; units at sea must all be listed (they cannot leave their hex).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Choice, Free, Group, Integer, Keyed, Optional, Repeated, Several
from app.games.solomons import board, bots
from app.games.solomons.decision import VERB, Kind, ask, fixed, later, randomly, store
from app.games.solomons.units import side_tfs, side_units

State = dict[str, Any]
MISSIONS = ("anti_ship", "bombardment", "transport")
LOADING_BASE = board.LOADING_BASES  # 9.4, 6.34 (data/map.toml)


def available(state: State, side: str) -> dict[str, str]:
    """unit id -> the place it can be allocated from: a base (5.21) or the sea hex its task force ended in (5.31)."""
    out: dict[str, str] = {}
    for u in side_units(state, side):
        if u["status"] != "intact" or u["type"] == "SS":
            continue
        tf = state["task_forces"].get(u["task_force"]) if u["task_force"] else None
        place = tf["hex"] if tf else u["location"]
        if board.is_base(place):
            # 6.3: one mission per Game-Turn; a unit back in port after a sortie waits for next turn
            if not u["sortied"]:
                out[u["id"]] = place
        elif place in board.adjacency():
            out[u["id"]] = place
    return out


def must_allocate(state: State, side: str) -> set[str]:
    """Units at sea: they stay in task forces."""
    return {uid for uid, place in available(state, side).items() if not board.is_base(place)}


def can_bombard(uid: str) -> bool:
    return board.unit_type(uid) in board.CARRIERS or board.strength(uid)["bombardment"] > 0


def can_fight(uid: str) -> bool:
    return board.unit_type(uid) in board.CARRIERS or board.strength(uid)["attack"] > 0


def check_task_force(state: State, side: str, spec: dict[str, Any], places: dict[str, str]) -> None:
    units = spec.get("units")
    mission = spec.get("mission")
    if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
        raise IllegalAction("Each task force needs a list of at least one of your ships.", "5.21")
    if mission not in MISSIONS:
        raise IllegalAction("Give each task force a mission: Anti-Ship, Bombardment or Transport.", "6.3")
    unknown = [u for u in units if u not in places]
    if unknown:
        named = [board.ship_label(u) if u in board.ship_ids() else "a ship that is not yours" for u in unknown]
        raise IllegalAction(f"Not available for a task force now: {', '.join(named)}.", "5.21")
    where = {places[u] for u in units}
    if len(where) > 1:
        raise IllegalAction("Only units at the same base (or ending the phase in the same hex) may form a task "
                            "force.", "5.21")
    carriers = [u for u in units if board.is_carrier(u)]
    transports = [u for u in units if board.is_transport(u)]
    carriers_apd = [u for u in units if board.unit_type(u) == "APD"]
    if carriers and transports:
        raise IllegalAction("A task force may not contain both carriers and transports.", "6.31")
    if carriers and mission not in ("anti_ship", "bombardment"):
        raise IllegalAction("A task force with carriers must have a Bombardment or Anti-Ship mission.", "6.31")
    if transports and mission != "transport":
        raise IllegalAction("A task force with transports must have a Transport mission.", "6.31")
    if mission == "transport" and not transports and not carriers_apd:
        raise IllegalAction("A Transport mission needs transports (or the APD) to carry something.", "6.31")
    if mission == "bombardment" and not any(can_bombard(u) for u in units):
        raise IllegalAction("None of these ships can bombard: the mission could not be executed.", "6.31")
    if mission == "anti_ship" and not any(can_fight(u) for u in units):
        raise IllegalAction("None of these ships can fight a surface action: the mission could not be executed.",
                            "6.31")
    check_cargo(state, side, spec, places[units[0]])


def check_cargo(state: State, side: str, spec: dict[str, Any], place: str) -> None:
    cargo = spec.get("cargo") or {}
    if not isinstance(cargo, dict):
        raise IllegalAction("Cargo is a map from transport to {ground, supply}.", "9.3")
    for uid, load in cargo.items():
        if uid not in spec["units"] or board.unit_type(uid) not in ("TR", "APD"):
            raise IllegalAction("Only transports (and the APD) in this task force carry cargo.", "9.3")
        if not isinstance(load, dict) or not all(isinstance(load.get(k, 0), int) and load.get(k, 0) >= 0
                                                  for k in ("ground", "supply")):
            raise IllegalAction("Cargo is a whole number of Ground and Supply Points.", "9.3")
        limit = board.strength(uid)["cargo_capacity"]  # 9.3: three; the APD one (6.36)
        if load.get("ground", 0) + load.get("supply", 0) > limit:
            raise IllegalAction(f"A {board.unit_type(uid)} carries no more than {limit} points in all.", "9.3")
        current = state["units"][uid]["cargo"]
        if load.get("ground", 0) == current["ground"] and load.get("supply", 0) == current["supply"]:
            continue
        if place != LOADING_BASE[side]:
            raise IllegalAction(f"Cargo is loaded only at {board.BASE_LABEL[LOADING_BASE[side]]}.", "9.4")
    dd = spec.get("emergency_dd")
    if dd is not None:
        if side != "japanese" or dd not in spec["units"] or board.unit_type(dd) != "DD":
            raise IllegalAction("Only a Japanese destroyer in this task force can make an emergency transport.",
                                "6.35")
        if place != "rabaul":
            raise IllegalAction("An emergency transport destroyer loads at Rabaul.", "6.35")
        if spec.get("mission") not in ("anti_ship", "bombardment"):
            raise IllegalAction("The emergency transport destroyer rides in a Bombardment or Anti-Ship task force.",
                                "6.35")
        if spec.get("emergency_cargo") not in ("ground", "supply"):
            raise IllegalAction("The emergency transport destroyer carries one Ground or one Supply Point.", "6.35")


def ground_needed(state: State, specs: list[dict[str, Any]], side: str) -> int:
    total = 0
    for spec in specs:
        for uid, load in (spec.get("cargo") or {}).items():
            total += load.get("ground", 0) - state["units"][uid]["cargo"]["ground"]
        if spec.get("emergency_dd") and spec.get("emergency_cargo") == "ground":
            total += 1
    return total


def check(state: State, side: str, args: dict[str, Any]) -> None:
    specs = args.get("task_forces")
    if not isinstance(specs, list):
        raise IllegalAction("List the task forces you form (an empty list keeps everything in port).", "5.2")
    if args.get("placement"):
        raise IllegalAction("Ships move between your bases in the Preliminary Set-Up, before Reinforcement and the "
                            "Truk Sortie roll, not when task forces are formed.", "5.14" if side == "allied" else "5.15")
    places = available(state, side)
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, dict):
            raise IllegalAction("Each task force is an object with units and a mission.", "5.2")
        check_task_force(state, side, spec, places)
        number = spec.get("number")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 99):
            raise IllegalAction("A task force's number is a whole number from 1 to 99.", "5.2")
        dup = seen.intersection(spec["units"])
        if dup:
            raise IllegalAction(f"A unit can be in only one task force: {', '.join(sorted(dup))}.", "5.2")
        seen.update(spec["units"])
    left = must_allocate(state, side) - seen
    if left:
        raise IllegalAction("Ships at sea must stay in task forces in their hex: "
                            f"{', '.join(sorted(left))}.", "5.31")
    emergency = sum(1 for s in specs if s.get("emergency_dd"))
    if emergency > 1:
        raise IllegalAction("Only one emergency transport destroyer in each Plot Execution Phase.", "6.35")
    if emergency and state["emergency_runs"]["turn"] >= 2:
        raise IllegalAction("Japan has already made two emergency transport runs this Game-Turn.", "9.5")
    base = LOADING_BASE[side]
    need = ground_needed(state, specs, side)
    if need > state["ground"][side].get(base, 0):
        raise IllegalAction(f"Only {state['ground'][side].get(base, 0)} Ground Points wait at "
                            f"{board.BASE_LABEL[base]} to be loaded.", "9.4")


def numbers(state: State, side: str, specs: list[dict[str, Any]]) -> list[int]:
    """The number each submitted force is known by: a force with exactly the ships of an existing one keeps that
    force's number (it is the same force); a new one takes the number it asks for (the form's "TF n") if no other
    force has it, else the lowest free number. A number lasts as long as its force."""
    old = {frozenset(tf["units"]): tf["number"] for tf in side_tfs(state, side)}
    out: list[int | None] = [old.get(frozenset(spec["units"])) for spec in specs]
    taken = {n for n in out if n is not None}
    for i, spec in enumerate(specs):
        want = spec.get("number")
        if out[i] is None and isinstance(want, int) and want not in taken:
            out[i] = want
            taken.add(want)
    free = (n for n in range(1, 1000) if n not in taken)
    return [n if n is not None else next(free) for n in out]


def resolve(state: State, side: str, args: dict[str, Any]) -> None:
    """Form the submitted task forces; a force with exactly the units of an old one is that force: it keeps its
    number and marker."""
    old = {frozenset(tf["units"]): tf for tf in side_tfs(state, side)}
    keep: dict[str, dict[str, Any]] = {}
    base = LOADING_BASE[side]
    for spec, number in zip(args["task_forces"], numbers(state, side, args["task_forces"])):
        units = sorted(spec["units"])
        same = old.get(frozenset(units))
        place = state["task_forces"][state["units"][units[0]]["task_force"]]["hex"] \
            if state["units"][units[0]]["task_force"] else state["units"][units[0]]["location"]
        if same is not None:
            tf = same
        else:
            tf = new_task_force(state, side, units, place, number)
        tf["mission"] = spec["mission"]
        if spec.get("emergency_dd"):
            tf["emergency_dd"] = spec["emergency_dd"]
            kind = spec["emergency_cargo"]
            state["units"][spec["emergency_dd"]]["cargo"] = {"ground": int(kind == "ground"),
                                                             "supply": int(kind == "supply")}
            if kind == "ground":
                state["ground"][side][base] -= 1
            state["emergency_runs"]["turn"] += 1
        for uid, load in (spec.get("cargo") or {}).items():
            cur = state["units"][uid]["cargo"]
            state["ground"][side][base] = state["ground"][side].get(base, 0) - (load.get("ground", 0) - cur["ground"])
            state["units"][uid]["cargo"] = {"ground": load.get("ground", 0), "supply": load.get("supply", 0)}
        keep[tf["id"]] = tf
    for tf in side_tfs(state, side):
        if tf["id"] not in keep:
            del state["task_forces"][tf["id"]]
    for u in side_units(state, side):
        if u["task_force"] and u["task_force"] not in keep:
            u["task_force"] = None
    for tf in keep.values():
        state["task_forces"][tf["id"]] = tf
        for uid in tf["units"]:
            state["units"][uid]["task_force"] = tf["id"]


def new_task_force(state: State, side: str, units: list[str], place: str, number: int) -> dict[str, Any]:
    """A new force, carrying over what its ships' old forces had done this turn (5.31: re-formed in their hex).
    Its id is new for the whole game (markers and logs point to it); its number is the one players call it by."""
    state["counters"]["tf"][side] += 1
    n = state["counters"]["tf"][side]
    old = [state["task_forces"][t] for t in {state["units"][u]["task_force"] for u in units}
           if t and t in state["task_forces"]]
    old.sort(key=lambda t: t["id"])
    moves = [t["last_move"] for t in old if t["last_move"] is not None]
    return {"id": f"{side}-tf-{n}", "side": side, "number": number, "units": units,
            "base": place if board.is_base(place) else origin_base(state, units, side),
            "plot": {}, "hex": place, "last_move": max(moves) if moves else None,
            "m_segments": max([t["m_segments"] for t in old if t["hex"] == place], default=0),
            "path": max((t.get("path", []) for t in old), key=len, default=[]),
            "aborted": any(t["aborted"] for t in old),
            "mission_done": any(state["units"][u]["mission_done"] for u in units) or any(t["mission_done"] for t in old),
            "cag_spent": any(t["cag_spent"] for t in old),
            "slot": any(t.get("slot") for t in old), "anti_slot": False, "emergency_dd": None, "orders": {},
            "marker": {"allied": None, "japanese": None}}


def origin_base(state: State, units: list[str], side: str) -> str:
    """The base a force formed at sea counts as coming from: its units' old task force's base, else the first
    base of the side (the American fleet of Game-Turn 1 counts as from Espiritu Santo)."""
    for u in units:
        tf = state["task_forces"].get(state["units"][u]["task_force"] or "")
        if tf:
            return tf["base"]
    return board.BASES[side][0]


# ---------------------------------------------------------------- the decision (states table)

def _task_forces(units: tuple[str, ...], transports: tuple[str, ...], destroyers: tuple[Any, ...] | None,
                 cargo_most: int | None = None, numbers: Integer = Integer()) -> dict[str, Any]:
    """A list of task forces: the ships, the mission (6.3), and optionally the cargo each transport loads (9.3, 9.4),
    the number the side calls it by, and Japan's emergency transport destroyer with its one point (6.35)."""
    load = Integer(None if cargo_most is None else 0, cargo_most)
    parts: dict[str, Any] = {
        "units": Several(units, minimum=1, labels=board.ship_labels(units), label="Ships"),
        "mission": Choice(MISSIONS, tuple(m.replace("_", "-").title() for m in MISSIONS), label="Mission"),
        "cargo": Optional(Keyed(Group({"ground": load, "supply": load}, optional=("ground", "supply")), transports,
                                label="Cargo", names=board.ship_labels(transports))),
        "number": Optional(numbers, label="Number"),
    }
    if destroyers is not None:
        parts["emergency_dd"] = Optional(Choice(destroyers, tuple("none" if d is None else board.ship_label(d)
                                                                  for d in destroyers),
                                                label="Emergency transport destroyer"))
        parts["emergency_cargo"] = Optional(Choice(("ground", "supply"), label="Emergency cargo"))
    return {"task_forces": Repeated(Group(parts), label="Task forces")}


# The whole domain: every ship; the limits of 9.3 and 5.2 are the rules' (they cite them). Ships change base in the
# Preliminary Set-Up, and a `placement` given here is refused by the rules with the reason (5.14, 5.15).
ARGS = {**_task_forces(board.ship_ids(), board.ship_ids(), (None, *board.ship_ids())),
        "placement": Optional(Free("ship moves belong to the Preliminary Set-Up (5.14, 5.15)"))}


def offered(state: State, side: str) -> dict[str, Any]:
    """The ships available now (5.21, 5.31); cargo only for transports (9.3: three points, the APD one, 6.36); the
    emergency destroyer only for Japan's destroyers at Rabaul (6.35)."""
    places = available(state, side)
    units = tuple(sorted(places))
    transports = tuple(u for u in units if board.unit_type(u) in ("TR", "APD"))
    most = max((board.strength(u)["cargo_capacity"] for u in transports), default=0)
    dds = None
    if side == "japanese":
        dds = (None, *(u for u in units if board.unit_type(u) == "DD" and places[u] == "rabaul"))
    out = _task_forces(units, transports, dds, most, Integer(1, 99))
    if not units:  # no ship free to allocate (5.21, 5.31): the one order offered is no task force
        out["task_forces"] = Repeated(out["task_forces"].each, maximum=0, label="Task forces")
    return out


def choices(state: State, side: str) -> dict[str, Any]:
    return {"units": available(state, side), "must_allocate": sorted(must_allocate(state, side)),
            "missions": list(MISSIONS), "loading_base": LOADING_BASE[side],
            "ground_to_load": state["ground"][side].get(LOADING_BASE[side], 0)}


def conclude(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    for s in sides:
        resolve(state, s, orders[s])


DECISION = Kind(
    id="allocation", rule="5.2", verbs={VERB: ARGS}, deciders=lambda state: list(board.SIDES), prompt=ask,
    resolve=store, default=fixed(later("players", "default_allocation")),
    random=randomly(later("players", "random_allocation")), check=check, bot=bots.allocation_bot,
    form="allocation", offered=offered, choices=choices, conclude=conclude)
