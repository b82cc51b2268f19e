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



def test_a_level_row_reads_the_tested_sides_wins_interval_and_decision_times():
    from tools.bench_records import level_cells
    rows = [{"winner": "us", "times": {"us": [0.1, 0.3], "ij": [9.0]}},
            {"winner": "ij", "times": {"us": [0.2], "ij": [9.0]}},
            {"winner": "us", "times": {"us": [2.5], "ij": [9.0]}}]
    # 2 of 3 won by the US; its times only (the IJ's 9 s never counts): p50 0.2, p99 and max 2.5
    assert level_cells(rows, "us") == "3 | 2 | 67% (21%-94%) | 0.200 / 2.50 / 2.50"
