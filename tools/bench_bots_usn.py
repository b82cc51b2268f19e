"""U.S.N.'s computer players in the campaign games (issue 36): seeded Campaign Games 1-3 between the two computer
players (app/games/usn/bots.py, campaign_bots.py), each deciding from its own view. For each game: who wins and how
often (95% Wilson intervals, app/play/balance.wilson), how many games were decided by a forfeited special rule
(Burma 76's "he loses the game") rather than on the board, the objectives that changed hands, and the CPU time of
one computer decision (p50, p99). Seeded: the same figures on every run of the same code.

    python -m tools.bench_bots_usn [SEEDS] [--write]    # SEEDS games of each campaign (default 5)

With --write the table replaces the section "U.S.N.: computer players in the campaign games" of docs/benchmarks.md
(tools/bench_doc.py keeps the notes written by hand below it).

Issue 36, the two levels in the mini-games (app/games/usn/strong_bot.py LEVELS, "easy" and "strong"):

    python -m tools.bench_bots_usn --levels GAMES [--workers N] [--record FILE] [--write]

plays Coral Sea and Midway, each pairing from each side (strong v easy, strong v random, easy v random, and easy v
easy as the baseline), seeds 0 to GAMES-1, each seat deciding from its own view with its own stream; the table gives
the wins with their 95% Wilson interval and the CPU time of a decision of the player under test (p50 / p99 / max).
It goes to the section "U.S.N.: computer players' levels in the mini-games". `--record FILE` appends each game to
FILE and skips those already there, so a stopped run resumes; the section is redrawn after every whole seed.
`--rows strong-japanese-random,... --scenarios coral_sea` plays only those rows (named level-side-opponent) of those
mini-games; without --write it prints their table.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

from app.engine.rng import SeededRng
from app.games.usn import campaign_victory
from app.games.usn.rules import rules
from app.games.usn.strong_bot import LEVELS
from app.play.balance import wilson
from tools import bench_doc
from tools.bench_records import append, level_cells, load, pct

CAMPAIGNS = ("campaign_1", "campaign_2", "campaign_3")
HEADING = "## U.S.N.: computer players in the campaign games"


def play(scenario: str, seed: int) -> dict:
    """One seeded computer-vs-computer game: its outcome, each decision's CPU seconds, the objectives that changed."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    state = rules.setup(scenario, {}, dice)
    start = campaign_victory.start_control(scenario)
    cpu: list[float] = []
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = players.choice(sorted(prompts))
        view = rules.view(state, role)
        t = time.process_time()
        action = rules.bots[role](view, prompts[role], players)
        cpu.append(time.process_time() - t)
        state = rules.apply(state, role, action, dice)
    campaign_victory.update_control(state)
    changed = sorted(o for o, side in state.get("control", {}).items() if start.get(o) != side)
    return {"outcome": state["outcome"], "cpu": cpu, "changed": changed, "forfeit": bool(state.get("lost_by")),
            "repaired": sum(1 for e in state["log"] if e["text"].endswith(" is repaired."))}


def lines(seeds: int = 5, report=lambda line: None) -> list[str]:
    out = [f"{HEADING} (measured on {datetime.now(UTC):%Y-%m-%d} by `python -m tools.bench_bots_usn {seeds} --write`)",
           "",
           (f"Seeds 0-{seeds - 1} of each campaign game, the whole game between the two computer players "
            "(app/games/usn/bots.py with app/games/usn/campaign_bots.py), each deciding from its own view. "
            "Win shares with 95% Wilson intervals; *forfeits* are games decided by a special rule's \"he loses the "
            "game\" (Burma 76) rather than on the board; *objectives taken* counts the objectives (campaign_victory) "
            "held at the end by a side other than the one that held them at the start, over all the seeds; "
            "*repairs* the ships repaired. Decision CPU is one computer order's, the rules' view and prompt not "
            "included."), "",
           "| game | games | Japanese wins (95% CI) | Allied wins (95% CI) | draws | forfeits | objectives taken | "
           "repairs | decision CPU p50 / p99 (ms) |",
           "|---|---|---|---|---|---|---|---|---|"]
    for scenario in CAMPAIGNS:
        wins = {"japanese": 0, "allied": 0}
        draws = forfeits = taken = repaired = 0
        cpu: list[float] = []
        for seed in range(seeds):
            r = play(scenario, seed)
            w = r["outcome"]["winner"]
            if w:
                wins[w] += 1
            else:
                draws += 1
            forfeits += r["forfeit"]
            taken += len(r["changed"])
            repaired += r["repaired"]
            cpu += r["cpu"]
            report(f"{scenario} seed {seed}: {r['outcome']['reason']}; changed {r['changed']}")
        cells = []
        for side in ("japanese", "allied"):
            lo, hi = wilson(wins[side], seeds)
            cells.append(f"{wins[side]}/{seeds} ({lo:.0%}-{hi:.0%})")
        out.append(f"| {scenario.replace('_', ' ').title()} | {seeds} | {cells[0]} | {cells[1]} | {draws} | "
                   f"{forfeits} | {taken} | {repaired} | {pct(cpu, 50) * 1000:.1f} / {pct(cpu, 99) * 1000:.0f} |")
    out.append("")
    return out


# --- issue 36: the levels in the mini-games ---------------------------------------------------------------------

LEVELS_HEADING = "## U.S.N.: computer players' levels in the mini-games"
MINI_GAMES = ("coral_sea", "midway")
SIDES = ("japanese", "allied")
NAMES = {"japanese": "Japanese", "allied": "Allied"}
OTHER = {"japanese": "allied", "allied": "japanese"}
PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"), ("easy", "easy"))  # (under test, opponent)


