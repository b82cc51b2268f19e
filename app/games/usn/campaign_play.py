"""Campaign Games 1, 2 and 3 as scenarios of rules.py (Situations & Orders of Battle; How to Set-up and Play the
Games): set up by campaign.new_state, played through the same table of steps as the mini-games (sequence.py), Step 1
running reinforce.step_one (reinforcements, replacements, repaired ships, the campaign checks), Step 10 the records
and, after the game's last Game-Turn, campaign_victory.finish (How the Game is Won).

Readings (docs/games/usn.md, "Campaign games as scenarios"):
- The set-up's deployment is campaign.py's (the printed hexes, an area's representative hex, air points filled
  within capacity); the air deployment prompt of the mini-games is not offered (their printed totals are the
  mini-games' own), so play begins with Step 1 of the first Game-Turn, Japan moving first as printed.
- Orders are shaped against the campaign's own domain (every ship of its orders of battle and chart, with the
  replacement ids "<id>.2" ..., land units as they enter, every hex, and the off-map West Coast) before the
  decision's own check, as the mini-games' orders are against theirs.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import Option
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed, Optional, Repeated, Several
from app.games.usn import (
    air,
    board,
    breakdown,
    building,
    campaign,
    campaign_setup,
    campaign_victory,
    campaigndata,
    embarkation,
    ferry,
    garrisons,
    grid,
    naval,
    offmap,
    parachute,
    records,
    reinforce,
    special,
    submarine,
    support,
    surface,
    transfer,
    variable_deployment,
)

State = dict[str, Any]
SCENARIOS = campaign.SCENARIOS  # ("campaign_1", "campaign_2", "campaign_3")
WEST_COAST = "west-coast"
MAX_LAND = 400  # land unit ids J-L1 ... per side: more than any campaign fields (107 at the end of Game 3)
REPLACED = 21  # "<id>.2" ... "<id>.21": a transport lost every fourth Game-Turn of 81 (Replacements: 4 turns)

# The ship types only the campaigns field (CVE, Oiler, Assault Transport: campaign_units.toml, each with its
# provenance) join the mini-games' table the movement and combat rules read (board.values).
for _t, _v in campaigndata.units().get("ship_type", {}).items():
    board.PLAY["ship_type"].setdefault(_t, _v)
for _t, _v in campaigndata.land_types().items():  # likewise the land unit types the orders of battle name
    board.LAND_TYPES.setdefault(_t, _v)

# The campaigns' optional rules campaign.py reads (the mini-games ignore them)
OPTIONS = (Option("burma", "Campaign games only: the Burma Campaign (the Burma Special Game Rules are cancelled for "
                           "the Japanese; extra units in Burma)", "Burma Campaign", False),
           Option("allied_variable_deployment", "Campaign Games 1 and 3 only: Allied Variable Deployment (one die "
                  "puts some Game-Turn 2 arrivals in Pearl Harbor at the start)", "Allied Variable Deployment", False),
           Option(garrisons.OPTION, "Campaign Games 1 and 3 only: Garrisons (Saigon and Haiphong held fast; no "
                  "points for an objective without its garrison at the end)", garrisons.RULE, False),
           Option(ferry.OPTION, "Campaign games only: Japanese Ferry Carriers (Taiyo, Unyo and Chuyo launch or "
                  "receive one air point per Movement or Combat Phase)", ferry.RULE, False),
           Option(variable_deployment.OPTION, "Campaign Games 1 and 3 only: Japanese Variable Deployment (the "
                  "Japanese CL, DD, Oilers and Engineer Regiments at any friendly Naval Base at the start)",
                  variable_deployment.RULE, False),
           Option(campaign_setup.OPTION, "Campaign games: each Player places the units his order of battle leaves to "
                  "him, Japan first (off: the printed areas' default hexes)", "Set-up choice", False))


def bot_goals(scenario: str) -> dict[str, str]:
    """The computer players' objectives, from the campaign's victory data (How the Game is Won): Japan goes for the
    objective worth most that the Allies hold at the start, those Japan needs (asterisked) first; the Allies for the
    asterisked objective worth most that Japan holds at the start (Game 2), else they defend Japan's. Each aims at
    the objective's first hex; land-based air is deployed toward the other side's objective."""
    start = campaign_victory.start_control(scenario)
    objs = {o["id"]: o for o in campaign_victory.objectives()}

    def best(side: str, needed_only: bool) -> dict[str, Any] | None:
        held = [o for i, o in objs.items() if start[i] == side and (o.get("japan_needs") or not needed_only)]
        return max(held, key=lambda o: (bool(o.get("japan_needs")), o["points"]), default=None)

    japan = best("allied", False) or next(iter(objs.values()))
    allies = best("japanese", True) or japan
    return {"japanese_objective": japan["hexes"][0], "japanese_engineer_objective": japan["hexes"][0],
            "allied_objective": allies["hexes"][0], "japanese_air_toward": japan["hexes"][0],
            "allied_air_toward": allies["hexes"][0],
            "provenance": f"reconstructed: the computer players aim at the objectives of How the Game is Won: Japan "
                          f"at {japan['name']}, the Allies at {allies['name']} (campaign_victory.toml)"}


for _sc in SCENARIOS:
    board.CAMPAIGNS[_sc] = {"special": [], "victory": [], "bots": bot_goals(_sc)}


def summary(scenario: str) -> str:
    g = campaigndata.game(scenario)["game"]
    return (f"Game-Turns {g['first_turn']} to {g['last_turn']}, with reinforcements by the chart; Victory Points for "
            "units sunk and destroyed and for the objectives held at the end.")


def setup(scenario: str, options: dict[str, Any], rng) -> State:
    """The campaign's set-up (campaign.py has deployed the printed order of battle); the walk begins after it
    (rules.py): the set-up decisions its options call for, the Shock Effect's Pre-Game-Turn where it is in force,
    then Step 1 of its first Game-Turn (sequence.pregame)."""
    state = campaign.new_state(scenario, options, rng)
    campaign_setup.begin(state)  # the set-up decisions (Japanese Variable Deployment; the set-up choice)
    if variable_deployment.active(state):
        variable_deployment.start(state)
    return state


def step_one(state: State, rng) -> None:
    """Step 1 of a campaign Game-Turn; the mini-games bring nothing (records.reinforce)."""
    was = embarkation.before(state)
    reinforce.step_one(state, rng)
    embarkation.mark_new(state, was)  # Japanese Carrier Aircraft Embarkation: new NAC aboard, the carrier trains
    special.step_one(state)  # Hong Kong (311) on the fourth Game-Turn; Thailand, Manila, Australian Reserves
    garrisons.step_one(state)  # Garrisons (optional rule): the fixed garrisons' books


def end_of_turn(state: State, rng) -> None:
    """Step 10 of a campaign Game-Turn: the Turn Record and the fuel records as in every game (records.py, Supply
    (G): refuel, count a Game-Turn at sea, a ship at its endurance is destroyed), without the mini-games' Victory
    Conditions; after the game's last Game-Turn (20, 40, 81) the campaign's victory (campaign_victory.finish)."""
    offmap.step_ten(state, rng)  # Allied Naval Forces in the Indian Ocean: the die, the check by Game-Turn 20
    records.fuel_and_land(state)
    special.count_isolation(state)  # Phillipine Fortifications: Game-Turns out of supply on 348
    if state["turn"] >= state["turns"]:
        campaign_victory.finish(state)
    else:
        state["log"].append(entry(PUBLIC, f"End of Game-Turn {state['turn']}.", at=records.STEP_10))


# --- the campaign's order domain: what an order may name before its decision judges it ---

def _ship_ids() -> tuple[str, ...]:
    out: set[str] = set()
    for sc in SCENARIOS:
        for burma in (False, True):
            out |= set(campaign.new_state(sc, {"burma": burma})["ships"])
    for turn in reinforce.chart():
        for it in reinforce.items(turn, True):
            if it["kind"] == "ship":
                out.add(it["id"])
    var = campaigndata.deployment("campaign_1").get("variable_deployment", {})
    for units in var.values():
        if isinstance(units, list):
            out |= {f"A-{u}" for u in units if isinstance(u, str)}
    base = sorted(out)
    return tuple(sorted(set(base) | {f"{s}.{n}" for s in base for n in range(2, REPLACED + 1)}))


def _hexes() -> tuple[str, ...]:
    every = [f"{n:04d}" for n in range(grid.FIRST, grid.LAST + 1)]
    return tuple(sorted(set(every) | set(grid.ALL_HEXES))) + offmap.PLACES  # the West Coast first (Off-Map Movement)


SHIPS = _ship_ids()
LAND = tuple(f"{p}-L{n}" for p in reinforce.PREFIX.values() for n in range(1, MAX_LAND + 1))
LAND += breakdown.ids(LAND)  # Unit Breakdown: each division's components 2 and 3
HEXES = _hexes()
CARRIERS = tuple(s for s in SHIPS if board.ship_type(s.split(".")[0]) in ("CV", "JCV", "CVL", "CVE"))
STATIONS = CARRIERS + tuple(f"base:{h}" for h in HEXES)


def _verbs() -> dict[str, Any]:
    return {
        **variable_deployment.verbs(HEXES),  # Japanese Variable Deployment (optional rule): the set-up decision
        **campaign_setup.verbs(HEXES),  # the set-up choice (How to Set-up and Play the Games)
        # the mini-games' optional parts too (air transfer, parachute drops, submarines: rules.NAVAL_VERBS): a
        # computer or a player writes them in a campaign as in any situation
        "move": {"moves": Keyed(naval._each(HEXES, LAND), SHIPS, label="naval movement by ship"),
                 "bombard": naval._bombard(HEXES, LAND),
                 "transfers": transfer.order(STATIONS, STATIONS),
                 "drops": Optional(Keyed(Choice(HEXES, label="drop onto hex"), parachute.IDS,
                                         label="parachute drops at (B)")),
                 "subs": submarine.order_spec()},
        "land_move": {"moves": Keyed(Choice(HEXES), LAND, label="move one hex to"),
                      "entrench": Several(LAND, 0, len(LAND), label="try to entrench"),
                      "disentrench": Several(LAND, 0, len(LAND), label="disentrench"),
                      "works": building.order(LAND),  # Repairing or Building Bases
                      **breakdown.order_spec(LAND)},  # Unit Breakdown
        "land_attack": {"land": Several(LAND, 0, len(LAND), label="land from transports (opposed landing)"),
                        "attack": Several(LAND, 0, len(LAND), label="units that attack in their hex"),
                        "naval_support": Optional(Several(SHIPS, 0, len(SHIPS), label="naval ground support (C)"))},
        **surface.escape_verbs(HEXES, SHIPS),  # Surface Naval Engagement, step 2
        "fire": {"targets": Keyed(Choice(SHIPS, label="target"), SHIPS, label="target of each engaged ship")},
        "allocate": {"missions": Repeated(air._mission(STATIONS, HEXES), label="strikes on naval units"),
                     "cap": Repeated(air._cap(STATIONS), label="Combat Air Patrol over its own hex"),
                     "base_strikes": Optional(Repeated(air._base_strike(STATIONS, HEXES),
                                                       label="strikes on air and naval bases")),
                     "ground_support": Optional(Repeated(support.air_order(STATIONS, HEXES),
                                                         label="ground support of a land combat")),
                     "land_strikes": Optional(Repeated(air._land_strike(STATIONS, HEXES, LAND),
                                                       label="bombing of land units"))},
    }


VERBS = _verbs()
VERBS["place"] = special.VERBS["place"]  # Australian Reserves (special.py)
