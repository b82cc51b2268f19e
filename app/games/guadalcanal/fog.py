"""18c2: damage fog in umpired games (option "fog_damage"). The umpire rolls every die; each side learns its own
damage truly, but of the damage it does to the enemy it is told what a secret d10 says (data/fog.toml): the truth
shifted by -2 to +2 hits, a flip counting three hits and an elimination six, never an impossible score.

The reporting rule (digest R26): T' = clamp(true damage after the combat + shift, 0, 6), never less than the side
was already told of the unit; 0-2 -> that many hits; 3-5 -> flipped, plus T' - 3 hits only if the unit was on its
back before this combat (a flip removes the hit markers, so a unit flipped now shows none); 6 -> eliminated. A unit
whose flip eliminates it (no back side, 4b5) is reported eliminated from three hits on. The rulebook's example: a
unit with 1 hit takes 1 hit, the die says over by 2: 4 hits = a flip plus a hit, reported just "flipped".

One die per enemy unit damaged in a combat; a miss is reported as it is (no die: nothing was done to report).

Meeting the unit again does not undo the fog: a later search (3d3.2) or strike (4a3) shows the side the unit's damage
as it was told (`found`); it learns only that the unit is afloat, when it was told it was eliminated (`afloat`,
`learn`).

The truth stays in the units; `state["fog"]` keeps each report with its die (the umpire's alone: views and
hidden.py keep it from the sides), `told`, what each side was last told of each enemy unit (its view shows that),
and `public`, each reported unit as it stood before the first report (what a live spectator still sees of a base).

The option is declared here (FOG_OPTIONS) for the game's meta; `check_options` refuses it without an umpire (18c),
as Solomons does, and `begin` records it in the new state.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.contract import Option
from app.engine.errors import IllegalAction
from app.games.guadalcanal.combat import units

State = dict[str, Any]
DATA = Path(__file__).resolve().parent / "data"

FOG_OPTIONS = (Option("fog_damage", "Fog of war: damage reports on enemy units may be wrong (umpired games)",
                      "18c2", False),)


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    doc = data.load(DATA / "fog.toml")
    dice = sorted(d for row in doc["shift"] for d in row["dice"])
    if dice != list(range(1, 11)):
        raise data.DataError("fog.toml: the 18c2 shift rows must give every d10 value exactly once")
    return doc


def shift(die: int) -> int:
    """18c2: the hits a report is shifted by for this die (negative: under-reported)."""
    return next(row["hits"] for row in table()["shift"] if die in row["dice"])


# --- the option -----------------------------------------------------------------------------------------------------

def check_options(options: dict[str, Any]) -> None:
    """18c: the umpire handles the dice and the reports; without one there is nobody to keep the truth."""
    if (options or {}).get("fog_damage") and not (options or {}).get("umpired"):
        raise IllegalAction("The fog of war option 'fog_damage' needs an umpire: create the game as umpired.",
                            "18c")


def begin(state: State, options: dict[str, Any]) -> State:
    """Record the option in a new game's state (an additive key: a game without it has no "fog")."""
    if (options or {}).get("fog_damage"):
        state["fog"] = {"damage": True, "reports": [], "told": {"allied": {}, "japanese": {}}}
    return state


def enabled(state: State) -> bool:
    return bool((state.get("fog") or {}).get("damage"))


# --- damage as hits -------------------------------------------------------------------------------------------------

def _has_back(uid: str) -> bool:
    return units.has_back(uid)


def shown(unit: dict[str, Any]) -> dict[str, Any]:
    """A unit's damage as a counter shows it: face, hit markers, eliminated."""
    gone = bool(unit.get("eliminated")) or unit.get("box") == "eliminated"
    return {"face": unit.get("face", "front"), "hits": 0 if gone else unit.get("hits", 0), "eliminated": gone}


def level(damage: dict[str, Any]) -> int:
    """Damage in hits (18c2): each hit marker 1, the back side 3, eliminated 6."""
    lv = table()["levels"]
    if damage["eliminated"]:
        return lv["eliminated"]
    return (lv["flip"] if damage["face"] == "back" else 0) + damage["hits"]


