"""Rule 17c: radio messages between the commanders of a side, the only talk a side has after the start (17c1).

At the start of each Turn's Assembly Step (the first decision of the Turn after the Sides roll) every seat whose
flagship is afloat writes a message to its teammate or keeps silent (17c3; here one note a seat a Turn, options.toml
[teams]). The competitive roll is the server's: the sender's die against an opposing player's, unmodified; equal or
higher, the note is delivered at the start of the next Turn's Assembly Step, lower, two Turns on. The enemy is told
nothing (the roll is made for him, so a note leaks nothing: design/games/guadalcanal.md §5.2). Due notes are handed
over when the step opens; the addressee reads a note from then on (a log line to his seat), the umpire reads the
whole pile at any time, and everyone reads it once the game is over. 17c2: a seat whose flagship is eliminated may
neither send nor receive; a note to him is lost (the umpire is told).

Flagships (17c2, "each player names one ship"): when the first Turn begins (after the set-up) each seat is given its
first commanded ship of the preferred types (then any ship it commands, then, a seat of bases, its first base:
options.toml [teams]); until its first radio message or silence it may name another of its ships instead (`flagship`,
offered among the carriers and battleships it commands when it has any: "should always be aircraft carriers or
battleships, if possible"). The side alone is told.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import UMPIRE, to_side
from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Choice, Text, check_action
from app.games.guadalcanal import cards, command
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.gamedata import SIDES

State = dict[str, Any]
RULE = "17c3"
MAX_TEXT = 500
VERBS = {"radio": {"to": Choice(command.ALL_SEATS, label="Addressee"),
                   "text": Text(MAX_TEXT, label="Message")},
         "silence": {},
         # 17c2: the ship a seat names as its flagship, offered only among its own (`candidates`)
         "flagship": {"ship": Choice(tuple(units.units()), tuple(r["name"] for r in units.units().values()),
                                     label="Flagship")}}
FLAGSHIP_RULE = "17c2"


def at(state: State) -> str:
    return f"Turn {state['time']['scenario_turn']}: start of the Assembly Step (17c3)"


def due(state: State) -> bool:
    """Does a new Turn's radio step open now? After the set-up and the Sides roll, once a Turn."""
    return (command.playing(state) and state["outcome"] is None
            and state["step"]["kind"] not in ("deploy", "sides")
            and state["team"]["radio"]["turn"] != state["time"]["scenario_turn"])


def is_open(state: State) -> bool:
    return command.playing(state) and state["outcome"] is None and bool(state["team"]["radio"]["open"])


def waiting(state: State) -> list[str]:
    return [s for s, done in state["team"]["radio"]["open"].items() if not done]


def sunk(state: State, seat: str) -> bool:
    """17c2: the seat's flagship is eliminated."""
    f = state["team"]["flagships"].get(seat)
    return f is not None and (state["units"].get(f) or {}).get("box") == "eliminated"


def candidates(state: State, seat: str) -> list[str]:
    """17c2: the ships a seat may name as its flagship, the one it is given first: its carriers and battleships if it
    commands any ("if possible"), else any ship it commands, else (a commander of bases only) its bases."""
    side, prefer = command.SEAT_SIDE[seat], command.values()["flagship_types"]
    ships = [u for u, r in state["units"].items() if r["side"] == side and r["kind"] == "ship"
             and r["box"] != "eliminated" and command.commander(state, u) == seat]
    ranked = sorted(ships, key=lambda u: (prefer.index(state["units"][u]["type"])
                                          if state["units"][u]["type"] in prefer else len(prefer)))
    preferred = [u for u in ranked if state["units"][u]["type"] in prefer]
    if preferred or ranked:
        return preferred or ranked
    return [u for u, r in state["units"].items() if r["side"] == side and r["kind"] == "base"
            and command.commander(state, u) == seat]


def naming(state: State, seat: str) -> bool:
    """17c2: may the seat still name another flagship (the first Turn, before its first radio order)?"""
    return seat in state["team"]["radio"].get("naming", [])


