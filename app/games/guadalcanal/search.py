"""Search answers (3d3.2, 3d3.3, 3d5): the opponent answers each announced hex at once, and the searcher places
numbered enemy task force markers, Exact side up, on his own searchboard, recording what was revealed as of then."""
from __future__ import annotations

from typing import Any

from app.engine.contract import to_side
from app.engine.log import entry
from app.games.guadalcanal import cards, timetrack
from app.games.guadalcanal.gamedata import TITLE, enemy

State = dict[str, Any]


def ships_of(state: State, tf: str) -> list[str]:
    return [u for u, rec in state["units"].items() if rec["box"] == "ships" and rec["location"].get("tf") == tf]


def answer(state: State, searcher: str, hex_id: str, how: str, at: str) -> dict[str, Any]:
    """Answer one announced hex. Returns what the searcher was told. Nothing about air units is revealed (3d3.3)."""
    other = enemy(searcher)
    board = state["boards"][searcher]
    # 18c1: in umpired play the umpire's spotting reports go to every player of the searching side.
    told_to = to_side(searcher) if state.get("umpired") else searcher
    found = [t for t in cards.task_forces_of(state, other) if state["task_forces"][t]["hex"] == hex_id]
    reports = {t: [cards.ship_report(state, u) for u in ships_of(state, t)] for t in found}
    seen = {r["id"] for rs in reports.values() for r in rs}
    # The markers this answer makes stale: any in this hex, and any elsewhere showing a ship now found here.
    for n, c in list(board["contacts"].items()):
        if c["hex"] == hex_id or seen & {r["id"] for r in c["ships"]}:
            del board["contacts"][n]
    when = timetrack.label(state["time"])
    if not found:
        state["log"].append(entry(told_to, f"{how} {hex_id}: nothing (3d3.2).", at=at, hex=hex_id))
        state["log"].append(entry(other, f"{TITLE[searcher]} {how.lower()} {hex_id}: you answer \"nothing\".",
                                  at=at, hex=hex_id))
        return {"hex": hex_id, "spotted": []}
    told = []
    for t in found:
        n = str(board["next_marker"])
        board["next_marker"] += 1
        board["contacts"][n] = {"marker": int(n), "hex": hex_id, "exact": True, "ships": reports[t], "seen": when,
                                "how": how.lower()}
        listed = ", ".join(cards.describe_ship(r) for r in reports[t])
        told.append(listed)
        state["log"].append(entry(told_to, f"{how} {hex_id}: a task force marker is spotted with {listed} (3d3.2); "
                                            f"enemy task force marker {n} is placed there, Exact side up (3d3.3).",
                                  at=at, hex=hex_id))
        state["log"].append(entry(other, f"{TITLE[searcher]} {how.lower()} {hex_id}: your "
                                         f"{state['task_forces'][t]['name']} is spotted, and you reveal {listed} "
                                         f"(3d3.2).", at=at, hex=hex_id))
    return {"hex": hex_id, "spotted": told}


