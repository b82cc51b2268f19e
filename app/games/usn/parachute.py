"""Parachutists (Parachutists; Detailed Sequence of Play, Step 2 (B)): "The Japanese Player has two parachute units.
These units may be dropped during any Japanese Air Movement Phase onto any hex not occupied by Enemy land units and
not in an Enemy air Zone of Control within four hexes of a Japanese air base. The unit to be dropped must begin on
that air base, and that air base must have an Air Point Capacity of at least ten. The unit may not move in the
phase dropped. Each unit may be dropped any number of times."

Written in the Japanese naval phase's order as `drops` {unit id: hex}, carried out at (B), after the air transfers and
before any ship moves. Readings (docs/games/usn.md): the drop hex is a land hex (terrain.toml); "in an Enemy air Zone
of Control" is the enemy's undisputed zone (Zones of Control: both Players' control cancels); the base must be
able to function (in supply, Supply (E)); a dropped unit has moved in its phase, nothing more."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.usn import board, gamedata, grid, supply, zoc

RULE = "Parachutists"
DATA = gamedata.load("parachute")
IDS = tuple(f"J-PARA{i}" for i in range(1, DATA["unit"]["count"] + 1))
KIND = "parachute"


def new_unit(uid: str, hex_id: str) -> dict[str, Any]:
    u = DATA["unit"]
    return {"id": uid, "side": "japanese", "name": u["name"], "kind": KIND, "attack": u["attack"],
            "defense": u["defense"], "tp": u["transport_points"], "vp": u["vp"], "hex": hex_id, "aboard": None,
            "entrenched": False, "moved": False}


def droppable(state, role: str) -> list[dict[str, Any]]:
    """The side's parachute units ashore on one of its air bases of capacity ten or more."""
    return [u for u in state["land"].values() if u.get("kind") == KIND and u["side"] == role and u["hex"]
            and u["aboard"] is None and (b := board.friendly_base(state, u["hex"], role))
            and b.get("capacity", 0) >= DATA["drop"]["base_capacity"]]


def drop_hexes(state, role: str) -> tuple[str, ...]:
    """The land hexes within range of a droppable unit (what the order form offers; `check` decides)."""
    return tuple(sorted({h for u in droppable(state, role) for h in grid.within(u["hex"], DATA["drop"]["range"])
                         if h in supply.LAND}))


def check(state, role: str, drops: dict[str, str]) -> None:
    if drops and role != "japanese":
        raise IllegalAction("Only the Japanese Player has parachute units.", RULE)
    zone = zoc.undisputed(state, board.other(role))
    for uid, to in drops.items():
        u = state["land"].get(uid)
        if u is None or u.get("kind") != KIND or u["side"] != role or not u["hex"]:
            raise IllegalAction(f"{uid} is not one of your parachute units ashore.", RULE)
        if u["entrenched"]:
            raise IllegalAction(f"{u['name']} is entrenched and may not move.", "Entrenchment (A)")
        b = board.friendly_base(state, u["hex"], role)
        if b is None or b.get("capacity", 0) < DATA["drop"]["base_capacity"]:
            raise IllegalAction(f"{u['name']} must begin on one of your air bases with an Air Point Capacity of at "
                                f"least {DATA['drop']['base_capacity']}.", RULE)
        if not supply.base_supplied(state, u["hex"]):
            raise IllegalAction(f"The air base at {u['hex']} is out of supply and may not function.", "Supply (E)")
        if grid.distance(u["hex"], to) > DATA["drop"]["range"]:
            raise IllegalAction(f"{u['name']} may be dropped within {DATA['drop']['range']} hexes of its air base; "
                                f"{to} is {grid.distance(u['hex'], to)} away.", RULE)
        if to not in supply.LAND:
            raise IllegalAction(f"Hex {to} has no land to drop onto.", RULE)
        if board.land_at(state, to, board.other(role)):
            raise IllegalAction(f"Hex {to} is occupied by enemy land units.", RULE)
        if to in zone:
            raise IllegalAction(f"Hex {to} is in the enemy's air Zone of Control.", RULE)


def resolve(state, role: str, drops: dict[str, str]) -> None:
    for uid, to in sorted(drops.items()):
        u = state["land"][uid]
        frm, u["hex"] = u["hex"], to
        state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} {u['name']} dropped from {frm} onto {to} "
                                          "(Parachutists)."))
