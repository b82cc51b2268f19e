"""The position of the Battle Manual's example 10 (October 27, Turn 2) at the start of its Combat Phase (10b), built
directly in the state shape the Combat Phase reads, so the example's battles can be replayed roll for roll through
the same functions that play real games (tests, and a sandbox game that shows the example).

10a: Japan is Side A (rolls 4 against 6). TF 17 (Hornet, Juneau, Pensacola, DD #6) moved to P4; S8 and VV were
readied on Hornet; B8 and T6 flew to N2, where the Advance Force (Junyo, Haruna, Kongo, Isuzu) is; scout SS ended
in M3. A Japanese strike (1ZT, 2ZT, 1SD, 2SD: example 10b2) reached P4.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.games.guadalcanal import standing_orders
from app.games.guadalcanal.combat import units as u


def _unit(side: str, location: dict[str, str] | None, box: str, face: str = "front", hits: int = 0) -> dict[str, Any]:
    return {"side": side, "face": face, "hits": hits, "location": location, "box": box}


def example_10_state(ready_on_hornet: tuple[str, ...] = ("us-s8", "us-vv")) -> State:
    """The state after 10a's Action Phase. `ready_on_hornet` lets a test put only the scout VV in Hornet's Ready
    box (the 10b2 remark on 4d3.3)."""
    us, ij = "allied", "japanese"
    units: dict[str, Any] = {
        "us-hornet": _unit(us, {"tf": "us-tf17"}, "ships"),
        "us-juneau": _unit(us, {"tf": "us-tf17"}, "ships"),
        "us-pensacola": _unit(us, {"tf": "us-tf17"}, "ships"),
        "us-dd6": _unit(us, {"tf": "us-tf17"}, "ships"),
        "us-b8": _unit(us, {"hex": "N2"}, "flying"),
        "us-t6": _unit(us, {"hex": "N2"}, "flying"),
        "us-ss": _unit(us, {"hex": "M3"}, "flying"),
        "ij-junyo": _unit(ij, {"tf": "ij-advance-force"}, "ships"),
        "ij-haruna": _unit(ij, {"tf": "ij-advance-force"}, "ships"),
        "ij-kongo": _unit(ij, {"tf": "ij-advance-force"}, "ships"),
        "ij-isuzu": _unit(ij, {"tf": "ij-advance-force"}, "ships"),
        "ij-1zt": _unit(ij, {"hex": "P4"}, "flying"),
        "ij-2zt": _unit(ij, {"hex": "P4"}, "flying"),
        "ij-1sd": _unit(ij, {"hex": "P4"}, "flying"),
        "ij-2sd": _unit(ij, {"hex": "P4"}, "flying"),
    }
    for a in ("us-s8", "us-vv"):
        units[a] = _unit(us, {"area": "us-hornet"}, "ready" if a in ready_on_hornet else "arming")
    return {
        "units": units,
        "task_forces": {"us-tf17": {"side": us, "name": "Task Force 17", "hex": "P4"},
                        "ij-advance-force": {"side": ij, "name": "Advance Force", "hex": "N2"}},
        "sides": {"A": ij, "B": us},
        "log": [],
        # 10b chooses its bombing combats one by one (Junyo's dive bombing, then the torpedoes), and 10's Side A
        # orders its two battles; the set-ups and AA are the example's own: asked, not answered by standing orders
        "standing": standing_orders.cancelled((us, ij)),
    }


def position(task_forces: dict[str, str] | None = None, ships: dict[str, str] | None = None,
             bases: dict[str, str] | None = None, air: dict[str, str] | None = None,
             aboard: dict[str, tuple[str, str]] | None = None, side_a: str = "japanese") -> State:
    """A searchboard position in the Combat Phase's state shape, for rules cases and sandboxes:
    task_forces {tf: hex}; ships {ship: tf}; bases {base: hex}; air {air unit: hex it flew to};
    aboard {air unit: (ship or base, "arming"|"ready")}."""
    def side(uid: str) -> str:
        return (u.task_forces().get(uid) or u.record(uid))["side"]

    out: dict[str, Any] = {}
    for s, tf in (ships or {}).items():
        out[s] = _unit(side(s), {"tf": tf}, "ships")
    for b, h in (bases or {}).items():
        out[b] = _unit(side(b), {"hex": h}, "base")
    for a, h in (air or {}).items():
        out[a] = _unit(side(a), {"hex": h}, "flying")
    for a, (carrier, box) in (aboard or {}).items():
        out[a] = _unit(side(a), {"area": carrier}, box)
    tfs = {tf: {"side": side(tf), "name": u.task_forces()[tf]["name"], "hex": h}
           for tf, h in (task_forces or {}).items()}
    other = "allied" if side_a == "japanese" else "japanese"
    # the printed examples ask every question of their Combat Phase: no standing orders (standing.py)
    return {"units": out, "task_forces": tfs, "sides": {"A": side_a, "B": other}, "log": [],
            "standing": standing_orders.cancelled((side_a, other))}
