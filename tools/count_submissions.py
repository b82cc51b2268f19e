"""How often a human is asked to submit in Solomons Campaign (issue 11 item 4; the figure in docs/benchmarks.md).

Seeded games against the computer: the side "played by the human" is played by its own bot standing in for the
human (the same orders a sensible player gives), the other side by the computer, with the settings a newcomer gets
(issue 34): the standing orders a new game starts with (app/games/solomons/asking.py `DEFAULTS`), none set or cleared
by the stand-in. Every submission the human side makes is counted against its Game-Turn (a decision its standing
orders answered is not: it was not asked); the script prints the mean per Game-Turn per side, and the quiet and
busy Game-Turns (the least and the most asked).

    python -m tools.count_submissions [--seeds 1 2 3] [--turns 16] [--kinds]

Other games' counts: `--game pacific_war_1942` or `--game first_blood` (tools/count_submissions_<game>.py, its own options after).
"""
from __future__ import annotations

from tools.submissions_table import print_turns

import argparse
import sys
from collections import Counter

from app.engine.rng import SeededRng
from app.games.solomons import rules
from app.games.solomons.players import BOTS
from app.games.solomons.sequence import current


def play(seed: int, human: str, turns: int, kinds: Counter | None = None) -> Counter:
    """One seeded game; the human side's submissions counted per Game-Turn (and per decision kind in `kinds`)."""
    dice, minds = SeededRng(seed * 2), SeededRng(seed * 2 + 1)
    state = rules.setup("campaign", rules.meta.default_options(), dice)
    counts: Counter = Counter()
    while rules.outcome(state) is None and state["turn"] <= turns:
        counts[state["turn"]] += 0  # a Game-Turn in which the human is never asked counts, as 0
        prompts = rules.prompts(state)
        role = next(r for r in sorted(prompts) if state["pending"].get(r) is None)
        kind = current(state)["kind"]
        view = rules.view(state, role)
        action = BOTS[role](view, prompts[role], minds)
        if role == human and kind == "reset" and state["day"] and view["standing"].get("no_transfers"):
            # the reset board shows "don't ask me about air transfers" ticked while the order holds (it does from the
            # start): submitting it renews the order for the air bases the side has now (asking.no_transfers)
            action = dict(action, args=dict(action["args"], standing={"no_transfers": True}))
        if role == human:
            counts[state["turn"]] += 1
            if kinds is not None:
                kinds[f"{kind} ({current(state)['phase']})"] += 1
        state = rules.apply(state, role, action, dice)
    return counts


OTHER_GAMES = {"pacific_war_1942": "tools.count_submissions_pacific_war_1942",
               "first_blood": "tools.count_submissions_first_blood",
               "guadalcanal": "tools.count_submissions_guadalcanal",
               "usn": "tools.count_submissions_usn"}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--game"] and len(argv) > 1 and argv[1] in OTHER_GAMES:
        import importlib
        return importlib.import_module(OTHER_GAMES[argv[1]]).main(argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--turns", type=int, default=16)
    ap.add_argument("--kinds", action="store_true", help="also print where the submissions go, per decision kind")
    args = ap.parse_args(argv)
    print(f"Solomons Campaign, seeds {args.seeds}, Game-Turns 1-{args.turns}: human submissions per Game-Turn")
    for side, name in (("allied", "Americans"), ("japanese", "Japan")):
        kinds: Counter = Counter()
        per_turn = [n for seed in args.seeds for n in play_counts(seed, side, args.turns, kinds)]
        print_turns(name, per_turn, kinds if args.kinds else None, "per Game-Turn")
    return 0


def play_counts(seed: int, side: str, turns: int, kinds: Counter | None = None) -> list[int]:
    """Submissions in each Game-Turn of one game."""
    counts = play(seed, side, turns, kinds)
    return [counts[t] for t in sorted(counts)]


if __name__ == "__main__":
    sys.exit(main())
