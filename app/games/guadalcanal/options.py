"""The optional rules (11, 13) a game is played with: declared here for the lobby (each switchable per game), checked
and recorded in the new game's state (`state["options"]`: {option id: on or off}), and described with the provenance
of every value (data/options.toml) for the players' view and the opening log line.

Played so far: 11b (aircraft damage on damaged bases and ships, combat/carried_air.py), 11c (dead in the water,
reconstructed: dead_in_the_water.py) and 11e (submarine attacks, submarine.py). The 18c2 damage fog is declared in
fog.py.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.contract import Option
from app.engine.log import PUBLIC, entry

State = dict[str, Any]
DATA = Path(__file__).resolve().parent / "data"

AIRCRAFT_DAMAGE, DEAD_IN_THE_WATER, SUBMARINES = "aircraft_damage", "dead_in_the_water", "submarines"
OPTIONS = (
    Option(AIRCRAFT_DAMAGE, "Option 11b: aircraft on board or on the ground may be damaged with their ship or base",
           "11b", False),
    Option(DEAD_IN_THE_WATER, "Option 11c: ships without speed are dead in the water (reconstructed rule)", "11c",
           False),
    Option(SUBMARINES, "Option 11e: submarine attacks after each Air Return Phase", "11e", False),
)
IDS = tuple(o.id for o in OPTIONS)
SECTION = {AIRCRAFT_DAMAGE: "aircraft_damage", DEAD_IN_THE_WATER: "dead_in_the_water", SUBMARINES: "submarines"}


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    return data.load(DATA / "options.toml")


def values(option: str) -> dict[str, Any]:
    """The option's values (provenance keys left out)."""
    return {k: v for k, v in table()[SECTION[option]].items() if not data.is_provenance_key(k)}


def provenance(option: str, key: str) -> str:
    rec = table()[SECTION[option]]
    return rec.get(f"{key}_provenance") or rec["provenance"]


def reconstructed(option: str) -> list[dict[str, str]]:
    """The option's values that are not printed, each with its provenance (shown to the players)."""
    return [{"key": k, "value": str(v), "provenance": provenance(option, k)} for k, v in values(option).items()
            if provenance(option, k).startswith("reconstructed")]


def begin(state: State, options: dict[str, Any]) -> State:
    """Record the options switched on in a new game's state, and tell everyone which, with what is reconstructed."""
    state["options"] = {o: bool((options or {}).get(o)) for o in IDS}
    chosen = [o for o in IDS if state["options"][o]]
    if chosen:
        parts = []
        for o in chosen:
            rebuilt = "; ".join(f"{r['key'].replace('_', ' ')} = {r['value']} ({r['provenance']})"
                                for r in reconstructed(o))
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
    return [{"id": o.id, "label": o.label, "rule": o.rule, "on": on(state, o.id), "reconstructed": reconstructed(o.id)}
            for o in OPTIONS]
