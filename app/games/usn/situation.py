"""The special game rules of a mini-game, read from its data file (USN "Mini-Games").

Eastern Solomons Special Game Rules (and Santa Cruz, "Same as Eastern Solomons Game"): "at no time during or at the
end of a Japanese Naval Movement Phase may a Japanese naval unit enter within Allied LAC range from any Australian
Hex". Reading (docs/games/usn.md): the LAC's normal range, 3 hexes, from the Australian hexes the text numbers,
checked where Movement (N) judges a move: its start, the end of its first portion and its end (the paths between are
on the lost map). A ship already inside may leave."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.usn import board, grid


def _keep_off(state) -> list[dict[str, Any]]:
    return [r for r in board.situation(state["scenario"]).get("special", []) if r["id"] == "keep_off_australia"]


def forbidden(state, side: str, h: str) -> dict[str, Any] | None:
    """The special rule that keeps `side`'s ships out of hex h, if any."""
    for r in _keep_off(state):
        if r["side"] == side and any(grid.distance(h, x) <= r["distance"] for x in r["hexes"]):
            return r
    return None


def check_naval(state, role, action) -> None:
    for sid, order in action["args"].get("moves", {}).items():
        ship = state["ships"].get(sid)
        if ship is None:
            continue
        for key in ("stop", "to"):
            h = order.get(key)
            r = forbidden(state, role, h) if h else None
            if r and h != ship["hex"]:
                raise IllegalAction(f"{sid} may not enter hex {h}: Japanese naval units may not come within "
                                    f"{r['distance']} hexes (Allied LAC range) of Australia.", r["rule"])


def allowed_naval(state, role, action) -> dict[str, Any]:
    """The order without the moves the special rules forbid (for the random and default orders)."""
    moves = {sid: o for sid, o in action["args"].get("moves", {}).items()
             if not any(o.get(k) and o[k] != state["ships"][sid]["hex"] and forbidden(state, role, o[k])
                        for k in ("stop", "to"))}
    return {**action, "args": {**action["args"], "moves": moves}}


# --- Amphibious Assault (errata): "Units may never be landed in a hex occupied by an Enemy Coastal Defense Unit" ---

LANDING_RULE = "Amphibious Assault"


def coastal_defense(state, h: str, side: str) -> list[dict[str, Any]]:
    """`side`'s Coastal Defense units ashore in hex h (Midway's 6-2 Coast Artillery)."""
    return [u for u in board.land_at(state, h, side) if u["kind"] == "coastal_defense"]


def _landing_hex(state, uid: str) -> str | None:
    ship = state["ships"].get(state["land"][uid].get("aboard") or "")
    return ship["hex"] if ship else None


def check_landing(state, role, action) -> None:
    for uid in action["args"].get("land", []):
        h = _landing_hex(state, uid) if uid in state["land"] else None
        if h and coastal_defense(state, h, board.other(role)):
            raise IllegalAction(f"No landing at {h} while an enemy Coastal Defense unit holds it: destroy it first "
                                "(bombing or bombardment).", LANDING_RULE)


def allowed_landing(state, role, action) -> dict[str, Any]:
    """The order without the landings the errata forbids (and without those units' attacks)."""
    a = action["args"]
    barred = {uid for uid in a.get("land", []) if (h := _landing_hex(state, uid))
              and coastal_defense(state, h, board.other(role))}
    if not barred:
        return action
    return {**action, "args": {**a, "land": [u for u in a["land"] if u not in barred],
                               "attack": [u for u in a.get("attack", []) if u not in barred]}}
