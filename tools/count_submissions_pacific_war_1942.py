"""How often the player of Pacific War 1942: Solitaire is asked to submit (issue 34 item 4; the figure in
docs/benchmarks.md, "Pacific War 1942: submissions a turn").

Seeded games played by a sensible player standing in for the human (`stand_in`): it reads only its view and its prompt,
spends every Action Point (no action ever hurts the Allies, so ending early wastes AP), takes back a lost How-to-Win
location first, then clears the Europe marker and stalled fronts, attacks Japanese ships and the likeliest land
attack, puts a reserve under a front before a hard attack there (one that fails at least half the time) when it has an
AP to spare, and under a front pushed back to its Allied location (one more Japanese advance takes it), and always
uses a reserve when asked (a failed Allied attack or a Japanese advance). Every submission counts against its turn; the script prints the mean, the quiet and the busy turns,
and with --kinds where the submissions go. The AP roll and the Japanese BOT's roll ask for nothing (the walk rolls
them), so a turn's submissions are its actions and its reserve decisions.

    python -m tools.count_submissions --game pacific_war_1942 [--seeds 1 2 3] [--kinds]
    python -m tools.count_submissions_pacific_war_1942 [--seeds 1 2 3] [--kinds]
"""
from __future__ import annotations

from tools.submissions_table import print_turns

import argparse
import sys
from collections import Counter
from typing import Any

from app.engine.orders import enumerate_spec
from app.engine.rng import SeededRng
from app.games.pacific_war_1942 import rules

# How much the stand-in wants each action (the likeliest attack scores by its odds: 6 x the chance it succeeds).
WANT = {"recover": 10.0, "remove_europe": 4.5, "activate": 4.0, "attack_sea": 3.5, "hold": 3.0, "add_reserve": 1.0,
        "end_actions": 0.0}


def _chance(succeeds_on: str) -> float:
    """The chance of a raw die roll "3-6", "6" or "no roll ..." succeeding."""
    if not succeeds_on[0].isdigit():
        return 0.0
    return (7 - int(succeeds_on.split("-")[0])) / 6


def stand_in(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """A sensible player's order, from its view and prompt only."""
    offered = [a for spec in prompt["actions"] for a in enumerate_spec(spec)]
    verbs = {a["verb"] for a in offered}
    if "use_reserve" in verbs:
        return next(a for a in offered if a["verb"] == "use_reserve")
    fronts = {f["id"]: f for f in view["fronts"]}

    def want(action: dict[str, Any]) -> float:
        verb = action["verb"]
        if verb == "attack_front":
            f = fronts[action["args"]["front"]]
            return WANT["recover"] if f["allied_outside"] else 6 * _chance(f["attack"]["succeeds_on"])
        if verb == "add_reserve":
            f = fronts[action["args"]["front"]]
            chance = 0.0 if f["attack"]["blocked"] else _chance(f["attack"]["succeeds_on"])
            if view["ap"] >= 2 and 0 < chance <= 0.5:
                return 6 * chance + 0.1  # before the attack it backs
            return WANT["hold"] if f["allied_location"] == f["outside_of"] else WANT["add_reserve"]
        return WANT[verb]
    return max(offered, key=want)


def play(seed: int, kinds: Counter | None = None) -> Counter:
    """One seeded game; the player's submissions counted per turn (and per decision in `kinds`)."""
    dice = SeededRng(seed)
    state = rules.setup("campaign", {}, dice)
    counts: Counter = Counter()
    while rules.outcome(state) is None:
        prompt = rules.prompts(state)["allied"]
        action = stand_in(rules.view(state, "allied"), prompt)
        counts[state["turn"]] += 1
        if kinds is not None:
            kinds[action["verb"]] += 1
        state = rules.apply(state, "allied", action, dice)
    return counts


def per_turn(seeds: list[int], kinds: Counter | None = None) -> list[int]:
    """Submissions in each turn played, over the seeded games."""
    out = []
    for seed in seeds:
        counts = play(seed, kinds)
        out += [counts[t] for t in sorted(counts)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 21)))
    ap.add_argument("--kinds", action="store_true", help="also print where the submissions go, per order")
    args = ap.parse_args(argv)
    kinds: Counter = Counter()
    turns = per_turn(args.seeds, kinds)
    print(f"Pacific War 1942: Solitaire, seeds {args.seeds[0]}-{args.seeds[-1]} ({len(args.seeds)} games, "
          f"{len(turns)} turns): submissions a turn")
    print_turns("the Allies", turns, kinds if args.kinds else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