def name_flagships(state: State) -> None:
    """17c2: one ship a player, known to his side only; each seat is given the first of its candidates and may name
    another before its first radio order."""
    state["team"]["radio"]["naming"] = []
    for side in SIDES:
        for seat in command.SEATS[side]:
            ranked = candidates(state, seat)
            flag = ranked[0] if ranked else None
            state["team"]["flagships"][seat] = flag
            if len(ranked) > 1:
                state["team"]["radio"]["naming"].append(seat)
            text = (f"{command.SEAT_LABELS[seat]}'s flagship is {cards.name(state, flag)} (17c2)." if flag
                    else f"{command.SEAT_LABELS[seat]} has no ship or base for a flagship (17c2).")
            state["log"].append(entry(to_side(side), text, at=at(state)))


def open_step(state: State) -> None:
    """The start of a Turn's Assembly Step: due notes are handed over (or lost, 17c2), then the seats may write."""
    radio = state["team"]["radio"]
    if not state["team"]["flagships"]:
        name_flagships(state)
    now = state["time"]["scenario_turn"]
    radio["turn"] = now
    for note in radio["notes"]:
        if note["status"] != "waiting" or note["deliver"] > now:
            continue
        if sunk(state, note["to"]):
            note["status"] = "lost"
            state["log"].append(entry(UMPIRE, f"Radio note {note['id']} to the {command.SEAT_LABELS[note['to']]} "
                                              f"is lost: his flagship is sunk (17c2).", at=at(state)))
            continue
        note["status"] = "delivered"
        state["log"].append(entry(note["to"], f"Radio message from the {command.SEAT_LABELS[note['from']]}, sent "
                                              f"Turn {note['sent']}, received Turn {now}: {note['text']}",
                                  at=at(state), radio=note["id"]))
    for seat in command.ALL_SEATS:
        if sunk(state, seat) and seat not in radio["silenced"]:
            radio["silenced"].append(seat)
            state["log"].append(entry(to_side(command.SEAT_SIDE[seat]),
                                      f"The {command.SEAT_LABELS[seat]}'s flagship "
                                      f"{cards.name(state, state['team']['flagships'][seat])} is sunk: he may not "
                                      f"send or receive messages for the rest of the game (17c2).", at=at(state)))
    radio["open"] = {seat: False for seat in command.ALL_SEATS if not sunk(state, seat)}


def prompt(state: State, seat: str) -> dict[str, Any]:
    mate = command.teammate(seat)
    return {"title": f"{command.SEAT_LABELS[seat]}: start of the Assembly Step: write a radio message to the "
                     f"{command.SEAT_LABELS[mate]}, or keep radio silence",
            "rule": RULE, "info": {"kind": "radio", "seat": seat, "flagship_sunk": sunk(state, mate)},
            "actions": [{"verb": "radio", "label": "Send the message",
                         "args": {"to": Choice((mate,), labels=(command.SEAT_LABELS[mate],),
                                               label="Addressee").to_json(),
                                  "text": VERBS["radio"]["text"].to_json()}},
                        {"verb": "silence", "label": "Radio silence this Turn", "args": {}},
                        *_naming_action(state, seat)]}


def _naming_action(state: State, seat: str) -> list[dict[str, Any]]:
    if not naming(state, seat):
        return []
    others = [u for u in candidates(state, seat) if u != state["team"]["flagships"].get(seat)]
    if not others:
        return []
    return [{"verb": "flagship", "label": "Name this ship your flagship instead (17c2)",
             "args": {"ship": VERBS["flagship"]["ship"].only(*others).to_json()}}]


