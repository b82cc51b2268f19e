"""The campaign games' tables (data/campaign*.toml), read once through app.engine.data like gamedata's: a value
without provenance refuses to load. Kept apart from gamedata.FILES so the mini-games' loader stays as it is."""
from __future__ import annotations

from functools import cache
from typing import Any

from app.engine import data
from app.games.usn import gamedata

FILES = ("campaign1", "campaign2", "campaign3", "campaign_units", "campaign_victory")
GAMES = {"campaign_1": "campaign1", "campaign_2": "campaign2", "campaign_3": "campaign3"}


@cache
def load(name: str) -> dict[str, Any]:
    if name not in FILES:
        raise KeyError(f"no U.S.N. campaign data file {name!r}")
    return data.load(gamedata.FOLDER / f"{name}.toml")


def game(scenario: str) -> dict[str, Any]:
    """A campaign game's file by scenario id ("campaign_3")."""
    if scenario not in GAMES:
        raise KeyError(f"no campaign game {scenario!r} (campaign games: {', '.join(GAMES)})")
    return load(GAMES[scenario])


def deployment(scenario: str) -> dict[str, Any]:
    """The file whose orders of battle a campaign game deploys: Game 3 uses Game 1's (How to Set-up and Play)."""
    g = game(scenario)["game"]
    return game(g.get("deployment", scenario))


def units() -> dict[str, Any]:
    return load("campaign_units")


def land_types() -> dict[str, dict[str, Any]]:
    """{printed name: land unit type}: the campaign types, and the Coral Sea types they do not repeat."""
    out = {u["name"]: u for u in gamedata.load("coral_play")["land_unit"]}
    out.update(data.index(units()["land_type"], key="name", where="campaign_units.land_type"))
    return out


def capacities() -> dict[str, int]:
    """{ship id: air capacity} for every carrier either file lists."""
    out = {c["id"]: c["capacity"] for c in gamedata.load("units")["carrier"]}
    out.update({c["id"]: c["capacity"] for c in units()["carrier"]})
    return out


def ship_types() -> dict[str, dict[str, Any]]:
    out = dict(gamedata.load("coral_play")["ship_type"])
    out.update(units()["ship_type"])
    return out


def victory() -> dict[str, Any]:
    return load("campaign_victory")


@cache
def special_table() -> dict[str, Any]:
    return data.load(gamedata.FOLDER / "campaign_special.toml")


def in_force(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The Special Game Rules in force (their tables in data/campaign_special.toml): {rule id: its [[special]]
    record} for the state's campaign game (none for a mini-game): Game 3 takes Game 1's and Game 2's Burma rule."""
    sc = state.get("scenario")
    if sc in ("campaign_1", "campaign_2"):
        return {sp["id"]: sp for sp in game(sc)["special"]}
    if sc == "campaign_3":
        pick = game(sc)["special"]
        one = {sp["id"]: sp for sp in game("campaign_1")["special"]}
        two = {sp["id"]: sp for sp in game("campaign_2")["special"]}
        return {**{i: one[i] for i in pick["from_campaign_1"]}, **{i: two[i] for i in pick["from_campaign_2"]}}
    return {}


def is_campaign(state: dict[str, Any]) -> bool:
    return state.get("scenario") in GAMES
