"""What every combat module reads from the state the same way: sides, ships in a hex, markers, casualties.

Unit strengths and names come through the core's board.py (which reads tables.py); nothing is copied here.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board, units

SIDES = ("allied", "japanese")
LABEL = {"allied": "American", "japanese": "Japanese"}


def enemy(side: str) -> str:
    return "japanese" if side == "allied" else "allied"


def label(side: str) -> str:
    return LABEL[side]


def say(state: dict[str, Any], to: str, text: str, **data: Any) -> None:
    state["log"].append(entry(to, text, **data))


def combat_state(state: dict[str, Any], segment: int | None) -> dict[str, Any]:
    """This module's scratch for the current segment, in state["combat"] (reset when the segment changes).

    Holds what must last between sections of one segment: the Naval Defensive Groups (14.7: no regrouping between
    attacks), NAC in the air (14.42), air-bombardment losses waiting for the end of the segment (6.23, 14.2), and
    which task forces were attacked by which carrier forces (6.25 counterattacks), carrier NAC in the air, and
    the surviving strength of air bombardment waiting for the segment's one bombardment roll (6.33, 15.2).
    """
    key = [state.get("turn"), segment]
    scratch = state.get("combat")
    if not scratch or scratch.get("key") != key:
        scratch = {"key": key, "groups": {}, "airborne": {}, "cap_nac": {}, "pending_air_loss": {},
                   "carrier_attacks": [], "counterattacked": [], "air_bombardment": {}}
        state["combat"] = scratch
    return scratch


def ship(state: dict[str, Any], unit_id: str) -> dict[str, Any]:
    """A ship as the procedures see it: id, type and its printed strengths."""
    s = board.strength(unit_id)
    return {"id": unit_id, "type": board.unit_type(unit_id), "attack": s["attack"],
            "defense": s["defense"], "aa": s["aa"], "bombardment": s["bombardment"],
            "capacity": capacity(unit_id)}


def capacity(unit_id: str) -> int:
    """17.1: the NAC a carrier may hold."""
    s = board.strength(unit_id)
    return s["capacity"]


def afloat(state: dict[str, Any], tf: dict[str, Any]) -> list[str]:
    """The ships of a task force still in it: not crippled or sunk earlier in this section (15.3 CRT note)."""
    return [u for u in tf["units"] if state["units"][u]["status"] == "intact"]


def task_forces_in(state: dict[str, Any], hex_id: str, side: str | None = None) -> list[dict[str, Any]]:
    return [tf for tf in state["task_forces"].values()
            if tf["hex"] == hex_id and (side is None or tf["side"] == side) and afloat(state, tf)]


def is_carrier_force(state: dict[str, Any], tf: dict[str, Any]) -> bool:
    return any(board.is_carrier(u) for u in afloat(state, tf))


def marker_of(tf: dict[str, Any], viewer: str) -> str:
    """How `viewer` knows an enemy task force (STATE.md: never its real id)."""
    return (tf.get("marker") or {}).get(viewer) or "an unidentified task force"


def marker_called(tf: dict[str, Any], viewer: str) -> str:
    """The name `viewer` reads for an enemy task force (issue 34: its marker's name, never an id)."""
    mid = (tf.get("marker") or {}).get(viewer)
    side = tf.get("side") or enemy(viewer)
    return units.marker_name(side, mid, tf.get("side") is None) if mid else "an unidentified task force"


def tf_label(tf: dict[str, Any]) -> str:
    """How the owner knows its own task force."""
    return f"TF {tf.get('number', tf['id'])}"


def ship_name(unit_id: str) -> str:
    """"CV Wasp", "CA Vincennes/Quincy" (cruiser and destroyer counters already carry their type)."""
    kind, name = board.unit_type(unit_id), board.unit_name(unit_id)
    return name if name.startswith(kind + " ") else f"{kind} {name}"


def reveal(state: dict[str, Any], viewer: str, tf: dict[str, Any], ships: list[str], segment: int | None,
           rule: str) -> None:
    """Show `viewer` the types and names of enemy ships, as 14.3 and 15.31 require (STATE.md Reveal)."""
    if not ships:
        return
    state.setdefault("combat_reveals", {}).setdefault(viewer, []).append({
        "segment": segment, "marker": marker_of(tf, viewer), "rule": rule,
        "ships": [{"type": board.unit_type(u), "name": board.unit_name(u)} for u in ships]})


def casualty(state: dict[str, Any], unit_id: str, status: str, cause: str) -> None:
    """Cripple or sink a unit through the core (units.casualty: cargo, NAC aboard, log, VP)."""
    units.casualty(state, unit_id, status, cause)
