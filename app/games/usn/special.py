"""The campaign games' Special Game Rules that change the map as the game goes (Special Game Rules, Campaign Game 1;
Campaign Game 2 "Australian Reserves Same as Campaign Game One"; Campaign Game Three "the same special game rules as
Campaign Game One"): Hong Kong (311) falls on the fourth Game-Turn, Thailand 111 hands Bangkok to Japan, the
Phillipine Fortifications (hex 348: automatic entrenchment, eight Game-Turns immune to isolation, the Manila Naval
Base barred to Japan until the hex is cleared), and Australian Reserves 463 (a decision of the Allied Player's, its
prompt here, offered when Japanese land forces land in Australia).

Each procedure is a plain function over the state; rules.py, campaign_play.py, board.py and land.py call them through
one-line hooks. Readings: docs/games/usn.md, "Special Game Rules in play (session 9)"."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Several
from app.games.usn import arrivals, board, campaigndata, gamedata, grid, supply
from app.games.usn.philippines import FORT_RULE, fortified, fortress

State = dict[str, Any]
SG1 = "Campaign Game 1"
HONG_KONG_RULE = f"{SG1}, Hong Kong (311)"
THAILAND_RULE = f"{SG1}, Thailand 111"
RESERVES_RULE = f"{SG1}, Australian Reserves 463"
RESERVES = "reserves"  # the Allied Player's decision (its record in rules.STATES)


def _ashore(state: State, side: str, hexes) -> list[dict[str, Any]]:
    hs = set(hexes)
    return [u for u in state["land"].values() if u["side"] == side and u["hex"] in hs and u["aboard"] is None
            and not u.get("destroyed")]


# ------------------------------------------------------------------------------------------------ Hong Kong (311)

def hong_kong(state: State) -> None:
    """Step 1 of the fourth Game-Turn: "Hong Kong falls automatically to the Japanese Player on the fourth Game-Turn;
    the Naval and Air Base may also be used by the Japanese Player, i.e., automatically repaired." Reading: the
    bases turn Japanese, neutralization and lost capacity undone; Allied land units and air points there are lost
    with the colony (no Victory Points: the fall is automatic, not a combat)."""
    rule = campaigndata.in_force(state).get("hong_kong")
    if not rule or state["turn"] != rule["falls_on"] or state.get("hong_kong_fallen"):
        return
    h = rule["hex"]
    state["hong_kong_fallen"] = True
    for u in _ashore(state, "allied", [h]):
        u["destroyed"], u["hex"] = True, None
        state["log"].append(entry(PUBLIC, f"Allied {u['name']} is lost with Hong Kong ({HONG_KONG_RULE}).",
                                  at="Step 1"))
    b = state["bases"].get(h)
    if b is not None:
        b["side"] = "japanese"
        b["air"] = {k: 0 for k in board.KINDS}
        b.pop("neutralized", None)
        printed = [x for x in _set_up_bases(state) if x["hex"] == h]
        if printed:
            b["capacity"] = max(b["capacity"], printed[0]["air_capacity"])
    state["log"].append(entry(PUBLIC, f"Hong Kong ({h}) falls to the Japanese Player on Game-Turn {state['turn']}; "
                                      f"its Naval and Air Base are Japanese and usable ({HONG_KONG_RULE}).",
                              at="Step 1"))


def _set_up_bases(state: State) -> list[dict[str, Any]]:
    return campaigndata.deployment(state["scenario"]).get("base", [])


# ------------------------------------------------------------------------------------------------ Thailand 111

def thailand(state: State) -> None:
    """"The Japanese may use the Naval and Air Base at Bangkok (112) as soon as the Japanese pass a land unit across
    the border": the neutral base (side "thailand") becomes Japanese once a Japanese land unit is ashore in Thailand
    (the hexes campaign_special.toml reconstructs)."""
    rule = campaigndata.in_force(state).get("thailand")
    if not rule:
        return
    b = state["bases"].get(rule["hex"])
    hexes = campaigndata.special_table()["thailand"]["hexes"]
    if b is None or b["side"] != "thailand" or not _ashore(state, "japanese", hexes):
        return
    b["side"] = "japanese"
    state["log"].append(entry(PUBLIC, f"A Japanese land unit has crossed into Thailand: the Naval and Air Base at "
                                      f"Bangkok ({rule['hex']}) is the Japanese Player's to use ({THAILAND_RULE})."))


# ------------------------------------------------------------------------------------------------ Philippines

def _manila(state: State) -> None:
    m = campaigndata.special_table()["manila"]
    if fortress(state) is None or state.get("manila_open"):
        return
    if _ashore(state, "japanese", [m["fortifications"]]) and not _ashore(state, "allied", [m["fortifications"]]):
        state["manila_open"] = True
        state["log"].append(entry(PUBLIC, f"The Japanese occupy the Phillipine Fortifications ({m['fortifications']})"
                                          f": they may use the Manila Naval Base ({m['hex']}) ({FORT_RULE})."))


def count_isolation(state: State) -> None:
    """Step 10: each entrenched Allied unit on 348 that traced no supply line this Game-Turn counts one more."""
    for u in state["land"].values():
        if fortified(state, u) and u["entrenched"] and not u.get("destroyed") \
                and not supply.unit_supplied(state, u):
            u["isolated_turns"] = u.get("isolated_turns", 0) + 1
            rule = campaigndata.in_force(state)["philippine_fortifications"]
            left = rule["isolation_turns"] - u["isolated_turns"]
            # to the Allied Player only: whether a unit traces a line is his (supply.shown: the line may hang on
            # his hidden carriers), the enemy sees the public Dx alone
            state["log"].append(entry("allied", f"{u['name']} in the Phillipine Fortifications is isolated: "
                                              f"{u['isolated_turns']} Game-Turn(s) out of supply"
                                              + (f", {left} more before isolation tells" if left > 0 else
                                                 ", its fortifications no longer shield it") + f" ({FORT_RULE})."))


def split_entrench(state: State, role: str, action: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The land movement order without the entrenchments the fortifications grant (made automatically, without the
    die: `entrench_fortified`), and those units. A unit moving into 348 (if supplied: Movement (F) already asks) may
    entrench in the same phase; one isolated there may too."""
    h = fortress(state)
    if h is None or role != "allied":
        return action, []
    a = action["args"]
    free = [uid for uid in a.get("entrench", []) if uid in state["land"]
            and state["land"][uid]["side"] == "allied" and state["land"][uid]["aboard"] is None
            and (a.get("moves", {}).get(uid) == h or (state["land"][uid]["hex"] == h and uid not in a.get("moves", {})))]
    rest = {**a, "entrench": [uid for uid in a.get("entrench", []) if uid not in free]}
    for uid in free:
        if state["land"][uid]["entrenched"] and uid not in a.get("disentrench", []):
            raise IllegalAction(f"{state['land'][uid]['name']} is already entrenched.", FORT_RULE)
    return {**action, "args": rest}, free


