"""A small Solomons state in the shape of STATE.md, built by hand so the combat tests do not depend on set-up.

Imported by the test modules beside it as `combat_kit` (pytest puts this folder on sys.path).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import visible


def blank_state(turn: int = 1, segment: int = 3, day: bool = True) -> dict[str, Any]:
    def base():
        return {"lac": 0, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0, "attacked": False}
    return {
        "game": "solomons", "turn": turn, "segment": segment, "day": day, "phase": "exec1", "section": "E",
        "units": {}, "task_forces": {},
        "air": {"allied": {"espiritu_santo": base(), "australia": base(), "henderson": base()},
                "japanese": {"rabaul": base(), "truk": base()}},
        "guadalcanal": {"ground": {"allied": 15, "japanese": 0}, "supply": {"allied": 0, "japanese": 0},
                        "henderson": {"complete": False, "side": "allied"}, "supplied": True,
                        "landed": {"allied": 0, "japanese": 0}, "unsupplied_turns": 0},
        "submarines": {}, "markers": {"allied": {}, "japanese": {}}, "cap_shown": {"allied": [], "japanese": []},
        "combat_reveals": {"allied": [], "japanese": []},
        "pending": {"allied": None, "japanese": None}, "decisions": {"allied": None, "japanese": None},
        "losses": {s: {"lac": 0, "nac": 0, "ground": 0, "supply": 0} for s in ("allied", "japanese")},
        "log": [], "outcome": None,
    }


def add_unit(state: dict[str, Any], unit_id: str, **extra: Any) -> dict[str, Any]:
    side = "allied" if unit_id.startswith("us-") else "japanese"
    unit = {"id": unit_id, "side": side, "type": unit_id.split("-")[1], "name": unit_id, "status": "intact",
            "location": "sea", "task_force": None, "returns": None, "return_base": None,
            "cargo": {"ground": 0, "supply": 0}, "nac": 0, "training": None}
    unit.update(extra)
    state["units"][unit_id] = unit
    return unit


def add_tf(state: dict[str, Any], side: str, number: int, units: list[str], hex_id: str = "M",
           mission: str = "anti_ship", **extra: Any) -> dict[str, Any]:
    tf_id = f"{side}-tf-{number}"
    enemy = "japanese" if side == "allied" else "allied"
    marker = f"tf-?{number + 10 * (side == 'japanese')}"
    tf = {"id": tf_id, "side": side, "number": number, "units": list(units), "base": "espiritu_santo",
          "mission": mission, "slot": False, "anti_slot": False, "emergency_dd": None, "plot": {},
          "hex": hex_id, "m_segments": 0, "aborted": False, "mission_done": False, "cag_spent": False,
          "marker": {side: None, enemy: marker}}
    tf.update(extra)
    for u in units:
        if u not in state["units"]:
            add_unit(state, u)
        state["units"][u]["task_force"] = tf_id
    state["task_forces"][tf_id] = tf
    state["markers"][enemy][marker] = {"hex": hex_id, "segment": state["segment"], "turn": state["turn"],
                                       "units": len(units), "capital": 0, "transports": 0, "submarine": False}
    return tf


def told(state: dict[str, Any], role: str) -> str:
    """Everything `role` has been told, as one text."""
    return "\n".join(line["text"] for line in visible(state["log"], role))
