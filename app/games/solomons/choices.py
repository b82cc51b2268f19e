"""The legal choices a prompt lists for a side (the contract's "enumerated values"): only that side's own
forces and what the rules have shown it of the enemy. Forms and computer players build orders from these."""
from __future__ import annotations

from typing import Any

from app.games.solomons import air_orders, allocation, board, intentions, placement, plot, turn
from app.games.solomons.sequence import current, plot_phase
from app.games.solomons.units import at_sea, side_tfs

State = dict[str, Any]


def for_side(state: State, side: str, kind: str) -> dict[str, Any]:
    if kind == "placement":
        return {"ships": {uid: {"at": base, "bases": placement.destinations(state, side, uid)}
                          for uid, base in placement.movable(state, side).items()}}
    if kind == "intelligence":
        return {"questions": [{"key": k, "rule": r, "text": t, "qualifies": q} for k, r, t, q in intentions.QUESTIONS],
                "truk_released": bool((state["truk_sortie"] or {}).get("released"))}
    if kind == "cag_training":
        carriers, untrained = turn.trainable(state, side)
        return {"carriers": {c: board.strength(c)["capacity"] - state["units"][c]["nac"] for c in carriers},
                "untrained": untrained}
    if kind == "allocation":
        places = allocation.available(state, side)
        return {"units": places, "must_allocate": sorted(allocation.must_allocate(state, side)),
                "missions": list(allocation.MISSIONS), "loading_base": allocation.LOADING_BASE[side],
                "ground_to_load": state["ground"][side].get(allocation.LOADING_BASE[side], 0)}
    if kind == "movement_plot":
        phase = plot_phase(state)
        out = {"segments": plot.phase_segments(phase),
               "task_forces": {tf["id"]: {"hex": tf["hex"], "mission": tf["mission"], "server_plotted":
                                          plot.automatic(tf)} for tf in side_tfs(state, side)},
               "truk_released": bool((state["truk_sortie"] or {}).get("released"))}
        if side == "japanese" and phase == 1:
            out["submarines"] = sorted(k for k, v in state["submarines"].items()
                                       if v["status"] in ("available", "deployed", "used"))
        return out
    if kind == "air":
        seg = current(state)["segment"]
        sources = {b: {k: air_orders.free_points(state, side, b, k, offensive=False) for k in ("lac", "nac")}
                   for b in air_orders.flying_bases(state, side)}
        sources.update({t: {"nac": air_orders.carrier_nac(state, tf)}
                        for t, tf in air_orders.carrier_forces(state, side).items()})
        targets = sorted(mid for mid, m in state["markers"][side].items()
                         if m["segment"] == seg and m["units"] and not m["submarine"])
        places = {mid: state["markers"][side][mid]["hex"] for mid in targets}
        if state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side]:
            places["guadalcanal"] = board.GUADALCANAL  # 6.23: bombard the enemy's airbase
        # 10.1, 14.64: what each source's air can reach, so a form offers only those targets
        reach = {src: {kind: [t for t, hex_ in places.items() if air_orders.in_range(state, side, src, kind, hex_)]
                       for kind in kinds} for src, kinds in sources.items()}
        return {"sources": sources, "targets": targets, "missions": list(air_orders.MISSIONS), "reach": reach}
    if kind == "reset":
        forces = [tf for tf in side_tfs(state, side) if at_sea(tf) and not tf["aborted"]]
        out = {"may_abort": [tf["id"] for tf in forces], "transfers": state["day"],
               "bases": sorted(state["air"][side])}
        if side == "japanese":
            out["may_change_to_anti_ship"] = [tf["id"] for tf in side_tfs(state, side)
                                              if tf["mission"] in ("transport", "bombardment")]
        return out
    return {}