def entrench_fortified(state: State, units: list[str]) -> None:
    for uid in units:
        u = state["land"][uid]
        if u["hex"] == fortress(state) and not u["entrenched"]:
            u["entrenched"] = True
            state["log"].append(entry(PUBLIC, f"{u['name']} at {u['hex']} entrenches in the Phillipine Fortifications "
                                              f"without a die ({FORT_RULE})."))


# ------------------------------------------------------------------------------------------------ Australian Reserves

def _australia() -> frozenset[str]:
    return frozenset(gamedata.load("terrain")["regions"]["australia"])


def _reserves_trigger(state: State) -> None:
    """"If, at any time during the game, Japanese land forces land in Australia": the first Japanese land unit ashore
    on an Australian hex raises the Allied Player's decision (once)."""
    rule = campaigndata.in_force(state).get("australian_reserves")
    if not rule or state.get("reserves"):
        return
    if _ashore(state, "japanese", _australia()):
        state["reserves"] = {"due": True, "divisions": rule["divisions"]}
        state["log"].append(entry(PUBLIC, f"Japanese land forces have landed in Australia: the Allied Player may add "
                                          f"{rule['divisions']} 30-50 Divisions in Australia ({RESERVES_RULE})."))


def reserves_due(state: State) -> bool:
    return bool((state.get("reserves") or {}).get("due")) and state.get("outcome") is None


