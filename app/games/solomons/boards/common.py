"""What every Solomons board shares: place names (board_view.py), a unit and a task force as the forms show
them (own side, from the view), and where a form starts (pending orders or the rules' default)."""
from __future__ import annotations

from typing import Any

from app.games.solomons import board
from app.games.solomons.board_view import unit_label

AIR_MISSIONS = (("attack", "Attack a task force"), ("bombard", "Bombard Guadalcanal airbase"),
                ("cap_area", "Area CAP"), ("cap_point", "Point Defense CAP"))


def unit_info(view: dict[str, Any], uid: str) -> dict[str, Any]:
    u = (view.get("units") or {}).get(uid, {})
    s = board.strength(uid)
    return {"id": uid, "name": u.get("name") or board.unit_name(uid), "type": board.unit_type(uid),
            "label": unit_label(view, uid),
            "status": u.get("status"), "cargo": u.get("cargo") or {"ground": 0, "supply": 0}, "nac": u.get("nac", 0),
            "attack": s.get("attack", 0), "defense": s.get("defense", 0), "bombardment": s.get("bombardment", 0),
            "aa": s.get("aa", 0), "capacity": s.get("capacity", 0), "cargo_capacity": s.get("cargo_capacity", 0),
            "sortied": u.get("sortied", False)}


def tf_label(tf: dict[str, Any]) -> str:
    return f"TF {tf['number']}"


def has_type(tf: dict[str, Any], types: tuple[str, ...]) -> bool:
    return any(board.unit_type(u) in types for u in tf["units"])


def start_args(view: dict[str, Any], prompt: dict[str, Any] | None) -> dict[str, Any]:
    """A form starts from the side's own pending orders when it is revising, else the always-legal default."""
    info = (prompt or {}).get("info") or {}
    if info.get("submitted") and view.get("pending"):
        return view["pending"]
    return info.get("default") or {}

