"""`make bench`, computer players' levels (issue 19): Solomons strong vs easy, strong vs random and easy vs random, the
player under test on each side, with win rates and 95% intervals, and the CPU time of a decision at each level.

Each game is seeded (dice and each seat's stream separate), each seat decides from its own view. The section
"## Solomons: computer player levels" of docs/benchmarks.md is replaced (or added) in place, so this runs after
tools.bench (which writes the rest of the file), and again after each seed's games of every row, so a run stopped
early leaves honest figures. `python -m tools.bench_bots --games 20 --workers 2`; the issue's goal is 200 games per
pairing, which takes hours on a shared two-core machine: the count played is printed with the figures.

`--record FILE` appends each game to FILE (one JSON line, with its row, seed and the commit that played it) and skips
the games already there for the same commit, so a stopped run resumes; rows may be played by separate runs (on one core
each, say) into one file, and `--table FILE` draws the section from the file alone, each row with its count and commit.

Each run (and `--table`) also writes its rows to the scenario balance data the lobby and /balance show
(app/play/data/balance.json, `--balance` for another file), replacing this tool's earlier rows there.
"""
from __future__ import annotations

import argparse
import subprocess
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

from app.engine.rng import SeededRng
from app.play import balance
from app.games.solomons.board import ENEMY
from app.games.solomons.rules import rules
from tools.bench_doc import OUT, write
from app.play.balance import wilson  # the lobby's balance and this table share one interval
from tools.bench_records import append, load, pct

HEADING = "## Solomons: computer player levels"
SIDES = ("allied", "japanese")
NAMES = {"allied": "United States", "japanese": "Japan"}
# (player under test, its opponent): each played from both sides
PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))
SEARCHED = ("allocation", "movement_plot")
SOURCE = "tools/bench_bots.py"  # its records in the scenario balance data (app/play/balance.py)


def decide(level: str, state, role: str, prompt, rng):
    if level == "random":
        return rules.random_action(state, role, rng)
    return rules.bot_levels[level][role](rules.view(state, role), prompt, rng)


def play(seed: int, levels: dict[str, str]) -> dict:
    """One seeded game; `levels` maps each side to "strong", "easy" or "random". The CPU time of every decision."""
    dice = SeededRng(10_000 + seed)
    streams = {s: SeededRng(20_000 + 2 * seed + i) for i, s in enumerate(SIDES)}
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    times: dict[str, list[tuple[str, float]]] = {s: [] for s in SIDES}
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(r for r in prompts if r in SIDES and state["pending"][r] is None)
        start = time.process_time()
        action = decide(levels[role], state, role, prompts[role], streams[role])
        times[role].append(((prompts[role].get("info") or {}).get("kind"), time.process_time() - start))
        state = rules.apply(state, role, action, dice)
    return {"winner": state["outcome"]["winner"], "score": state["outcome"]["score"], "levels": levels,
            "times": times}


def _job(args):
    return play(*args)





def row_name(tested: str, side: str, opponent: str) -> str:
    """A row's name on the command line (--rows): e.g. strong-allied-easy."""
    return f"{tested}-{side}-{opponent}"


def commit() -> str:
    """The commit the games are played at (with "+" when the work tree's app/ differs from it)."""
    def git(*args):
        return subprocess.run(["git", *args], check=False, capture_output=True, text=True,
                              cwd=OUT.parent.parent).stdout.strip()
    return (git("rev-parse", "--short", "HEAD") or "unknown") + ("+" if git("status", "--porcelain", "app") else "")



def run(games: int, workers: int, on_round=None, only: tuple[str, ...] = (), record: Path | None = None) -> dict:
    """Every row's game of seed 0, then of seed 1, and so on, so that a run stopped early (a shared machine) still has
    the same number of games in every row: `on_round` is called with the figures so far after each whole seed.
    `only`: the names of the rows to play (row_name), every row if empty. `record`: the file each game is appended
    to; its games of this commit are not played again, and count in the figures."""
    rows = {row_name(tested, side, opponent): {side: tested, ENEMY[side]: opponent}
            for tested, opponent in PAIRINGS for side in SIDES
            if not only or row_name(tested, side, opponent) in only}
    at = commit()
    results = [r for r in load(record) if r.get("commit") == at and r["row"] in rows and r["seed"] < games]
    done = {(r["seed"], r["row"]) for r in results}
    jobs = [(seed, name) for seed in range(games) for name in rows if (seed, name) not in done]
    started = time.time()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for (seed, name), result in zip(jobs, pool.map(_job, [(seed, rows[name]) for seed, name in jobs],
                                                       chunksize=1)):
            result.update(seed=seed, commit=at, row=name)
            results.append(result)
            append(record, result)
            if on_round is not None and len(results) % len(rows) == 0:
                on_round({"games": len(results) // len(rows), "results": results, "wall": time.time() - started,
                          "rows": only})
    return {"games": games, "results": results, "wall": time.time() - started, "rows": only}


