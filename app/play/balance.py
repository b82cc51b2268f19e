"""How balanced each scenario is (issue 38): the record of its finished rated games and of the computer-vs-computer
benchmarks, by side, with 95% Wilson intervals (sound when counts are small, and at none or all).

Rated games are read from the `games` table: finished, rated (so never a fork, a sandbox, a hot seat or a game
against the computer), by their stored outcome's winner (a side, or a seat of it; none is a draw). A game won by a
claim after the other side stopped sending orders is left out, as ratings leave it out: it was not played out.

The benchmarks are the figures `make bench` measures (docs/benchmarks.md), kept as data in `data/balance.json`
(`BENCHMARKS`), one record per pairing: the game and scenario, the level each side's computer player played at,
games, wins by side and draws, where the figures came from and the commit that played them. `tools/bench_bots.py`
writes its Solomons rows there (`write_benchmarks`) each time it draws its table; the other rows were copied from
docs/benchmarks.md by hand, and each says so in its `source`. The file ships with the code: an engineer running the
server gets the figures the code was measured at, and no server writes to it.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.store.models import Game

BENCHMARKS = Path(__file__).resolve().parent / "data" / "balance.json"
FEW = 30  # fewer finished games than this: the page says the figures are few, and the interval matters most
UNPLAYED = {"claimed"}  # endings that say nothing of the balance (the same as ratings.UNRATED_ENDINGS)
RANDOM = "random"  # a benchmark's random legal player: not a computer player, left out of the lobby's summary


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (tools/bench_bots.py draws its table with the same)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _tally(meta, games: int, wins: dict[str, int], draws: int) -> dict[str, Any]:
    """Wins by side with each side's share and interval, in the order the game lists its sides."""
    sides = []
    for side in meta.sides_of():
        k = wins.get(side.id, 0)
        lo, hi = wilson(k, games)
        sides.append({"id": side.id, "label": side.label, "wins": k, "share": k / games if games else None,
                      "low": lo, "high": hi})
    lo, hi = wilson(draws, games)
    return {"games": games, "draws": draws, "draw_share": draws / games if games else None, "draw_low": lo,
            "draw_high": hi, "sides": sides, "few": games < FEW}


def _side_of(meta, winner: Any) -> str | None:
    """The side an outcome's winner names (a team game names a side, a two-player game a seat that is one)."""
    if not isinstance(winner, str):
        return None
    side = meta.side_by_id(winner) or meta.side_of(winner)
    return side.id if side is not None else None


def rated_results(db: DB, game: str | None = None) -> dict[tuple[str, str], dict[str, Any]]:
    """{(game, scenario): {"games", "wins": {side: n}, "draws"}} over the finished rated games."""
    query = select(Game.game, Game.scenario, Game.outcome).where(Game.status == "ended", Game.rated.is_(True),
                                                                 Game.forked_from.is_(None))
    if game:
        query = query.where(Game.game == game)
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for game_id, scenario, outcome in db.execute(query):
        rules = registry.get(game_id)
        outcome = outcome or {}
        if rules is None or outcome.get("level") in UNPLAYED:
            continue
        row = out.setdefault((game_id, scenario), {"games": 0, "wins": {}, "draws": 0})
        row["games"] += 1
        side = _side_of(rules.meta, outcome.get("winner"))
        if side is None:
            row["draws"] += 1
        else:
            row["wins"][side] = row["wins"].get(side, 0) + 1
    return out


def benchmarks(path: Path | None = None) -> list[dict[str, Any]]:
    """The computer-vs-computer records (data/balance.json), [] if the file is missing."""
    path = path or BENCHMARKS
    if not path.exists():
        return []
    return list(json.loads(path.read_text()).get("benchmarks", []))


def write_benchmarks(rows: list[dict[str, Any]], source: str, path: Path | None = None) -> None:
    """Put `rows` (each with game, scenario, levels, games, wins, draws, and optionally command, measured and
    commit) in place of the records from `source`, keeping every other source's."""
    path = path or BENCHMARKS
    kept = [r for r in benchmarks(path) if r.get("source") != source]
    fresh = [dict(r, source=source) for r in rows]
    data = json.loads(path.read_text()) if path.exists() else {}
    data["benchmarks"] = sorted(kept + fresh, key=lambda r: (r["game"], r["scenario"], r.get("source", ""),
                                                             json.dumps(r.get("levels"), sort_keys=True)))
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def _levels_words(meta, levels: dict[str, str]) -> str:
    return " v ".join(f"{levels[s.id]} ({s.label})" for s in meta.sides_of() if s.id in levels)


def scenario_balance(rules, scenario: str, rated: dict[str, Any] | None,
                     records: list[dict[str, Any]]) -> dict[str, Any]:
    """One scenario's balance as the lobby and the balance page show it."""
    meta = rules.meta
    rated = rated or {"games": 0, "wins": {}, "draws": 0}
    rows = []
    pooled = {"games": 0, "wins": {}, "draws": 0}
    for r in records:
        if r["game"] != meta.id or r["scenario"] != scenario:
            continue
        row = _tally(meta, r["games"], r["wins"], r["draws"])
        rows.append(dict(row, levels=_levels_words(meta, r["levels"]), source=r.get("source", ""),
                         command=r.get("command"), measured=r.get("measured"), commit=r.get("commit")))
        if RANDOM not in r["levels"].values():
            pooled["games"] += r["games"]
            pooled["draws"] += r["draws"]
            for side, k in r["wins"].items():
                pooled["wins"][side] = pooled["wins"].get(side, 0) + k
    return {"game": meta.id, "title": meta.title, "scenario": scenario, "scenario_title": meta.scenario_title(scenario),
            "solitaire": meta.solitaire,
            "rated": _tally(meta, rated["games"], rated["wins"], rated["draws"]),
            "computer": _tally(meta, pooled["games"], pooled["wins"], pooled["draws"]) if pooled["games"] else None,
            "benchmarks": rows}


def of_game(db: DB, game: str, scenario: str | None = None) -> list[dict[str, Any]]:
    """The balance of each scenario of one game (or of one scenario)."""
    rules = registry.get(game)
    if rules is None:
        return []
    rated = rated_results(db, game)
    records = benchmarks()
    return [scenario_balance(rules, s.id, rated.get((game, s.id)), records) for s in rules.meta.scenarios
            if scenario is None or s.id == scenario]


def every_scenario(db: DB) -> list[dict[str, Any]]:
    """Every listed game's scenarios, in the lobby's order."""
    rated = rated_results(db)
    records = benchmarks()
    return [scenario_balance(rules, s.id, rated.get((rules.meta.id, s.id)), records)
            for rules in registry.listed() for s in rules.meta.scenarios]
