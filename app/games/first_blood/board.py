"""Where the pieces are, read from the state: ground units by place, stacks, zones of control (§6.2), stacking
(§6.4), air strips (§2.1) and USAF units (§11). A place is a string: "hex:0708", "box:A", "entry:us-east-1",
"pending" (not yet arrived), "eliminated"; air and naval units are in "cap", "ground_attack", "reserve",
"strip:0708", "ijn_reserve", "ijn_attack", "ijaaf_reserve", "ijaaf_attack"."""
from __future__ import annotations

import json
from typing import Any

from app.engine.log import PUBLIC, entry

from app.games.first_blood.gamedata import (
    ENTRIES,
    STRIPS,
    TYPES,
    USAF_PER_STRIP,
    enemy,
    neighbours,
)

State = dict[str, Any]


def clone(state: State) -> State:
    """A fresh copy (the state is plain JSON: a JSON round trip is a deep copy, and much faster). The log's lines
    are shared, not copied: a line is never changed once written, only new ones appended (to the new list), and
    copying the whole log at every order made a game's cost grow with the square of its length."""
    copy = json.loads(json.dumps({k: v for k, v in state.items() if k not in _FLAT}))
    return {k: list(v) if k == "log" else {i: _piece(p) for i, p in v.items()} if k in _FLAT else copy[k]
            for k, v in state.items()}


_FLAT = ("log", "units", "air")  # copied by hand: see _piece


def _piece(p: dict[str, Any]) -> dict[str, Any]:
    """A piece is a flat record of strings, numbers and booleans, but for its list of visited boxes (§6.5), which is
    replaced, never changed in place (tests/games/first_blood/test_playouts.py checks the shape in every game)."""
    out = p.copy()
    visited = p.get("visited")
    if visited is not None:
        out["visited"] = list(visited)
    return out


def say(state: State, text: str, **data: Any) -> None:
    """A public log line, filed under the section of play it was written in (`state["section"]`, "IJ movement
    phase": the log heads each run of lines with it)."""
    if state.get("section"):
        data = {"at": state["section"], **data}
    state["log"].append(entry(PUBLIC, text, **data))


def hex_of(unit: dict[str, Any]) -> str | None:
    loc = unit["loc"]
    return loc[4:] if loc.startswith("hex:") else None


def ground(state: State, side: str | None = None, where: str | None = None) -> list[dict[str, Any]]:
    """Ground units of a side (or both), optionally only those whose place starts with `where` ("hex:", "box:")."""
    return [u for u in state["units"].values()
            if (side is None or u["side"] == side) and (where is None or u["loc"].startswith(where))]


def on_map(state: State, side: str) -> list[dict[str, Any]]:
    return ground(state, side, "hex:")


def stack(state: State, h: str, side: str | None = None) -> list[dict[str, Any]]:
    loc = f"hex:{h}"
    return [u for u in state["units"].values() if u["loc"] == loc and (side is None or u["side"] == side)]


def occupancy(state: State) -> dict[str, tuple[str, int]]:
    """{hex: (side, ground units)} for every occupied hex, built once for a search over many hexes."""
    out: dict[str, tuple[str, int]] = {}
    for u in state["units"].values():
        loc = u["loc"]
        if loc[:4] == "hex:":
            h = loc[4:]
            side, n = out.get(h, (u["side"], 0))
            out[h] = (side, n + 1)
    return out


def occupant(state: State, h: str) -> str | None:
    """The side whose ground units hold a hex (opposing units never share one, §6.4)."""
    units = stack(state, h)
    return units[0]["side"] if units else None


def zoc(state: State, side: str) -> set[str]:
    """§6.2: the hexes in the zone of control of `side`'s ground units: the six around each, across rivers and
    ridges, never entry points or boxes (those are not hexes)."""
    out: set[str] = set()
    for u in on_map(state, side):
        out.update(neighbours(hex_of(u)))
    return out


def is_artillery(u: dict[str, Any]) -> bool:
    return u["range"] > 0


def is_engineer(u: dict[str, Any]) -> bool:
    return bool(TYPES[u["type"]].get("engineer"))


def entry_load(state: State, entry_id: str) -> int:
    return sum(1 for u in state["units"].values() if u["loc"] == f"entry:{entry_id}")


def entries_of(side: str) -> list[str]:
    return [e for e, rec in ENTRIES.items() if rec["side"] == side]


def air(state: State, side: str | None = None, loc: str | None = None) -> list[dict[str, Any]]:
    return [a for a in state["air"].values()
            if (side is None or a["side"] == side) and (loc is None or a["loc"] == loc)]


def operational(state: State) -> list[str]:
    return [h for h in STRIPS if state["strips"][h]["status"] == "oper"]


def capacity(state: State) -> int:
    """§11: six active USAF units per operational air strip hex."""
    return USAF_PER_STRIP * len(operational(state))


def active_usaf(state: State) -> list[dict[str, Any]]:
    """§11: face-up or face-down USAF units on strip hexes, in CAP or in Ground Attack."""
    return [a for a in air(state, "us") if a["loc"] in ("cap", "ground_attack") or a["loc"].startswith("strip:")]


def completed_fields(state: State) -> list[str]:
    """§1, §12: Henderson always counts; a fighter strip hex once it has been constructed (digest part 7 item 6)."""
    return [h for h in STRIPS if state["strips"][h]["built"]]


def strip_destroyed(state: State, h: str, why: str) -> list[str]:
    """§6.3: an IJ unit entering a strip hex eliminates the USAF units on it, stops any work there and leaves the
    strip Destroyed. Returns the USAF units lost."""
    lost = [a["id"] for a in air(state, "us", f"strip:{h}")]
    for a in lost:
        state["air"][a]["loc"] = "eliminated"
    state["strips"][h].update(status="dest", work=0)
    return lost


def enemy_adjacent(state: State, side: str, h: str, occ: dict[str, tuple[str, int]] | None = None) -> list[str]:
    """The enemy-held hexes next to `h`; `occ` (`occupancy(state)`) when the caller asks for many hexes."""
    occ = occupancy(state) if occ is None else occ
    foe = enemy(side)
    return [n for n in neighbours(h) if occ.get(n, ("", 0))[0] == foe]
