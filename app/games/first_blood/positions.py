"""A position at a given step with only the named pieces in play: what the tutorials start from (the rulebook's
figures) and what the rules tests set up."""
from __future__ import annotations

from app.games.first_blood.gamedata import turn_label
from app.games.first_blood.records import new_state
from app.games.first_blood.sequence import TURN


def position(kind: str, side: str, turn: int = 1, units: dict | None = None, air: dict | None = None,
             strips: dict | None = None) -> dict:
    """`units` {id: place ("0708" for a hex, "box:A", "entry:ij-east")}; `air` {id: place}. Every other piece is
    out of play (eliminated) so that nothing else interferes."""
    s = new_state()
    s["turn"] = turn
    for u in s["units"].values():
        u["loc"] = "eliminated"
    for a in s["air"].values():
        a["loc"] = "eliminated"
    for uid, place in (units or {}).items():
        s["units"][uid]["loc"] = place if ":" in place else f"hex:{place}"
    for aid, place in (air or {}).items():
        if aid not in s["air"]:  # an IJ naval or air unit, "ij-<role>-<turn>-<n>" as the arrivals name them
            _, role, t, n = aid.split("-")
            when = turn_label(int(t) if t.isdigit() else turn)
            s["air"][aid] = {"id": aid, "name": f"IJ {role} {when} #{n}", "side": "ij", "role": role,
                             "loc": "", "arrive": turn, "face": "up", "target": None}
        s["air"][aid]["loc"] = place
    for h, status in (strips or {}).items():
        s["strips"][h].update(status=status, built=status == "oper" or s["strips"][h]["built"])
    index = next(i for i, step in enumerate(TURN) if (step.kind, step.who) == (kind, side))
    s["step"] = {"part": "turn", "kind": kind, "side": side, "index": index}
    s["log"] = []
    return s
