"""How often each player of a U.S.N. mini-game is asked to submit (issue 34 item 4; the figure in docs/benchmarks.md,
"U.S.N.: submissions a turn").

Seeded mini-games with a newcomer's settings (no optional rule): each side played by its computer player standing in
for a sensible human (it reads only its view and its prompt, as the human does). Every order a side submits counts
against the Game-Turn it is given in (the set-up's deployment against Game-Turn 1); the script prints, per scenario and
side, the mean, the quiet and the busy turns, and with --kinds where the submissions go. The brief's budget: at most
8 a turn a side.

    python -m tools.count_submissions --game usn [--seeds 1 2 3] [--kinds]
    python -m tools.count_submissions_usn [--seeds 1 2 3] [--kinds]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from app.engine.rng import SeededRng
from app.games.usn.rules import rules

SCENARIOS = ("coral_sea", "midway", "eastern_solomons", "santa_cruz")
SIDES = ("japanese", "allied")


def play(scenario: str, seed: int, kinds: Counter | None = None) -> dict[str, Counter]:
    """One seeded game, both sides by their computers; {side: submissions per Game-Turn}."""
    dice = SeededRng(seed)
    streams = {side: SeededRng(seed * 100 + i) for i, side in enumerate(SIDES)}
    state = rules.setup(scenario, {}, dice)
    counts: dict[str, Counter] = {side: Counter() for side in SIDES}
    for _ in range(2000):
        if rules.outcome(state) is not None:
            break
        prompts = rules.prompts(state)
        role = min(prompts)
        prompt = prompts[role]
        action = rules.bots[role](rules.view(state, role), prompt, streams[role])
        counts[role][state["turn"]] += 1
        if kinds is not None:
            kinds[(role, prompt["info"]["kind"])] += 1
        state = rules.apply(state, role, action, dice)
    return counts


def per_turn(scenario: str, seeds: list[int], kinds: Counter | None = None) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {side: [] for side in SIDES}
    for seed in seeds:
        counts = play(scenario, seed, kinds)
        turns = sorted(set(counts["japanese"]) | set(counts["allied"]))
        for side in SIDES:
            out[side] += [counts[side][t] for t in turns]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 6)))
    ap.add_argument("--scenarios", nargs="+", default=list(SCENARIOS))
    ap.add_argument("--kinds", action="store_true", help="also print where the submissions go, per decision kind")
    args = ap.parse_args(argv)
    print(f"U.S.N. mini-games, seeds {args.seeds[0]}-{args.seeds[-1]}, a newcomer's settings (no optional rule): "
          "submissions a Game-Turn a side")
    for scenario in args.scenarios:
        kinds: Counter = Counter()
        turns = per_turn(scenario, args.seeds, kinds)
        for side in SIDES:
            n = turns[side]
            print(f"  {scenario:16} {side:9}: mean {statistics.mean(n):.2f}, quiet (min) {min(n)}, "
                  f"median {statistics.median(n):.1f}, busy (max) {max(n)}")
        if args.kinds:
            games = len(args.seeds)
            for (side, kind), k in sorted(kinds.items()):
                print(f"      {side:9} {kind:14} {k / games:.2f} a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
