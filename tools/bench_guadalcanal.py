"""`make bench`, Guadalcanal part: the computer players' cost and results (issue 14).

- CPU time of a whole Scenario 3 game (17 Turns) between the two computer players, from set-up to the victory
  points, split into where it goes: the rules' `apply`, the views the bots read, the prompts and the bots' own
  thinking. Goal: under 5 s.
- Win rates per scenario (every scenario in data/scenarios.toml when it runs): each side's bot against random legal
  play, and bot against bot, over seeded games (the easy level, `rules.bots`).
- The two levels in Scenario 3 (issue 36), strong v easy, strong v random and easy v random from each side, with
  intervals and the decisions' CPU time: tools/bench_bots_guadalcanal.py.

Run alone (`python -m tools.bench_guadalcanal [games]`) it redraws the Guadalcanal section of docs/benchmarks.md
(tools/bench_doc.py);
tools/bench.py calls `lines()` for the whole file.
"""
from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from typing import Any

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.guadalcanal import rules
from app.games.guadalcanal.gamedata import SCENARIOS, SIDES

HEADER = "## Guadalcanal: computer players"
GOAL_S = 5.0
MATCHES = (("allied bot v random", ("allied",)), ("japanese bot v random", ("japanese",)),
           ("bot v bot", ("allied", "japanese")))


def play(scenario: str, seed: int, bot_sides: tuple[str, ...], clock: Counter | None = None) -> dict[str, Any]:
    """One seeded game; each bot with its own stream (as app/play/bots.py gives a seat), random legal orders for
    the other side. `clock` collects CPU seconds by part when given."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    streams = {side: SeededRng(10_000 + seed * 2 + i) for i, side in enumerate(SIDES)}

    def timed(part: str, f, *args):
        if clock is None:
            return f(*args)
        t = time.process_time()
        out = f(*args)
        clock[part] += time.process_time() - t
        return out

    state = timed("set-up", rules.setup, scenario, {}, dice)
    for _ in range(20_000):
        if rules.outcome(state) is not None:
            return state
        prompts = timed("prompts", rules.prompts, state)
        role = players.choice(sorted(prompts))
        if role in bot_sides:
            view = timed("views", rules.view, state, role)
            action = timed("bot", rules.bots[role], view, prompts[role], streams[role])
        else:
            action = timed("random player", random_action, rules, state, role, players)
        state = timed("apply", rules.apply, state, role, action, dice)
    raise RuntimeError(f"scenario {scenario} seed {seed}: no outcome")


def cpu_whole_game(scenario: str = "3", seeds: range = range(5)) -> dict[str, Any]:
    times, clock = [], Counter()
    for seed in seeds:
        t = time.process_time()
        play(scenario, seed, SIDES, clock)
        times.append(time.process_time() - t)
    return {"times": times, "clock": clock}


def win_rates(games: int, scenarios: list[str] | None = None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for sc in scenarios or list(SCENARIOS):
        out[sc] = {}
        for label, sides in MATCHES:
            results, vp, errors = Counter(), Counter(), Counter()
            for seed in range(games):
                try:
                    o = play(sc, seed, sides)["outcome"]
                except Exception as e:  # a game that breaks: counted and named in the table, the bench goes on
                    errors[f"{type(e).__name__} in {_where(e)}: {e}"[:100]] += 1
                    continue
                results[o["winner"] or "tie"] += 1
                vp.update(o["score"])
            played = max(1, sum(results.values()))
            out[sc][label] = {"results": results, "vp": {s: vp[s] / played for s in SIDES}, "errors": errors}
    return out


def _where(e: Exception) -> str:
    """The innermost frame of the game code an error came from (module.function)."""
    tb, where = e.__traceback__, "?"
    while tb is not None:
        code = tb.tb_frame.f_code
        if "/app/" in code.co_filename:
            module = code.co_filename.rsplit("/app/", 1)[1][:-3].replace("/", ".")
            where = f"{module}.{getattr(code, 'co_qualname', code.co_name)}"
        tb = tb.tb_next
    return where


def lines(games: int = 20) -> list[str]:
    whole = cpu_whole_game()
    rates = win_rates(games)
    clock, times = whole["clock"], whole["times"]
    total = sum(clock.values())
    out = [HEADER, "",
           f"A whole Scenario 3 game (17 Turns) between the two computer players, CPU seconds over "
           f"{len(times)} seeded games, from set-up to the victory points (tools/bench_guadalcanal.py). "
           f"Goal: under {GOAL_S:.0f} s.", "",
           "| measure | CPU s |", "|---|---|",
           f"| mean | {statistics.mean(times):.2f} |", f"| max | {max(times):.2f} |", "",
           "Where the time goes (all games together):", "",
           "| part | share |", "|---|---|",
           *[f"| {part} | {100 * t / total:.0f}% |" for part, t in clock.most_common()], "",
           f"Win rates: {games} seeded games per row (the same seeds in every row); a tie is the usual result of "
           "two fleets that never find each other (7a3's margins, data/victory.toml). VP are means per game.", "",
           "| scenario | match | Allied wins | Japanese wins | ties | Allied VP | Japanese VP | stopped by an error |",
           "|---|---|---|---|---|---|---|---|"]
    for sc, rows in rates.items():
        for label, r in rows.items():
            res = r["results"]
            broken = "; ".join(f"{n}: {text}" for text, n in r["errors"].items()) or "0"
            out.append(f"| {sc} | {label} | {res['allied']} | {res['japanese']} | {res['tie']} | "
                       f"{r['vp']['allied']:.1f} | {r['vp']['japanese']:.1f} | {broken} |")
    from tools.bench_bots_guadalcanal import levels_lines

    return out + [""] + levels_lines(games)  # issue 36: the two levels in Scenario 3


def main() -> None:
    from tools.bench_doc import write

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    section = lines(games)
    write(section)
    print("\n".join(section))


if __name__ == "__main__":
    main()