def reserve_bases(state: State) -> list[str]:
    """The bases a reserve division may start in: Allied naval bases in Australia, in supply (and so able to
    function), not neutralized by bombardment (reading: "controlled" = the Allied side's base)."""
    aus = _australia()
    return sorted(h for h, b in state["bases"].items() if h in aus and b["side"] == "allied" and b["naval"]
                  and supply.base_supplied(state, h))


def reserves_order(bases) -> dict[str, Any]:
    return {"place": {"bases": Several(tuple(bases), 0, len(tuple(bases)),
                                       label="naval bases in Australia, one 30-50 Division each")}}


VERBS = reserves_order(sorted(_australia()))


def reserves_prompt(state: State, role: str) -> dict[str, Any]:
    bases = reserve_bases(state)
    n = state["reserves"]["divisions"]
    return {"title": f"Australian Reserves: place up to {n} 30-50 Divisions, one to a naval base", "rule": RESERVES_RULE,
            "actions": [{"verb": "place", "args": {"bases": Several(tuple(bases), 0, min(n, len(bases)),
                                                                      label="naval bases").to_json()}}],
            "info": {"bases": bases, "divisions": n,
                     "default": reserves_default(state, role)["args"]["bases"]}}


def reserves_check(state: State, role: str, action: dict[str, Any]) -> None:
    """The bases are different ones (the order's shape, Several: "no more than one Division to a base")."""
    chosen = action["args"]["bases"]
    ok = reserve_bases(state)
    n = state["reserves"]["divisions"]
    if len(chosen) > n:
        raise IllegalAction(f"Only {n} Divisions may be added.", RESERVES_RULE)
    for h in chosen:
        if h not in ok:
            raise IllegalAction(f"{h} is not an Allied naval base in Australia in supply "
                                f"(may: {', '.join(ok) or 'none'}).", RESERVES_RULE)


def reserves_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    state["reserves"] = {**state["reserves"], "due": False, "placed": list(action["args"]["bases"])}
    unit = campaigndata.special_table()["australian_reserves"]["unit"]
    for h in action["args"]["bases"]:
        arrivals.enter_land(state, "allied", unit, h, RESERVES_RULE)
    left = state["reserves"]["divisions"] - len(action["args"]["bases"])
    state["log"].append(entry(PUBLIC, f"Australian Reserves: {len(action['args']['bases'])} 30-50 Division(s) added"
                                      + (f" at {', '.join(action['args']['bases'])}" if action["args"]["bases"] else "")
                                      + (f"; {left} not added" if left else "") + f" ({RESERVES_RULE})."))
    return state


def reserves_default(state: State, role: str) -> dict[str, Any]:
    """The missed order: every eligible base, those nearest the Japanese landing first, up to the three."""
    landed = [u["hex"] for u in _ashore(state, "japanese", _australia())]
    bases = sorted(reserve_bases(state), key=lambda h: (min((grid.distance(h, x) for x in landed), default=0), h))
    return {"verb": "place", "args": {"bases": bases[:state["reserves"]["divisions"]]}}


def reserves_random(state: State, role: str, rng) -> dict[str, Any]:
    bases = reserve_bases(state)
    k = rng.choice(range(min(len(bases), state["reserves"]["divisions"]) + 1))
    return {"verb": "place", "args": {"bases": sorted(rng.shuffle(bases)[:k])}}


# ------------------------------------------------------------------------------------------------ hooks

def after(state: State) -> None:
    """After every decision and at Step 1: the rules that act "as soon as" something happens."""
    if not campaigndata.in_force(state) or state.get("outcome") is not None:
        return
    thailand(state)
    _manila(state)
    _reserves_trigger(state)


def step_one(state: State) -> None:
    """Step 1 (a procedure): Hong Kong's fall, and the hand-overs it may bring about. The Australian Reserves
    decision is raised only after a decision (rules._walking), so that no step of the sequence is skipped."""
    if not campaigndata.in_force(state) or state.get("outcome") is not None:
        return
    hong_kong(state)
    thailand(state)
    _manila(state)
