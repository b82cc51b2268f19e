"""The after-action report's figures (optional `report` member of the rules contract), written for a person.

The Victory Calculation line by line (`vp`: what earned or cost the Allies how many VP) and the total (`score`).
Nothing in this game is lost or sunk, so `losses` is empty and the report draws no loss chart.
"""
from __future__ import annotations

from typing import Any

from app.games.pacific_war_1942 import board, data

State = dict[str, Any]


def _item(line: dict[str, Any]) -> str:
    each = data.VP[line["id"]]["vp"]
    return line["text"] + (f" ({line['count']} × {each:+d} VP)" if line["count"] > 1 else "")


def report(state: State) -> dict[str, Any]:
    sc = board.score(state)
    return {"vp": [{"earned_by": "allied", "item": _item(line), "vp": line["vp"]} for line in sc["lines"]],
            "score": {"allied": sc["total"]}, "band": sc["band"]["text"],
            "losses": {}, "when": {"turn": state["turn"]}}
