"""4e1: task force reorganisation, at the end of the battles. Surviving ships go back to the Ships boxes of their
side's task force markers in their hex, not necessarily the ones they came from; this may also be done in hexes
that had no battle, and at no other time of the Turn. A marker whose Ships box is emptied leaves the searchboard;
a marker off the searchboard (a spare, or one just removed) may be placed in a hex by putting ships of that hex in
its box.

Reading (docs/games/guadalcanal.md, Combat): once every battle is fought, Side B then Side A may reorganise every
hex where it has ships (digest R21); in a Turn without battles there is no reorganisation.
`state["task_forces"][id] = {"side", "name", "hex"}`; a marker off the searchboard has `hex: None` (or no entry).
"""
from __future__ import annotations

from app.engine.contract import Action, Prompt, Role, State
from app.engine.log import entry
from app.engine.errors import IllegalAction
from app.engine.orders import Assignment, Boolean, Optional, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal import forms, standing_orders
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive

SHIPS = tuple(u for u, r in units.units().items() if r["kind"] == "ship")
MARKERS = tuple(units.task_forces())
STANDING = {"standing": Optional(Boolean(label="Standing order"))}  # issue 34: keep or cancel it (standing.py)
VERBS = {"reorganise": {"moves": Assignment(SHIPS, MARKERS, required=False, label="Ships to task forces"), **STANDING},
         "keep": dict(STANDING)}


def side_ships(state: State, side: str) -> list[str]:
    return [u for u, x in state["units"].items() if alive(state, u) and bt.kind(u) == "ship"
            and bt.side_of(u) == side and "tf" in (x.get("location") or {})]


def markers_on_board(state: State, side: str) -> list[str]:
    return [t for t, x in (state.get("task_forces") or {}).items() if x.get("side") == side and x.get("hex")]


def spare_markers(state: State, side: str) -> list[str]:
    tfs = state.get("task_forces") or {}
    held = state.get("entering") or {}  # a marker that enters later (3c, 7e2) is not a spare
    return [t for t, r in units.task_forces().items()
            if r["side"] == side and not (tfs.get(t) or {}).get("hex") and t not in held]


def check(state: State, role: Role, action: Action) -> None:
    c = bt.combat(state)
    if c["step"] != "reorganise" or not c["reorganise"] or role != c["reorganise"][0]:
        raise IllegalAction("It is not your task force reorganisation now.", "4e1")
    if action["verb"] == "keep":
        return
    mine = set(side_ships(state, role))
    on_board = set(markers_on_board(state, role))
    spares = set(spare_markers(state, role))
    spare_hex: dict[str, str] = {}
    for ship, tf in action["args"]["moves"].items():
        if ship not in mine:
            raise IllegalAction(f"{bt.name(ship)} is not one of your ships on the searchboard.", "4e1")
        here = bt.hex_of(state, ship)
        if tf in on_board:
            if bt.task_force_hex(state, tf) != here:
                raise IllegalAction(f"{units.task_forces()[tf]['name']} is not in {bt.name(ship)}'s hex: ships "
                                    "change task forces only within their hex.", "4e1")
        elif tf in spares:
            if spare_hex.setdefault(tf, here) != here:
                raise IllegalAction(f"{units.task_forces()[tf]['name']} can be placed in one hex only.", "4e1")
        else:
            raise IllegalAction(f"{units.task_forces()[tf]['name']} is not one of your task force markers.", "4e1")


def reorganise(state: State, side: str, moves: dict[str, str]) -> None:
    tfs = state.setdefault("task_forces", {})
    for ship, tf in moves.items():
        if not (tfs.get(tf) or {}).get("hex"):
            rec = units.task_forces()[tf]
            tfs[tf] = {"area": None, "entered_from": None, **tfs.get(tf, {}), "side": side, "name": rec["name"],
                       "hex": bt.hex_of(state, ship)}
        state["units"][ship]["location"] = {"tf": tf}
        state["units"][ship]["box"] = "ships"
    held = {state["units"][u]["location"]["tf"] for u in side_ships(state, side)}
    removed = [t for t in markers_on_board(state, side) if t not in held]
    for t in removed:
        tfs[t]["hex"] = None
    if moves or removed:
        # the side's own line: where its markers stand is its secret (3c); what the enemy may see of its
        # Operations Card (2c, not when umpired, 18c) is the views' business
        text = "; ".join(f"{bt.name(s)} to {units.task_forces()[t]['name']}" for s, t in moves.items())
        gone = ", ".join(units.task_forces()[t]["name"] for t in removed)
        bt.say(state, "reorganise", f"{side.title()} reorganises: " + (text or "no ships move")
               + (f"; {gone} leaves the searchboard" if gone else "") + ".", to=side, moves=moves, removed=removed)


