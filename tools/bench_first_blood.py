"""`make bench`, First Blood part: the computer players (app/games/first_blood/bots.py). The CPU time of a whole
game between the two bots (goal under 2 s; the rules' own prompts and checks included, since a computer seat asks
for them), and who wins by side: bot against bot, each bot against a random legal player of the other side, and
random against random for comparison. Seeded, so the figures are the same on every run of the same code."""
from __future__ import annotations

import statistics
import time

from app.engine.rng import SeededRng
from app.games.first_blood.bots import BOTS
from app.games.first_blood.rules import rules

GAMES = 50
MATCHES = (("bot", "bot"), ("bot", "random"), ("random", "bot"), ("random", "random"))


def play(seed: int, ij: str = "bot", us: str = "bot") -> tuple[dict, int]:
    """One seeded game to its result; `ij`/`us` are "bot" or "random". Each seat runs its own side's bot and
    decides from its own view; the dice and the players' draws are separate streams."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    state = rules.setup("campaign", {}, dice)
    steps = 0
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = min(prompts)
        if {"ij": ij, "us": us}[role] == "bot":
            action = BOTS[role](rules.view(state, role), prompts[role], players)
        else:
            action = rules.random_action(state, role, players)
        state = rules.apply(state, role, action, dice)
        steps += 1
    return state, steps


def run(games: int = GAMES) -> dict:
    out = {}
    for ij, us in MATCHES:
        cpu, wins, steps = [], {"ij": 0, "us": 0}, []
        for seed in range(games):
            start = time.process_time()
            state, n = play(seed, ij, us)
            cpu.append(time.process_time() - start)
            wins[state["outcome"]["winner"]] += 1
            steps.append(n)
        out[(ij, us)] = {"cpu": cpu, "wins": wins, "steps": steps}
    return out


def lines(result: dict | None = None) -> list[str]:
    result = result or run()
    name = {"bot": "computer player", "random": "random legal player"}
    bots = result[("bot", "bot")]
    games = len(bots["cpu"])
    out = ["## First Blood: computer players", "",
           (f"Seeded games 0-{games - 1} of the campaign (Sep I to Jan III) for each pairing; each seat runs its own "
           "side's bot (app/games/first_blood/bots.py) from its own view. CPU time of a whole game between the two "
           "bots, with the rules' prompts, checks and views it asks for: goal under 2 s."), "",
           "| figure | measured |", "|---|---|",
           f"| bot vs bot, CPU s per game (mean / max) | {statistics.mean(bots['cpu']):.2f} / {max(bots['cpu']):.2f} |",
           f"| bot vs bot, orders per game (mean) | {statistics.mean(bots['steps']):.0f} |", "",
           "| IJ | US | IJ wins | US wins | CPU s per game (mean) |", "|---|---|---|---|---|"]
    for (ij, us), r in result.items():
        out.append(f"| {name[ij]} | {name[us]} | {r['wins']['ij']} | {r['wins']['us']} | "
                   f"{statistics.mean(r['cpu']):.2f} |")
    return out + [""]


if __name__ == "__main__":
    print("\n".join(lines()))
