"""Rule 17: two players a side. The seats, the command assignment (17a), and who orders what (17b).

With option `teams` each side has two commanders' seats, `<side>.1` (the overall commander, 17c1) and `<side>.2`.
The side's decisions are still the Basic Game's (one order of the side, as in sequence.py); this module splits each
one by command:

- a decision over units (set-up, assembly, ready, sea movement, air return: SPLIT) asks every seat that commands some
  of its units for its own part only (the prompt's unit and task force lists narrowed to the seat's); the side's order
  is the union of the parts, carried out when every asked seat is in. A part is checked at once together with the
  parts already in and the defaults of the seats still out (the second seat finds a full deck as at the table);
  a seat's missed part is its share of the side's default order (`default_part`);
- a flight (3d) is one decision: it goes to the seat commanding the flight's first unit;
- a battle's decisions (4a-4e) go, for each side, to the seat commanding its units there: the attacking strike's
  first unit, the defending base or else the first defending ship;
- the rest (sea search, the order of battles, submarines, surface battles) go to the overall commander, "the guy who
  gives the orders" (17c1).

The assignments are 17a's two examples (options.toml [teams]): `fleet_and_bases` (ships and ship-borne air to the
overall commander, bases and land-based air to the second) and `west_and_east` (by the searchboard half a unit or task
force is in now). Radio messages (17c) are radio.py.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from app.engine.contract import SIDE_PREFIX, Option, Side, to_side
from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.guadalcanal import cards
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import SIDES, TITLE
from app.engine.orders import from_json

State = dict[str, Any]

TEAMS = "teams"
COMMAND = "command"
FLEET_AND_BASES, WEST_AND_EAST = "fleet_and_bases", "west_and_east"
ASSIGNMENTS = (FLEET_AND_BASES, WEST_AND_EAST)
ASSIGNMENT_LABELS = ("Fleet and bases: ships and ship-borne air to the overall commander, bases and land-based air "
                     "to the second", "West and east: each commander a half of the searchboard")
OPTIONS = (Option(COMMAND, "Command assignment when two players a side", "17a", FLEET_AND_BASES, ASSIGNMENTS,
                  ASSIGNMENT_LABELS),)
SEATS = {side: (f"{side}.1", f"{side}.2") for side in SIDES}
SEAT_SIDE = {seat: side for side in SIDES for seat in SEATS[side]}
ALL_SEATS = tuple(SEAT_SIDE)
# The side's own id stays a seat (the two-player game's); the team seats sit beside it on the same side.
META_SIDES = tuple(Side(side, TITLE[side], (side, *SEATS[side])) for side in SIDES)
SEAT_LABELS = {f"{side}.{n}": f"{TITLE[side]} {'overall commander' if n == 1 else 'second commander'}"
               for side in SIDES for n in (1, 2)}
SPLIT = ("deploy", "assembly", "ready", "sea", "air_return")
FLIGHTS = ("air", "scouts", "strikes")
RULE = "17b"


def values() -> dict[str, Any]:
    return optional.values(TEAMS)


def playing(state: State) -> bool:
    return bool(state.get("team"))


def side_of(role: str) -> str | None:
    """The side a seat, a side or a side's address belongs to; None for the umpire and spectators."""
    if role in SIDES:
        return role
    if role.startswith(SIDE_PREFIX):
        return role[len(SIDE_PREFIX):] if role[len(SIDE_PREFIX):] in SIDES else None
    return SEAT_SIDE.get(role)


def teammate(seat: str) -> str:
    return next(x for x in SEATS[SEAT_SIDE[seat]] if x != seat)


