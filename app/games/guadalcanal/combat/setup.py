"""4a: battle set-up. The side with the ships and/or base sets up first (4a1-4a2), then the side with the air units
places them on their targets (4a3).

- A base alone goes near the centre of the Battleboard (4a1: the centre hex, battleboard.toml); with friendly ships
  it is set up exactly like a ship.
- Ships (from any task forces in the hex) go one per hex, all with the same facing, with "at least one empty hex
  around all units" (4a2): no two of them adjacent and none on the board's edge (battleboard.toml, digest R7).
- D, H and M units are stacked on their target, and so are T units attacking a base (4a3.1, 4a3.2); T units
  attacking a ship go in a hex beside it, their fronts pointing at it; T units stacked together face the same way
  (4a3.2), so they attack the same ship.
"""
from __future__ import annotations

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Assignment, Boolean, Choice, Optional, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal import standing_orders
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.tables import FACINGS, battleboard, facing_to, grid, hexes, on_edge


SHIPS_AND_BASES = tuple(u for u, r in units.units().items() if r["kind"] != "air")  # a set-up order's whole domain
AIR = tuple(u for u, r in units.units().items() if r["kind"] == "air")

VERBS_DEFENDER = {"set_up": {"hexes": Assignment(SHIPS_AND_BASES, hexes(), required=False, label="Battleboard hexes"),
                             "facing": Choice(FACINGS, label="Facing"),
                             # issue 34: keep or cancel the formation's standing order (below)
                             "standing": Optional(Boolean(label="Standing order"))}}
VERBS_ATTACKER = {"attack": {"targets": Assignment(AIR, SHIPS_AND_BASES, required=False, label="Targets"),
                             "approach": Assignment(AIR, hexes(), required=False, label="Torpedo approach hexes"),
                             # issue 34: keep or cancel the bombing order's standing order (bombing.py, 4d2)
                             "standing": Optional(Boolean(label="Standing order"))}}


# --- 4a1-4a2: the defender ----------------------------------------------------------------------------------------

def defender_pieces(state: State) -> list[str]:
    b = bt.battle(state)
    return [*b["ships"], *([b["base"]] if b["base"] else [])]


def check_defender(state: State, role: Role, action: Action) -> None:
    b = bt.battle(state)
    if bt.combat(state)["step"] != "setup_defender" or role != b["defender"]:
        raise IllegalAction("It is not your set-up now.", "4a")
    placed = action["args"]["hexes"]
    pieces = defender_pieces(state)
    extra = [u for u in placed if u not in pieces]
    if extra:
        raise IllegalAction(f"{bt.name(extra[0])} is not in this battle.", "4a2")
    missing = [u for u in pieces if u not in placed]
    if missing:
        raise IllegalAction(f"Set up {bt.name(missing[0])} too: every ship in the hex goes on the Battleboard.", "4a2")
    setup = battleboard()["setup"]
    seen: dict[str, str] = {}
    for u, h in placed.items():
        if h in seen:
            raise IllegalAction(f"{bt.name(u)} and {bt.name(seen[h])} are both in {h}: one unit per hex.", "4a2")
        if setup["edge_free"] and on_edge(h):
            raise IllegalAction(f"{h} is on the Battleboard's edge: leave an empty hex around every unit.", "4a2")
        seen[h] = u
    if setup["no_two_adjacent"]:
        for u, h in placed.items():
            for n in grid().neighbours(h):
                if n in seen:
                    raise IllegalAction(f"{bt.name(u)} ({h}) touches {bt.name(seen[n])} ({n}): leave an empty hex "
                                        "around every unit.", "4a2")


def place_defender(state: State, placed: dict[str, str], facing: str) -> None:
    b = bt.combat(state)["board"]
    for u, h in placed.items():
        b[u] = {"hex": h, "facing": None if bt.kind(u) == "base" else facing}
    words = ", ".join(f"{bt.name(u)} {h}" for u, h in placed.items())
    bt.say(state, "setup_defender", f"{bt.battle(state)['defender'].title()} sets up: {words}"
           + (f", facing {facing}." if any(bt.kind(u) == "ship" for u in placed) else "."),
           placed=placed, facing=facing)


def resolve_defender(state: State, role: Role, action: Action, rng: Rng) -> State:
    if "standing" in action["args"]:
        standing_orders.keep(state, role, "formation", action["args"]["standing"])
    place_defender(state, action["args"]["hexes"], action["args"]["facing"])
    bt.combat(state)["step"] = "setup_attacker"
    return state


def spread(pieces: list[str], order: list[str]) -> dict[str, str]:
    """A legal set-up: each piece in the first hex of `order` that is off the edge and touches no piece placed."""
    taken: set[str] = set()
    out = {}
    for u in pieces:
        h = next(h for h in order if h not in taken and not on_edge(h)
                 and not any(n in taken for n in grid().neighbours(h)))
        out[u] = h
        taken.add(h)
    return out


