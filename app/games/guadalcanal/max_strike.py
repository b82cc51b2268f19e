"""Option 12b-12c, the Max. Strike box (reconstructed: the sections are not transcribed; the box is on every task force
and base area of the Operations Cards, 2c, and 13a1 flies its units apart from the Normal Strike box's).

In the Assembly Step a ship or base may spot a deck load: up to its launch factor times `launch_multiple` combat air
units go from its Ready box to its Max. Strike box. They stay On Board / On Ground there (capacity, 2c4; lost with
their ship or base, 4b5; they still count as ready aircraft on deck for 4d3.3's +4) and take off together at the
next day Turn's Assembly Step, outside the launch factor, into the Normal Strike box as a strike of their own (13a1).
Values and provenance: data/options.toml [max_strike].
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Optional, Several
from app.games.guadalcanal import cards, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import BASES

State = dict[str, Any]
BOX = "max_strike"
RULE = "12b"
AT = "Action Phase, Assembly Step (3a, 12b)"


def limit(state: State, area: str) -> int:
    """The most units a ship or base may hold in its Max. Strike box (reconstructed 12b)."""
    return cards.launch_factor(state, area) * optional.values(optional.MAX_STRIKE)["launch_multiple"]


def candidates(state: State, side: str) -> list[str]:
    """The side's combat air units (not scouts) in Ready boxes: those that may be spotted for a Max. Strike."""
    if not optional.on(state, optional.MAX_STRIKE):
        return []
    return [u for u in cards.in_box(state, side, "ready") if cards.is_combat(u)]


def prompt_args(state: State, side: str) -> dict[str, Any]:
    ready = candidates(state, side)
    if not ready:
        return {}
    return {"max_strike": Optional(Several(tuple(ready), labels=tuple(state["units"][u]["name"] for u in ready),
                                           label="Combat air units spotted to the Max. Strike box "
                                                               "(they take off next day Turn, 12b)")).to_json()}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    chosen = action["args"].get("max_strike") or []
    if chosen and not optional.on(state, optional.MAX_STRIKE):
        raise IllegalAction("The Max. Strike box is used only with option 12b (2c NOTE).", RULE)
    if chosen and timetrack.is_night(state):
        raise IllegalAction("No air units may be readied for a strike during night Turns.", "3a1")
    taking_off = set(action["args"]["units"]) | set(action["args"].get("cap") or {})
    count: dict[str, int] = {}
    for u in chosen:
        rec = state["units"][u]
        if u not in candidates(state, side):
            raise IllegalAction(f"{rec['name'] if rec['side'] == side else u} cannot go to the Max. Strike box: only "
                                "your combat air units (not scouts) in Ready boxes may (12b, 3a2).", RULE)
        if u in taking_off:
            raise IllegalAction(f"{rec['name']} either takes off now or waits in the Max. Strike box, not both.",
                                RULE)
        area = rec["location"]["area"]
        count[area] = count.get(area, 0) + 1
    for area, n in count.items():  # a deck load spotted earlier takes off first in this step (launch)
        if n > limit(state, area):
            raise IllegalAction(f"{cards.area_name(state, area)}'s Max. Strike box holds at most {limit(state, area)} "
                                f"air units (its launch factor times "
                                f"{optional.values(optional.MAX_STRIKE)['launch_multiple']}), not {n}.", RULE)


def spot(s: State, side: str, chosen: list[str], news: Callable[..., None]) -> None:
    """Ready box to Max. Strike box, on the same ship or base."""
    by_area: dict[str, list[str]] = {}
    for u in chosen:
        s["units"][u]["box"] = BOX
        by_area.setdefault(s["units"][u]["location"]["area"], []).append(u)
    for area, units in by_area.items():
        news(s, side, f"{cards.names(s, units)} are spotted in the Max. Strike box of {cards.area_name(s, area)}: "
                      "they take off at the next day Turn's Assembly Step (12b, reconstructed).", AT)


def launch(s: State, side: str, news: Callable[..., None]) -> None:
    """The deck loads spotted in an earlier Turn take off, outside the launch factor, to the Normal Strike box of
    their base or task force, marked as a strike of their own (13a1)."""
    by_area: dict[str, list[str]] = {}
    for u in cards.in_box(s, side, BOX):
        by_area.setdefault(s["units"][u]["location"]["area"], []).append(u)
    for area, units in by_area.items():
        where = {"base": area} if area in BASES else {"tf": s["units"][area]["location"]["tf"]}
        for u in units:
            s["units"][u]["box"], s["units"][u]["location"] = "normal_strike", {**where, "from": area,
                                                                                "strike": "max"}
        name = cards.area_name(s, area) if area in BASES else s["task_forces"][where["tf"]]["name"]
        news(s, side, f"Max. Strike: {cards.names(s, units)} take off from {cards.area_name(s, area)} for {name}, "
                      "outside the launch factor (12b, reconstructed).", AT)


def random_choice(state: State, side: str, taking_off: list[str], rng) -> list[str]:
    """For the random player: now and then a deck load, within each box's room."""
    out: list[str] = []
    for area in cards.air_areas(state, side):
        room = limit(state, area)
        for u in candidates(state, side):
            if state["units"][u]["location"]["area"] == area and u not in taking_off and room > 0 \
                    and rng.die(3) == 1:
                out.append(u)
                room -= 1
    return out
