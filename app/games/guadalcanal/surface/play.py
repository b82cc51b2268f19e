"""Scenarios 5 and 6 (7f, 7g) on the rules contract: the decision record the game's states table holds for a surface
battle played on its own, its view (the same for both sides: the battle is fought in the open, 16a), the secrecy
harness's hooks (nothing is hidden from anyone), and the missed and random orders.

rules.py sends a game to this module when its state says `surface_game` (the scenario is 5 or 6)."""
from __future__ import annotations

import copy
from typing import Any

from app.engine.errors import Refused
from app.engine.log import PUBLIC, entry, visible
from app.engine.states import Decision
from app.games.guadalcanal.combat.tables import battleboard, toward
from app.games.guadalcanal.surface import battle, battleline, campaign, scenarios, torpedoes
from app.engine.rng import SeededRng

State = dict[str, Any]
IDS = scenarios.IDS
RULE = {"5": "7f", "6": "7g"}


def playing(state: State) -> bool:
    return bool(state.get("surface_game"))


def new_game(sid: str, options: dict[str, Any]) -> State:
    """7f, 7g: the forces of the scenario, Japan to set up first (Side B). The game's other optional rules do not
    apply: the scenario is option 16 alone (with 11a's free roll named, 7f4.4, 7g4.4, kept for the record)."""
    s = battle.start(scenarios.begin(sid))
    sc = scenarios.scenario(sid)
    s.update(surface_game=True, outcome=None, umpired=bool((options or {}).get("umpired")), options={})
    s["log"].append(entry(PUBLIC, f"Scenario {sid}, {sc['name']} ({RULE[sid]}): a night surface combat (option 16). "
                                  f"Japan is Side B and sets up first; the opponents entered the hex through "
                                  f"{'opposite' if sc['facing'] == 'opposite' else 'adjacent'} hexsides; no breakoff "
                                  f"before the end of Surface Turn {sc['breakoff_after']}; the Japanese night "
                                  f"fighting modifier is {scenarios.night_modifier(sid):+d} (16k3).", at="Set-up"))
    return s


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = battle.apply(state, role, action, rng)
    if not playing(s):  # option 16 in scenarios 1-4: the battle ends into the Turn's sequence (campaign.py)
        campaign.ended(s, rng)  # the walk then goes on (rules.py)
        return s
    if s["surface"]["step"]["kind"] == "over":
        s["outcome"] = scenarios.outcome(s)
        s["log"].append(entry(PUBLIC, s["outcome"]["reason"], at="End"))
    return s


def check(state: State, role: str, action: dict[str, Any]) -> None:
    """Judge an order without keeping its result; the dice it would roll are not drawn from the game."""
    battle.apply(state, role, action, SeededRng(0))


def _setup_order(state: State, side: str, rng=None) -> dict[str, Any]:
    """The missed order: the first setup line, facing north (Side A: its line, facing as 16b2 says), every ship in
    line astern from the X hex (placement left to battleline.fill). With `rng` (the harness's random order): either
    line and facing for Side B, and one ship placed at random behind the line."""
    s = state["surface"]
    xs = battleline.x_hexes(s["night"])
    if side == s["sides"]["B"]:
        line, facing = (xs[0], "N") if rng is None else (rng.choice(xs), rng.choice(("N", "S")))
    else:
        b = s["setup"][s["sides"]["B"]]
        line = next(x for x in xs if x != b["line"])
        facing = battleline.facing_for_a(b["facing"], s["relation"])
    placement: dict[str, str] = {}
    if rng is not None and rng.d6() > 3:
        fleet = battle.fleet(state, side)
        ship = rng.choice(fleet)
        # 16c: the lead ship of the first battleline stands in the X hex, so a side's only ship goes there
        placement[ship] = line if len(fleet) == 1 else rng.choice(
            battleline.open_behind([line], s["night"], {p["at"] for p in s["ships"].values()}))
    return {"verb": "surface_set_up", "args": {"line": line, "facing": facing, "placement": placement}}


def default(state: State, role: str) -> dict[str, Any]:
    """A missed order: the scenario's battleline on the first setup line; no move; no torpedoes; cease fire; no
    breakoff."""
    kind = state["surface"]["step"]["kind"]
    if kind == "setup":
        return _setup_order(state, role)
    return {"movement": {"verb": "surface_move", "args": {"courses": {}}},
            "torpedoes": {"verb": "surface_torpedoes", "args": {"markers": {}}},
            "gunnery": {"verb": "surface_cease_fire", "args": {}},
            "breakoff": {"verb": "surface_break_off", "args": {"ships": []}},
            "free_roll": {"verb": "surface_free_roll", "args": {"use": False}},
            "contact": {"verb": "surface_contact", "args": {"fight": False}}}[kind]


