"""Option 12d2, shadowing (reconstructed: only 15b1's reference survives, a scout "used to 'shadow' (see option 12d2)
a task force marker", exposed there to the enemy's CAP as a scout entering its hex is).

- In the Air Return Phase (the order of patrols.py), a flying scout in a hex where its side spotted an enemy task
  force marker this Turn may shadow it instead of landing (box "shadowing", kept with that task force). If several
  enemy task forces are in the hex, it keeps with the first of them (by the game's own order; nothing is told).
- In the next Turn, once both sides' task forces have moved (3c), the scout reports the hex the task force is in
  now: the hex is searched for its side as an air search is (3d3.2, or 15a1's roll under option 15a). If the enemy
  has fighters on CAP over it, 15b1's roll is made first (option 15b; a scout lost still searches, 15b2).
- It then flies on that hex, and must land in that Turn's Air Return Phase (it may not shadow again at once).

Nothing of this reaches the enemy but what a search always tells him (the hex called and what he revealed).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.guadalcanal import cards, scout_losses, search, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import AIR, enemy

State = dict[str, Any]
BOX = "shadowing"
AT = "Action Phase, after the Sea Movement Step (12d2)"


def _spotted_here(state: State, side: str, hex_id: str) -> bool:
    """The side placed an enemy task force marker in this hex this Turn (3d3.3)."""
    now = timetrack.label(state["time"])
    return any(c["hex"] == hex_id and c.get("seen") == now for c in state["boards"][side]["contacts"].values())


def target(state: State, side: str, hex_id: str) -> str | None:
    tfs = sorted(t for t in cards.task_forces_of(state, enemy(side)) if state["task_forces"][t]["hex"] == hex_id)
    return tfs[0] if tfs else None


def allowed_now(state: State) -> bool:
    """12d (reconstructed): fighters are marked to patrol and scouts to shadow in the Air Return Phase only when the
    Turn that follows is a day Turn (3a1)."""
    return optional.on(state, optional.PATROLS) and (optional.values(optional.PATROLS)["into_night"]
                                                     or not timetrack.next_turn_is_night(state))


def may_shadow(state: State, side: str) -> list[str]:
    """The flying scouts that may shadow now (`allowed_now`: the option is on and the next Turn is a day)."""
    if not allowed_now(state):
        return []
    kinds = optional.values(optional.PATROLS)["shadow_types"]
    out = []
    for u in cards.in_box(state, side, "flying"):
        loc = state["units"][u]["location"]
        if AIR[u]["type"] in kinds and not loc.get("shadowed") and _spotted_here(state, side, loc["hex"]) \
                and target(state, side, loc["hex"]):
            out.append(u)
    return out


def mark(state: State, side: str, scouts: list[str]) -> None:
    """The scouts stay with the enemy task force in their hex (in place)."""
    for u in scouts:
        rec = state["units"][u]
        h = rec["location"]["hex"]
        rec["box"], rec["location"] = BOX, {"shadows": target(state, side, h), "hex": h,
                                            "from": rec["location"].get("from")}
        state["log"].append(entry(side, f"{rec['name']} stays over {h} to shadow the enemy task force there instead "
                                        f"of landing; it reports where it goes after the next Sea Movement Step "
                                        f"(12d2).", at=landing_at()))


def landing_at() -> str:
    return "Air Return Phase (5)"


def report(state: State, rng) -> None:
    """After both sides' Sea Movement Steps (in place): each shadowing scout follows its task force and its side
    searches the hex it is in now (3d3.2 or 15a1), after 15b1's roll if enemy CAP is over it. B's scouts first (3)."""
    order = [state["sides"][w] for w in ("B", "A")] if state.get("sides") else ["allied", "japanese"]
    for side in order:
        for u in cards.in_box(state, side, BOX):
            rec = state["units"][u]
            tf = state["task_forces"].get(rec["location"].get("shadows") or "")
            h = tf["hex"] if tf and tf["hex"] is not None else rec["location"]["hex"]
            rec["box"], rec["location"] = "flying", {"hex": h, "from": rec["location"].get("from"), "shadowed": True}
            state["log"].append(entry(side, f"{rec['name']}, shadowing, follows the enemy task force to {h} and "
                                            f"reports (12d2).", at=AT, hex=h))
            lost = scout_losses.enters(state, side, [u], h, AT, rng)  # 15b1: "or was used to shadow"
            search.answer(state, side, h, "Shadowing report", AT, rng)
            if lost:
                scout_losses.lose(state, [u])
