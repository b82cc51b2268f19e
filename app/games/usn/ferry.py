"""Japanese Ferry Carriers (Optional Rules; lobby option `ferry_carriers`, the campaign games): "The Japanese CVE
units Taiyo, Unyo and Chuyo were in reality ferry carriers with limited launching facilities. As a result, modify
these carriers performance so that they may only launch or receive one air point per Movement or Combat Phase."

Readings (docs/games/usn.md, session 9): one point launched and one received in each phase (data/campaign_optional.toml
says why: a point launched in a Combat Phase lands back on its carrier in the same phase). The Movement Phase's
launches and receptions are the air transfers at (A); the Combat Phase's launches are every allocated mission and
CAP from the carrier, its reception the return at (L), where a ferry carrier takes back only its own point and no
other station's aircraft. A replacement ship ("J-CVE-1.2") is the same carrier."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.usn import garrisons

State = dict[str, Any]
RULE = "Japanese Ferry Carriers"
OPTION = "ferry_carriers"
ORDERS = ("missions", "cap", "base_strikes", "ground_support", "land_strikes")


def table() -> dict[str, Any]:
    return garrisons.rules()["ferry_carriers"]


def active(state: State) -> bool:
    return bool(state.get("options", {}).get(OPTION)) and str(state.get("scenario", "")).startswith("campaign_")


def is_ferry(state: State, station: str) -> bool:
    return active(state) and station.split(".")[0] in table()["ships"]


def check_transfers(state: State, role: str, rows: list[dict[str, Any]]) -> None:
    """Movement Phase, Step 2 (A): at most one point launched from and one received by each ferry carrier."""
    for end, limit, verb in (("from", table()["launch"], "launch"), ("to", table()["receive"], "receive")):
        n: dict[str, int] = {}
        for r in rows:
            if is_ferry(state, r[end]):
                n[r[end]] = n.get(r[end], 0) + r["points"]
                if n[r[end]] > limit:
                    raise IllegalAction(f"{r[end]} is a ferry carrier: it may {verb} only {limit} air point per "
                                        f"Movement Phase ({n[r[end]]} asked).", RULE)


def launched(state: State, args: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for key in ORDERS:
        for m in args.get(key) or []:
            if is_ferry(state, m["from"]):
                out[m["from"]] = out.get(m["from"], 0) + m["points"]
    return out


def check_allocation(state: State, role: str, args: dict[str, Any]) -> None:
    """Combat Phase, Step 5/9 (E): at most one point launched from each ferry carrier, all missions and CAP."""
    for st, n in launched(state, args).items():
        if n > table()["launch"]:
            raise IllegalAction(f"{st} is a ferry carrier: it may launch only {table()['launch']} air point per "
                                f"Combat Phase ({n} allocated).", RULE)


def takes_others(state: State, station: str) -> bool:
    """Step 5 (L): whether a carrier may receive another station's returning aircraft (a ferry carrier's one
    reception in the phase is its own launched point)."""
    return not is_ferry(state, station)


def limit_prompt(state: State, prompt: dict[str, Any]) -> dict[str, Any]:
    """The allocation prompt's `info.stations`: a ferry carrier offers one point (what a computer player reads)."""
    stations = prompt.get("info", {}).get("stations", {})
    for st, pts in stations.items():
        if is_ferry(state, st) and pts.get("nac", 0) > table()["launch"]:
            stations[st] = {**pts, "nac": table()["launch"]}
    return prompt


def comply(state: State, action: dict[str, Any]) -> dict[str, Any]:
    """A default or random allocation cut to one launched point per ferry carrier (the first orders keep theirs)."""
    left: dict[str, int] = {}
    args = dict(action["args"])
    for key in ORDERS:
        kept = []
        for m in args.get(key) or []:
            if is_ferry(state, m["from"]):
                room = left.setdefault(m["from"], table()["launch"])
                if room <= 0:
                    continue
                m = {**m, "points": min(m["points"], room)}
                left[m["from"]] = room - m["points"]
            kept.append(m)
        if key in args:
            args[key] = kept
    return {**action, "args": args}