def central_order() -> list[str]:
    centre = battleboard()["setup"]["centre"]
    return sorted(hexes(), key=lambda h: (grid().distance(centre, h), h))


def formation(pieces: list[str]) -> dict[str, str]:
    """The standing formation (4a2): the ships carrying air units (the largest capacity first: the carriers) nearest
    the centre, the escorts spread around them one empty hex apart, the strongest AA nearest, so the guns are within
    range (4c1) of the carriers."""
    def rank(u: str) -> tuple[int, int, str]:
        rec = units.record(u)
        return -(rec.get("capacity") or 0), -(rec.get("aa") or 0), u
    return spread(sorted(pieces, key=rank), central_order())


def default_defender(state: State, role: Role) -> Action:
    return {"verb": "set_up", "args": {"hexes": formation(defender_pieces(state)), "facing": "N"}}


def set_up_by_standing_order(state: State) -> bool:
    """The defender's ships are set up by its standing order (4a2): it is on. Placed as the form's default, told to
    both sides as the side's own set-up would be, and the side why it was not asked, the first time."""
    side = bt.battle(state)["defender"]
    if not standing_orders.on(state, side, "formation"):
        return False
    order = default_defender(state, side)["args"]
    place_defender(state, order["hexes"], order["facing"])
    if standing_orders.first_told(state, side, "told_formation"):
        state["log"].append(entry(side, "Your ships were set up by your standing order: carriers nearest the "
                                        "Battleboard's centre, the escorts around them (4a2). Untick it among the "
                                        "standing orders of the Sea Movement form to set them up yourself.",
                                  at="Combat Phase, battle set-up (4a2), standing order"))
    bt.combat(state)["step"] = "setup_attacker"
    return True


def random_defender(state: State, role: Role, rng: Rng) -> Action:
    return {"verb": "set_up", "args": {"hexes": spread(defender_pieces(state), rng.shuffle(hexes())),
                                       "facing": rng.choice(FACINGS)}}


def prompt_defender(state: State, role: Role) -> Prompt:
    b = bt.battle(state)
    pieces = defender_pieces(state)
    args = {"hexes": Assignment(tuple(pieces), hexes(), labels=None, label="Battleboard hexes",
                                names=tuple(bt.name(u) for u in pieces)),
            "facing": Choice(FACINGS, label="Facing")}
    args["standing"] = Optional(Boolean(label=standing_orders.LABELS["formation"]))
    default = dict(default_defender(state, role)["args"], standing=standing_orders.on(state, role, "formation"))
    return {"title": f"Battle {b['hex']}: set up your ships on the Battleboard", "rule": "4a2",
            "actions": [{"verb": "set_up", "label": "Set up", "args": args_json(args)}],
            "info": {"battle": b["hex"], "pieces": pieces, "default": default}}


deciders_defender = bt.decided_by("setup_defender", "defender")


SETUP_DEFENDER = Decision(
    id="battle_setup_defender", rule="4a2", verbs=VERBS_DEFENDER, deciders=deciders_defender, prompt=prompt_defender,
    resolve=resolve_defender, default=default_defender, random=random_defender, check=check_defender)


def place_lone_base(state: State) -> None:
    """4a1: a base alone in the hex goes near the centre (its facing means nothing)."""
    base = bt.battle(state)["base"]
    place_defender(state, {base: battleboard()["setup"]["centre"]}, "N")


# --- 4a3: the attacker --------------------------------------------------------------------------------------------

def torpedo_against_ship(uid: str, target: str) -> bool:
    return bt.utype(uid) == "T" and bt.kind(target) == "ship"


def check_attacker(state: State, role: Role, action: Action) -> None:
    b = bt.battle(state)
    if bt.combat(state)["step"] != "setup_attacker" or role != b["attacker"]:
        raise IllegalAction("It is not your air attack set-up now.", "4a3")
    targets, approach = action["args"]["targets"], action["args"]["approach"]
    board = bt.board(state)
    for u in list(targets) + list(approach):
        if u not in b["air"]:
            raise IllegalAction(f"{bt.name(u)} is not in this air strike.", "4a3")
    for u in b["air"]:
        t = targets.get(u)
        if t is None:
            raise IllegalAction(f"Give {bt.name(u)} a target: every air unit of the strike must attack (3d4).", "3d4")
        if t not in board or bt.side_of(t) != b["defender"]:
            raise IllegalAction(f"{bt.name(t)} is not an enemy ship or base on the Battleboard.", "4a3")
        if torpedo_against_ship(u, t):
            h = approach.get(u)
            if h is None:
                raise IllegalAction(f"Place {bt.name(u)} beside {bt.name(t)}: torpedo bombers attack a ship from an "
                                    "adjacent hex.", "4a3.2")
            if not grid().adjacent(h, board[t]["hex"]):
                raise IllegalAction(f"{h} is not beside {bt.name(t)} ({board[t]['hex']}).", "4a3.2")
            if any(v["hex"] == h for k, v in board.items() if bt.kind(k) != "air"):
                raise IllegalAction(f"{h} holds a ship: torpedo bombers go in an empty hex beside their target.",
                                    "4a3.2")
        elif u in approach:
            raise IllegalAction(f"{bt.name(u)} is stacked on its target (4a3.1; a torpedo bomber attacking a base "
                                "bombs from on top, 4a3.2): give it no approach hex.", "4a3.1")
    facing_in: dict[str, str] = {}
    for u, h in approach.items():
        f = facing_to(h, board[targets[u]]["hex"])
        if facing_in.setdefault(h, f) != f:
            raise IllegalAction(f"Torpedo bombers stacked in {h} must face the same way (one target).", "4a3.2")


