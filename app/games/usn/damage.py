"""Losses and the Victory Points they earn (Victory Point Schedule; Combat (H)-(I); errata on air losses): a ship's
damage in weeks or its sinking, air points destroyed, and the losses air points actually suffer. Every combat
procedure (air strikes, bombardment, coastal guns, surface and submarine attacks, base building) records its losses
here, below all of them."""
from __future__ import annotations

from app.engine.log import PUBLIC, entry
from app.games.usn import board


def air_vp(kind: str, side: str) -> float:
    """Victory Point Schedule: what one destroyed air point of `kind` belonging to `side` earns the enemy."""
    vp = board.PLAY["vp"]
    if kind == "lac":
        return vp["lac_point"]
    if kind == "nac":
        return vp["nac_point"][board.other(side)]
    return vp["lbac_point_to_japan"] if side == "allied" else 0


def losses(points: int, aborted: int, destroyed: int) -> tuple[int, int]:
    """(aborted, destroyed) actually suffered by `points` air points: destruction first when too few (errata)."""
    d = min(destroyed, points)
    return min(aborted, points - d), d


def lose_air(state, side, kind, n, why):
    if n:
        board.add_vp(state, board.other(side), n * air_vp(kind, side),
                     f"{n} {board.TITLE[side]} {board.KIND_TITLE[kind]} points destroyed ({why})")


def ship_vp(ship) -> float:
    """Victory Point Schedule: carriers 10 x Air Capacity, transports 10/20, other naval units 2 x Defense."""
    vp = board.PLAY["vp"]
    if board.is_carrier(ship):
        return vp["carrier_per_capacity"] * ship["capacity"]
    if ship["type"] == "TR":
        return vp["transport_to_japan"] if ship["side"] == "allied" else vp["transport_to_allies"]
    return vp["other_ship_per_defense"] * board.PLAY["ship_type"][ship["type"]]["defense"]


def damage_ship(state, ship, weeks) -> None:
    """Apply a CRT 5 result: weeks accumulate, more than forty or X sinks (Combat (I)); any damage to a carrier
    destroys its aircraft (Combat (H)); Victory Points for damage are the sinking value x weeks / 100, and sinking a
    damaged ship adds the remainder (Victory Point Schedule)."""
    enemy = board.other(ship["side"])
    full = ship_vp(ship)
    paid = ship.get("vp_paid", 0)
    if weeks == "X" or ship["damage"] + weeks > board.PLAY["damage"]["sunk_over_weeks"]:
        ship["sunk"] = True
        ship["damage"] = ship["damage"] if weeks == "X" else ship["damage"] + weeks
        board.add_vp(state, enemy, round(full - paid, 2), f"{board.TITLE[ship['side']]} {ship['id']} sunk")
        ship["vp_paid"] = full
        if ship["cargo"]:
            names = [state["land"][u]["name"] for u in ship["cargo"]]
            for u in ship["cargo"]:
                lu = state["land"][u]
                lu.update(aboard=None, hex=None, destroyed=True)
                board.add_vp(state, enemy, lu["vp"], f"{lu['name']} lost aboard {ship['id']}")
            state["log"].append(entry(PUBLIC, f"Cargo lost with {ship['id']}: {', '.join(names)}."))
            ship["cargo"] = []
    else:
        ship["damage"] += weeks
        add = round(full * weeks / 100, 2)
        ship["vp_paid"] = paid + add
        board.add_vp(state, enemy, add, f"{board.TITLE[ship['side']]} {ship['id']} damaged {weeks} weeks")
    if board.is_carrier(ship) and ship["nac"]:
        lose_air(state, ship["side"], "nac", ship["nac"], f"aboard the damaged {ship['id']}")
        ship["nac"] = 0