def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
    if "standing" in action["args"]:
        set_reorganise(state, role, action["args"]["standing"])
    reorganise(state, role, action["args"]["moves"] if action["verb"] == "reorganise" else {})
    bt.combat(state)["reorganise"].pop(0)
    return state


def prompt(state: State, role: Role) -> Prompt:
    ships = side_ships(state, role)
    spares = spare_markers(state, role)
    # each ship is offered only the markers in its own hex and the spares (4e1: ships change task forces only
    # within their hex)
    offered = {s: [t for t in markers_on_board(state, role) if bt.task_force_hex(state, t) == bt.hex_of(state, s)]
               + spares for s in ships}
    moves = forms.per_piece(ships, {s: bt.name(s) for s in ships}, offered, required=False,
                            label="Ships to task forces", labels=lambda s, t: units.task_forces()[t]["name"])
    keep = args_json({"standing": Optional(Boolean(label=REORGANISE_LABEL))})
    return {"title": "Reorganise your task forces", "rule": "4e1",
            "actions": [{"verb": "reorganise", "label": "Reorganise", "args": {"moves": moves, **keep}},
                        {"verb": "keep", "label": "Keep the task forces as they are", "args": keep}],
            "info": {"ships": {s: state["units"][s]["location"]["tf"] for s in ships},
                     "default": {"standing": standing_orders.on(state, role, "reorganise")}}}


def default(state: State, role: Role) -> Action:
    return {"verb": "keep", "args": {}}


def random(state: State, role: Role, rng: Rng) -> Action:
    ships = side_ships(state, role)
    if not ships or rng.die(2) == 1:
        return {"verb": "keep", "args": {}}
    ship = rng.choice(ships)
    here = bt.hex_of(state, ship)
    choices = [t for t in markers_on_board(state, role) if bt.task_force_hex(state, t) == here]
    choices += spare_markers(state, role)[:1]
    return {"verb": "reorganise", "args": {"moves": {ship: rng.choice(choices)}}}


def deciders(state: State) -> list[Role]:
    c = state.get("combat")
    return [c["reorganise"][0]] if c and c["step"] == "reorganise" and c["reorganise"] else []


REORGANISE = Decision(id="reorganise", rule="4e1", verbs=VERBS, deciders=deciders, prompt=prompt, resolve=resolve,
                      default=default, random=random, check=check)


# --- 4e1: the standing order (issue 34; standing.py has the sea search's) -----------------------------------------

REORGANISE_LABEL = standing_orders.LABELS["reorganise"]


def split_damaged(state: State, side: str) -> dict[str, str]:
    """The standing order's moves: in each task force where ships were hit or flipped this Combat Phase beside sound
    ones, the damaged ships go together to a spare marker placed in their hex, to withdraw (as the computer player
    does, bots.py); with no spare marker left they stay."""
    damaged = set((state.get("combat") or {}).get("damaged") or [])
    spares = spare_markers(state, side)
    moves: dict[str, str] = {}
    by_tf: dict[str, list[str]] = {}
    for ship in side_ships(state, side):
        by_tf.setdefault(state["units"][ship]["location"]["tf"], []).append(ship)
    for tf in sorted(by_tf):
        hurt = [s for s in by_tf[tf] if s in damaged]
        if hurt and len(hurt) < len(by_tf[tf]) and spares:
            moves.update({s: spares[0] for s in hurt})
            spares = spares[1:]
    return moves


def by_standing_order(state: State, side: str) -> bool:
    """The reorganisation (4e1) is answered by the side's standing order: it is on. Damaged ships are split off
    (`split_damaged`), every other ship stays in its task force; a player who wants to merge or split task forces
    otherwise cancels the order. Told to the side (explained the first time)."""
    if not standing_orders.on(state, side, "reorganise"):
        return False
    moves = split_damaged(state, side)
    if moves:
        reorganise(state, side, moves)
    why = "" if not standing_orders.first_told(state, side, "told_reorganise") else (
        " You are not asked: ships damaged in a battle are split off under a spare marker in their hex, to withdraw, "
        "and the other task forces are kept. Untick this order among the standing orders of the Sea Movement form "
        "to reorganise yourself.")
    done = "damaged ships split off" if moves else "task forces kept as they are"
    state["log"].append(entry(side, f"Reorganisation by your standing order (4e1): {done}.{why}",
                              at="Combat Phase, reorganisation (4e1), standing order"))
    return True


def set_reorganise(state: State, side: str, keep: bool) -> None:
    standing_orders.keep(state, side, "reorganise", keep)
