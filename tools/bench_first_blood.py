"""`make bench`, First Blood part (issue 36): the computer players' two levels (app/games/first_blood/bots.py,
"easy" and "strong"), each pairing played from both sides: strong v easy, strong v random, easy v random; and easy v
easy once, the baseline beside which strong v easy is judged (the US's rate there is the IJ's complement). The table
gives each row's games, wins with the 95% Wilson interval, the CPU time of a whole game, and the CPU time of a
decision of the player under test (p50 / p99; the strong player's goal is p99 under 2 s).

Every game is seeded (the dice and the two seats' streams separate), each seat decides from its own view, so the
figures are the same on every run of the same code. `python -m tools.bench_first_blood --games 20 --workers 2`
plays the rows and puts the section "## First Blood: computer players" of docs/benchmarks.md in place (after each
whole seed of every row, so a run stopped early leaves honest figures); the issue's goal is 200 games a row, which
takes hours on a shared two-core machine (a strong game is some seconds of CPU): the count played is in the table.
`--record FILE` appends each game to FILE and skips the games already there, so a stopped run resumes."""
from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

from app.engine.rng import SeededRng
from app.games.first_blood.bots import BOT_LEVELS
from app.games.first_blood.rules import rules
from tools.bench_doc import write
from tools.bench_records import append, level_cells, load

HEADING = "## First Blood: computer players"
SIDES = ("ij", "us")
NAMES = {"ij": "Imperial Japan", "us": "United States"}
OTHER = {"ij": "us", "us": "ij"}
# (player under test, its opponent); easy v easy is the baseline the strong level is judged beside (its one row is
# the IJ's: the US's rate in the same games is the rest)
PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"), ("easy", "easy"))
GAMES = 10  # a row, as `make bench` plays them (tools/bench.py); --games for more


def decide(level: str, state, role: str, prompt, rng):
    if level == "random":
        return rules.random_action(state, role, rng)
    return BOT_LEVELS[level][role](rules.view(state, role), prompt, rng)


def play(seed: int, levels: dict[str, str]) -> dict:
    """One seeded game of the campaign; `levels` maps each side to "strong", "easy" or "random". The winner, the
    game's CPU time and every decision's."""
    dice = SeededRng(1000 + seed)
    streams = {s: SeededRng(2000 + 2 * seed + i) for i, s in enumerate(SIDES)}
    state = rules.setup("campaign", {}, dice)
    times: dict[str, list[float]] = {s: [] for s in SIDES}
    begun, orders = time.process_time(), 0
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(prompts)
        start = time.process_time()
        action = decide(levels[role], state, role, prompts[role], streams[role])
        times[role].append(time.process_time() - start)
        state = rules.apply(state, role, action, dice)
        orders += 1
    return {"winner": state["outcome"]["winner"], "levels": levels, "times": times, "orders": orders,
            "cpu": time.process_time() - begun}


def _job(args):
    return play(*args)


def row_name(tested: str, side: str, opponent: str) -> str:
    return f"{tested}-{side}-{opponent}"


def rows_of(only=()) -> dict[str, dict[str, str]]:
    return {row_name(t, side, o): {side: t, OTHER[side]: o} for t, o in PAIRINGS for side in _sides(t, o)
            if not only or row_name(t, side, o) in only}


def _sides(tested: str, opponent: str) -> tuple[str, ...]:
    return SIDES if tested != opponent else SIDES[:1]



def run(games: int = GAMES, workers: int = 1, on_round=None, only=(), record: Path | None = None) -> dict:
    """Every row's game of seed 0, then of seed 1, and so on (a run stopped early has the same count in every row);
    `on_round` is called with the figures so far after each whole seed."""
    rows = rows_of(only)
    results = [r for r in load(record) if r["row"] in rows and r["seed"] < games]
    done = {(r["seed"], r["row"]) for r in results}
    jobs = [(seed, name) for seed in range(games) for name in rows if (seed, name) not in done]
    started = time.time()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for (seed, name), result in zip(jobs, pool.map(_job, [(seed, rows[name]) for seed, name in jobs],
                                                       chunksize=1)):
            result.update(seed=seed, row=name)
            results.append(result)
            append(record, result)
            if on_round is not None and len(results) % len(rows) == 0:
                on_round({"results": results, "wall": time.time() - started})
    return {"results": results, "wall": time.time() - started}



def lines(bench: dict | None = None) -> list[str]:
    bench = bench if bench is not None else run()
    results = bench["results"]
    counts = sorted({sum(r["row"] == name for r in results) for name in rows_of()} - {0})
    out = [HEADING, "",
           (f"Measured on {datetime.now(UTC):%Y-%m-%d} by `python -m tools.bench_first_blood` (part of `make bench`): "
            f"**{' to '.join(str(c) for c in counts) or 0} seeded games a row** (the issue's goal is 200; the count is "
            "what was played). The campaign (Sep I to Jan III); each seat decides from its own view with its own "
            "stream (app/games/first_blood/bots.py: easy, the records' heuristics; strong, the search over beliefs of "
            "strong_bot.py). Interval: 95% Wilson. Decision CPU: every order of the player under test, in seconds."),
           "", ("| player under test | its side | opponent | games | wins | win rate (95% interval) | "
                "decision CPU p50 / p99 / max | game CPU s (mean) |"), "|---|---|---|---|---|---|---|---|"]
    for tested, opponent in PAIRINGS:
        for side in _sides(tested, opponent):
            rows = [r for r in results if r["row"] == row_name(tested, side, opponent)]
            if not rows:
                continue
            out.append(f"| {tested} | {NAMES[side]} | {opponent} | {level_cells(rows, side)} "
                       f"| {statistics.mean(r['cpu'] for r in rows):.1f} |")
    return out + [""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--rows", default="", help="comma-separated row names, e.g. strong-ij-easy (default: all)")
    ap.add_argument("--record", type=Path, default=None)
    ap.add_argument("--table", type=Path, default=None, help="draw the section from a record file alone")
    a = ap.parse_args()
    if a.table is not None:
        drawn = lines({"results": load(a.table)})
    else:
        only = tuple(x for x in a.rows.split(",") if x)
        drawn = lines(run(a.games, a.workers, on_round=lambda b: write(lines(b)), only=only, record=a.record))
    write(drawn)
    print("\n".join(drawn))


if __name__ == "__main__":
    main()
