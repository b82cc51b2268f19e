"""How often a player of Guadalcanal is asked to submit (issue 34 item 4; the figure in docs/benchmarks.md,
"Guadalcanal: submissions a turn").

Seeded games of the searchboard scenarios (the mini-games, 7c-7e and Scenario 4) with the settings a newcomer gets
(the lobby's default options: the Basic Game, no umpire, one player a side): the side "played by the human" is played
by its own computer player standing in for the human (the orders a sensible player gives), the other side by the
computer. Every order the human side submits counts against its Turn (the set-up counts as its own "Turn");
the script prints, per scenario and side, the mean, the quiet (min) and busy (max) Turns, and with --kinds where the
submissions go.

    python -m tools.count_submissions --game guadalcanal [--seeds 1 2 3] [--scenarios 1 2 3 4] [--kinds]
    python -m tools.count_submissions_guadalcanal [--seeds 1 2 3] [--kinds]
"""
from __future__ import annotations

from tools.submissions_table import print_turns

import argparse
import sys
from collections import Counter

from app.engine.rng import SeededRng
from app.games.guadalcanal import rules, timetrack
from app.games.guadalcanal.bots import BOTS
from app.games.guadalcanal.gamedata import SIDES

SCENARIOS = ("1", "2", "3", "4")


def play(scenario: str, seed: int, human: str, kinds: Counter | None = None) -> Counter:
    """One seeded game; the human side's submissions counted per Turn (and per decision kind in `kinds`)."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    state = rules.setup(scenario, rules.meta.default_options(), dice)
    counts: Counter = Counter()
    while rules.outcome(state) is None:
        kind = rules.decision(state).id
        turn = "Set-up" if kind == "deploy" else timetrack.label(state["time"])
        counts[turn] += 0  # a Turn in which the human is never asked counts, as 0
        prompts = rules.prompts(state)
        role = sorted(prompts)[0] if human not in prompts else human
        action = BOTS[role](rules.view(state, role), prompts[role], minds)
        if role == human:
            # the newcomer leaves the standing orders' boxes as they come (on); the computer standing in would
            # cancel those it answers with its own judgement (bots.OWN_JUDGEMENT)
            action = {**action, "args": {k: v for k, v in action["args"].items() if k != "standing"}}
            counts[turn] += 1
            if kinds is not None:
                kinds[kind] += 1
        state = rules.apply(state, role, action, dice)
    return counts


def per_turn(scenario: str, seeds: list[int], human: str, kinds: Counter | None = None) -> list[int]:
    """The human side's submissions in each Turn played (the set-up left out), over the seeded games."""
    out = []
    for seed in seeds:
        counts = play(scenario, seed, human, kinds)
        out += [n for t, n in counts.items() if t != "Set-up"]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--scenarios", nargs="+", default=list(SCENARIOS))
    ap.add_argument("--kinds", action="store_true", help="also print where the submissions go, per decision kind")
    args = ap.parse_args(argv)
    print(f"Guadalcanal, newcomer's settings, seeds {args.seeds[0]}-{args.seeds[-1]}: submissions a Turn a side")
    for scenario in args.scenarios:
        for side in SIDES:
            kinds: Counter = Counter()
            turns = per_turn(scenario, args.seeds, side, kinds)
            print_turns(f"Scenario {scenario}, {side}", turns, kinds if args.kinds else None, "a Turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
