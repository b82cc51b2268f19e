"""Option 12d, patrols and shadowing (reconstructed: the section is not transcribed). What survives are two
references: 11e ("at the conclusion of an Air Return Phase ..., after all air units have been landed and/or marked to
patrol (see option 12d)") and 15b1 (a scout "used to 'shadow' (see option 12d2) a task force marker"). So both are
decided in the Air Return Phase, as the order that lands the air units:

- patrols (12d, the part 11e names): a flying fighter over a friendly task force marker or base may be marked to
  patrol instead of landing. It goes into that task force's or base's High or Low CAP box (14a2) and stays there
  through the next Turn, defending as CAP; it flies back after that Turn's Combat Phase and lands in its Air Return
  Phase like any CAP fighter (combat/air_play.cap_returns). Only fighters: the CAP boxes are theirs (14).
- shadowing (12d2): shadowing.py.

Neither may be marked when the next Turn is a night Turn (no air unit flies at night, 3a1). The Air Return order is
landing.py's `land`, with two optional parts, `patrol` {fighter: "high" | "low"} and `shadow` [scouts]; the air units
in them are not landed. Every value is in data/options.toml [patrols] with its provenance.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone
from app.engine.orders import Assignment, Optional, Several
from app.games.guadalcanal import cards, forms, landing, shadowing
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.assembly import CAP_CHOICES, CAP_LABEL, card_news
from app.games.guadalcanal.gamedata import AIR, ALL_AIR

State = dict[str, Any]
AT = landing.AT
VERBS = {"land": {**landing.VERBS["land"],
                  "patrol": Optional(Assignment(ALL_AIR, CAP_CHOICES, required=False,
                                                label="Fighters marked to patrol (12d)")),
                  "shadow": Optional(Several(ALL_AIR, label="Scouts that shadow (12d2)"))}}


def on(state: State) -> bool:
    return optional.on(state, optional.PATROLS)


def values() -> dict[str, Any]:
    return optional.values(optional.PATROLS)


allowed_now = shadowing.allowed_now  # 12d: only when the Turn that follows is a day Turn


def over(state: State, side: str, uid: str) -> str | None:
    """The friendly base, else the first friendly task force (by id), in the fighter's hex: whose CAP box it patrols
    (reconstructed: a base's CAP first, as the base does not move)."""
    h = cards.hex_of(state, uid)
    bases = [b for b in cards.units_of(state, side, "base") if cards.hex_of(state, b) == h]
    if bases:
        return bases[0]
    tfs = sorted(t for t in cards.task_forces_of(state, side) if state["task_forces"][t]["hex"] == h)
    return tfs[0] if tfs else None


def may_patrol(state: State, side: str) -> list[str]:
    """The flying fighters that may be marked to patrol now."""
    if not allowed_now(state):
        return []
    return [u for u in cards.in_box(state, side, "flying")
            if AIR[u]["type"] in values()["patrol_types"] and over(state, side, u)]


def choices_now(state: State, side: str) -> bool:
    """Does the landing form offer option 12d's parts now (a fighter that may patrol, a scout that may shadow)?"""
    return on(state) and bool(may_patrol(state, side) or shadowing.may_shadow(state, side))


def standing_landing(state: State, side: str) -> None:
    """5 answered by the side's standing order, before the step would ask it (sequence.py's "landing")."""
    if landing.needed(state, side) and not choices_now(state, side) and landing.by_standing_order(state, side):
        landing.land_by_standing_order(state, side)


def prompt(state: State, side: str) -> dict[str, Any]:
    p = landing.prompt(state, side)
    if not on(state):
        return p
    args = p["actions"][0]["args"]
    fighters, scouts = may_patrol(state, side), shadowing.may_shadow(state, side)
    if fighters:
        args["patrol"] = forms.per_piece(fighters, {u: cards.name(state, u) for u in fighters},
                                         {u: CAP_CHOICES for u in fighters}, required=False,
                                         label="Fighters marked to patrol instead of landing (12d)", labels=CAP_LABEL,
                                         what="patrol")  # "1F10" is its landing
    if scouts:
        args["shadow"] = forms.named(scouts, {u: cards.name(state, u) for u in scouts},
                                     "Scouts that shadow the enemy task force in their hex instead of landing (12d2)",
                                     what="shadows")
    if fighters or scouts:
        # the air units kept up need no landing: the landings are then required only of the others (checked below)
        args["landings"] = dict(args["landings"], optional=list(args["landings"]["fields"]))
        p["title"] += "; or mark fighters to patrol, and scouts to shadow (12d)"
    return p


def _kept_up(action: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    args = action["args"]
    return dict(args.get("patrol") or {}), list(args.get("shadow") or [])


def _without(state: State, kept: set[str]) -> State:
    """The state as landing.py must judge it: the air units kept up are not among the flying ones."""
    if not kept:
        return state
    units = dict(state["units"])
    for u in kept:
        units[u] = dict(units[u], box="kept_up")
    return dict(state, units=units)


def check(state: State, side: str, action: dict[str, Any]) -> None:
    patrol, shadow = _kept_up(action)
    if (patrol or shadow) and not on(state):
        raise IllegalAction("Patrols and shadowing (option 12d) are not played in this game: land every air unit.",
                            "12d")
    if (patrol or shadow) and not allowed_now(state):
        raise IllegalAction("The next Turn is a night Turn, when no air unit may fly (3a1): no air unit may be "
                            "marked to patrol or to shadow now; land them all.", "12d")
    fighters, scouts = set(may_patrol(state, side)), set(shadowing.may_shadow(state, side))
    for u in patrol:
        if u not in fighters:
            raise IllegalAction(f"{cards.name(state, u) if u in state['units'] else u} cannot patrol: only one of "
                                f"your flying fighters over a friendly task force or base may be marked to patrol.",
                                "12d")
    for u in shadow:
        if u not in scouts:
            raise IllegalAction(f"{cards.name(state, u) if u in state['units'] else u} cannot shadow: only one of "
                                f"your flying scouts in a hex where your side spotted an enemy task force this Turn "
                                f"may shadow it.", "12d2")
    kept = set(patrol) | set(shadow)
    if set(patrol) & set(shadow) or kept & set(action["args"]["landings"]):
        raise IllegalAction("An air unit either lands, patrols or shadows: name it in one of them only.", "12d")
    landing.check(_without(state, kept), side, action)


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    patrol, shadow = _kept_up(action)
    if not (patrol or shadow):
        return landing.resolve(state, side, action, rng)
    s = clone(state)
    for u, box in patrol.items():
        where = over(s, side, u)
        rec = s["units"][u]
        rec["box"] = f"{box}_cap"
        rec["location"] = ({"tf": where} if where in s["task_forces"] else {"base": where}) | \
            {"from": rec["location"].get("from"), "patrol": True, "over": rec["location"]["hex"]}
        name = s["task_forces"][where]["name"] if where in s["task_forces"] else cards.area_name(s, where)
        card_news(s, side, f"{rec['name']} is marked to patrol: it stays in the {box.title()} CAP box of {name} "
                           f"until the next Turn's Combat Phase is over (12d).", AT)
    shadowing.mark(s, side, shadow)
    landed = landing.resolve(_without(s, set(patrol) | set(shadow)), side, action, rng)
    for u in set(patrol) | set(shadow):  # landing.py's copy saw them as kept up: their own records stand
        landed["units"][u] = s["units"][u]
    return landed


def random(state: State, side: str, rng) -> dict[str, Any]:
    """A random legal order: now and then a fighter patrols or a scout shadows, the rest land at random."""
    fighters, scouts = may_patrol(state, side), shadowing.may_shadow(state, side)
    patrol = {u: rng.choice(list(CAP_CHOICES)) for u in fighters if rng.die(2) == 1}
    shadow = [u for u in scouts if rng.die(2) == 1]
    kept = set(patrol) | set(shadow)
    order = landing.random(_without(state, kept), side, rng)
    if on(state) and fighters:
        order["args"]["patrol"] = patrol
    if on(state) and scouts:
        order["args"]["shadow"] = shadow
    return order


def default(state: State, side: str) -> dict[str, Any]:
    """A missed order: every unit lands (landing.default), none patrols or shadows (the form's parts left empty)."""
    order = landing.default(state, side)
    if on(state) and may_patrol(state, side):
        order["args"]["patrol"] = {}
    if on(state) and shadowing.may_shadow(state, side):
        order["args"]["shadow"] = []
    return order
