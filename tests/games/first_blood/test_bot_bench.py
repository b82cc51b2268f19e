"""Issue 36: the bench of First Blood's computer levels (tools/bench_first_blood.py) draws, beside strong v easy, the
baseline it is judged against: easy v easy, one row (the US's rate in those games is the rest)."""
from tools import bench_first_blood as bench


def test_the_table_has_the_easy_v_easy_baseline_once_beside_the_strong_v_easy_rows():
    rows = bench.rows_of()
    assert rows["easy-ij-easy"] == {"ij": "easy", "us": "easy"}
    assert "easy-us-easy" not in rows
    assert {"strong-ij-easy", "strong-us-easy", "strong-ij-random", "strong-us-random", "easy-ij-random",
            "easy-us-random"} <= set(rows)
    games = [{"row": "easy-ij-easy", "winner": w, "times": {"ij": [0.001], "us": [0.002]}, "cpu": 0.2}
             for w in ("ij", "us", "us", "us")]
    drawn = bench.lines({"results": games})
    assert "| easy | Imperial Japan | easy | 4 | 1 | 25% (5%-70%) | 0.001 / 0.00 / 0.00 | 0.2 |" in drawn
