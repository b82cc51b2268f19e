"""Guadalcanal's two computer levels (issue 36), measured in Scenario 3: each pairing played from both sides over
seeded games - strong v easy, strong v random, easy v random - with the tested side's wins, its win rate and 95%
Wilson interval (app/play/balance.wilson), and the CPU seconds of each level's decisions (p50, p99).

Run alone (`python -m tools.bench_bots_guadalcanal [games] [first_seed] [jobs]`, the games shared among `jobs`
worker processes, the same figures whatever their count) it redraws the "Levels" part of the Guadalcanal section of
docs/benchmarks.md and leaves the section's other figures as they are; tools/bench_guadalcanal.py adds the same
table when it draws the whole section.
"""
from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games import guadalcanal
from app.games.guadalcanal import rules
from app.games.guadalcanal.gamedata import SIDES
from app.play.balance import wilson

SCENARIO = "3"
LEVELS_HEADING = "### Levels (issue 36)"
RANDOM = "random"
# (tested level, opponent): the tested level plays one side, the opponent the other, then the sides swap
PAIRINGS = (("strong", "easy"), ("strong", RANDOM), ("easy", RANDOM))
GOALS = {("easy", RANDOM): 0.60, ("strong", "easy"): 0.65, ("strong", RANDOM): 0.95}
GOAL_P99_S = 2.0


def play(seed: int, levels: dict[str, str], cpu: dict[str, list[float]] | None = None,
         scenario: str = SCENARIO) -> dict[str, Any]:
    """One seeded game: `levels` {side: "easy" | "strong" | "random"}; each bot with its own stream (as
    app/play/bots.py gives a seat), random legal orders from a stream of their own. `cpu` collects each level's
    decision times (CPU seconds, the bot's call alone)."""
    chooser, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    streams = {side: SeededRng(10_000 + seed * 2 + i) for i, side in enumerate(SIDES)}
    state = rules.setup(scenario, {}, dice)
    for _ in range(20_000):
        if rules.outcome(state) is not None:
            return state["outcome"]
        prompts = rules.prompts(state)
        role = chooser.choice(sorted(prompts))
        level = levels[role]
        if level == RANDOM:
            action = random_action(rules, state, role, chooser)
        else:
            view = rules.view(state, role)
            t = time.process_time()
            action = guadalcanal.spec.bot(role, level)(view, prompts[role], streams[role])
            if cpu is not None:
                cpu.setdefault(level, []).append(time.process_time() - t)
        state = rules.apply(state, role, action, dice)
    raise RuntimeError(f"scenario {scenario} seed {seed}: no outcome")


def _game(job: tuple[int, str, str, str]) -> tuple[dict[str, Any], dict[str, list[float]]]:
    """One game of a row (a worker's job): (seed, tested level, its side, opponent) -> its outcome, decision CPU."""
    seed, tested, side, opponent = job
    other = next(s for s in SIDES if s != side)
    cpu: dict[str, list[float]] = {}
    return play(seed, {side: tested, other: opponent}, cpu), cpu


def pairings(games: int, first_seed: int = 0, jobs: int = 1
             ) -> tuple[list[dict[str, Any]], dict[str, list[float]]]:
    """Every row's games, on `jobs` worker processes (each game is seeded: the same figures whatever the count)."""
    work = [(seed, tested, side, opponent) for tested, opponent in PAIRINGS for side in SIDES
            for seed in range(first_seed, first_seed + games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(_game, work, chunksize=1))
    else:
        done = [_game(w) for w in work]
    rows, cpu = [], {}
    for tested, opponent in PAIRINGS:
        for side in SIDES:
            other = next(s for s in SIDES if s != side)
            results = Counter(out["winner"] or "tie" for (_, t, sd, o), (out, _) in zip(work, done)
                              if (t, sd, o) == (tested, side, opponent))
            rows.append({"tested": tested, "opponent": opponent, "side": side, "games": games,
                         "wins": results[side], "losses": results[other], "ties": results["tie"]})
    for _, times in done:
        for level, xs in times.items():
            cpu.setdefault(level, []).extend(xs)
    return rows, cpu


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def levels_lines(games: int, first_seed: int = 0, jobs: int = 1) -> list[str]:
    rows, cpu = pairings(games, first_seed, jobs)
    out = [LEVELS_HEADING, "",
           f"Scenario 3, {games} seeded games per row (seeds {first_seed}-{first_seed + games - 1}, the same in every "
           "row), each seat from its own view (tools/bench_bots_guadalcanal.py). A win is the tested side's; a tie "
           "counts against it. Goals: easy beats random 60% from each side, strong beats easy 65% and random 95% (met: the "
           "whole interval at or above the goal; rate only: the win rate is, the interval reaches below it).",
           "", "| tested | side | opponent | games | wins | losses | ties | win rate | 95% interval | goal |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = wilson(r["wins"], r["games"])
        goal = GOALS[(r["tested"], r["opponent"])]
        # met: the whole interval at or above the goal; "rate only": the win rate is, the games too few to show it
        met = "met" if lo >= goal else "rate only" if r["wins"] / r["games"] >= goal else "not met"
        out.append(f"| {r['tested']} | {r['side']} | {r['opponent']} | {r['games']} | {r['wins']} | {r['losses']} | "
                   f"{r['ties']} | {100 * r['wins'] / r['games']:.0f}% | {100 * lo:.0f}-{100 * hi:.0f}% | "
                   f"{100 * goal:.0f}%: {met} |")
    out += ["", f"CPU seconds of one decision, over every decision of the games above (goal for strong: p99 under "
            f"{GOAL_P99_S:.0f} s):", "", "| level | decisions | p50 | p99 | max |", "|---|---|---|---|---|"]
    for level, xs in cpu.items():
        out.append(f"| {level} | {len(xs)} | {statistics.median(xs):.4f} | {percentile(xs, 0.99):.4f} | "
                   f"{max(xs):.4f} |")
    return out + [""]


def main() -> None:
    from tools.bench_doc import NOTES, OUT, key, split, write
    from tools.bench_guadalcanal import HEADER

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    table = levels_lines(games, first, jobs)
    print("\n".join(table))
    _, sections = split(OUT.read_text().splitlines())
    old = next((s for s in sections if key(s[0]) == key(HEADER)), [HEADER, ""])
    old = old[:old.index(NOTES)] if NOTES in old else old
    kept = old[:old.index(LEVELS_HEADING)] if LEVELS_HEADING in old else old
    write(kept + table)


if __name__ == "__main__":
    main()
