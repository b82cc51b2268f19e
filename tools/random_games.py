"""Seeded random games of every game to their end (issue 35, "200 seeded random games of each game still end cleanly
with the new decisions"): each seed plays one of the game's conformance cases (its scenarios and the option sets it
declares, in turn) with random legal orders for every prompted role until the game has an outcome.

A game ends cleanly when it reaches an outcome with every random order accepted, nobody left unprompted before the
end and no runaway; anything else is printed with its seed and case, and the exit status is 1.

    python -m tools.random_games [--games first_blood guadalcanal ...] [--seeds 200] [--workers 2]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from app import games as registry
from app.engine.testing import playout
from tests.conformance.harness import Case, cases

MAX_STEPS = 60000  # the longest campaigns (U.S.N. Campaign Game 3, Solomons' whole campaign) end well within it


def one(case: Case, seed: int) -> tuple[str, str, int, float]:
    """(case, result, orders, CPU seconds) of one seeded random game; result is the outcome's winner or the error."""
    start = time.process_time()
    try:
        played = playout(case.spec, case.scenario, case.opts(), seed=seed, max_steps=MAX_STEPS)
    except Exception as e:  # a fuzzer reports what escaped, with its seed
        return str(case), f"FAILED {type(e).__name__}: {e}"[:400], -1, time.process_time() - start
    outcome = case.spec.outcome(played.state) or {}
    return str(case), f"ended: {outcome.get('winner') or 'draw'}", played.steps, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=sorted(s.meta.id for s in registry.listed()))
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args(argv)
    failed = 0
    for game in a.games:
        mine = [c for c in cases() if c.game == game]
        jobs = [(mine[seed % len(mine)], seed) for seed in range(a.seeds)]
        with ProcessPoolExecutor(a.workers) as pool:
            results = list(pool.map(one, *zip(*jobs)))
        ends = Counter(r for _, r, _, _ in results if not r.startswith("FAILED"))
        bad = [(seed, case, r) for (case, r, _, _), (_, seed) in zip(results, jobs) if r.startswith("FAILED")]
        failed += len(bad)
        cpu = sum(t for *_, t in results)
        orders = sorted(n for _, _, n, _ in results if n >= 0)
        print(f"{game}: {len(results) - len(bad)} of {len(results)} ended cleanly over {len(mine)} cases "
              f"({dict(ends)}); orders median {orders[len(orders) // 2] if orders else '-'}, CPU {cpu:.0f} s")
        for seed, case, r in bad:
            print(f"  seed {seed} {case}: {r}")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
