"""Units, task forces and casualties: the small helpers every procedure shares.

`casualty` is also the combat modules' way to cripple or sink a ship (see STATE.md): it applies the losses a
cripple carries with it (9.4 and 25.6 cargo, 14.43 aircraft aboard), sends cripples to repair (15.3 CRT note)
and removes the ship from its task force.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board

State = dict[str, Any]


def make_unit(unit_id: str, place: str) -> dict[str, Any]:
    side = "allied" if unit_id.startswith("us-") else "japanese"
    return {"id": unit_id, "side": side, "type": board.unit_type(unit_id), "name": board.unit_name(unit_id),
            "status": "intact", "location": place, "task_force": None, "returns": None, "return_base": None,
            "cargo": {"ground": 0, "supply": 0}, "nac": 0, "training": None, "sortied": False,
            "mission_done": False}


def side_units(state: State, side: str) -> list[dict[str, Any]]:
    return [u for u in state["units"].values() if u["side"] == side]


def in_port(state: State, side: str, base: str) -> list[str]:
    """Units ready at `base`: intact, not in a task force, not refitting or in training."""
    return sorted(u["id"] for u in side_units(state, side)
                  if u["location"] == base and u["status"] == "intact" and u["task_force"] is None
                  and u["type"] != "SS")


def side_tfs(state: State, side: str) -> list[dict[str, Any]]:
    return sorted((t for t in state["task_forces"].values() if t["side"] == side), key=lambda t: t["number"])


def at_sea(tf: dict[str, Any]) -> bool:
    return not board.is_base(tf["hex"])


def tf_counts(state: State, tf: dict[str, Any]) -> dict[str, int]:
    """18.5: total units, capital ships (not their types) and transports."""
    units = tf["units"]
    return {"units": len(units), "capital": sum(board.is_capital(u) for u in units),
            "transports": sum(board.is_transport(u) for u in units)}


def has_transports(tf: dict[str, Any]) -> bool:
    return any(board.is_transport(u) for u in tf["units"])


def has_carriers(tf: dict[str, Any]) -> bool:
    return any(board.is_carrier(u) for u in tf["units"])


def may_move(transports: bool, last_move: int | None, segment: int) -> bool:
    """9.1: "Task Forces containing transports move one hex every two Execution Segments": never in two
    consecutive segments (across the two Plot Execution Phases too)."""
    return not transports or last_move is None or segment - last_move >= board.CARGO["transport_moves_every"]


def paced_course(here: str, plan: list[str], segments: list[int], last_move: int | None,
                 transports: bool) -> dict[str, str]:
    """A plot that follows `plan` (the places after `here`, a repeated place being a segment's stay) as fast as
    the force may go (8.2, 9.1): a move waits for the force's pace, a stay never does."""
    out, plan = {}, list(plan)
    for seg in segments:
        if plan and (plan[0] == here or may_move(transports, last_move, seg)):
            nxt = plan.pop(0)
            if nxt != here:
                last_move = seg
            here = nxt
        out[str(seg)] = here
    return out


def phase_segments(phase: int) -> list[int]:
    return list(range(1, 8)) if phase == 1 else list(range(8, 15))


def automatic(tf: dict[str, Any]) -> bool:
    """Forces whose course the server writes home: aborted or mission completed (6.38, 8.4). (The Anti-Slot
    course is written by the server too, but only when the player declares it again in each plot, 11.1.)"""
    return tf["aborted"] or tf["mission_done"]


def course(tf: dict[str, Any], entry: dict[str, Any], segments: list[int]) -> list[str]:
    hexes = entry.get("hexes") or {}
    here, out = tf["hex"], []
    for seg in segments:
        here = hexes.get(str(seg), here)
        out.append(here)
    return out


def marker_name(side: str, mid: str, submarine: bool = False) -> str:
    """Issue 34: the name a viewer reads for a marker of `side`'s it was shown ("Japanese Task Force A (sighted)"):
    the letter counts the markers that viewer has been shown, in the order it was shown them, which is all the id
    says; never the force's own number or units (18.5, 19: the marker alone is revealed)."""
    n = int(mid.rsplit("?", 1)[-1]) if mid.rsplit("?", 1)[-1].isdigit() else 0
    letters = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return f"{board.SIDE_ADJECTIVE[side]} {'Submarine' if submarine else 'Task Force'} {letters or '?'} (sighted)"


def tf_label(tf: dict[str, Any]) -> str:
    return f"TF {tf['number']}"


def casualty(state: State, unit_id: str, result: str, cause: str = "combat") -> None:
    """Cripple ("crippled") or sink ("sunk") a ship, in place.

    Crippled: removed for repair, 2 x d6 turns plus refit (15.3 CRT note) - the repair roll is made when the
    unit reaches port in the end-of-turn procedure, so the dice stay in sequence-of-play order. Its cargo is lost
    (9.4, 25.6); aircraft aboard are lost unless the cause is a submarine (14.43, 25.6).
    """
    unit = state["units"][unit_id]
    if unit["status"] in ("sunk",):
        return
    side = unit["side"]
    lost_cargo = dict(unit["cargo"])
    unit["cargo"] = {"ground": 0, "supply": 0}
    for kind in ("ground", "supply"):
        state["losses"][side][kind] += lost_cargo[kind]
    aboard = unit.get("nac", 0)
    if board.is_carrier(unit_id) and aboard and (result == "sunk" or cause != "submarine"):
        state["losses"][side]["nac"] += aboard
        unit["nac"] = 0
    # the ship stays listed in its task force until the section ends (sweep), so combat loops stay valid
    unit["status"] = "sunk" if result == "sunk" else "crippled"
    if unit["type"] == "APD":
        unit["status"] = "sunk"  # 6.36: a crippled APD is removed with its cargo, and replaced next Game-Turn
        state.setdefault("apd_replacement", state["turn"] + 1)
    word = "sunk" if unit["status"] == "sunk" else "crippled"
    # when and how, for the after-action report (the segment in which each ship was lost)
    unit.setdefault("losses", []).append({"turn": state["turn"], "segment": state["segment"], "result": word,
                                          "cause": cause})
    state["log"].append(entry(side, f"{unit['name']} ({unit['type']}) is {word} ({cause})."))
    state["log"].append(entry("umpire", f"{unit['name']} ({unit['type']}, {board.SIDE_ADJECTIVE[side]}) {word} "
                                        f"by {cause}."))


def sweep(state: State) -> None:
    """End of a section: crippled ships leave for repair, sunk ones leave the board (15.3 CRT note)."""
    for tf in state["task_forces"].values():
        gone = [u for u in tf["units"] if state["units"][u]["status"] != "intact"]
        for uid in gone:
            unit = state["units"][uid]
            unit["task_force"] = None
            unit["location"] = "sunk" if unit["status"] == "sunk" else "repair"
            if tf.get("emergency_dd") == uid:
                tf["emergency_dd"] = None
        tf["units"] = [u for u in tf["units"] if u not in gone]
    drop_empty_task_forces(state)


def drop_empty_task_forces(state: State) -> None:
    for tf_id in [t for t, tf in state["task_forces"].items() if not tf["units"]]:
        del state["task_forces"][tf_id]
