"""What each side is shown of the other: sections A and B of every segment (18.5, 18.6, 19.1-19.3, 13.1).

The enemy knows a task force only by a per-view marker id ("tf-?3"), assigned the first time it is revealed to
that side and kept while the force keeps its composition. Markers describe only the current segment.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import board, fog
from app.games.solomons.units import at_sea, marker_name, side_tfs, tf_counts

State = dict[str, Any]
WHO = {"allied": "American", "japanese": "Japanese"}
THE = {"allied": "Americans", "japanese": "Japanese"}


def marker_id(state: State, viewer: str, holder: dict[str, Any]) -> str:
    marks = holder.setdefault("marker", {"allied": None, "japanese": None})
    if not marks.get(viewer):
        state["counters"]["marker"][viewer] += 1
        marks[viewer] = f"tf-?{state['counters']['marker'][viewer]}"
    return marks[viewer]


def clear(state: State) -> None:
    for side in board.SIDES:
        state["markers"][side] = {}
        state["cap_shown"][side] = []
        state["combat_reveals"][side] = []
    fog.clear_intel(state)


def japanese_positions(state: State) -> set[str]:
    """Hexes holding a Japanese task force at sea or a deployed submarine (a separate task force, 13.1)."""
    spots = {tf["hex"] for tf in side_tfs(state, "japanese") if at_sea(tf)}
    spots |= {s["hex"] for s in state["submarines"].values() if s["status"] in ("deployed", "used") and s["hex"]}
    return spots


def seen_by_japan(state: State, tf: dict[str, Any]) -> bool:
    """19.1, 19.2 by day: inside the Air Reconnaissance Zone, or in or next to a hex holding a Japanese force."""
    here = tf["hex"]
    if here in board.recon_zone(state["turn"]):
        return True
    graph = board.adjacency()
    return any(here == j or here in graph.get(j, ()) for j in japanese_positions(state))


def reveal(state: State, side: str, segment: int, day: bool, rng=None) -> None:
    """Section A (side = japanese, shown to the Americans) or B (side = allied, shown to Japan).

    With the fog_intel option the day totals are those the 18c1 die lets the viewer be told (fog.py); the
    `rng` draws that die, and only then."""
    viewer = board.ENEMY[side]
    shown = []
    for tf in side_tfs(state, side):
        if not at_sea(tf):
            continue
        if day:
            visible = side == "japanese" or seen_by_japan(state, tf)     # 18.5 / 19.1-19.2
        else:
            visible = tf["hex"] == board.GUADALCANAL                        # 18.6, 19.3
        if not visible:
            continue
        mid = marker_id(state, viewer, tf)
        mark: dict[str, Any] = {"hex": tf["hex"], "segment": segment, "turn": state["turn"], "submarine": False}
        if day:
            mark.update(fog.tell_counts(state, viewer, mid, tf_counts(state, tf), rng))
        else:
            mark.update({"units": None, "capital": None, "transports": None})
        state["markers"][viewer][mid] = mark
        shown.append((mid, mark))
    if side == "japanese" and day:
        for sub in sorted(state["submarines"].values(), key=lambda s: s["id"]):
            if sub["status"] in ("deployed", "used") and sub["hex"]:
                mid = marker_id(state, viewer, sub)
                mark = {"hex": sub["hex"], "segment": segment, "turn": state["turn"], "submarine": True,
                        "units": 1, "capital": 0, "transports": 0}
                state["markers"][viewer][mid] = mark
                shown.append((mid, mark))
    for mid, mark in shown:
        state["log"].append(entry(viewer, sighting_text(side, mid, mark, segment)))
    if not day:
        at_m = any(m["hex"] == board.GUADALCANAL for _, m in shown)
        state["log"].append(entry("public", f"Segment {segment} (night): the {THE[side]} "
                                            f"{'have' if at_m else 'have no'} task forces at Guadalcanal."))


def sighting_text(side: str, mid: str, mark: dict[str, Any], segment: int) -> str:
    name = marker_name(side, mid, mark["submarine"])
    if mark["units"] is None:
        return f"Segment {segment}: {name} is at Guadalcanal (M)."
    return (f"Segment {segment}: {name} in {mark['hex']}: {mark['units']} units, "
            f"{mark['capital']} capital ships, {mark['transports']} transports.")


def find_marker(state: State, viewer: str, mid: str) -> dict[str, Any] | None:
    """The enemy task force (or submarine) `viewer` knows as `mid` - for the server only, never shown."""
    for tf in state["task_forces"].values():
        if tf["side"] != viewer and tf.get("marker", {}).get(viewer) == mid:
            return tf
    for sub in state["submarines"].values():
        if sub.get("marker", {}).get(viewer) == mid:
            return sub
    return None
