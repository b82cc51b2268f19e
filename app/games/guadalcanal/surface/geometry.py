"""The Battleboard's geometry for surface combat: a ship's facing and the hexes about it (its four torpedo hexes,
16f3), the sector a target lies in (16g2, reconstructed), and straight lines along a hexside (torpedo runs).

Facings are the six hexsides in turning order (combat.tables.FACINGS: N, NE, SE, S, SW, NW); a ship facing f has
its front-right hexside at f+1, rear-right f+2, rear f+3, rear-left f+4 and front-left f+5.
"""
from __future__ import annotations

import math

from app.games.guadalcanal.combat.tables import FACINGS, STEP, grid, toward
from app.games.guadalcanal.surface.values import section

OFFSET = {"front": 0, "front_right": 1, "rear_right": 2, "rear": 3, "rear_left": 4, "front_left": 5}


def turned(facing: str, by: int) -> str:
    return FACINGS[(FACINGS.index(facing) + by) % 6]


def turn_between(a: str, b: str) -> int:
    """How many hexsides a ship turns to go from facing a to facing b (0-3)."""
    d = abs(FACINGS.index(a) - FACINGS.index(b)) % 6
    return min(d, 6 - d)


def line(start: str, facing: str, length: int) -> list[str]:
    """The hexes straight on from `start` across `facing`'s hexside, up to `length` of them, stopping at the edge."""
    out, here = [], start
    for _ in range(length):
        here = toward(here, facing)
        if here is None:
            break
        out.append(here)
    return out


def distance(a: str, b: str) -> int:
    return grid().distance(a, b)


def _xy(hex_id: str) -> tuple[float, float]:
    q, r = grid().axial(hex_id)
    return 1.5 * q, math.sqrt(3) * (r + q / 2)  # flat-topped hexes in columns, rows counted southward


def _angle(dx: float, dy: float) -> float:
    return math.degrees(math.atan2(dx, -dy))  # 0 = north, clockwise


def sector(ship_at: str, facing: str, target_at: str) -> str:
    """16g2 (reconstructed): "front", "rear" or "side": the 60-degree wedges about the front and rear hexsides are
    the front and rear sectors; a hex right on a wedge's edge counts as the side (data: surface.toml)."""
    (x0, y0), (x1, y1) = _xy(ship_at), _xy(target_at)
    q, r = STEP[facing]
    fx, fy = 1.5 * q, math.sqrt(3) * (r + q / 2)
    rel = (_angle(x1 - x0, y1 - y0) - _angle(fx, fy) + 540) % 360 - 180
    half = section("gunnery")["sector_half_width"]
    if abs(rel) < half - 1e-9:
        return "front"
    if abs(rel) > 180 - half + 1e-9:
        return "rear"
    return "side"
