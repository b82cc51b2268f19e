"""Movement (N): a naval unit's Movement Allowance for a move, doubled when undamaged and far from the enemy. Read
by naval movement (naval.py), off-map movement (offmap.py) and the Shock Effect's phases, so it sits below them."""
from __future__ import annotations

from app.games.usn import board, grid


def allowance(state, ship, hexes) -> tuple[int, bool]:
    """(Movement Allowance, doubled?) for a move through `hexes` (Movement (N)): doubled when undamaged and every
    hex of the move is more than five hexes from any enemy air or naval base, Engineer unit or naval unit (and, for
    the Japanese, more than six from any Allied base holding LBAC). Reading: the hexes checked are the start, the
    stop and the end of the move (the coastlines a path would follow are on the lost map)."""
    ma = board.values(ship)["movement"]
    if ship["damage"]:
        return ma, False
    enemy = board.other(ship["side"])
    danger = [(b["hex"], 5) for b in state["bases"].values() if b["side"] == enemy]
    danger += [(u["hex"], 5) for u in state["land"].values()
               if u["side"] == enemy and u["kind"] == "engineer" and u["aboard"] is None
               and u["hex"]]  # ashore: not aboard, nor lost with a sunk transport
    danger += [(s["hex"], 5) for s in board.afloat(state, enemy)]
    if ship["side"] == "japanese":
        danger += [(b["hex"], 6) for b in state["bases"].values() if b["side"] == "allied" and b["air"]["lbac"]]
    far = all(grid.distance(h, d) > n for h in hexes for d, n in danger)
    return (ma * 2, True) if far else (ma, False)
