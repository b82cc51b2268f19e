"""Set-up (§3) and reinforcements (§5.2, §5.3): each arriving unit is placed, one order at a time.

US at start: ground units inside the setup border, three a hex at most; USAF units on Henderson, in CAP (fighters)
or in Ground Attack (bombers). IJ at start: boxes A or D. IJ reinforcements: ground units to an IJ entry point (four
at most) or box A or D (they may not move this turn); destroyers to the IJN Reserve or Attack box, aircraft to the
IJAAF Reserve or Attack box (§9 lets the IJ choose, digest part 7 item 17). US ground reinforcements: a US entry
point (four at most); USAF reinforcements go to the USAF Reserve by themselves (§5.3)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    BOXES,
    ENTRIES,
    ENTRY_CAPACITY,
    HENDERSON,
    LAND,
    STACKING,
    TITLE,
    in_setup_border,
    turn_label,
)
from app.games.first_blood.picks import Pick

State = dict[str, Any]

IJ_BOXES = ("ijn_reserve", "ijn_attack", "ijaaf_reserve", "ijaaf_attack")
AIR_PLACES = ("cap", "ground_attack", *[f"strip:{h}" for h in HENDERSON], *IJ_BOXES)
PLACES: tuple[str, ...] = (*[f"hex:{h}" for h in LAND], *[f"entry:{e}" for e in ENTRIES],
                           *[f"box:{b}" for b in BOXES], *AIR_PLACES)
PLACE_LABELS = {"cap": "USAF CAP", "ground_attack": "USAF Ground Attack", "ijn_reserve": "IJN Reserve",
                "ijn_attack": "IJN Attack", "ijaaf_reserve": "IJAAF Reserve", "ijaaf_attack": "IJAAF Attack"}


def place_label(p: str) -> str:
    if p in PLACE_LABELS:
        return PLACE_LABELS[p]
    kind, _, rest = p.partition(":")
    return {"hex": f"hex {rest}", "entry": ENTRIES.get(rest, {}).get("label", rest), "box": f"box {rest}",
            "strip": f"air strip {rest}"}.get(kind, p)


SETUP_HEXES: tuple[str, ...] = tuple(h for h in LAND if in_setup_border(h))  # §3, in map order
ALL_PIECES: tuple[str, ...] = ()  # filled by rules.py once the piece ids are known (units and air)


def verbs(pieces: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {"place": {"unit": Pick(pieces, label="Unit"),
                      "at": Pick(PLACES, tuple(place_label(p) for p in PLACES), label="Place")}}


def waiting(state: State, side: str) -> list[dict[str, Any]]:
    """The pieces of `side` still to be placed now."""
    pieces = [*state["units"].values(), *state["air"].values()]
    return [p for p in pieces if p["side"] == side and p["loc"] == "pending" and p["arrive"] <= state["turn"]]


def options(state: State, piece: dict[str, Any]) -> list[str]:
    """Where a piece may be placed now."""
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


_VERBS: dict[str, Any] = {}


def _place_verb() -> dict[str, Any]:
    # built once ALL_PIECES is known (rules.py fills it at import)
    if _VERBS.get("pieces") is not ALL_PIECES:
        _VERBS.update(pieces=ALL_PIECES, place=verbs(ALL_PIECES)["place"])
    return _VERBS["place"]


def prompt(state: State, role: str) -> dict[str, Any]:
    pending = waiting(state, role)
    ids = tuple(p["id"] for p in pending)
    where = {o for p in pending for o in options(state, p)}
    what = "Set up" if state["turn"] == 0 else f"{turn_label(state['turn'])}: reinforcements"
    v = _place_verb()
    return {"title": f"{what}: place {len(ids)} unit(s)", "rule": "§3" if state["turn"] == 0 else
            ("§5.2" if role == "ij" else "§5.3"), "info": {"kind": "placement", "waiting": list(ids)},
            "actions": [{"verb": "place", "label": "Place a unit",
                         "args": {"unit": v["unit"].only(*ids).to_json(), "at": v["at"].only(*where).to_json()}}]}


def check(state: State, role: str, action: dict[str, Any]) -> None:
    rule = "§3" if state["turn"] == 0 else "§5"
    args = action["args"]
    piece = state["units"].get(args["unit"]) or state["air"].get(args["unit"])
    if piece is None or piece not in waiting(state, role):
        raise IllegalAction(f"{args['unit']} is not waiting to be placed.", rule)
    if args["at"] not in options(state, piece):
        raise IllegalAction(f"{piece['name']} cannot be placed in {place_label(args['at'])} now "
                            f"(where: {', '.join(place_label(p) for p in options(state, piece))}).", rule)


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    args = action["args"]
    piece = s["units"].get(args["unit"]) or s["air"].get(args["unit"])
    piece["loc"] = args["at"]
    piece["placed"] = s["turn"]  # §5.2: a reinforcement placed in a box cannot move this turn
    if args["at"].startswith("box:"):
        piece["visited"] = [args["at"][4:]]
    s["log"].append(entry(PUBLIC, f"{TITLE[role]} places {piece['name']} in {place_label(args['at'])}."))
    return s


def random(state: State, role: str, rng) -> dict[str, Any]:
    pending = waiting(state, role)
    piece = rng.choice(pending)
    return {"verb": "place", "args": {"unit": piece["id"], "at": rng.choice(options(state, piece))}}


def default(state: State, role: str) -> dict[str, Any]:
    piece = waiting(state, role)[0]
    return {"verb": "place", "args": {"unit": piece["id"], "at": options(state, piece)[0]}}
