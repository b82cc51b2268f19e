"""Option 16 in scenarios 1-4: the surface combats of the Combat Phase (16a-16d7), after its air combats.

Each hex where task force markers of both sides stand makes contact or not by what each side learned there this Turn
(16a: "exact" information, or 2X/3X with option 15a); a one-sided contact waits on that side's choice. A battle is the
surface package's decision (battle.py) on `state["surface"]`, with the ships of the task forces in the hex
(`in_battle`); its end (16d7) returns every ship to its task force, as the battle's end procedure (4e) does: the ships
never leave their task forces' Ships boxes in this model, only their damage and eliminations remain. The hexes still
to fight wait in `state["surface_queue"]`.
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.guadalcanal import timetrack
from app.games.guadalcanal.combat.tables import STEP
from app.games.guadalcanal.gamedata import GRID, SIDES
from app.games.guadalcanal.surface import battle, contact
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]
OPTION = "surface"


def _at(state: State) -> str:
    return f"{timetrack.label(state['time'])}: Surface combat (16)"


def contact_hexes(state: State) -> list[str]:
    """16a: the hexes holding task force markers of both sides."""
    where = {side: {tf["hex"] for t, tf in state["task_forces"].items() if tf["side"] == side and tf["hex"]
                    and ships_of(state, [t])} for side in SIDES}
    return sorted(where["allied"] & where["japanese"])


def knows(state: State, side: str, hex_id: str) -> bool:
    """16a: the side's search results in the hex this Turn were "exact" (3d3.2), or 2X/3X under option 15a."""
    now = timetrack.label(state["time"])
    exact = section("campaign")["exact_results"]
    return any(c.get("hex") == hex_id and c.get("seen") == now and (c.get("exact") or c.get("result") in exact)
               for c in state["boards"][side]["contacts"].values())


def task_forces_at(state: State, side: str, hex_id: str) -> list[str]:
    return sorted(t for t, tf in state["task_forces"].items() if tf["side"] == side and tf["hex"] == hex_id)


def ships_of(state: State, tfs: list[str]) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r.get("kind") == "ship" and r["box"] == "ships"
                  and (r.get("location") or {}).get("tf") in tfs)


def heading(tf: dict[str, Any]) -> str | None:
    """16b1: the direction the marker moved when it entered its hex (from `entered_from`), None if it never moved."""
    if not tf.get("entered_from") or tf["entered_from"] == tf["hex"]:
        return None
    (q, r), (q2, r2) = GRID.axial(tf["entered_from"]), GRID.axial(tf["hex"])
    return next((f for f, d in STEP.items() if d == (q2 - q, r2 - r)), None)


def relation(state: State, hex_id: str) -> str:
    """16b2 from the headings; a marker that has not moved since its set-up has no front facing yet, and such a battle
    sets up facing opposite ways (reconstructed: `unmoved_gives` in surface.toml)."""
    heads = {side: [h for t in task_forces_at(state, side, hex_id)
                    if (h := heading(state["task_forces"][t])) is not None] for side in SIDES}
    if not heads["allied"] or not heads["japanese"]:
        return section("campaign")["unmoved_gives"]
    return contact.relation(heads["allied"], heads["japanese"])


def night_modifier(state: State) -> int:
    """16k3 for scenarios 1-4: by the Turn's month (reconstructed in surface.toml), 0 for a month not listed."""
    month = timetrack.label(state["time"]).split()[0].lower()[:3]
    return section("night_modifier_by_month").get(month, 0) if timetrack.is_night(state) else 0


def phase(state: State, rng) -> bool:
    """The surface combats after the Combat Phase's air combats: find the contact hexes and fight them one by one.
    True when every one is over, False while one waits on a decision."""
    state["surface_queue"] = contact_hexes(state)
    return _next(state, rng)


def _next(state: State, rng) -> bool:
    while state.get("surface_queue"):
        h = state["surface_queue"].pop(0)
        if _open(state, h, rng):
            return False
    state.pop("surface_queue", None)
    return True


def _open(state: State, hex_id: str, rng) -> bool:
    """16a: make contact in `hex_id` or not; True when a battle (or a side's choice of one) now waits."""
    allied, japanese = knows(state, "allied", hex_id), knows(state, "japanese", hex_id)
    decides = contact.contact(allied, japanese)
    if decides is None:
        return False  # neither side saw the other there: no contact, and nobody is told
    tfs = {side: task_forces_at(state, side, hex_id) for side in SIDES}
    ships = ships_of(state, tfs["allied"] + tfs["japanese"])
    night = timetrack.is_night(state)
    state["surface"] = {"night": night, "turn": 1, "scenario": None, "hex": hex_id, "in_battle": ships,
                        "sides": {"A": state["sides"]["A"], "B": state["sides"]["B"]}, "ships": {}, "base": None,
                        "torpedoes": [], "fired": [], "gunned": [], "breaking": [], "broken_off": [],
                        "breakoff_after": 0, "night_modifier": night_modifier(state),
                        "relation": relation(state, hex_id), "setup": {}}
    if decides == contact.FIGHT:
        state["log"].append(entry(PUBLIC, f"Surface contact in {hex_id} (16a): both sides hold exact information "
                                          f"there; a surface combat is fought. Side B sets up first (16c).",
                                  at=_at(state), hex=hex_id))
        battle.start(state)
    else:
        state["surface"]["step"] = {"kind": "contact", "side": decides}
    return True


def ended(state: State, rng) -> None:
    """After each decision of a battle: at its end (16d7) the ships go back to their task forces (4e) and the next
    contact hex is taken up. A battle declined (16a: the one side that knows chose no contact) ends the same way."""
    s = state.get("surface")
    if not s or s["step"]["kind"] != "over":
        return
    if s.get("declined"):
        pass  # told to the side that chose, alone (battle.py)
    else:
        lost = [battle.name(u) for u in s["in_battle"] if state["units"][u]["box"] == "eliminated"]
        state["log"].append(entry(PUBLIC, f"The surface combat in {s['hex']} is over: the ships return to their task "
                                          f"forces (16d7, 4e)" + (f"; lost: {', '.join(lost)}" if lost else "")
                                  + ".", at=_at(state), hex=s["hex"]))
    state.pop("surface")
    _next(state, rng)


def over(state: State) -> bool:
    return "surface" not in state and not state.get("surface_queue")

