"""tools/bench_bots.py (issue 19's figures): the table drawn from a record of games (its redraw in
docs/benchmarks.md: tests/tools/test_bench_doc.py)."""
from __future__ import annotations

from tools import bench_bots


def game(row: str, seed: int, winner: str | None, levels: dict[str, str]) -> dict:
    return {"row": row, "seed": seed, "commit": "abc1234", "winner": winner, "levels": levels,
            "score": {"japanese": 30, "allied": 10}, "times": {"allied": [["allocation", 0.2]],
                                                              "japanese": [["allocation", 0.001]]}}


def test_a_row_counts_wins_draws_and_losses_with_its_wilson_interval_and_commit():
    levels = {"allied": "strong", "japanese": "easy"}
    record = [game("strong-allied-easy", s, w, levels) for s, w in enumerate(["allied"] * 8 + [None, "japanese"])]
    table = bench_bots.lines({"results": record, "table": "all.jsonl"})
    row = next(line for line in table if line.startswith("| strong | United States | easy |"))
    lo, hi = bench_bots.wilson(8, 10)
    assert row == (f"| strong | United States | easy | 10 | 8 | 1 | 1 | 80% ({lo:.0%}-{hi:.0%}) | 10.0 / 30.0 "
                   "| abc1234 |")
    assert (round(lo, 2), round(hi, 2)) == (0.49, 0.94)
    assert not any(line.startswith("| strong | Japan |") for line in table)  # a row with no games is left out

