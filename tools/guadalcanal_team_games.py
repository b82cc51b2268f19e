"""Issue 15's Done-when run: seeded random Guadalcanal games, random options, team seats (rule 17) and umpiring; each must
end; every 5th is checked for leaks (every reader) at four positions. Run: python -m tools.guadalcanal_team_games START COUNT (from the repository root)"""
import os
import sys
import time
sys.path.insert(0, os.getcwd())
from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader, playout, random_positions
from app.games.guadalcanal import rules
from tests.games.guadalcanal.test_options import ALL_ON
start, count = int(sys.argv[1]), int(sys.argv[2])
ended = checked = 0; t0 = time.process_time()
for seed in range(start, start + count):
    pick = SeededRng(9000 + seed)
    options = {k: pick.die(2) == 1 for k in ALL_ON}
    options.update(teams=True, umpired=pick.die(2) == 1, command=("fleet_and_bases", "west_and_east")[seed % 2])
    options["fog_damage"] = options["umpired"] and pick.die(2) == 1
    options["free_roll"] = options["free_roll"] and not options["fog_damage"]
    options["scout_losses"] = options["scout_losses"] and options["fighters"]
    scenario = "1234"[seed % 4]
    p = playout(rules, scenario, options, seed=seed, max_steps=12000)
    assert p.state["outcome"] is not None, (seed, options)
    ended += 1
    if seed % 5 == 0:
        for n, state in enumerate(random_positions(rules, scenario, options, seed, (5, 40, 150, 400))):
            check_every_reader(rules, state, SeededRng(seed + n))
        checked += 1
    print(f"seed {seed} ended ({p.state['outcome'].get('winner')}) cpu {time.process_time()-t0:.0f}s", flush=True)
print(f"DONE {ended} ended, {checked} leak-checked, cpu {time.process_time()-t0:.0f}s")
