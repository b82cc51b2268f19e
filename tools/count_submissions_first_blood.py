"""How often a human is asked to submit in First Blood (issue 34 item 4; the figure in docs/benchmarks.md).

Seeded games against the computer with the settings a newcomer gets (the standing order on the USAF Reserve left on,
as the air phase's form starts): the side "played by the human" is played by its own computer player standing in
(the orders a sensible player gives, several units an order), the other side by the computer. Every submission the
human side makes is counted against its turn, the set-up (turn 0) and the first turn (Sep I) apart and together; a
step the rules pass over (nothing to decide) or a phase that ends by itself is not a submission.

    python -m tools.count_submissions_first_blood [--seeds 1 2 3] [--turns 15] [--kinds]
    python -m tools.count_submissions --game first_blood ...   (the same)
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from app.engine.rng import SeededRng
from app.games.first_blood import rules, sequence
from app.games.first_blood.bots import BOTS

SIDES = (("ij", "Imperial Japan"), ("us", "United States"))


def play(seed: int, human: str, turns: int, kinds: Counter | None = None) -> Counter:
    """One seeded game; the human side's submissions counted per turn (0: the set-up), and per decision kind in
    `kinds`."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    counts: Counter = Counter({0: 0})
    while rules.outcome(state) is None and state["turn"] <= turns:
        counts[state["turn"]] += 0  # a turn in which the human is never asked counts, as 0
        prompts = rules.prompts(state)
        role = sorted(prompts)[0]
        action = BOTS[role](rules.view(state, role), prompts[role], minds)
        if role == human:
            counts[state["turn"]] += 1
            if kinds is not None:
                kinds[f"{sequence.kind(state)} ({action['verb']})"] += 1
        state = rules.apply(state, role, action, dice)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--turns", type=int, default=15)
    ap.add_argument("--kinds", action="store_true", help="also print where the submissions go, per decision kind")
    args = ap.parse_args(argv)
    print(f"First Blood, seeds {args.seeds}, turns up to {args.turns}: human submissions per turn")
    for side, name in SIDES:
        kinds: Counter = Counter()
        games = [play(seed, side, args.turns, kinds) for seed in args.seeds]
        first = [g[0] + g[1] for g in games]
        later = [n for g in games for t, n in g.items() if t >= 2]
        print(f"  {name:15}: set-up {max(g[0] for g in games)}, Sep I {max(g[1] for g in games)} (max); first turn "
              f"with the set-up: mean {statistics.mean(first):.1f}, max {max(first)}; later turns: mean "
              f"{statistics.mean(later):.1f}, max {max(later)} over {len(later)} turns")
        if args.kinds:
            turns = sum(len(g) for g in games)
            for kind, n in kinds.most_common():
                print(f"      {kind:32} {n / turns:.2f} per turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
