"""Reading the board: who occupies what, the DRMs of an attack, and the Victory Calculation.

A front's position is one number, `allied`: the index (along the route, from the Allied flag location to Japan) of
the Allied front marker, or -1 when the Japanese hold the last location and the marker stands outside it
(Key Game Concepts). The Japanese front marker always stands in the next location, `allied + 1`; when the Allied
marker is in Japan that is "beside Japan" (Key Game Concepts). A location is occupied by the last marker that
advanced into or through it, so every location up to `allied` is Allied and every one beyond it Japanese.
"""
from __future__ import annotations

from typing import Any

from app.games.pacific_war_1942 import data

State = dict[str, Any]


def allied_index(state: State, front: str) -> int:
    return state["fronts"][front]["allied"]


def allied_location(state: State, front: str) -> str | None:
    i = allied_index(state, front)
    return data.route(front)[i] if i >= 0 else None


def japanese_location(state: State, front: str) -> str | None:
    """The location the Japanese front marker occupies; None when it stands beside Japan."""
    i = allied_index(state, front) + 1
    r = data.route(front)
    return r[i] if i < len(r) else None


def occupied_by_allies(state: State, location: str) -> bool:
    return any(location in data.route(f)[: allied_index(state, f) + 1] for f in data.FRONT_ORDER)


def japan_front(state: State) -> str | None:
    """The front whose Allied marker occupies Japan (only one may: Key Game Concepts)."""
    return next((f for f in data.FRONT_ORDER if allied_location(state, f) == data.JAPAN), None)


def sea_of(front: str) -> str | None:
    return data.FRONTS[front]["sea_area"] or None


def _drm(drm_id: str, lines: list[dict[str, Any]]) -> None:
    d = data.DRM[drm_id]
    lines.append({"id": drm_id, "value": d["value"], "text": d["applies"]})


def land_drms(state: State, front: str, attacker: str) -> list[dict[str, Any]]:
    """The DRMs of a land attack on `front` by `attacker` ("allied" or "japanese"); they are cumulative."""
    defender = "japanese" if attacker == "allied" else "allied"
    target = japanese_location(state, front) if attacker == "allied" else allied_location(state, front)
    lines: list[dict[str, Any]] = []
    if target and data.LOCATIONS[target].get("fortified"):
        _drm("fortified", lines)
    sea = sea_of(front)
    if sea and state["seas"][sea] == defender:
        _drm("defender_sea_control", lines)
    if attacker == "allied" and state["fronts"][front]["japanese_reserve"]:
        _drm("japanese_reserve", lines)
    if attacker == "allied" and state["europe"] and front in data.DRM["europe_first"]["fronts"]:
        _drm("europe_first", lines)
    if target == data.JAPAN:
        _drm("japan", lines)
    return lines


def success_from(kind: str) -> int:
    return data.ADVANCE[f"{kind}_success_from"]


def succeeds(kind: str, roll: int, drm: int) -> bool:
    """The Advance Result Chart: a modified roll below 1 reads as 1, above 6 as 6."""
    return max(1, min(6, roll + drm)) >= success_from(kind)


def odds_text(kind: str, drm: int) -> str:
    """The raw die rolls that succeed, e.g. "3-6", "6", or "no roll"."""
    need = max(1, success_from(kind) - drm)
    if need > 6:
        return "no roll (it cannot succeed)"
    return "6" if need == 6 else f"{need}-6"


# --- Victory Calculation -------------------------------------------------------------------------------------

def _counts(location: str) -> bool:
    loc = data.LOCATIONS[location]
    return not (loc.get("start") or loc.get("flag") or loc.get("japan") or location == "singapore")


def score(state: State) -> dict[str, Any]:
    """The Allied VP now (printed Victory Calculation), line by line, and its band (printed Score)."""
    lines: list[dict[str, Any]] = []

    def add(vp_id: str, count: int, detail: str = "") -> None:
        if count:
            v = data.VP[vp_id]
            lines.append({"id": vp_id, "text": v["text"] + (f": {detail}" if detail else ""),
                          "count": count, "vp": v["vp"] * count})

    add("japan", 1 if japan_front(state) else 0)
    add("singapore", 1 if occupied_by_allies(state, "singapore") else 0)
    for f in data.FRONT_ORDER:
        taken = [loc for loc in data.route(f)[: allied_index(state, f) + 1] if _counts(loc)]
        add("location", len(taken), f"{data.FRONTS[f]['name']} front ({', '.join(data.name(x) for x in taken)})")
    seas = state["seas"].values()
    add("allied_sea", sum(1 for c in seas if c == "allied"))
    add("japanese_sea", sum(1 for c in seas if c == "japanese"))
    add("europe", 1 if state["europe"] else 0)
    add("no_bomb", 0 if state["bomb"] else 1)
    total = sum(line["vp"] for line in lines)
    return {"total": total, "lines": lines, "band": band(total)}


def band(total: int) -> dict[str, Any]:
    b = next(b for b in data.BANDS if total <= b["max"])
    return {"id": b["id"], "winner": b["winner"] or None, "level": b["level"], "text": b["text"]}


def allied_locations_lost(state: State) -> list[str]:
    """The Allied locations of How to Win that the Japanese occupy."""
    return [loc for loc in data.INSTANT["locations"] if not occupied_by_allies(state, loc)]