def random(state: State, role: str, rng) -> dict[str, Any]:
    """A random legal order (for the harness): some ships steam one hex on, some fire torpedoes, guns at random."""
    s, kind = state["surface"], state["surface"]["step"]["kind"]
    mine = battle._mine(state, role)
    if kind == "setup":
        return _setup_order(state, role, rng)
    if kind == "movement":
        courses: dict[str, list[str]] = {}
        for u in mine:
            if rng.d6() <= 3:
                continue
            try:
                battle.apply(state, role, {"verb": "surface_move", "args": {"courses": {**courses,
                                                                                    u: [s["ships"][u]["facing"]]}}},
                             _NoRoll())
            except Refused:
                continue
            except _Rolled:
                pass
            if toward(s["ships"][u]["at"], s["ships"][u]["facing"]):
                courses[u] = [s["ships"][u]["facing"]]
        return {"verb": "surface_move", "args": {"courses": courses}}
    if kind == "torpedoes":
        markers: dict[str, str] = {}
        trial = copy.deepcopy(state)
        for u in mine:
            if torpedoes.may_fire(trial, u) and rng.d6() <= 4:
                for side_of_ship in torpedoes.section("torpedo")["sides"]:
                    try:
                        torpedoes.place(trial, u, side_of_ship)
                    except Refused:
                        continue
                    markers[u] = side_of_ship
                    break
        return {"verb": "surface_torpedoes", "args": {"markers": markers}}
    if kind == "free_roll":
        return {"verb": "surface_free_roll", "args": {"use": rng.d6() <= 2}}
    if kind == "contact":
        return {"verb": "surface_contact", "args": {"fight": rng.d6() <= 4}}
    if kind == "gunnery":
        acts = battle.prompt(state, role)["actions"]
        a = rng.choice(acts)
        return {"verb": a["verb"], "args": {k: v["choices"][0] for k, v in a["args"].items()}}
    able = battle.breakoff.able(state, role)
    return {"verb": "surface_break_off", "args": {"ships": [u for u in able if rng.d6() == 1]}}


class _Rolled(Exception):
    pass


class _NoRoll:
    """Dice for judging a move: a move rolls none, so any roll means the order went through."""
    def die(self, sides: int = 10):
        raise _Rolled()

    def d10(self):
        raise _Rolled()


def prompt(state: State, role: str) -> dict[str, Any]:
    p = battle.prompt(state, role)
    return dict(p, info=dict(p.get("info") or {}, scenario=state.get("scenario")))


DECISION = Decision("surface", "16d", battle.VERBS, lambda s: battle.acting(s), prompt, resolve, default, random,
                    check)


def board(state: State) -> dict[str, Any]:
    """The Battleboard as data for the board renderer (docs/architecture.md "Board"): each ship with its facing and
    damage, each torpedo marker with its heading."""
    g = battleboard()["grid"]
    grid = {"lines": g["lines"], "shifted": g["shifted"], "toward": g["toward"], "ids": g["ids"], "show_ids": False,
            "cols": [ord(g["first_column"]) - ord("A"), ord(g["last_column"]) - ord("A")],
            "rows": [g["first_row"], g["last_row"]]}
    v = battle.view(state, "public")
    pieces = []
    for x in v["ships"]:
        side = "Allied" if x["side"] == "allied" else "Japanese"
        damage = ("back side" if x["face"] == "back" else "front side") + (f", {x['hits']} hit(s)" if x["hits"] else "")
        pieces.append({"id": f"sb-{x['id']}", "kind": "ship", "side": x["side"], "at": x["at"], "face": x["name"],
                       "label": f"{side} {x['name']}, {x['at']}",
                       "details": f"{side} {x['name']} in {x['at']}, facing {x['facing']}, {damage}.",
                       "tags": [f"facing-{x['facing']}"]})
    for i, m in enumerate(v["torpedoes"]):
        pieces.append({"id": f"torpedo-{i}", "kind": "torpedo", "side": state["units"][m["ship"]]["side"],
                       "at": m["at"], "face": "T", "label": f"Torpedo marker of {battle.name(m['ship'])}, {m['at']}",
                       "details": f"Torpedoes of {battle.name(m['ship'])}, running {m['facing']} (16f3).",
                       "tags": [f"facing-{m['facing']}"]})
    return {"id": "battleboard", "label": f"Battleboard: Surface Turn {v['turn']}",
            "description": "The surface combat (16): ships with their facings, torpedo markers with their headings.",
            "grid": grid, "pieces": pieces, "per_row": 1}


def view(state: State, role: str) -> dict[str, Any]:
    """Everything on the Battleboard, to every role alike (16a); the log lines the role may read."""
    sid = state["scenario"]
    return {"board": board(state), "game": "guadalcanal", "scenario": sid, "role": role, "surface_game": True,
            "title": scenarios.scenario(sid)["name"], "outcome": state["outcome"],
            "waiting_for": battle.acting(state), "free_roll": dict(state.get("free_roll") or {}),
            "surface": battle.view(state, role),
            "log": visible(state["log"], role)}  # entries, as every game's view gives them (the page's log reads them)


def perturb(state: State, role: str, rng) -> State:
    return copy.deepcopy(state)  # nothing on the Battleboard is hidden from anyone (16a)


def plant_canaries(state: State, role: str, marker: str) -> State:
    return copy.deepcopy(state)
