"""Set-up (§3) and reinforcements (§5.2, §5.3): a side places every arriving piece in one order, `{piece: place}`.

US at start: ground units inside the setup border, three a hex at most (§6.4); USAF units on Henderson, in CAP
(fighters) or in Ground Attack (bombers). IJ at start: boxes A or D. IJ reinforcements: ground units to an IJ entry
point (four at most) or box A or D (they may not move this turn); destroyers to the IJN Reserve or Attack box,
aircraft to the IJAAF Reserve or Attack box (§9 lets the IJ choose, digest part 7 item 17). US ground reinforcements:
a US entry point (four at most); USAF reinforcements go to the USAF Reserve by themselves (§5.3).

The prompt offers each piece the places it may go now (a choice per piece, named as the rulebook prints them);
the check then judges the whole order, piece by piece (a piece not offered that place) and place by place (a hex
over-stacked, an entry point over its four), each refusal naming the pieces. The missed order, and what the form
starts from, is a whole set-up a newcomer may send as it stands (`plan`)."""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from app.engine.errors import IllegalAction
from app.engine.orders import Choice, Group, Keyed
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    BOXES,
    ENTRIES,
    ENTRY_CAPACITY,
    GRID,
    HENDERSON,
    LAND,
    STACKING,
    STRIPS,
    TITLE,
    in_setup_border,
)
from app.games.first_blood.picks import Pick

State = dict[str, Any]

IJ_BOXES = ("ijn_reserve", "ijn_attack", "ijaaf_reserve", "ijaaf_attack")
AIR_PLACES = ("cap", "ground_attack", *[f"strip:{h}" for h in HENDERSON], *IJ_BOXES)
PLACES: tuple[str, ...] = (*[f"hex:{h}" for h in LAND], *[f"entry:{e}" for e in ENTRIES],
                           *[f"box:{b}" for b in BOXES], *AIR_PLACES)
PLACE_LABELS = {"cap": "USAF CAP", "ground_attack": "USAF Ground Attack", "ijn_reserve": "IJN Reserve",
                "ijn_attack": "IJN Attack", "ijaaf_reserve": "IJAAF Reserve", "ijaaf_attack": "IJAAF Attack",
                "reserve": "USAF Reserve", "pending": "not yet arrived", "eliminated": "eliminated"}
ROLE_LABELS = {"fighter": "fighter", "bomber": "bomber", "both": "fighter and bomber", "destroyer": "destroyer"}


def place_label(p: str) -> str:
    """A place as the rulebook prints it: "hex 0708", "off-map box A", "US entry point (0701)", "USAF CAP"."""
    if p in PLACE_LABELS:
        return PLACE_LABELS[p]
    kind, _, rest = p.partition(":")
    return {"hex": f"hex {rest}", "entry": ENTRIES.get(rest, {}).get("label", rest), "box": f"off-map box {rest}",
            "strip": f"air strip {rest}"}.get(kind, p)


def piece_label(piece: dict[str, Any]) -> str:
    """A piece as a form names it: a ground unit with its combat and movement factors (and range), an air or naval
    unit with what it is."""
    if "role" in piece:
        name = piece["name"]
        return name if piece["side"] == "ij" else f"{name} ({ROLE_LABELS.get(piece['role'], piece['role'])})"
    rng = f"-{piece['range']}" if piece.get("range") else ""
    return f"{piece['name']} ({piece['cf']}{rng}-{piece['mf']})"


SETUP_HEXES: tuple[str, ...] = tuple(h for h in LAND if in_setup_border(h))  # §3, in map order


