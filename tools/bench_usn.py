"""`make bench`, U.S.N. part (issue 17): a whole Campaign Game 3 (81 Game-Turns) between the two computer players
(app/games/usn/bots.py), each deciding from its own view, timed in CPU seconds with the rules' prompts, checks and
views a computer seat asks for, and the largest state of the game (JSON bytes, measured outside the timing). Goal:
under 30 s of CPU and under 5 MB. Then the same for random legal players. Seeded: the same figures on every run of
the same code. `python -m tools.bench_usn` prints the section."""
from __future__ import annotations

import json
import time
from datetime import UTC, datetime

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.usn.rules import rules
from app.web.heap import settle

SCENARIO = "campaign_3"


LATE_TURN = 60  # the position tools/bench_usn_page.py draws and pushes: late in the war, most units in play


def play(seed: int = 0, bots: bool = True) -> dict:
    settle()  # the heap as a server holds it from its start (app/web/heap.py), where a computer game is played
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    late = None
    cpu, largest, steps = 0.0, 0, 0
    start = time.process_time()
    state = rules.setup(SCENARIO, {}, dice)
    cpu += time.process_time() - start
    while rules.outcome(state) is None:
        start = time.process_time()
        prompts = rules.prompts(state)
        role = players.choice(sorted(prompts))
        if bots:
            action = rules.bots[role](rules.view(state, role), prompts[role], players)
        else:
            action = random_action(rules, state, role, players)
        state = rules.apply(state, role, action, dice)
        cpu += time.process_time() - start
        steps += 1
        largest = max(largest, len(json.dumps(state)))
        if late is None and state["turn"] > LATE_TURN:
            late = state
    return {"cpu": cpu, "largest": largest, "steps": steps, "turn": state["turn"], "late": late,
            "outcome": state["outcome"]["reason"], "ships": len(state["ships"]), "land": len(state["land"])}


def lines(seed: int = 0) -> list[str]:
    bot, rnd = play(seed, True), play(seed, False)
    out = [(f"## U.S.N.: a whole Campaign Game 3 (measured on {datetime.now(UTC):%Y-%m-%d} by "
            "`python -m tools.bench_usn`, part of `make bench`)"), "",
           (f"Seeded game {seed}, 81 Game-Turns from December 1941; each seat its own side's computer player "
           "(app/games/usn/bots.py) deciding from its own view, or a random legal player. CPU time of the whole game "
           "with the rules' prompts, checks and views; the largest state is the JSON of the state after any order. "
           "Goal: under 30 s of CPU and under 5 MB."), "",
           "| players | CPU s | orders | largest state (KiB) | ships / land units at the end | result |",
           "|---|---|---|---|---|---|"]
    for name, r in (("computer vs computer", bot), ("random vs random", rnd)):
        out.append(f"| {name} | {r['cpu']:.1f} | {r['steps']} | {r['largest'] / 1024:.0f} | "
                   f"{r['ships']} / {r['land']} | {r['outcome']} |")
    out.append("")
    if bot["late"] is not None:
        from tools import bench_usn_page
        out += bench_usn_page.lines(bench_usn_page.run(bot["late"]))
    return out


if __name__ == "__main__":
    print("\n".join(lines()))
