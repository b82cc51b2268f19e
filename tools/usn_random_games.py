"""Issue 17's "Done when" run for U.S.N.: seeded random games played to their end by random legal play.

    python -m tools.usn_random_games START COUNT              # mini-games (the four situations in turn)
    python -m tools.usn_random_games START COUNT --campaign   # Campaign Game 3 (81 Game-Turns each)

Each mini-game's scenario is the seed's (Coral Sea, Midway, Eastern Solomons, Santa Cruz in turn) and every lobby
option (the Midway simulation, submarines, and any option added since: read from the game's meta) is drawn at
random; each game must end with an outcome, and every `check_every`-th game is checked for leaks by the secrecy
harness (non-interference and canaries for every reader) at four positions along it. The slow test in
tests/games/usn/test_coverage.py runs a few of them; the record of the 200-game run is in docs/games/usn.md.
"""
from __future__ import annotations

import sys
import time

from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader, playout, random_positions
from app.games.usn.rules import rules

MINI_GAMES = ("coral_sea", "midway", "eastern_solomons", "santa_cruz")
STOPS = (3, 10, 20, 30)  # the positions leak-checked along a game (random actions from the start; 26+ in a game)


def random_options(pick: SeededRng) -> dict:
    """Every lobby option of U.S.N., each drawn on or off (options that do not apply to a scenario are ignored by it)."""
    return {o.id: pick.die(2) == 1 for o in rules.meta.options}


def mini_game(seed: int, pick: SeededRng) -> tuple[str, dict]:
    return MINI_GAMES[seed % len(MINI_GAMES)], random_options(pick)


def run(seeds, pick_base: int = 7000, check_every: int = 5, campaign: bool = False,
        report=lambda line: None) -> tuple[int, int]:
    """Play each seed's game to its end (AssertionError if one does not end); returns (ended, leak-checked)."""
    ended = checked = 0
    for seed in seeds:
        if campaign:
            scenario, options = "campaign_3", random_options(SeededRng(pick_base + seed))
        else:
            scenario, options = mini_game(seed, SeededRng(pick_base + seed))
        p = playout(rules, scenario, options, seed=seed, max_steps=200_000 if campaign else 5000)
        out = rules.outcome(p.state)
        assert out is not None and out.get("reason"), (seed, scenario, options)
        assert p.state["turn"] == p.state["turns"], (seed, scenario, p.state["turn"])  # played to its last turn
        ended += 1
        if seed % check_every == 0:
            opts = dict(rules.meta.default_options(), **options)
            for n, state in enumerate(random_positions(rules, scenario, opts, seed, STOPS)):
                check_every_reader(rules, state, SeededRng(seed + n))
            checked += 1
        report(f"seed {seed} {scenario} {sorted(k for k, v in options.items() if v)}: Game-Turn "
               f"{p.state['turn']}, {p.steps} orders, {out.get('winner') or 'draw'} ({out.get('level')})")
    return ended, checked


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    start, count = int(args[0]), int(args[1])
    t0 = time.process_time()
    ended, checked = run(range(start, start + count), campaign="--campaign" in sys.argv,
                         report=lambda line: print(line, flush=True))
    print(f"DONE {ended} ended, {checked} leak-checked, cpu {time.process_time() - t0:.0f}s")