def offered(scenario: str, options: dict[str, Any], surface_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The seats the lobby offers: two a side with rule 17 (not in the surface scenarios 5 and 6), else one."""
    if (options or {}).get(TEAMS) and scenario not in surface_ids:
        return tuple(seat for side in SIDES for seat in SEATS[side])
    return SIDES


def check_options(scenario: str, options: dict[str, Any], surface_ids: tuple[str, ...]) -> None:
    if (options or {}).get(TEAMS) and scenario in surface_ids:
        raise IllegalAction("Rule 17 (two players a side) needs a searchboard scenario: scenarios 5 and 6 are one "
                            "surface battle each (17 recommends 7c, 7d and 7e).", "17")
    if (options or {}).get(COMMAND, FLEET_AND_BASES) not in ASSIGNMENTS:
        raise IllegalAction(f"The command assignment is one of rule 17a's two: {' or '.join(ASSIGNMENT_LABELS)}.",
                            "17a")


def begin(state: State, options: dict[str, Any]) -> State:
    """17a: record the command assignment with the game. Air units are the fleet's or the bases' by where they start
    (fleet_and_bases); flagships are named when the first Turn begins (radio.py), once the task forces are placed."""
    if not (options or {}).get(TEAMS):
        return state
    assignment = (options or {}).get(COMMAND) or FLEET_AND_BASES
    air = {}
    for u, rec in state["units"].items():
        if rec["kind"] == "air":
            air[u] = SEATS[rec["side"]][0 if _shipborne(state, rec) else 1]
    state["team"] = {"assignment": assignment, "air": air, "parts": {}, "part_keys": {}, "flagships": {},
                     "radio": {"turn": 0, "open": {}, "notes": [], "next": 1, "silenced": []}}
    state["log"].append(entry(PUBLIC, f"Rule 17: two players a side; each side's overall commander gives the orders "
                                      f"(17c1); commands by {describe_assignment(assignment)} (17a); no talk within a "
                                      f"side, only radio messages (17c).", at="Set-up (17)"))
    for side in SIDES:
        a, b = SEATS[side]
        state["log"].append(entry(to_side(side), f"Your commands (17a): {SEAT_LABELS[a]}: {_share(assignment, 0)}; "
                                                 f"{SEAT_LABELS[b]}: {_share(assignment, 1)}.", at="Set-up (17)"))
    return state


def describe_assignment(assignment: str) -> str:
    return ("ships and ship-borne air against bases and land-based air" if assignment == FLEET_AND_BASES
            else "the west and east halves of the searchboard")


def _share(assignment: str, n: int) -> str:
    v = values()
    if assignment == FLEET_AND_BASES:
        return "every task force, ship and ship-borne air unit" if n == 0 else "every base and land-based air unit"
    west = f"columns A-{v['west_last_column']}"
    return (f"what is in {west} (west)" if n == 0 else f"what is east of {west}") + \
        " (and every task force not yet on the searchboard)" * (n == 0)


def _shipborne(state: State, rec: dict[str, Any]) -> bool:
    """Where an air unit starts: on a ship or with a task force (the fleet's), or at a base (land-based)."""
    loc = rec.get("location") or {}
    if "tf" in loc:
        return True
    if "area" in loc:
        return state["units"].get(loc["area"], {}).get("kind") == "ship"
    return False


def _place(state: State, thing: str) -> str | None:
    if thing in state["task_forces"]:
        return state["task_forces"][thing]["hex"]
    return cards.hex_of(state, thing)


def commander(state: State, thing: str) -> str | None:
    """The seat commanding a task force or unit now (17a), None for a thing no seat commands."""
    side = (state["task_forces"].get(thing) or state["units"].get(thing) or {}).get("side")
    if side not in SIDES:
        return None
    first, second = SEATS[side]
    if state["team"]["assignment"] == WEST_AND_EAST:
        h = _place(state, thing)
        return first if h is None or h[0] <= values()["west_last_column"] else second
    if thing in state["task_forces"]:
        return first
    rec = state["units"][thing]
    if rec["kind"] == "air":
        return state["team"]["air"].get(thing, first)
    return first if rec["kind"] == "ship" else second


def _is_thing(state: State, x: Any) -> bool:
    return isinstance(x, str) and (x in state["units"] or x in state["task_forces"])


# --- narrowing a side's prompt to one seat's part --------------------------------------------------------------

def _narrow(state: State, arg: dict[str, Any], keep) -> tuple[dict[str, Any], bool | None]:
    """The typed order `arg` with its units or task forces narrowed to `keep` (named as on the card, its hint
    rewritten for what is left); the flag says whether the seat has any left (None: not about units)."""
    kind = arg.get("type")
    if kind == "optional":
        each, has = _narrow(state, arg["each"], keep)
        return dict(arg, each=each), has
    if kind == "several" and any(_is_thing(state, c) for c in arg.get("choices", [])):
        labels = arg.get("labels") or [_name(state, c, cards) for c in arg["choices"]]
        pairs = [(c, labels[i]) for i, c in enumerate(arg["choices"]) if keep(c)]
        out = dict(arg, choices=[c for c, _ in pairs], labels=[lab for _, lab in pairs])
        out["minimum"] = min(arg.get("minimum") or 0, len(pairs))
        if arg.get("maximum") is not None:
            out["maximum"] = min(arg["maximum"], len(pairs))
        return _rehint(out), bool(pairs)
    if kind == "assignment" and any(_is_thing(state, i) for i in arg.get("ids", [])):
        ids = [i for i in arg["ids"] if keep(i)]
        return _rehint(dict(arg, ids=ids)), bool(ids)
    if kind == "group" and any(_is_thing(state, i) for i in arg.get("fields", {})):  # a choice per piece (forms.py)
        fields = {i: f for i, f in arg["fields"].items() if keep(i)}
        optional = [i for i in arg.get("optional") or [] if i in fields]
        return dict(arg, fields=fields, optional=optional or None), bool(fields)
    return arg, None


def _name(state: State, thing: str, cards) -> str:
    if thing in state["task_forces"]:
        return state["task_forces"][thing]["name"]
    return cards.name(state, thing) if thing in state["units"] else str(thing)


def _rehint(arg: dict[str, Any]) -> dict[str, Any]:
    """The hint the narrowed order gives (the side's would list the teammate's units too)."""
    order = from_json(arg)
    return dict(arg, hint=order.describe()) if order is not None else arg


def seat_part_prompt(state: State, prompt: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The seat's part of a side's prompt over units, or None when it commands none of them."""
    (spec,) = prompt["actions"]
    mine = lambda x: not _is_thing(state, x) or commander(state, x) == seat
    args, any_part = {}, False
    for name, arg in spec["args"].items():
        args[name], has = _narrow(state, arg, mine)
        any_part = any_part or bool(has)
    if not any_part:
        return None
    return dict(prompt, title=f"{SEAT_LABELS[seat]}: {prompt['title']} (your command only, 17b)",
                actions=[dict(spec, args=args)], info=dict(prompt.get("info") or {}, seat=seat, part=True))


def is_split(state: State, kind: str, prompt: dict[str, Any]) -> bool:
    return kind in SPLIT and len(prompt.get("actions") or []) == 1 and not (
        kind == "deploy" and state["team"]["assignment"] == WEST_AND_EAST)  # the halves exist once placed


def battle_commander(state: State, side: str) -> str | None:
    """The seat fighting the current battle for `side` (17b: he rolls for his units): the attacker's strike's
    commander, or the defender's, of the base attacked or else of the first ship; None between battles."""
    c = state.get("combat") or {}
    battle = next((b for b in c.get("battles") or [] if b.get("id") == c.get("current")), None)
    if state["step"]["kind"] != "combat" or battle is None:
        return None
    if battle["attacker"] == side:
        return commander(state, battle["air"][0]) if battle.get("air") else None
    own = [battle["base"]] if battle.get("base") else list(battle.get("ships") or [])
    return commander(state, own[0]) if own else None


def routed_to(state: State, side: str, kind: str, prompt: dict[str, Any]) -> str:
    """The one seat a decision that is not split goes to: a flight's commander (3d, 17b), a battle's (4, 17b), else
    the overall commander."""
    fighting = battle_commander(state, side)
    if fighting is not None:
        return fighting
    if kind in FLIGHTS:
        for spec in prompt.get("actions") or []:
            args = spec.get("args") or {}
            # a flight is one choice (its units, 3d2); the one order for every flight names each by its first unit
            heads = [c[0] if isinstance(c, list) else c for c in (args.get("units") or {}).get("choices") or []]
            heads += list(((args.get("flights") or {}).get("fields") or {}))
            for u in heads:
                if _is_thing(state, u):
                    return commander(state, u) or SEATS[side][0]
    return SEATS[side][0]


def seat_prompts(state: State, side: str, kind: str, prompt: dict[str, Any],
                 default_args: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Each seat of `side` asked for this decision now, with its prompt (a seat whose part is in is not asked). A
    part's prompt carries the seat's share of the side's missed order (`info.default`: legal with whatever part the
    teammate sends, since a part is checked against it) and whether the seat is asked alone (`info.alone`)."""
    if is_split(state, kind, prompt):
        parts = {seat: seat_part_prompt(state, prompt, seat) for seat in SEATS[side]}
        if any(parts.values()):
            alone = sum(1 for p in parts.values() if p) == 1
            return {seat: dict(p, info=dict(p["info"], alone=alone, default={
                        "verb": p["actions"][0]["verb"], "args": restrict(state, default_args or {}, seat)}))
                    for seat, p in parts.items() if p and seat not in state["team"]["parts"]}
    seat = routed_to(state, side, kind, prompt)
    return {seat: dict(prompt, title=f"{SEAT_LABELS[seat]}: {prompt['title']}",
                       info=dict(prompt.get("info") or {}, seat=seat))}


def involved(state: State, side: str, prompt: dict[str, Any]) -> list[str]:
    return [seat for seat in SEATS[side] if seat_part_prompt(state, prompt, seat)]


# --- parts and their union ---------------------------------------------------------------------------------------

def restrict(state: State, args: dict[str, Any], seat: str) -> dict[str, Any]:
    """A side's order cut down to what `seat` commands (its part of a default or random order)."""
    mine = lambda x: not _is_thing(state, x) or commander(state, x) == seat
    out = {}
    for name, v in args.items():
        if isinstance(v, list):
            out[name] = [x for x in v if mine(x)]
        elif isinstance(v, dict):
            out[name] = {k: x for k, x in v.items() if mine(k)}
        else:
            out[name] = v
    return out


def foreign(state: State, args: dict[str, Any], seat: str) -> list[str]:
    """Units or task forces in a part that the seat does not command (17b refuses them)."""
    out = []
    for v in args.values():
        for x in (v if isinstance(v, list) else list(v) if isinstance(v, dict) else []):
            if _is_thing(state, x) and commander(state, x) != seat:
                out.append(x)
    return out


def union(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The side's order from its seats' parts: lists joined, assignments merged, the rest the first seat's."""
    out: dict[str, Any] = {}
    for args in parts:
        for name, v in args.items():
            if name not in out or out[name] is None:
                out[name] = list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
            elif isinstance(v, list):
                out[name] += [x for x in v if x not in out[name]]
            elif isinstance(v, dict):
                out[name].update(v)
    return out


def whole(state: State, side: str, verb: str, default_args: dict[str, Any], parts: dict[str, Any],
          asked: list[str]) -> dict[str, Any]:
    """The side's order: the parts in, and for each asked seat still out its share of the side's default."""
    pieces = [parts[s] if s in parts else restrict(state, default_args, s) for s in asked]
    return {"verb": verb, "args": union(pieces)}


def decision_key(kind: str, prompt: dict[str, Any]) -> str:
    """What a part answers: the side's decision and its prompt as asked (a part kept for another is never used)."""
    text = json.dumps([kind, prompt], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def drop_parts(state: State, side: str) -> None:
    """The side's parts are used up (its order went in); the enemy's seats keep theirs."""
    t = state["team"]
    keys = t.setdefault("part_keys", {})
    for seat in [s for s in t["parts"] if SEAT_SIDE.get(s) == side]:
        del t["parts"][seat]
        keys.pop(seat, None)


def part_in(state: State, seat: str, teammate_waited: str | None) -> None:
    state["log"].append(entry(seat, "Your part of the side's orders is in (17b)"
                                    + (f"; waiting for the {SEAT_LABELS[teammate_waited]}." if teammate_waited
                                       else "."), at="Rule 17b"))


def fit(prompt: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """A side's answer cut to the units a seat's narrowed prompt offers (a seat's computer player, 17b)."""
    spec = next((a for a in prompt.get("actions") or [] if a["verb"] == action.get("verb")), None)
    if spec is None or not (prompt.get("info") or {}).get("part"):
        return action
    args = dict(action.get("args") or {})
    for name, arg in spec["args"].items():
        if arg.get("type") == "optional":
            arg = arg["each"]
        if name not in args or args[name] is None:
            continue
        if arg.get("type") == "several":
            args[name] = [x for x in args[name] if x in arg["choices"]]
        elif arg.get("type") == "assignment":
            args[name] = {k: v for k, v in args[name].items() if k in arg["ids"]}
        elif arg.get("type") == "group":
            args[name] = {k: v for k, v in args[name].items() if k in arg["fields"]}
    return dict(action, args=args)
