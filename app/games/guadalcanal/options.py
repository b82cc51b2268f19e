"""The optional rules (11, 13) a game is played with: declared here for the lobby (each switchable per game), checked
and recorded in the new game's state (`state["options"]`: {option id: on or off}), and described with the provenance
of every value (data/options.toml) for the players' view and the opening log line.

Played so far: 11a (the free roll marker, combat/free_roll.py), 11b (aircraft damage on damaged bases and ships,
combat/carried_air.py), 11c (dead in the water, reconstructed: dead_in_the_water.py) and 11e (submarine attacks,
submarine.py); 13 (wave attacks: air.py's flights, combat/waves.py). The 18c2 damage fog is declared in fog.py.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.contract import Option
from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry

State = dict[str, Any]
DATA = Path(__file__).resolve().parent / "data"

FREE_ROLL = "free_roll"
AIRCRAFT_DAMAGE, DEAD_IN_THE_WATER, SUBMARINES = "aircraft_damage", "dead_in_the_water", "submarines"
WAVE_ATTACKS = "wave_attacks"
FIGHTERS = "fighters"
SEA_MOVEMENT = "sea_movement"
VARIABLE_SPOTTING = "variable_spotting"
SCOUT_LOSSES = "scout_losses"
MAX_STRIKE = "max_strike"
NEW_SCOUTS = "new_scouts"
SURFACE = "surface"
TEAMS = "teams"  # rule 17: two players a side (command.py, radio.py, teamplay.py)
PATROLS = "patrols"
NIGHT_SEARCH = "night_search"
OPTIONS = (
    Option(FREE_ROLL, "Option 11a: the free roll marker (one re-roll of a Battleboard combat, then it passes)", "11a",
           False),
    Option(AIRCRAFT_DAMAGE, "Option 11b: aircraft on board or on the ground may be damaged with their ship or base",
           "11b", False),
    Option(DEAD_IN_THE_WATER, "Option 11c: ships without speed are dead in the water (reconstructed rule)", "11c",
           False),
    Option(SUBMARINES, "Option 11e: submarine attacks after each Air Return Phase", "11e", False),
    Option(WAVE_ATTACKS, "Option 13: wave attacks (air strikes fly and attack separately by origin)", "13", False),
    Option(FIGHTERS, "Option 14: fighters and air combats (escorts, High and Low CAP, breakthroughs, strafing; 14c "
           "and 14f reconstructed)", "14", False),
    Option(SEA_MOVEMENT, "Option 12a: variable sea movement by the slowest ship, and towing (12a4)", "12a", False),
    Option(VARIABLE_SPOTTING, "Option 15a: variable spotting (a competitive roll decides what a search reveals)",
           "15a", False),
    Option(SCOUT_LOSSES, "Option 15b: scouts may be lost to enemy fighters on CAP (needs option 14)", "15b", False),
    Option(MAX_STRIKE, "Option 12b-12c: Max. Strike (a deck load spotted this Turn takes off next Turn; "
           "reconstructed)", "12b", False),
    Option(NEW_SCOUTS, "Option 15c: new scouts (a combat air unit flips to give a scout counter of its class; "
           "reconstructed)", "15c", False),
    Option(SURFACE, "Option 16: surface combats between task forces in one hex, after the air combats (16e-16k "
           "reconstructed)", "16", False),
    Option(TEAMS, "Rule 17: two players a side (command assignment 17a, unit control 17b, radio messages 17c)",
           "17", False),
    Option(PATROLS, "Option 12d: patrols and shadowing (fighters stay on CAP a Turn, scouts shadow a task force; "
           "reconstructed)", "12d", False),
    Option(NIGHT_SEARCH, "Option 12e: Catalinas search by night from October 1942 (reconstructed from 8e2)", "12e",
           False),
)
IDS = tuple(o.id for o in OPTIONS)
SECTION = {FREE_ROLL: "free_roll", AIRCRAFT_DAMAGE: "aircraft_damage", DEAD_IN_THE_WATER: "dead_in_the_water",
           SUBMARINES: "submarines", WAVE_ATTACKS: "wave_attacks", FIGHTERS: "fighters"}
SECTION[SEA_MOVEMENT] = "sea_movement"
SECTION[VARIABLE_SPOTTING] = "spotting"
SECTION[SCOUT_LOSSES] = "scout_losses"
SECTION[MAX_STRIKE] = "max_strike"
SECTION[NEW_SCOUTS] = "new_scouts"
SECTION[SURFACE] = "surface"
SECTION[TEAMS] = "teams"
SECTION[PATROLS] = "patrols"
SECTION[NIGHT_SEARCH] = "night_search"


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    return data.load(DATA / "options.toml")


def values(option: str) -> dict[str, Any]:
    """The option's values (provenance keys left out)."""
    def plain(v: Any) -> Any:
        return {k: x for k, x in v.items() if not data.is_provenance_key(k)} if isinstance(v, dict) else v
    return {k: plain(v) for k, v in table()[SECTION[option]].items() if not data.is_provenance_key(k)}


