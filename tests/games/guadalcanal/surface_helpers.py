"""A small surface battle for option 16's tests: ships placed by hand on the Battleboard, scripted dice."""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal.combat import units


def battle(ships: dict[str, tuple[str, str]], *, night: bool = True, modifier: int = 0, turn: int = 1,
           breakoff_after: int = 0, base: tuple[str, str] | None = None) -> dict[str, Any]:
    """`ships` {uid: (hex, facing)}; `base` (uid, hex) for a ship-against-base battle (16j)."""
    us = {}
    for uid in [*ships, *([base[0]] if base else [])]:
        rec = units.record(uid)
        us[uid] = {"side": rec["side"], "kind": rec["kind"], "type": rec["type"], "face": "front", "hits": 0,
                   "started_back": False, "box": "battleboard", "location": {"battleboard": True}}
    return {"units": us, "scenario": None, "log": [],
            "surface": {"night": night, "turn": turn, "sides": {"A": "allied", "B": "japanese"},
                        "ships": {u: {"at": h, "facing": f} for u, (h, f) in ships.items()},
                        "base": base[0] if base else None, "base_at": base[1] if base else None,
                        "torpedoes": [], "fired": [], "gunned": [], "breaking": [], "broken_off": [],
                        "breakoff_after": breakoff_after, "night_modifier": modifier}}