def verbs(pieces: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The order over its whole domain: any piece of the game to any place (the rules judge which are open)."""
    return {"place": {"at": Keyed(Pick(PLACES, tuple(place_label(p) for p in PLACES), label="Place"), pieces,
                                  label="Where each piece goes")}}


def rule(state: State) -> str:
    return "§3" if state["turn"] == 0 else "§5"


def waiting(state: State, side: str) -> list[dict[str, Any]]:
    """The pieces of `side` still to be placed now."""
    pieces = [*state["units"].values(), *state["air"].values()]
    return [p for p in pieces if p["side"] == side and p["loc"] == "pending" and p["arrive"] <= state["turn"]]


def options(state: State, piece: dict[str, Any]) -> list[str]:
    """Where a piece may be placed now, on the board as it stands."""
    side, setup = piece["side"], state["turn"] == 0
    if "role" in piece:  # an air or naval unit
        if side == "us":
            spots = [f"strip:{h}" for h in HENDERSON]
            if piece["role"] in ("fighter", "both"):
                spots.append("cap")
            if piece["role"] in ("bomber", "both"):
                spots.append("ground_attack")
            return spots
        return ["ijn_reserve", "ijn_attack"] if piece["role"] == "destroyer" else ["ijaaf_reserve", "ijaaf_attack"]
    if setup:
        if side == "ij":
            return ["box:A", "box:D"]
        held = {h: n for h, (owner, n) in board.occupancy(state).items() if owner == "us"}
        return [f"hex:{h}" for h in SETUP_HEXES if held.get(h, 0) < STACKING]
    out = [f"entry:{e}" for e in board.entries_of(side) if board.entry_load(state, e) < ENTRY_CAPACITY
           and (side == "us" or not all(board.occupant(state, h) == "us" for h in ENTRIES[e]["hexes"]))]
    # §5.3: IJ reinforcements go to boxes A or D when the US holds every hex of an IJ entry point
    if side == "ij":
        out += ["box:A", "box:D"]
    return out


def _limits(state: State) -> tuple[Counter, Callable[[str], int | None]]:
    """What a place holds now, and how many ground units it may hold (None: no limit): a hex three (§6.4), an entry
    point four (§5)."""
    held: Counter = Counter()
    for u in state["units"].values():
        if u["loc"].startswith(("hex:", "entry:")):
            held[u["loc"]] += 1

    def most(place: str) -> int | None:
        return STACKING if place.startswith("hex:") else ENTRY_CAPACITY if place.startswith("entry:") else None
    return held, most


def plan(state: State, side: str, key: Callable[[dict[str, Any], str], Any] | None = None,
         choose: Callable[[list[str]], str] | None = None) -> dict[str, str]:
    """A whole placement for `side`'s waiting pieces that the rules accept, and that stays accepted when any one
    piece is sent elsewhere among its offered places: no hex ends with more than two units, no entry point with more
    than three (one short of each limit). Each piece takes its first place by `key(piece, place)` (or a place drawn
    by `choose`) among those with room. The missed order and the form's starting point use the rules' own preference
    (`preference`); the computer players and random play pass theirs."""
    held, most = _limits(state)
    out: dict[str, str] = {}
    key = key or preference
    for p in waiting(state, side):
        opts = options(state, p)
        if not opts:
            continue
        if "role" in p:  # air and naval units stack without limit
            roomy = opts
        else:
            roomy = [o for o in opts if most(o) is None or held[o] + 1 <= most(o) - 1] or \
                [o for o in opts if most(o) is None or held[o] + 1 <= most(o)] or opts
        at = choose(roomy) if choose is not None else min(roomy, key=lambda o: (key(p, o), o))
        out[p["id"]] = at
        if "role" not in p:
            held[at] += 1
    return out


def _to_strips(place: str) -> int:
    kind, _, rest = place.partition(":")
    hexes = [rest] if kind == "hex" else ENTRIES[rest]["hexes"] if kind == "entry" else \
        BOXES[rest]["hexes"] if kind == "box" else []
    return min((GRID.distance(h, s) for h in hexes for s in STRIPS), default=99)


AIR_FIRST = {"cap": 0, "ground_attack": 0, "ijn_reserve": 0, "ijaaf_reserve": 0}  # §9: the Reserve lasts two turns


def preference(piece: dict[str, Any], place: str) -> tuple:
    """The rules' own sensible placement: fighters to CAP and bombers to Ground Attack, the IJ's naval and air units to
    their Reserve boxes (two turns in play, §9), engineers on the strip hexes (§10), every other ground unit as near
    the air strips as it may stand."""
    if "role" in piece:
        return (AIR_FIRST.get(place, 1),)
    if board.is_engineer(piece):
        return (place[4:] not in STRIPS if place.startswith("hex:") else True, _to_strips(place))
    return (max(_to_strips(place), 1) if piece["side"] == "us" else _to_strips(place),)


def prompt(state: State, role: str) -> dict[str, Any]:
    pending = [p for p in waiting(state, role) if options(state, p)]
    fields = {}
    for p in pending:
        opts = options(state, p)
        fields[p["id"]] = Choice(tuple(opts), tuple(place_label(o) for o in opts), label=piece_label(p))
    what = "Set up" if state["turn"] == 0 else f"{TITLE[role]} reinforcements"
    return {"title": f"{what}: place {len(pending)} piece(s) in one order", "rule": rule(state),
            "info": {"kind": "placement", "waiting": [p["id"] for p in pending],
                     # the form starts from a whole placement the rules accept (the missed order)
                     "default": {"at": plan(state, role)}},
            "actions": [{"verb": "place", "label": "Place them",
                         "args": {"at": Group(fields, label="Where each piece goes").to_json()}}]}


def _name(state: State, pid: str) -> str:
    p = state["units"].get(pid) or state["air"].get(pid)
    return p["name"] if p else "That piece"


def check(state: State, role: str, action: dict[str, Any]) -> None:
    why = rule(state)
    at = action["args"]["at"]
    pending = {p["id"]: p for p in waiting(state, role)}
    for pid in at:
        if pid not in pending:
            raise IllegalAction(f"{_name(state, pid)} is not waiting to be placed.", why)
    left = [p["name"] for pid, p in pending.items() if pid not in at and options(state, p)]
    if left:
        raise IllegalAction(f"Say where {', '.join(left)} go{'es' if len(left) == 1 else ''}: every arriving piece "
                            f"is placed in this order.", why)
    for pid, place in at.items():
        piece = pending[pid]
        opts = options(state, piece)
        if place not in opts:
            raise IllegalAction(f"{piece['name']} cannot be placed in {place_label(place)} now "
                                f"(where: {', '.join(place_label(p) for p in opts)}).", why)
    held, most = _limits(state)
    arriving: dict[str, list[str]] = {}
    for pid, place in at.items():
        if "role" not in pending[pid]:
            arriving.setdefault(place, []).append(pending[pid]["name"])
    for place, names in arriving.items():
        limit = most(place)
        if limit is not None and held[place] + len(names) > limit:
            there = f" beside the {held[place]} already there" if held[place] else ""
            rule_ = "§6.4" if place.startswith("hex:") else "§5"
            where = place_label(place)
            raise IllegalAction(f"{where[0].upper()}{where[1:]} would hold {held[place] + len(names)} ground units "
                                f"({', '.join(names)}{there}): at most {limit} ({rule_}).", why)


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    where: dict[str, list[str]] = {}
    for pid, place in action["args"]["at"].items():
        piece = s["units"].get(pid) or s["air"][pid]
        piece["loc"] = place
        piece["placed"] = s["turn"]  # §5.2: a reinforcement placed in a box cannot move this turn
        if place.startswith("box:"):
            piece["visited"] = [place[4:]]
        where.setdefault(place, []).append(piece["name"])
    what = "sets up" if s["turn"] == 0 else "places its reinforcements"
    board.say(s, f"{TITLE[role]} {what} ({rule(s)}): " + "; ".join(
        f"{', '.join(names)} in {place_label(place)}" for place, names in where.items()) + ".")
    return s


def random(state: State, role: str, rng) -> dict[str, Any]:
    return {"verb": "place", "args": {"at": plan(state, role, choose=rng.choice)}}


def default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "place", "args": {"at": plan(state, role)}}