def lines(bench: dict) -> list[str]:
    results = bench["results"]
    counts = set(Counter(r["row"] for r in results).values())
    how = (f"`python -m tools.bench_bots --games {bench['games']}"
           f"{' --rows ' + ','.join(bench['rows']) if bench.get('rows') else ''}`" if "games" in bench
           else f"`python -m tools.bench_bots --table {bench['table']}` (rows played by separate runs into one record)")
    out = [HEADING, "",
           (f"Measured on {datetime.now(UTC):%Y-%m-%d} by {how} (part of `make bench`): "
            f"**{' to '.join(str(c) for c in sorted(counts)) or 0} seeded games per row** (the issue's goal is 200; "
            "the count is what was played). The Campaign, 16 Game-Turns, each seat deciding from its own view with "
            "its own stream; a draw (22) is not a win. Interval: 95% Wilson. Commit: the code that played the row."),
           "", ("| player under test | its side | opponent | games | wins | draws | losses | win rate (95% interval) | "
                "mean VP (own / enemy) | commit |"), "|---|---|---|---|---|---|---|---|---|---|"]
    for tested, opponent in PAIRINGS:
        for side in SIDES:
            rows = [r for r in results if r["row"] == row_name(tested, side, opponent)]
            n = len(rows)
            if n == 0:
                continue  # a row not played in this run (--rows)
            wins = sum(r["winner"] == side for r in rows)
            draws = sum(r["winner"] is None for r in rows)
            lo, hi = wilson(wins, n)
            own = sum(r["score"][side] for r in rows) / n
            enemy = sum(r["score"][ENEMY[side]] for r in rows) / n
            commits = ", ".join(sorted({r.get("commit", "?") for r in rows}))
            out.append(f"| {tested} | {NAMES[side]} | {opponent} | {n} | {wins} | {draws} | {n - wins - draws} | "
                       f"{wins / n:.0%} ({lo:.0%}-{hi:.0%}) | {own:.1f} / {enemy:.1f} | {commits} |")
    out += ["", ("CPU time of one decision (process time, so other work on the shared machine does not count), "
                 "over every game above:"), "", "| level | decisions | p50 (ms) | p99 (ms) | max (ms) |", "|---|---|---|---|---|"]
    for level, only in (("easy", None), ("strong", None), ("strong", SEARCHED)):
        times = [t for r in results for side in SIDES if r["levels"][side] == level
                 for kind, t in r["times"][side] if only is None or kind in only]
        if not times:
            continue
        label = level if only is None else f"{level}, searched decisions only (allocation, plot)"
        out.append(f"| {label} | {len(times)} | {pct(times, 50) * 1000:.0f} | {pct(times, 99) * 1000:.0f} | "
                   f"{max(times, default=0) * 1000:.0f} |")
    if "wall" in bench:
        out += ["", f"Wall time of the run: {bench['wall'] / 60:.0f} min."]
    return out + [""]


def balance_rows(bench: dict) -> list[dict]:
    """The rows of the scenario's balance (app/play/balance.py, data/balance.json): per row played, the level each
    side played at, games, wins by side and draws, the commit(s) that played it and how the figures were made."""
    how = (f"python -m tools.bench_bots --games {bench['games']}" if "games" in bench
           else f"python -m tools.bench_bots --table {bench['table']}")
    out = []
    for tested, opponent in PAIRINGS:
        for side in SIDES:
            rows = [r for r in bench["results"] if r["row"] == row_name(tested, side, opponent)]
            if not rows:
                continue
            out.append({"game": "solomons", "scenario": "campaign", "levels": {side: tested, ENEMY[side]: opponent},
                        "games": len(rows), "wins": {s: sum(r["winner"] == s for r in rows) for s in SIDES},
                        "draws": sum(r["winner"] is None for r in rows), "command": how,
                        "measured": f"{datetime.now(UTC):%Y-%m-%d}",
                        "commit": ", ".join(sorted({r.get("commit", "?") for r in rows}))})
    return out


def write_balance(bench: dict, path: Path | None = None) -> None:
    """Replace this tool's records in the balance data with the rows just drawn (the others' are kept)."""
    balance.write_benchmarks(balance_rows(bench), SOURCE, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per row (the issue's goal: 200)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rows", default="", help="comma-separated rows to play, e.g. strong-allied-easy (all if empty)")
    parser.add_argument("--record", type=Path, help="append each game to this file (JSON lines); resume from it")
    parser.add_argument("--table", type=Path, help="play nothing: draw the section from this record file")
    parser.add_argument("--balance", type=Path, default=balance.BENCHMARKS,
                        help="the scenario balance data the lobby shows (app/play/data/balance.json): its Solomons "
                             "rows are replaced by the rows drawn")
    args = parser.parse_args()
    if args.table:
        bench = {"results": load(args.table), "table": args.table}
        section = lines(bench)
        write(section)
        write_balance(bench, args.balance)
        print("\n".join(section))
        return
    only = tuple(r for r in args.rows.split(",") if r)
    bench = run(args.games, args.workers, on_round=lambda so_far: write(lines(so_far)), only=only, record=args.record)
    section = lines(bench)
    write(section)
    write_balance(bench, args.balance)
    print("\n".join(section))


if __name__ == "__main__":
    main()
