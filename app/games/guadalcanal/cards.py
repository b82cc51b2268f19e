"""The Operations Cards (1d, 2c-2c4): task force areas, base areas and named ship areas, and where each unit is.

A unit's `box` is "ships" (a task force's Ships box), "arming" or "ready" (a ship or base area: On Board / On Ground),
"normal_strike" (a task force's or base's Normal Strike box: taken off, 3a3), "flying" (on the searchboard, 3d) or
"eliminated". Its `location` says whose box: {"tf": id}, {"area": ship or base id}, {"base": id} or {"hex": id}.
"""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal.gamedata import AIR, BASES, SHIPS, side_of_id

State = dict[str, Any]
COMBAT_TYPES = ("D", "F", "H", "M", "T")  # "air combat units" (large counters); S is a scout (Unit Information)
BOMBER_TYPES = ("D", "H", "M", "T")  # 4a: the only combat air units that fight in the Basic Game


def units_of(state: State, side: str, kind: str | None = None) -> list[str]:
    return [u for u, rec in state["units"].items()
            if rec["side"] == side and (kind is None or rec["kind"] == kind) and rec["box"] != "eliminated"]


def is_combat(uid: str) -> bool:
    return AIR[uid]["type"] in COMBAT_TYPES


def task_forces_of(state: State, side: str) -> list[str]:
    return [t for t, tf in state["task_forces"].items() if tf["side"] == side and tf["hex"] is not None]


def hex_of(state: State, uid: str) -> str | None:
    """The searchboard hex a unit is in (2c1-2c3: units in a task force's or ship's boxes are where its marker is)."""
    rec = state["units"].get(uid) or {}
    loc = rec.get("location") or {}
    if "hex" in loc:
        return loc["hex"]
    if "tf" in loc:
        return state["task_forces"][loc["tf"]]["hex"]
    if "area" in loc:
        return hex_of(state, loc["area"])
    if "base" in loc:
        return hex_of(state, loc["base"])
    return None


def face_value(pair: list[int] | None, face: str) -> int:
    """A front/back value ("4/2"): the first number front side up, the second back side up (2c4)."""
    if not pair:
        return 0
    return pair[0] if face == "front" else pair[1]


def table_of(uid: str) -> dict[str, Any]:
    return SHIPS.get(uid) or BASES.get(uid) or {}


def launch_factor(state: State, area: str) -> int:
    """2c4: the most air units that may take off from a ship or base in one Turn."""
    return face_value(table_of(area).get("launch"), state["units"][area]["face"])


def capacity(state: State, area: str) -> int:
    """2c4: the most air units On Board / On Ground (Arming and Ready boxes together)."""
    return face_value(table_of(area).get("capacity"), state["units"][area]["face"])


def aboard(state: State, area: str, boxes: tuple[str, ...] = ("arming", "ready", "max_strike")) -> list[str]:
    """Air units On Board / On Ground: by default every box of the area (a Max. Strike deck load, option 12b, stays
    aboard and fills capacity, 2c4)."""
    return [u for u, rec in state["units"].items()
            if rec["kind"] == "air" and rec["box"] in boxes and (rec["location"] or {}).get("area") == area]


def air_areas(state: State, side: str) -> list[str]:
    """The side's ship and base areas that hold air units (named ship areas 2c3, base areas 2c2)."""
    return [u for u in units_of(state, side) if u in BASES or (u in SHIPS and SHIPS[u]["capacity"])]


def in_box(state: State, side: str, box: str) -> list[str]:
    return [u for u in units_of(state, side, "air") if state["units"][u]["box"] == box]


def area_name(state: State, area: str) -> str:
    return table_of(area).get("name", area)


def name(state: State, uid: str) -> str:
    return state["units"][uid]["name"]


def names(state: State, uids: list[str]) -> str:
    return ", ".join(name(state, u) for u in uids) or "none"


def ship_report(state: State, uid: str) -> dict[str, Any]:
    """What 3d3.2 makes the owner reveal of a ship unit: which unit, and its state as of now."""
    rec = state["units"][uid]
    return {"id": uid, "name": rec["name"], "type": rec["type"], "face": rec["face"], "hits": rec["hits"]}


def describe_ship(report: dict[str, Any]) -> str:
    extra = [*(["back"] if report["face"] == "back" else []),
             *([f"{report['hits']} hit{'s' if report['hits'] > 1 else ''}"] if report["hits"] else [])]
    return report["name"] + (f" ({', '.join(extra)})" if extra else "")


def new_unit(uid: str, kind: str, table: dict[str, Any], location: dict[str, Any], box: str | None,
             back: set[str]) -> dict[str, Any]:
    """A unit as set up (7a2.2 NOTE: a unit listed "(back)" starts flipped): at the start (deployment.py), or
    later by an option (fighters.py, new_scouts.py)."""
    face = "back" if uid in back else "front"
    return {"side": side_of_id(uid), "kind": kind, "type": table["type"], "name": table["name"], "face": face,
            "hits": 0, "started_back": face == "back", "location": location, "box": box}
