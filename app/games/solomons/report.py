"""The after-action report's figures (22): the Victory Point breakdown, each side's losses by type, and every
ship lost or crippled with the Game-Turn and Execution Segment it happened in. Read from a finished state; the
platform samples `losses` along the replay to chart them over time."""
from __future__ import annotations

from typing import Any

from app.games.solomons import board, victory

State = dict[str, Any]
POINT_KINDS = ("lac", "nac", "ground", "supply")


def losses(state: State, side: str) -> dict[str, int]:
    """What `side` has lost so far: ships sunk by type, then Air, Ground and Supply Points."""
    out: dict[str, int] = {}
    for u in state["units"].values():
        if u["side"] == side and u["status"] == "sunk":
            out[u["type"]] = out.get(u["type"], 0) + 1
    if side == "japanese":
        subs = sum(1 for s in state["submarines"].values() if s["status"] == "sunk")
        if subs:
            out["SS"] = subs
    for kind in POINT_KINDS:
        out[kind.upper() if kind in ("lac", "nac") else kind] = state["losses"][side][kind]
    return out


def vp_breakdown(state: State) -> list[dict[str, Any]]:
    """Each line of the Victory Point chart: what was destroyed and what it earned the other side."""
    rows = []
    for side in board.SIDES:
        earner = "japanese" if side == "allied" else "allied"
        ships = [u for u in state["units"].values() if u["side"] == side and u["status"] == "sunk"]
        by_type: dict[str, list[str]] = {}
        for u in ships:
            by_type.setdefault(u["type"], []).append(u["id"])
        for kind, ids in sorted(by_type.items()):
            rows.append({"earned_by": earner, "item": f"{len(ids)} {kind} sunk",
                         "vp": sum(board.vp_value(i) for i in ids)})
        lost = state["losses"][side]
        for kind, key in (("lac", "lac"), ("nac", "nac"), ("ground", "ground_" + side), ("supply", "supply")):
            if lost[kind]:
                rows.append({"earned_by": earner, "item": f"{lost[kind]} {kind.upper() if kind in ('lac', 'nac') else kind} points destroyed",
                             "vp": lost[kind] * board.vp_value(key)})
    subs = [s for s in state["submarines"].values() if s["status"] == "sunk"]
    if subs:
        rows.append({"earned_by": "allied", "item": f"{len(subs)} submarines sunk",
                     "vp": len(subs) * board.vp_value("SS")})
    return rows


def ships_lost(state: State) -> list[dict[str, Any]]:
    out = []
    for u in state["units"].values():
        for loss in u.get("losses", []):
            out.append({"ship": u["name"], "side": u["side"], "type": u["type"], **loss})
    return sorted(out, key=lambda r: (r["turn"], r["segment"] or 0, r["side"], r["ship"]))


def report(state: State) -> dict[str, Any]:
    return {"score": victory.score(state), "vp": vp_breakdown(state),
            "losses": {side: losses(state, side) for side in board.SIDES},
            "when": {"turn": state["turn"], "segment": state["segment"]},
            "ships_lost": ships_lost(state)}
