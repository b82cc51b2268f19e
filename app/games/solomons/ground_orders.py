"""Ground Combat Phase orders (12.2-12.4) and the core's fallback for American supply (16.11, 16.4, 16.21).

The combat engineer's combat/ground.py decides who may attack and resolves the attacks; this module only asks
it (or, while it is missing, the same rule written here) who is prompted.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry

State = dict[str, Any]
HENDERSON_GUARD = 10  # 12.2


def _ground():
    from app.games.solomons import combat_hooks
    return combat_hooks.module("ground")


def effective(state: State) -> dict[str, int]:
    g = _ground()
    if g is not None:
        return g.effective_points(state)
    gc = state["guadalcanal"]
    out = {}
    for side in ("allied", "japanese"):
        pts = gc["ground"][side]
        if gc["supply"][side] < 1 or pts <= 0:
            out[side] = 0
        elif side == "japanese":
            out[side] = pts
        else:
            ok = pts if gc["supplied"] else min(pts, gc["landed"]["allied"])
            out[side] = max(0, min(ok, pts - HENDERSON_GUARD))
    return out


def attackers(state: State) -> list[str]:
    """12.3: the side with more attack-effective points, or both when equal (and not zero)."""
    eff = effective(state)
    a, j = eff["allied"], eff["japanese"]
    if a == j:
        return [] if a == 0 else ["allied", "japanese"]
    return ["allied"] if a > j else ["japanese"]


def check(state: State, side: str, args: dict[str, Any]) -> None:
    if not isinstance(args.get("attack"), bool):
        raise IllegalAction("Say whether you attack (attack: true or false).", "12.3")
    if not args["attack"]:
        return
    g = _ground()
    if g is not None:
        g.check_decision(state, side, args)
        return
    most = effective(state)[side]
    pts = args.get("points")
    if not isinstance(pts, int) or isinstance(pts, bool) or not 1 <= pts <= most:
        raise IllegalAction(f"Attack with 1 to {most} attack-effective Ground Points.", "12.4")


def supply_american_ground(state: State) -> None:
    """16.11 and 16.4 (used only while combat/supply.py is missing): spend one Supply Point if there is one."""
    g = state["guadalcanal"]
    if g["ground"]["allied"] <= 0:
        g["supplied"] = True
        return
    if g["supply"]["allied"] >= 1:
        g["supply"]["allied"] -= 1
        g["supplied"], g["unsupplied_turns"] = True, 0
        state["log"].append(entry("public", "The Americans spend a Supply Point to supply Guadalcanal (16.11)."))
    else:
        g["supplied"] = False
        g["unsupplied_turns"] += 1