def place_attacker(state: State, targets: dict[str, str], approach: dict[str, str]) -> None:
    board = bt.board(state)
    for u, t in targets.items():
        h = approach.get(u, board[t]["hex"])
        board[u] = {"hex": h, "target": t,
                    "facing": facing_to(h, board[t]["hex"]) if u in approach else None}
    words = "; ".join(f"{bt.name(u)} on {bt.name(t)}" + (f" from {approach[u]}" if u in approach else "")
                      for u, t in targets.items())
    bt.say(state, "setup_attacker", f"{bt.battle(state)['attacker'].title()} air units attack: {words}.",
           targets=targets, approach=approach)


def resolve_attacker(state: State, role: Role, action: Action, rng: Rng) -> State:
    if "standing" in action["args"]:
        standing_orders.keep(state, role, "bombing", action["args"]["standing"])
    place_attacker(state, action["args"]["targets"], action["args"]["approach"])
    bt.combat(state)["step"] = "air_combat"  # option 14's air combats come before AA (combat/air_play.py)
    return state


def approach_hexes(state: State, target: str, taken: dict[str, str]) -> list[str]:
    """Empty hexes beside `target` where a torpedo bomber may go, given `taken` {hex: target} of T units placed."""
    board = bt.board(state)
    ships = {v["hex"] for k, v in board.items() if bt.kind(k) != "air"}
    th = board[target]["hex"]
    return [h for h in grid().neighbours(th) if h not in ships and taken.get(h, target) == target]


def _attack(state: State, pick) -> Action:
    b = bt.battle(state)
    targets: dict[str, str] = {}
    approach: dict[str, str] = {}
    taken: dict[str, str] = {}
    for u in b["air"]:
        # a torpedo bomber needs a free hex beside a ship; a base it bombs from on top (4a3.2)
        t = pick([x for x in bt.defenders_on_board(state)
                  if not torpedo_against_ship(u, x) or approach_hexes(state, x, taken)])
        targets[u] = t
        if torpedo_against_ship(u, t):
            h = pick(approach_hexes(state, t, taken))
            taken[h] = t
            approach[u] = h
    return {"verb": "attack", "args": {"targets": targets, "approach": approach}}


def default_attacker(state: State, role: Role) -> Action:
    return _attack(state, lambda xs: xs[0])


def random_attacker(state: State, role: Role, rng: Rng) -> Action:
    return _attack(state, rng.choice)


def needs_attacker_decision(state: State) -> bool:
    """Nothing to choose when there is one target and no torpedo bomber needs an approach hex."""
    targets = bt.defenders_on_board(state)
    return len(targets) > 1 or any(torpedo_against_ship(u, targets[0]) for u in bt.battle(state)["air"])


def prompt_attacker(state: State, role: Role) -> Prompt:
    b = bt.battle(state)
    targets = tuple(bt.defenders_on_board(state))
    torpedo = tuple(u for u in b["air"] if bt.utype(u) == "T")
    args = {"targets": Assignment(tuple(b["air"]), targets, label="Targets", labels=tuple(bt.name(t) for t in targets),
                                  names=tuple(bt.name(u) for u in b["air"])),
            "approach": Assignment(torpedo, hexes(), required=False, label="Torpedo approach hexes",
                                   names=tuple(bt.name(u) for u in torpedo)),
            "standing": Optional(Boolean(label=standing_orders.LABELS["bombing"]))}
    board = {u: bt.board(state)[u] for u in targets}
    return {"title": f"Battle {b['hex']}: place your air units on their targets", "rule": "4a3",
            "actions": [{"verb": "attack", "label": "Attack", "args": args_json(args)}],
            "info": {"battle": b["hex"], "board": board, "air": list(b["air"]),
                     "default": {"standing": standing_orders.on(state, role, "bombing")}}}


deciders_attacker = bt.decided_by("setup_attacker", "attacker")


SETUP_ATTACKER = Decision(
    id="battle_setup_attacker", rule="4a3", verbs=VERBS_ATTACKER, deciders=deciders_attacker, prompt=prompt_attacker,
    resolve=resolve_attacker, default=default_attacker, random=random_attacker, check=check_attacker)
