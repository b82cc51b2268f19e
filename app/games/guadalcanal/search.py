"""Search answers (3d3.2, 3d3.3, 3d5): the opponent answers each announced hex at once, and the searcher places
numbered enemy task force markers, Exact side up, on his own searchboard, recording what was revealed as of then."""
from __future__ import annotations

from typing import Any

from app.engine.contract import UMPIRE, to_side
from app.engine.log import entry
from app.games.guadalcanal import cards, fog, spotting, timetrack
from app.games.guadalcanal.gamedata import TITLE, enemy

State = dict[str, Any]


def ships_of(state: State, tf: str) -> list[str]:
    return [u for u, rec in state["units"].items() if rec["box"] == "ships" and rec["location"].get("tf") == tf]


def seen_ship(state: State, searcher: str, uid: str) -> dict[str, Any]:
    """What 3d3.2 reveals of an enemy ship to the searcher: the unit, with its damage as the searcher knows it (under
    the 18c2 fog, as the umpire told it: fog.found), never the truth the fog keeps from it."""
    damage = fog.found(state, searcher, uid)
    return dict(cards.ship_report(state, uid), face=damage["face"], hits=damage["hits"])


def revealed(state: State, searcher: str, reports: list[dict[str, Any]]) -> None:
    """The ships a search showed exactly: under the 18c2 fog, what the searcher now believes of them (fog.learn)."""
    for r in reports:
        fog.learn(state, searcher, r["id"])


def answerer(state: State, searcher: str) -> str:
    """Who answers a search, and so reads the hex it called: the opposing player (3d3.2), or in umpired play the
    umpire, through whom all information goes (18c; 18c1: he "reports the appropriate information to the side"). The
    searched side then learns nothing of the searcher's route, nor of the task forces a sea search calls from (3d5)."""
    return UMPIRE if state.get("umpired") else enemy(searcher)


def whose(state: State, searcher: str) -> str:
    """The answering line's word for the searched task force: "your" to its owner, "the Japanese" (say) to the
    umpire."""
    return f"the {TITLE[enemy(searcher)]}" if state.get("umpired") else "your"


def answer(state: State, searcher: str, hex_id: str, how: str, at: str, rng=None, circling: int = 0
           ) -> dict[str, Any]:
    """Answer one announced hex. Returns what the searcher was told. Nothing about air units is revealed (3d3.3).
    Under option 15a (spotting.py) a competitive roll (`rng`) decides how much a spotted task force reveals, the
    searcher adding +2 for each of the `circling` spare movement factors its aircraft spend there (15a1.1)."""
    other, answering = enemy(searcher), answerer(state, searcher)
    board = state["boards"][searcher]
    # 18c1: in umpired play the umpire's spotting reports go to every player of the searching side.
    told_to = to_side(searcher) if state.get("umpired") else searcher
    found = [t for t in cards.task_forces_of(state, other) if state["task_forces"][t]["hex"] == hex_id]
    reports = {t: [seen_ship(state, searcher, u) for u in ships_of(state, t)] for t in found}
    # 15a: the ships are revealed only on a 3X result (_variable), so only then are markers elsewhere made stale.
    seen = set() if spotting.on(state) else {r["id"] for rs in reports.values() for r in rs}
    # The markers this answer makes stale: any in this hex, and any elsewhere showing a ship now found here.
    for n, c in list(board["contacts"].items()):
        if c["hex"] == hex_id or seen & {r["id"] for r in c["ships"]}:
            del board["contacts"][n]
    when = timetrack.label(state["time"])
    if not found:
        state["log"].append(entry(told_to, f"{how} {hex_id}: nothing (3d3.2).", at=at, hex=hex_id))
        state["log"].append(entry(answering, f"{TITLE[searcher]} {how.lower()} {hex_id}: you answer \"nothing\".",
                                  at=at, hex=hex_id))
        return {"hex": hex_id, "spotted": []}
    if spotting.on(state):
        return {"hex": hex_id, "spotted": _variable(state, searcher, told_to, found, reports, hex_id, how, at, when,
                                                    rng, circling)}
    told = []
    for t in found:
        n = str(board["next_marker"])
        board["next_marker"] += 1
        board["contacts"][n] = {"marker": int(n), "hex": hex_id, "exact": True, "ships": reports[t], "seen": when,
                                "how": how.lower()}
        revealed(state, searcher, reports[t])
        listed = ", ".join(cards.describe_ship(r) for r in reports[t])
        told.append(listed)
        state["log"].append(entry(told_to, f"{how} {hex_id}: a task force marker is spotted with {listed} (3d3.2); "
                                            f"enemy task force marker {n} is placed there, Exact side up (3d3.3).",
                                  at=at, hex=hex_id))
        # the answerer reveals what the searcher is told: the owner (no fog outside umpired play), or the umpire,
        # who keeps to the 18c2 fog's story
        state["log"].append(entry(answering, f"{TITLE[searcher]} {how.lower()} {hex_id}: {whose(state, searcher)} "
                                             f"{state['task_forces'][t]['name']} is spotted, and you reveal {listed} "
                                             f"(3d3.2).", at=at, hex=hex_id))
    return {"hex": hex_id, "spotted": told}


