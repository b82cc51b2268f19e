"""U.S.N.'s computer players in the campaign games (issue 36): seeded Campaign Games 1-3 between the two computer
players (app/games/usn/bots.py, campaign_bots.py), each deciding from its own view. For each game: who wins and how
often (95% Wilson intervals, app/play/balance.wilson), how many games were decided by a forfeited special rule
(Burma 76's "he loses the game") rather than on the board, the objectives that changed hands, and the CPU time of
one computer decision (p50, p99). Seeded: the same figures on every run of the same code.

    python -m tools.bench_bots_usn [SEEDS] [--write]    # SEEDS games of each campaign (default 5)

With --write the table replaces the section "U.S.N.: computer players in the campaign games" of docs/benchmarks.md
(tools/bench_doc.py keeps the notes written by hand below it).
"""
from __future__ import annotations

import sys
import time
from datetime import UTC, datetime

from app.engine.rng import SeededRng
from app.games.usn import campaign_victory
from app.games.usn.rules import rules
from app.play.balance import wilson

CAMPAIGNS = ("campaign_1", "campaign_2", "campaign_3")
HEADING = "## U.S.N.: computer players in the campaign games"


def play(scenario: str, seed: int) -> dict:
    """One seeded computer-vs-computer game: its outcome, each decision's CPU seconds, the objectives that changed."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    state = rules.setup(scenario, {}, dice)
    start = campaign_victory.start_control(scenario)
    cpu: list[float] = []
    while rules.outcome(state) is None:
        prompts = rules.prompts(state)
        role = players.choice(sorted(prompts))
        view = rules.view(state, role)
        t = time.process_time()
        action = rules.bots[role](view, prompts[role], players)
        cpu.append(time.process_time() - t)
        state = rules.apply(state, role, action, dice)
    campaign_victory.update_control(state)
    changed = sorted(o for o, side in state.get("control", {}).items() if start.get(o) != side)
    return {"outcome": state["outcome"], "cpu": cpu, "changed": changed, "forfeit": bool(state.get("lost_by")),
            "repaired": sum(1 for e in state["log"] if e["text"].endswith(" is repaired."))}


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def lines(seeds: int = 5, report=lambda line: None) -> list[str]:
    out = [f"{HEADING} (measured on {datetime.now(UTC):%Y-%m-%d} by `python -m tools.bench_bots_usn {seeds} --write`)",
           "",
           (f"Seeds 0-{seeds - 1} of each campaign game, the whole game between the two computer players "
            "(app/games/usn/bots.py with app/games/usn/campaign_bots.py), each deciding from its own view. "
            "Win shares with 95% Wilson intervals; *forfeits* are games decided by a special rule's \"he loses the "
            "game\" (Burma 76) rather than on the board; *objectives taken* counts the objectives (campaign_victory) "
            "held at the end by a side other than the one that held them at the start, over all the seeds; "
            "*repairs* the ships repaired. Decision CPU is one computer order's, the rules' view and prompt not "
            "included."), "",
           "| game | games | Japanese wins (95% CI) | Allied wins (95% CI) | draws | forfeits | objectives taken | "
           "repairs | decision CPU p50 / p99 (ms) |",
           "|---|---|---|---|---|---|---|---|---|"]
    for scenario in CAMPAIGNS:
        wins = {"japanese": 0, "allied": 0}
        draws = forfeits = taken = repaired = 0
        cpu: list[float] = []
        for seed in range(seeds):
            r = play(scenario, seed)
            w = r["outcome"]["winner"]
            if w:
                wins[w] += 1
            else:
                draws += 1
            forfeits += r["forfeit"]
            taken += len(r["changed"])
            repaired += r["repaired"]
            cpu += r["cpu"]
            report(f"{scenario} seed {seed}: {r['outcome']['reason']}; changed {r['changed']}")
        cells = []
        for side in ("japanese", "allied"):
            lo, hi = wilson(wins[side], seeds)
            cells.append(f"{wins[side]}/{seeds} ({lo:.0%}-{hi:.0%})")
        out.append(f"| {scenario.replace('_', ' ').title()} | {seeds} | {cells[0]} | {cells[1]} | {draws} | "
                   f"{forfeits} | {taken} | {repaired} | {_pct(cpu, 0.5) * 1000:.1f} / {_pct(cpu, 0.99) * 1000:.0f} |")
    out.append("")
    return out


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    drawn = lines(int(args[0]) if args else 5, report=lambda line: print(line, flush=True))
    print("\n".join(drawn))
    if "--write" in sys.argv:
        from tools import bench_doc
        bench_doc.write(drawn)
