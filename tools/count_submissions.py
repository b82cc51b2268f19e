"""How often a human is asked to submit in Solomons Campaign (issue 11 item 4; the figure in docs/benchmarks.md).

Seeded games against the computer: the side "played by the human" is played by its own bot standing in for the
human (the same orders a sensible player gives), the other side by the computer. Every submission the human side
makes is counted against its Game-Turn; the script prints the mean per Game-Turn per side, and the quiet and busy
Game-Turns (the least and the most asked).

    python -m tools.count_submissions [--seeds 1 2 3] [--turns 16]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from app.engine.rng import SeededRng
from app.games.solomons import rules
from app.games.solomons.bots import BOTS
from app.games.solomons.sequence import current


def play(seed: int, human: str, turns: int) -> Counter:
    """One seeded game; the human side's submissions counted per Game-Turn."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    counts: Counter = Counter()
    while rules.outcome(state) is None and state["turn"] <= turns:
        prompts = rules.prompts(state)
        role = next(r for r in sorted(prompts) if state["pending"].get(r) is None)
        action = BOTS[role](rules.view(state, role), prompts[role], minds)
        if role == human:
            counts[state["turn"]] += 1
            action = standing_orders(state, role, action)
        state = rules.apply(state, role, action, dice)
    return counts


def standing_orders(state, role, action):
    """The human sets the standing orders the reset form offers the first time it is asked there (and keeps them)."""
    if current(state)["kind"] == "reset":
        action = dict(action, args=dict(action["args"], standing={"no_transfers": True}))
    return action


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--turns", type=int, default=16)
    args = ap.parse_args(argv)
    print(f"Solomons Campaign, seeds {args.seeds}, Game-Turns 1-{args.turns}: human submissions per Game-Turn")
    for side, name in (("allied", "Americans"), ("japanese", "Japan")):
        per_turn = [n for seed in args.seeds for n in play_counts(seed, side, args.turns)]
        print(f"  {name:9}: mean {statistics.mean(per_turn):.1f}, quiet (min) {min(per_turn)}, "
              f"busy (max) {max(per_turn)}, median {statistics.median(per_turn):.1f} over {len(per_turn)} Game-Turns")
    return 0


def play_counts(seed: int, side: str, turns: int) -> list[int]:
    counts = play(seed, side, turns)
    return [counts.get(t, 0) for t in sorted(counts)]


if __name__ == "__main__":
    sys.exit(main())