def _variable(state: State, searcher: str, told_to: str, found: list[str], reports: dict[str, list[dict[str, Any]]],
              hex_id: str, how: str, at: str, when: str, rng, circling: int = 0) -> list[str]:
    """15a1: the hex holds "something"; one competitive roll for the hex decides what more the searcher learns. On
    "3X" each task force marker is placed with its ships, as in 3d3.2 (and markers elsewhere showing them go); on
    "Exceeded" and "2X" one marker with the number of ships in the hex; on "something" one marker and nothing more.
    The marker's Exact side is up for 2X and 3X, its "?" side otherwise (15a4)."""
    if rng is None:
        raise ValueError("option 15a needs the dice: search.answer was called without rng")
    every = [r for t in found for r in reports[t]]
    roll = spotting.spot(state, hex_id, every, rng, circling)
    exact = roll["result"] == spotting.THREE_X
    board = state["boards"][searcher]
    if exact:  # the ships are seen here now: a marker elsewhere showing any of them is stale (3d3.3)
        revealed(state, searcher, every)
        shown = {r["id"] for r in every}
        for m, c in list(board["contacts"].items()):
            if shown & {r["id"] for r in c["ships"]}:
                del board["contacts"][m]
    groups = [reports[t] for t in found] if exact else [[]]
    markers = []
    for ships in groups:
        n = str(board["next_marker"])
        board["next_marker"] += 1
        markers.append(n)
        board["contacts"][n] = {
            "marker": int(n), "hex": hex_id, "exact": exact, "ships": ships, "seen": when, "how": how.lower(),
            "result": roll["result"], "count": roll["count"],
            "side": "Exact" if roll["result"] in (spotting.TWO_X, spotting.THREE_X) else "?"}
    listed = "; ".join(", ".join(cards.describe_ship(r) for r in g) for g in groups)
    names = " and ".join(state["task_forces"][t]["name"] for t in found)
    spotting.log(state, searcher, told_to, answerer(state, searcher), ", ".join(markers), hex_id,
                 f"{whose(state, searcher)} {names}", how, at, roll, listed)
    return [roll["learned"] + (f" ({listed})" if exact else "")]


def callable_hexes(state: State, side: str) -> list[str]:
    """3d5: the hexes a sea search may call, those holding the side's task forces or bases."""
    hexes = [state["task_forces"][t]["hex"] for t in cards.task_forces_of(state, side)]
    hexes += [cards.hex_of(state, b) for b in cards.units_of(state, side, "base")]
    return list(dict.fromkeys(hexes))