def reported(uid: str, before: dict[str, Any], after: dict[str, Any], told_before: dict[str, Any] | None,
             die: int) -> dict[str, Any]:
    """What the side that damaged `uid` is told (R26): `before` and `after` are the unit's true damage around the
    combat, `told_before` what the side was told of it before (None: nothing, so the truth before counts)."""
    lv = table()["levels"]
    floor = level(told_before if told_before is not None else before)
    t = max(min(level(after) + shift(die), lv["eliminated"]), lv["lowest"], floor)
    if t >= lv["eliminated"] or (t >= lv["flip"] and not _has_back(uid)):
        return {"face": before["face"], "hits": 0, "eliminated": True}
    if t >= lv["flip"]:
        was_back = before["face"] == "back" or (told_before is not None and told_before["face"] == "back")
        return {"face": "back", "hits": t - lv["flip"] if was_back else 0, "eliminated": False}
    return {"face": "front", "hits": t, "eliminated": False}


def words(damage: dict[str, Any]) -> str:
    if damage["eliminated"]:
        return "eliminated"
    hits = f"{damage['hits']} hit" + ("s" if damage["hits"] > 1 else "") if damage["hits"] else ""
    if damage["face"] == "back":
        return "flipped" + (f", {hits}" if hits else "")
    return hits or "no damage"


# --- telling --------------------------------------------------------------------------------------------------------

def told(state: State, viewer: str, uid: str) -> dict[str, Any] | None:
    """What `viewer` was last told of the enemy unit `uid` under fog_damage, or None (then it knows the truth)."""
    if not enabled(state):
        return None
    rec = state["fog"]["told"].get(viewer, {}).get(uid)
    return dict(rec) if rec is not None else None


def tell(state: State, viewer: str, uid: str, before: dict[str, Any], rng, rule: str) -> dict[str, Any]:
    """The report to `viewer` on the enemy unit `uid` after one combat that damaged it: one secret die, recorded for
    the umpire (state["fog"]["reports"]) and remembered as what `viewer` now believes."""
    after = shown(state["units"][uid])
    die = rng.d10()
    report = reported(uid, before, after, told(state, viewer, uid), die)
    state["fog"]["told"].setdefault(viewer, {})[uid] = report
    state["fog"].setdefault("public", {}).setdefault(uid, dict(before))  # what was public before any report
    rec = {"to": viewer, "unit": uid, "rule": rule, "true": after, "reported": report, "die": die,
           "shift": shift(die)}
    state["fog"]["reports"].append(rec)
    return rec


def as_seen(state: State, viewer: str, uid: str) -> dict[str, Any]:
    """The unit's damage as `viewer` knows it: the truth, or for an enemy unit under fog_damage what it was told."""
    return told(state, viewer, uid) or shown(state["units"][uid])


def found(state: State, viewer: str, uid: str) -> dict[str, Any]:
    """An enemy unit as meeting it again shows it to `viewer`: a search that finds a ship (3d3.2: "the exact ship
    units present"), a strike that comes at it (4a3). That reveals the unit, not the umpire's secret: its damage is
    what `viewer` was told (18c2), the truth only when it was told nothing. A unit it was told was eliminated is
    afloat after all (`afloat`)."""
    rec = told(state, viewer, uid)
    if rec is None:
        return shown(state["units"][uid])
    return afloat(uid) if rec["eliminated"] else rec


def afloat(uid: str) -> dict[str, Any]:
    """A unit told eliminated but found afloat: the most damage short of an elimination (back and 2 hits, or 2 hits
    for a unit without a back side), as near what the side was told as it can be. The truth is within the 18c2
    die's two hits of it (a report of six hits means four at least; a unit with no back side, one at least), so it
    is a report the umpire's die could have made."""
    if _has_back(uid):
        return {"face": "back", "hits": 2, "eliminated": False}
    return {"face": "front", "hits": 2, "eliminated": False}


def learn(state: State, viewer: str, uid: str) -> None:
    """`viewer` meets the enemy unit again (a search finds it, 3d3.2; it strikes, 4a3): one it was told was
    eliminated is afloat after all, and it now believes what `found` shows it."""
    rec = told(state, viewer, uid)
    if rec is not None and rec["eliminated"]:
        state["fog"]["told"][viewer][uid] = afloat(uid)


def bases_seen(state: State, role: str | None, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public base records (4e2) as `role` may see them. Under fog_damage a base's damage is no longer public:
    a side sees an enemy base as it was told, its own truly; the umpire (and everyone once the game is over) the
    truth; anyone else (a live spectator) the base as it stood before the first report on it, so that no seat can
    learn through a spectator's page what the other side may not know."""
    if not enabled(state) or role == "umpire" or role is None or state.get("outcome") is not None:
        return records
    out = []
    for b in records:
        if role in ("allied", "japanese"):
            rec = told(state, role, b["id"]) if b["side"] != role else None
        else:
            rec = (state["fog"].get("public") or {}).get(b["id"])
        out.append(dict(b, **rec) if rec else b)
    return out
