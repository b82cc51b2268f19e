"""Option 14 at set-up: fighter units are used only with this option (14 intro), so a game played with it gets the
scenario's fighters in the Arming boxes of their carriers, or spread between the Allied bases (7e2), as the other
air units are (7a2.3); the lists are data/options.toml [fighters.*_carriers] and [fighters.allied_land], each with
its provenance. Scenario 1 is a Basic Game scenario: it has none."""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal import options
from app.games.guadalcanal.cards import new_unit as _unit
from app.games.guadalcanal.gamedata import AIR

State = dict[str, Any]


def set_up(state: State) -> None:
    if not options.on(state, options.FIGHTERS):
        return
    table, sc = options.table()["fighters"], state["scenario"]
    back = set(table["allied_land"].get("back", []))
    tf_of = {}
    for rec in (state.get("entering") or {}).values():  # 7e2: a task force entering later holds its carriers
        tf_of.update({u: rec["units"] for u, x in rec["units"].items() if x["kind"] == "ship"})
    for key in ("allied_carriers", "japanese_carriers"):
        for carrier, fighters in (table[key].get(sc) or {}).items():
            units = tf_of.get(carrier, state["units"])
            if carrier not in units:
                continue
            for f in fighters:
                units[f] = _unit(f, "air", AIR[f], {"area": carrier}, "arming", back)
    land = table["allied_land"].get(sc) or []
    spread = (state.get("spread") or {}).get("allied")
    if land and spread:
        for f in land:
            state["units"][f] = _unit(f, "air", AIR[f], {"area": spread["bases"][0]}, "arming", back)
            spread["air"].append(f)