def provenance(option: str, key: str) -> str:
    rec = table()[SECTION[option]]
    if isinstance(rec.get(key), dict) and "provenance" in rec[key]:
        return rec[key]["provenance"]  # a table of values with one provenance (11a's holder by scenario)
    return rec.get(f"{key}_provenance") or rec["provenance"]


def reconstructed(option: str, scenario: str | None = None) -> list[dict[str, str]]:
    """The option's values that are not printed, each with its provenance (shown to the players); a table of values
    (11a's holder by scenario) is listed entry by entry."""
    out = []
    for k, v in values(option).items():
        p = provenance(option, k)
        if p.startswith("reconstructed"):
            out += ([{"key": f"{k} {i}", "value": shown(x), "provenance": p} for i, x in v.items()
                     if scenario is None or i == scenario]
                    if isinstance(v, dict) else [{"key": k, "value": shown(v), "provenance": p}])
    return out


@lru_cache(maxsize=None)
def _printed_names() -> dict[str, str]:
    """Every counter's printed name by id (data/units.toml: ships, bases, air units)."""
    doc = data.load(DATA / "units.toml")
    return {rec["id"]: rec["name"] for recs in doc.values() if isinstance(recs, list) for rec in recs
            if isinstance(rec, dict) and "id" in rec and "name" in rec}


def shown(value: Any) -> str:
    """A value as the players read it: each unit by its printed name (issue 34), e.g. "Shokaku: 1SF, 2SF"."""
    if isinstance(value, dict):
        return "; ".join(f"{shown(k)}: {shown(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(x) for x in value)
    if isinstance(value, str):
        return _printed_names().get(value, value)
    return str(value)


def check_options(options: dict[str, Any]) -> None:
    """11a needs the dice in the open; under the 18c2 damage fog the side that did the damage may not see them."""
    if (options or {}).get(FREE_ROLL) and (options or {}).get("fog_damage"):
        raise IllegalAction("The free roll marker (option 11a) cannot be played with the umpire's damage fog "
                            "(18c2): the holder would see dice the fog hides. Choose one of the two.", "11a")
    if (options or {}).get(SCOUT_LOSSES) and not (options or {}).get(FIGHTERS):
        raise IllegalAction("Loss of scouts (option 15b) is used only with fighters and air combats (option 14): "
                            "switch option 14 on too, or leave 15b off.", "15b")


def begin(state: State, options: dict[str, Any]) -> State:
    """Record the options switched on in a new game's state, and tell everyone which, with what is reconstructed.
    11a: the scenario's side holds the free roll marker at the start."""
    state["options"] = {o: bool((options or {}).get(o)) for o in IDS}
    if state["options"][FREE_ROLL]:
        state["free_roll"] = {"holder": values(FREE_ROLL)["holder"][state["scenario"]], "used": []}
    chosen = [o for o in IDS if state["options"][o]]
    if chosen:
        parts = []
        for o in chosen:
            rebuilt = "; ".join(f"{r['key'].replace('_', ' ')} = {r['value']} ({r['provenance']})"
                                for r in reconstructed(o, state["scenario"]))
            parts.append(label(o) + (f" [{rebuilt}]" if rebuilt else ""))
        state["log"].append(entry(PUBLIC, "Optional rules in play: " + "; ".join(parts) + ".", at="Set-up (11)",
                                  options=chosen))
    return state


def on(state: State, option: str) -> bool:
    return bool((state.get("options") or {}).get(option))


def label(option: str) -> str:
    return next(o.label for o in OPTIONS if o.id == option)


def described(state: State) -> list[dict[str, Any]]:
    """Every optional rule this app plays, whether it is on in this game, and its reconstructed values (public)."""
    return [{"id": o.id, "label": o.label, "rule": o.rule, "on": on(state, o.id),
             "reconstructed": reconstructed(o.id, state.get("scenario")),
             **({"holder": (state.get("free_roll") or {}).get("holder")} if o.id == FREE_ROLL else {})}
            for o in OPTIONS]