def check(state: State, seat: str, action: dict[str, Any]) -> None:
    if seat not in state["team"]["radio"]["open"]:
        if seat in command.SEAT_SIDE and sunk(state, seat):
            raise IllegalAction("Your flagship is sunk: you may not send messages for the rest of the game.", "17c2")
        raise IllegalAction("Only a commander of a side writes radio messages (17c3).", RULE)
    if action.get("verb") == "flagship":
        check_action({"flagship": VERBS["flagship"]}, action)
        if not naming(state, seat):
            raise IllegalAction("Flagships are named at the start of the first Turn, before your first radio "
                                "message (17c2).", FLAGSHIP_RULE)
        ship = action["args"]["ship"]
        if ship not in candidates(state, seat):
            raise IllegalAction(f"{cards.name(state, ship)} is not one of your ships that may be your flagship: "
                                "flagships should always be aircraft carriers or battleships, if possible (17c2).",
                                FLAGSHIP_RULE)
        return
    if state["team"]["radio"]["open"][seat]:
        raise IllegalAction("You have written this Turn's radio message already (17c3).", RULE)
    if action.get("verb") == "silence":
        return
    if action.get("verb") != "radio":
        raise IllegalAction("At the start of the Assembly Step the commanders write their radio messages first "
                            "(17c3).", RULE)
    args = action.get("args") or {}
    if args.get("to") != command.teammate(seat):
        raise IllegalAction("A radio message goes to the other commander of your own side (17c).", "17c")
    text = args.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise IllegalAction(f"Write the message: 1 to {MAX_TEXT} characters.", RULE)
    check_action({"radio": VERBS["radio"]}, action)  # the text's shape: nothing a page could not show (Text)


def apply(state: State, seat: str, action: dict[str, Any], rng) -> None:
    """17c3: the note is written, the competitive roll made, the delivery Turn written on it."""
    check(state, seat, action)
    radio = state["team"]["radio"]
    if action["verb"] == "flagship":
        ship = action["args"]["ship"]
        state["team"]["flagships"][seat] = ship
        state["log"].append(entry(to_side(command.SEAT_SIDE[seat]), f"{command.SEAT_LABELS[seat]} names "
                                  f"{cards.name(state, ship)} his flagship (17c2).", at=at(state)))
        return  # the seat still writes its message or keeps silence
    radio["open"][seat] = True
    if naming(state, seat):
        radio["naming"].remove(seat)
    if action["verb"] == "radio":
        now = state["time"]["scenario_turn"]
        mine, theirs = rng.d10(), rng.d10()
        later = command.values()["delay_won" if mine >= theirs else "delay_lost"]
        note = {"id": radio["next"], "from": seat, "to": action["args"]["to"], "sent": now, "deliver": now + later,
                "text": action["args"]["text"].strip(), "rolls": [mine, theirs], "status": "waiting"}
        radio["next"] += 1
        radio["notes"].append(note)
        state["log"].append(entry(seat, f"Radio message to the {command.SEAT_LABELS[note['to']]} sent: your roll "
                                        f"{mine} against the enemy's {theirs}: delivery at the start of Turn "
                                        f"{note['deliver']}'s Assembly Step (17c3).", at=at(state), radio=note["id"]))
        state["log"].append(entry(UMPIRE, f"Radio note {note['id']}, {command.SEAT_LABELS[seat]} to "
                                          f"{command.SEAT_LABELS[note['to']]}: rolls {mine} against {theirs}, "
                                          f"delivery Turn {note['deliver']}: {note['text']}", at=at(state)))
    if not waiting(state):
        radio["open"] = {}


def default(state: State, seat: str) -> dict[str, Any]:
    return {"verb": "silence", "args": {}}


def random(state: State, seat: str, rng) -> dict[str, Any]:
    offered = _naming_action(state, seat)
    if offered and rng.die(3) == 1:
        return {"verb": "flagship", "args": {"ship": rng.choice(offered[0]["args"]["ship"]["choices"])}}
    if rng.die(3) == 1:
        return {"verb": "radio", "args": {"to": command.teammate(seat), "text": f"Random note {rng.die(1000)}"}}
    return default(state, seat)


def seen_by(state: State, role: str, ended: bool) -> list[dict[str, Any]]:
    """The notes a reader may see: the umpire all of them, everyone after the end; a seat the notes it sent (as
    written, with the delivery Turn) and the ones delivered to it."""
    notes = state["team"]["radio"]["notes"]
    if role == UMPIRE or ended:
        return [dict(n) for n in notes]
    out = []
    for n in notes:
        if n["from"] == role:
            out.append({k: n[k] for k in ("id", "to", "sent", "deliver", "text")})
        elif n["to"] == role and n["status"] == "delivered":
            out.append({k: n[k] for k in ("id", "from", "sent", "deliver", "text")})
    return out
