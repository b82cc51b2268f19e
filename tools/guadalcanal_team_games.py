"""Issue 15's "Done when" run: seeded random Guadalcanal games of scenarios 1-4 with rule 17's team seats, every other
option and the umpire drawn at random; each must end, and every `check_every`-th game is checked for leaks (every
reader) at four positions. The slow test in tests/games/guadalcanal/test_rule17.py runs 60 of them; the whole run:

    python -m tools.guadalcanal_team_games START COUNT      (from the repository root)
"""
from __future__ import annotations

import sys
import time

from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader, playout, random_positions
from app.games.guadalcanal import rules
from app.games.guadalcanal.options import IDS

COMMANDS = ("fleet_and_bases", "west_and_east")  # 17a's two examples, in turn


def team_game(seed: int, pick: SeededRng) -> tuple[str, dict]:
    """The scenario (by seed) and the options (drawn from `pick`) of one random team game."""
    options = {k: pick.die(2) == 1 for k in IDS}
    options.update(teams=True, umpired=pick.die(2) == 1, command=COMMANDS[seed % 2])
    options["fog_damage"] = options["umpired"] and pick.die(2) == 1
    options["free_roll"] = options["free_roll"] and not options["fog_damage"]  # 11a is refused under 18c2's fog
    options["scout_losses"] = options["scout_losses"] and options["fighters"]  # 15b needs 14
    return "1234"[seed % 4], options


def run(seeds, pick_base: int, check_every: int, report=lambda line: None) -> tuple[int, int]:
    """Play each seed's game to its end (AssertionError if one does not end); returns (ended, leak-checked)."""
    ended = checked = 0
    for seed in seeds:
        scenario, options = team_game(seed, SeededRng(pick_base + seed))
        p = playout(rules, scenario, options, seed=seed, max_steps=12000)
        assert p.state["outcome"] is not None, (seed, options)
        ended += 1
        if seed % check_every == 0:
            for n, state in enumerate(random_positions(rules, scenario, options, seed, (5, 40, 150, 400))):
                check_every_reader(rules, state, SeededRng(seed + n))
            checked += 1
        report(f"seed {seed} ended ({p.state['outcome'].get('winner')})")
    return ended, checked


if __name__ == "__main__":
    start, count = int(sys.argv[1]), int(sys.argv[2])
    t0 = time.process_time()
    ended, checked = run(range(start, start + count), 9000, 5, lambda line: print(line, flush=True))
    print(f"DONE {ended} ended, {checked} leak-checked, cpu {time.process_time() - t0:.0f}s")
