"""Option 15a, variable spotting information (replaces 3d3.2): an announced hex holding an enemy task force marker is
"something is there", then a competitive roll decides how much more the searcher learns (15a1). The searcher adds
the 15a1.1 modifiers; the opposing roll is unmodified. The 15a1.2 results beyond "tie or less" are not transcribed;
they are rebuilt from their names elsewhere (data/options.toml [spotting], design/games/guadalcanal.md §4.6):

- searcher's number <= the opposing number: "something" is there (printed 15a1.2);
- above it: "Exceeded", a number of ships that may be a lie (18c1's die: halved, actual, doubled), never checked;
- two times or more: "2X", the actual number of ships (16a);
- three times or more: "3X", exact information on the ship units, as 3d3.2 (16a).

Ships are counted by the ship symbols on the counters (15a1.2 SPECIAL NOTE: a DD, AP or APD unit is several ships).
The searcher's marker shows its Exact side for 2X and 3X, "?" otherwise (15a4). Only a 3X result is "exact"
information for a submarine attack (11e2). A flight's `fly` order may say how many spare movement factors it spends
circling (15a1.1, +2 each): they are spent in the first announced hex of its route where something is there (the
point of the rule's "as the search aircraft circles the area trying for a better look"), never in an empty one, and
count against the flight's movement factors with its route (air.check). A scout shot down over the hex circles for
nothing (15b2).
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import entry
from app.games.guadalcanal import options as optional
from app.games.guadalcanal import timetrack
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.gamedata import BASE_HEX, LAND, TITLE

State = dict[str, Any]
SOMETHING, EXCEEDED, TWO_X, THREE_X = "something", "Exceeded", "2X", "3X"


def on(state: State) -> bool:
    return optional.on(state, optional.VARIABLE_SPOTTING)


def values() -> dict[str, Any]:
    return optional.values(optional.VARIABLE_SPOTTING)


def circling_label(factors: int) -> str:
    return f"circling ({factors} extra movement factor{'s' if factors != 1 else ''})"


def modifiers(state: State, hex_id: str, circling: int = 0) -> dict[str, int]:
    """15a1.1: the searching side's modifiers in this hex (day or night; spare movement factors spent circling it;
    land or reef; a base unit)."""
    v = values()
    out = {"night": v["night"]} if timetrack.is_night(state) else {"day": v["day"]}
    if circling:
        out[circling_label(circling)] = v["per_circling_factor"] * circling
    if hex_id in LAND:
        out["land or reef"] = v["land_or_reef"]
    if any(b["hex"] == hex_id for b in BASE_HEX.values()):
        out["base"] = v["base"]
    return out


def result(searcher: int, opposing: int) -> str:
    """15a1.2: tie or less, Exceeded, 2X or 3X, by how many times the opposing number the searcher's number is."""
    v = values()
    if searcher >= v["three_x_from"] * opposing:
        return THREE_X
    if searcher >= v["two_x_from"] * opposing:
        return TWO_X
    if searcher > v["exceeded_over"] * opposing:
        return EXCEEDED
    return SOMETHING


def symbols(uid: str, face: str) -> int:
    """15a1.2 SPECIAL NOTE: the ships one unit stands for, by the ship symbols on the side of its counter up."""
    return (units.printed(uid, face) or {}).get("ships", 1)


def ship_count(state: State, ships: list[str]) -> int:
    """15a1.2 SPECIAL NOTE: the actual ships, by the ship symbols on the side of each counter showing."""
    return sum(symbols(u, state["units"][u].get("face", "front")) for u in ships)


def lie(actual: int, die: int) -> int:
    """18c1's hint for an "Exceeded" result: 1-3 halve the actual number (rounding down, at least 1), 4-7 give it,
    8-10 double it."""
    v = values()
    if die <= v["lie_halve_to"]:
        return max(actual // 2, 1)
    if die <= v["lie_actual_to"]:
        return actual
    return actual * 2


def spot(state: State, hex_id: str, reports: list[dict[str, Any]], rng, circling: int = 0) -> dict[str, Any]:
    """15a1: the competitive roll for a hex holding enemy task force markers (the searcher's die first), and what it
    tells of the ships in `reports` (all of them in the hex); `circling` spare movement factors add +2 each."""
    mine, theirs = rng.d10(), rng.d10()
    mods = modifiers(state, hex_id, circling)
    total = mine + sum(mods.values())
    res = result(total, theirs)
    # counted as the searcher knows the counters (18c2: a side it was told, not the truth the fog keeps from it)
    actual = sum(symbols(r["id"], r["face"]) for r in reports)
    count, lie_die = None, None
    if res == EXCEEDED and not (state.get("umpired") or values()["lie_without_umpire"]):
        count = actual
    elif res == EXCEEDED:
        lie_die = rng.d10()
        count = lie(actual, lie_die)
    elif res in (TWO_X, THREE_X):
        count = actual
    said = " + ".join(f"{n} {k}" for k, n in mods.items())
    dice = f"your {mine} + {said} = {total} against {theirs}"
    learned = {SOMETHING: "something is there",
               EXCEEDED: f"\"Exceeded\": {count} ships, which may be a lie",
               TWO_X: f"\"2X\": {count} ships, the actual number",
               THREE_X: "\"3X\": exact information"}[res]
    return {"result": res, "count": count, "actual": actual, "lie_die": lie_die, "dice": (mine, theirs),
            "modifiers": mods, "total": total, "learned": learned, "dice_text": dice}


def log(state: State, searcher: str, told_to: str, answerer: str, marker: str, hex_id: str, tf_name: str, how: str,
        at: str, roll: dict[str, Any], listed: str) -> None:
    """Every reader's line: the searcher, the answerer (the owner of the task force, or in umpired play the umpire:
    search.answerer), and (for a lie die) the umpire alone. `tf_name` is the task force as the answerer calls it."""
    side_shown = "Exact" if roll["result"] in (TWO_X, THREE_X) else "?"
    what = roll["learned"] + (f" ({listed})" if roll["result"] == THREE_X else "")
    state["log"].append(entry(told_to, f"{how} {hex_id}: something is there; search roll {roll['dice_text']}: "
                                       f"{what} (15a1.2); enemy task force marker {marker} placed there, "
                                       f"{side_shown} side up (15a4).", at=at, hex=hex_id, result=roll["result"]))
    mine, theirs = roll["dice"]
    state["log"].append(entry(answerer, f"{TITLE[searcher]} {how.lower()} "
                                        f"{hex_id}: {tf_name} spotted; search roll {roll['total']} "
                                        f"({mine} modified) against {theirs}: they learn {what} (15a1.2).",
                              at=at, hex=hex_id, result=roll["result"]))
    if roll["lie_die"] is not None:
        state["log"].append(entry(UMPIRE, f"Search lie die (18c1) for {how.lower()} {hex_id}: {roll['lie_die']}; "
                                          f"{roll['actual']} ships reported as {roll['count']}.", at=at,
                                  hex=hex_id))
