"""Air transfer (Detailed Sequence of Play, Step 2 (A); Mission Capability Chart: Air Units, Mission: Air Transfer):
"Any air unit may move up to twice its normal Range Allowance, from any air base (or carrier) to another. It may
not extend range while performing this mission (Movement, Case V)."

Written in the naval phase's order as `transfers`: rows of {from, kind, points, to}, stations named as in the air
allocation ("base:<hex>" or a carrier's id). Carried out first, at (A), before any ship moves. Readings
(docs/games/usn.md): the air units must be able to fly missions (an air station that is neither neutralized nor out
of supply, Supply (E)); the destination is an own air base that is neither neutralized ("may not receive", Movement
(S)) nor out of supply, or an own undamaged carrier for NAC (LAC and LBAC "must operate from air bases"); the
base's Air Point Capacity (Stacking (E)) or the carrier's capacity holds after all the transfers; the distance is
counted hex to hex (the mountain hexsides of Movement (U) are on the lost map)."""
from __future__ import annotations

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Choice, Group, Integer, Optional, Repeated
from app.games.usn import board, ferry, garrisons, grid, supply

RULE = "Mission: Air Transfer"
# Every situation's carriers and air bases: the shape an order is read against before the situation judges it (a
# Coral Sea list refused Santa Cruz's transfers as malformed)
_SITUATIONS = [board.new_state(scenario=name) for name in board.SITUATIONS]
STATIONS = tuple(sorted({i for s in _SITUATIONS for i, ship in s["ships"].items() if board.is_carrier(ship)})) + tuple(
    f"base:{h}" for h in sorted({h for s in _SITUATIONS for h in s["bases"]}))


def order(sources=STATIONS, destinations=STATIONS) -> Optional:
    return Optional(Repeated(Group({"from": Choice(sources, label="from"),
                                    "kind": Choice(board.KINDS, label="air type"),
                                    "points": Integer(1, 40, label="air points"),
                                    "to": Choice(destinations, label="to air base or carrier")}),
                             label="air transfers at (A)"))


def destinations(state: board.State, role: str) -> list[str]:
    out = [f"base:{h}" for h, b in sorted(state["bases"].items()) if b["side"] == role and b.get("capacity")]
    return out + [s["id"] for s in board.afloat(state, role) if board.is_carrier(s)]


def _room(state: board.State, station: str) -> int:
    if station.startswith("base:"):
        b = state["bases"][station[5:]]
        return b["capacity"] - sum(b["air"].values())
    s = state["ships"][station]
    return s["capacity"] - s["nac"]


def check(state: board.State, role: str, rows: list[dict]) -> None:
    stations = supply.air_stations(state, role)
    taken: dict[tuple[str, str], int] = {}
    added: dict[str, int] = {}
    for r in rows:
        src, kind, n, dst = r["from"], r["kind"], r["points"], r["to"]
        if src not in stations:
            raise IllegalAction(f"{src} holds none of your air units able to fly a mission (a neutralized or "
                                "unsupplied base launches nothing).", RULE)
        taken[(src, kind)] = taken.get((src, kind), 0) + n
        if taken[(src, kind)] > stations[src].get(kind, 0):
            raise IllegalAction(f"{src} has only {stations[src].get(kind, 0)} {board.KIND_TITLE[kind]} points to "
                                "transfer.", RULE)
        if dst == src or dst not in destinations(state, role):
            raise IllegalAction(f"{dst} is not another of your air bases or carriers.", RULE)
        if dst.startswith("base:"):
            h = dst[5:]
            if board.neutralized(state, h, "air"):
                raise IllegalAction(f"The air base at {h} is neutralized and may not receive air units.",
                                    "Movement (S)")
            if not supply.base_supplied(state, h):
                raise IllegalAction(f"The air base at {h} is out of supply and may not function.", "Supply (E)")
        else:
            ship = state["ships"][dst]
            if kind != "nac":
                raise IllegalAction(f"Only NAC may operate from carriers; {board.KIND_TITLE[kind]} must operate from "
                                    "air bases.", "Air and Naval Bases")
            if ship["damage"]:
                raise IllegalAction(f"{dst} is damaged and may not take air units.",
                                    "Damage and Repair of Naval Units")
        far = grid.distance(board.station_hex(state, src), board.station_hex(state, dst))
        most = 2 * board.reach(kind, extended=False)
        if far > most:
            raise IllegalAction(f"{board.KIND_TITLE[kind]} may transfer up to twice their normal range, {most} "
                                f"hexes; {dst} is {far} away.", RULE)
        added[dst] = added.get(dst, 0) + n
    garrisons.check_transfers(state, role, rows)  # Garrisons (optional rule): Saigon's and Haiphong's LAC stay
    ferry.check_transfers(state, role, rows)  # Japanese Ferry Carriers (optional rule): one point each way
    for dst, n in added.items():
        gone = sum(m for (s, _), m in taken.items() if s == dst)
        if n - gone > _room(state, dst):
            raise IllegalAction(f"{dst} has room for {_room(state, dst) + gone} more air points, not {n}.",
                                "Stacking (E)")


def resolve(state: board.State, role: str, rows: list[dict]) -> None:
    for r in rows:
        src, kind, n, dst = r["from"], r["kind"], r["points"], r["to"]
        _add(state, src, kind, -n)
        _add(state, dst, kind, n)
        state["log"].append(entry(role, f"Air transfer: {n} {board.KIND_TITLE[kind]} from {src} to {dst} (Step 2 (A))."))
    # no public line: air points on bases are face up in the view anyway, and a carrier's are secret


def _add(state: board.State, station: str, kind: str, n: int) -> None:
    if station.startswith("base:"):
        state["bases"][station[5:]]["air"][kind] += n
    else:
        state["ships"][station]["nac"] += n
