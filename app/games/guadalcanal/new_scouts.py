"""Option 15c, creating new scout air units (the text is not transcribed; the list of counters by class is printed at
the end of the rulebook). In the Ready Step a side may flip a front-side combat air unit of a listed class to its back
side, and a free scout counter of that class joins the same ship or base, in its Arming box, within its capacity.
Values and provenance: data/options.toml [new_scouts]."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Optional, Several
from app.games.guadalcanal import cards
from app.games.guadalcanal.cards import new_unit as _unit
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import AIR

State = dict[str, Any]
RULE = "15c"


def _in_game(state: State) -> set[str]:
    """Every counter already in the game: set up, entering later (7e2), or eliminated."""
    out = set(state["units"])
    for rec in (state.get("entering") or {}).values():
        out |= set(rec.get("units") or {})
    return out


def scouts_for(state: State, uid: str) -> list[str]:
    """The free scout counters of the combat unit's class (15c list), in the list's order."""
    rec, table = state["units"][uid], AIR.get(uid) or {}
    used = _in_game(state)
    for c in optional.values(optional.NEW_SCOUTS)["classes"]:
        if c["side"] == rec["side"] and c["type"] == table.get("type") and c["basing"] in ("", table.get("basing")):
            return [s for s in c["scouts"] if s not in used]
    return []


def candidates(state: State, side: str) -> list[str]:
    """The side's front-side combat air units On Board or On Ground that have a free scout counter of their class."""
    if not optional.on(state, optional.NEW_SCOUTS):
        return []
    return [u for u in cards.in_box(state, side, "arming") + cards.in_box(state, side, "ready")
            if state["units"][u]["face"] == "front" and scouts_for(state, u)]


def prompt_args(state: State, side: str) -> dict[str, Any]:
    units = candidates(state, side)
    return {"new_scouts": Optional(Several(tuple(units), labels=tuple(state["units"][u]["name"] for u in units),
                                           label="Combat air units that give a new scout (flipped, "
                                                              "15c)")).to_json()} if units else {}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    chosen = action["args"].get("new_scouts") or []
    if chosen and not optional.on(state, optional.NEW_SCOUTS):
        raise IllegalAction("New scouts are created only with option 15c.", RULE)
    adding: dict[str, int] = {}
    for u in chosen:
        rec = state["units"].get(u) or {}
        if u not in candidates(state, side):
            name = rec.get("name", u) if rec.get("side") == side else u
            raise IllegalAction(f"{name} cannot give a new scout: only your front-side combat air units On Board or "
                                "On Ground of a class on the 15c list, with a free scout counter, can.", RULE)
        area = rec["location"]["area"]
        adding[area] = adding.get(area, 0) + 1
    for area, n in adding.items():
        room = cards.capacity(state, area) - len(cards.aboard(state, area))
        if n > room:
            raise IllegalAction(f"{cards.area_name(state, area)} has room for {max(room, 0)} more air units "
                                f"(capacity {cards.capacity(state, area)}), not {n} new scouts (2c4).", RULE)
    classes: dict[tuple[str, ...], int] = {}
    for u in chosen:
        key = tuple(scouts_for(state, u))
        classes[key] = classes.get(key, 0) + 1
    for key, k in classes.items():
        if k > len(key):
            raise IllegalAction(f"Only {len(key)} scout counters of that class are free "
                                f"({', '.join(AIR[x]['name'] for x in key)}), not {k}.", RULE)


def create(s: State, side: str, chosen: list[str]) -> list[tuple[str, str]]:
    """Flip each chosen unit and put the next free scout of its class on its ship or base; returns the pairs."""
    # the one shape of a unit; imported here, as deployment's imports lead back to options.py
    v = optional.values(optional.NEW_SCOUTS)
    out = []
    for u in chosen:
        scout = scouts_for(s, u)[0]
        rec = s["units"][u]
        rec["face"], rec["hits"] = v["face_after"], 0
        s["units"][scout] = _unit(scout, "air", AIR[scout], {"area": rec["location"]["area"]}, v["scout_box"], set())
        out.append((u, scout))
    return out