def play_levels(scenario: str, seed: int, levels: dict[str, str]) -> dict:
    """One seeded mini-game; `levels` maps each side to "strong", "easy" or "random". The winner and the CPU time of
    every decision, side by side."""
    dice = SeededRng(1000 + seed)
    streams = {s: SeededRng(2000 + 2 * seed + i) for i, s in enumerate(SIDES)}
    state = rules.setup(scenario, {}, dice)
    times: dict[str, list[float]] = {s: [] for s in SIDES}
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(prompts)
        start = time.process_time()
        if levels[role] == "random":
            action = rules.random_action(state, role, streams[role])
        else:
            action = LEVELS[levels[role]][role](rules.view(state, role), prompts[role], streams[role])
        times[role].append(time.process_time() - start)
        state = rules.apply(state, role, action, dice)
    return {"winner": state["outcome"]["winner"], "times": times}


def _level_job(args):
    scenario, seed, name, levels = args
    return {**play_levels(scenario, seed, levels), "scenario": scenario, "seed": seed, "row": name}


def level_rows() -> dict[str, dict[str, str]]:
    return {f"{t}-{side}-{o}": {side: t, OTHER[side]: o} for t, o in PAIRINGS for side in SIDES
            if not (t == o and side == "allied")}



def run_levels(games: int, workers: int = 1, record: Path | None = None, on_round=None,
               only: list[str] | None = None, scenarios: tuple[str, ...] = MINI_GAMES) -> list[dict]:
    """`only`: the rows to play (level_rows' names, e.g. strong-allied-easy), every row if None."""
    rows = {n: r for n, r in level_rows().items() if only is None or n in only}
    results = [r for r in load(record) if r["seed"] < games]
    done = {(r["scenario"], r["seed"], r["row"]) for r in results}
    jobs = [(sc, seed, name, rows[name]) for seed in range(games) for sc in scenarios for name in rows
            if (sc, seed, name) not in done]
    per_seed = len(rows) * len(scenarios)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(_level_job, jobs, chunksize=1):
            results.append(result)
            append(record, result)
            if on_round is not None and len(results) % per_seed == 0:
                on_round(results)
    return results



def level_lines(results: list[dict], load: str = "") -> list[str]:
    counts = sorted({sum(r["row"] == n and r["scenario"] == sc for r in results)
                     for n in level_rows() for sc in MINI_GAMES} - {0})
    out = [f"{LEVELS_HEADING} (measured on {datetime.now(UTC):%Y-%m-%d} by "
           f"`nice -n 10 python -m tools.bench_bots_usn --levels {counts[-1] if counts else 0} --workers 2 --write`)",
           "",
           (f"**{' to '.join(str(c) for c in counts) or 0} seeded games a row** (seeds from 0; dice `SeededRng(1000 + "
            "seed)`, each seat its own stream). Coral Sea (two Game-Turns) and Midway (three), default options; each "
            "seat decides from its own view (app/games/usn/strong_bot.py: easy, the heuristics of bots.py; strong, the "
            "search over beliefs of belief.py at each Air and Sea Movement Phase). *random* is a random legal order "
            "(rules.random_action). The baseline of every row is easy v easy, the first rows. Interval: 95% Wilson. "
            "Decision CPU: every order of the player under test, in seconds." + (f" Machine: {load}." if load else "")),
           "", "| game | player under test | its side | opponent | games | wins | win rate (95% interval) | "
           "decision CPU p50 / p99 / max (s) |", "|---|---|---|---|---|---|---|---|"]
    order = [("easy", "easy"), *[p for p in PAIRINGS if p != ("easy", "easy")]]
    for sc in MINI_GAMES:
        for tested, opponent in order:
            for side in SIDES:
                rows = [r for r in results if r["scenario"] == sc and r["row"] == f"{tested}-{side}-{opponent}"]
                if tested == opponent == "easy" and side == "japanese":
                    rows = [r for r in results if r["scenario"] == sc and r["row"] == "easy-japanese-easy"]
                if not rows:
                    continue
                out.append(f"| {sc.replace('_', ' ').title()} | {tested} | {NAMES[side]} | {opponent} | "
                           f"{level_cells(rows, side)} |")
    return out + [""]


def main_levels(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description="U.S.N.'s levels in the mini-games (issue 36)")
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--record", type=Path, default=None)
    ap.add_argument("--load", default="", help="the machine's load, as the table should say it")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--rows", default="", help="comma-separated rows to play, e.g. strong-japanese-random (all)")
    ap.add_argument("--scenarios", default=",".join(MINI_GAMES), help="comma-separated mini-games (both)")
    a = ap.parse_args(argv)
    games, workers, record, load, write = a.games, a.workers, a.record, a.load, a.write
    results = run_levels(games, workers, record,
                         on_round=(lambda rs: bench_doc.write(level_lines(rs, load))) if write else None,
                         only=a.rows.split(",") if a.rows else None, scenarios=tuple(a.scenarios.split(",")))
    drawn = level_lines(results, load)
    print("\n".join(drawn))
    if write:
        bench_doc.write(drawn)


if __name__ == "__main__" and "--levels" in sys.argv:
    main_levels([a for a in sys.argv[1:] if a != "--levels"])
elif __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    drawn = lines(int(args[0]) if args else 5, report=lambda line: print(line, flush=True))
    print("\n".join(drawn))
    if "--write" in sys.argv:
        bench_doc.write(drawn)
