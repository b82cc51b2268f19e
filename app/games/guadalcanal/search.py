"""Search answers (3d3.2, 3d3.3, 3d5): the opponent answers each announced hex at once, and the searcher places
numbered enemy task force markers, Exact side up, on his own searchboard, recording what was revealed as of then."""
from __future__ import annotations

from typing import Any

from app.engine.contract import to_side
from app.engine.log import entry
from app.games.guadalcanal import cards, spotting, timetrack
from app.games.guadalcanal.gamedata import TITLE, enemy

State = dict[str, Any]


def ships_of(state: State, tf: str) -> list[str]:
    return [u for u, rec in state["units"].items() if rec["box"] == "ships" and rec["location"].get("tf") == tf]


def answer(state: State, searcher: str, hex_id: str, how: str, at: str, rng=None) -> dict[str, Any]:
    """Answer one announced hex. Returns what the searcher was told. Nothing about air units is revealed (3d3.3).
    Under option 15a (spotting.py) a competitive roll (`rng`) decides how much a spotted task force reveals."""
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
        if spotting.on(state):
            told.append(_variable(state, searcher, told_to, t, n, hex_id, reports[t], how, at, when, rng))
            continue
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




def _variable(state: State, searcher: str, told_to: str, tf: str, n: str, hex_id: str,
              reports: list[dict[str, Any]], how: str, at: str, when: str, rng) -> str:
    """15a: place marker `n` with what the roll revealed: the ships only on "3X", a number of ships on "Exceeded"
    and "2X", nothing more on "something"; its Exact side for 2X and 3X, "?" otherwise (15a4)."""
    if rng is None:
        raise ValueError("option 15a needs the dice: search.answer was called without rng")
    roll = spotting.spot(state, hex_id, reports, rng)
    exact = roll["result"] == spotting.THREE_X
    state["boards"][searcher]["contacts"][n] = {
        "marker": int(n), "hex": hex_id, "exact": exact, "ships": reports if exact else [], "seen": when,
        "how": how.lower(), "result": roll["result"], "count": roll["count"],
        "side": "Exact" if roll["result"] in (spotting.TWO_X, spotting.THREE_X) else "?"}
    listed = ", ".join(cards.describe_ship(r) for r in reports)
    spotting.log(state, searcher, told_to, n, hex_id, state["task_forces"][tf]["name"], how, at, roll, listed)
    return roll["learned"] + (f" ({listed})" if exact else "")
