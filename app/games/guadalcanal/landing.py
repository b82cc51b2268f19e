"""The Air Return Phase (5): every flying air unit lands, if it can, within its movement factor (5a2), where its
basing colour allows (5a1), within capacity (5a3), into the Arming box there (5b); one that cannot is eliminated
(5c)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone, entry
from app.engine.orders import Assignment, Boolean, Optional
from app.games.guadalcanal import cards, forms, searchboard, standing_orders
from app.games.guadalcanal.assembly import card_news
from app.games.guadalcanal.combat.damage import factor
from app.games.guadalcanal.gamedata import AIR, ALL_AIR, BASES, LANDING_PLACES, SHIPS

State = dict[str, Any]
ELIMINATED = "eliminated"
VERBS = {"land": {"landings": Assignment(ALL_AIR, (*LANDING_PLACES, ELIMINATED), required=False, label="Landings"),
                  # issue 34: keep or cancel the landing's standing order (below)
                  "standing": Optional(Boolean(label="Standing order"))}}
AT = "Air Return Phase (5)"
CARRIERS = {"white": ("CV", "CVL"), "yellow": ("AV",), "green": ()}  # 5a1; every colour may land at a base


def needed(state: State, side: str) -> bool:
    return bool(cards.in_box(state, side, "flying"))


def may_land(state: State, uid: str, place: str) -> bool:
    """5a1 basing and 5a2 reach (capacity is counted over the whole order)."""
    rec = state["units"].get(place)
    if rec is None or rec["box"] == "eliminated" or rec["side"] != state["units"][uid]["side"]:
        return False
    if place not in BASES and (place not in SHIPS or SHIPS[place]["type"] not in CARRIERS[AIR[uid]["basing"]]):
        return False
    here, there = cards.hex_of(state, uid), cards.hex_of(state, place)
    return there is not None and searchboard.distance(here, there) <= AIR[uid]["mf"]


def places(state: State, uid: str) -> list[str]:
    side = state["units"][uid]["side"]
    return [p for p in cards.air_areas(state, side) if may_land(state, uid, p)]


def room(state: State, place: str, landings: dict[str, str]) -> int:
    taken = len(cards.aboard(state, place)) + sum(1 for p in landings.values() if p == place)
    return cards.capacity(state, place) - taken


def prompt(state: State, side: str) -> dict[str, Any]:
    flying = cards.in_box(state, side, "flying")

    def label(u: str, p: str) -> str:
        if p == ELIMINATED:
            return "eliminated (cannot land, 5c)"
        return f"{cards.area_name(state, p)} ({cards.hex_of(state, p)}, room " \
               f"{cards.capacity(state, p) - len(cards.aboard(state, p))})"
    # issue 34: each unit by name, offered only where it may land with room; and 5c, "that side's player makes the
    # choice" of which units are eliminated when there is not room for all: when the missed order (every unit to
    # its nearest place with room) leaves some unit nowhere to land, every unit that could take its room may be
    # the one given up instead (a scout rather than a strike unit: 2 VP against 0, 7a3.1)
    may_yield = may_give_up(state, side)
    landings = forms.per_piece(flying, {u: cards.name(state, u) for u in flying},
                               {u: tuple(p for p in places(state, u) if room(state, p, {}) > 0)
                                + ((ELIMINATED,) if u in may_yield else ()) for u in flying}, required=True,
                               label="Landings", labels=label)
    keep = Optional(Boolean(label=standing_orders.LABELS["landing"])).to_json()
    return {"title": "Air Return Phase: land every flying air unit (into the Arming box where it lands)", "rule": "5",
            "info": {"kind": "air_return", "default": {"standing": standing_orders.on(state, side, "landing")}},
            "actions": [{"verb": "land", "label": "Land", "args": {"landings": landings, "standing": keep}}]}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    landings = action["args"]["landings"]
    flying = cards.in_box(state, side, "flying")
    for u in flying:
        if u not in landings:
            raise IllegalAction(f"Say where {cards.name(state, u)} lands (or that it cannot).", "5")
    for u, p in landings.items():
        if u not in flying:
            raise IllegalAction(f"{u} is not one of your flying air units.", "5")
        if p != ELIMINATED and not may_land(state, u, p):
            raise IllegalAction(f"{cards.name(state, u)} cannot land at {p}: its basing colour or movement factor "
                                f"does not allow it.", "5a")
    for p in set(landings.values()) - {ELIMINATED}:
        if room(state, p, landings) < 0:
            raise IllegalAction(f"{cards.area_name(state, p)} can take no more than {cards.capacity(state, p)} "
                                f"air units.", "5a3")
    for u, p in landings.items():
        if p == ELIMINATED:
            free = [q for q in places(state, u) if room(state, q, landings) > 0]
            if free:
                raise IllegalAction(f"{cards.name(state, u)} can still land at {cards.area_name(state, free[0])}: "
                                    f"every air unit must land if possible.", "5")


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    if "standing" in action["args"]:
        standing_orders.keep(s, side, "landing", action["args"]["standing"])
    by_place: dict[str, list[str]] = {}
    for u, p in action["args"]["landings"].items():
        by_place.setdefault(p, []).append(u)
        if p == ELIMINATED:
            s["units"][u]["box"], s["units"][u]["location"] = "eliminated", None
        else:
            s["units"][u]["box"], s["units"][u]["location"] = "arming", {"area": p}
    for p, units in by_place.items():
        if p == ELIMINATED:
            card_news(s, side, f"{cards.names(s, units)} cannot land and are eliminated (5c).", AT)
        else:
            card_news(s, side, f"{cards.names(s, units)} land in the Arming box of {cards.area_name(s, p)} (5b).", AT)
    return s


def may_give_up(state: State, side: str) -> set[str]:
    """5c: the flying units the player may choose to eliminate: none while every unit finds room (the missed order
    eliminates none); else those the missed order crowds out and every unit that could take their room."""
    flying = cards.in_box(state, side, "flying")
    missed = default(state, side)["args"]["landings"]
    contested = {p for v in flying if missed[v] == ELIMINATED for p in places(state, v)}
    return {u for u in flying if missed[u] == ELIMINATED or contested & set(places(state, u))}


def _assign(state: State, side: str, pick, first=None) -> dict[str, Any]:
    """Each flying unit in turn (in the order `first` sorts them, if given) to the place `pick` takes among those
    with room left; a unit left without one is eliminated (5c)."""
    landings: dict[str, str] = {}
    for u in sorted(cards.in_box(state, side, "flying"), key=first or (lambda u: 0)):
        free = [p for p in places(state, u) if room(state, p, landings) > 0]
        landings[u] = pick(u, free) if free else ELIMINATED
    return {"verb": "land", "args": {"landings": landings}}


def random(state: State, side: str, rng) -> dict[str, Any]:
    """A random landing order; the missed order instead when the draws crowd out a unit the form would not offer to
    give up (5c: only when room is short, `may_give_up`)."""
    order = _assign(state, side, lambda u, free: rng.choice(free))
    given_up = {u for u, p in order["args"]["landings"].items() if p == ELIMINATED}
    if given_up - may_give_up(state, side):
        return default(state, side)
    return order


def default(state: State, side: str, first=None) -> dict[str, Any]:
    """A missed landing order: the nearest place with room."""
    return _assign(state, side, lambda u, free: min(
        free, key=lambda p: (searchboard.distance(cards.hex_of(state, u), cards.hex_of(state, p)), p)), first)


# --- 5: the landing's standing order (issue 34) -------------------------------------------------------------------

def standing_order(state: State, side: str) -> dict[str, Any]:
    """The standing order's landings: each unit to the nearest place with room, the combat units first and the
    strongest bombers (their bombing factor now) first among them, so that when room is short (5c) the scouts are
    the ones given up (an eliminated scout scores the enemy nothing, a combat air unit 2: 7a3.1), then the weakest
    bombers."""
    return default(state, side, first=lambda u: (not cards.is_combat(u), -(factor(state, u, "bombing") or 0), u))


def by_standing_order(state: State, side: str) -> bool:
    """The side's landing is answered by its standing order when it is on (a unit that may patrol or shadow under
    option 12d is the caller's to rule out)."""
    return standing_orders.on(state, side, "landing")


def land_by_standing_order(state: State, side: str) -> None:
    """Carry out the standing order (the step is not asked). Changes `state` in place; the side is told why it was
    not asked, the first time."""
    landed = resolve(state, side, standing_order(state, side), None)
    state.clear()
    state.update(landed)
    if standing_orders.first_told(state, side, "told_landing"):
        state["log"].append(entry(side, "Your air units landed by your standing order, each at the nearest place "
                                        "with room; when room is short the scouts are given up first, then the "
                                        "weakest bombers (5, 5c). Untick the order among the standing orders of the "
                                        "Sea Movement form to land them yourself.",
                                  at=f"{AT}, standing order"))
