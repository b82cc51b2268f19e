"""What the computer players' benches (tools/bench_bots*.py, tools/bench_first_blood.py) share: the record file each
seeded game is appended to, so a run stopped on a shared machine resumes where it stopped, and the percentile their
decision-time columns read."""
from __future__ import annotations

import json
import math
from pathlib import Path

from app.play.balance import wilson  # the lobby's balance and the tables share one interval


def load(path: Path | None) -> list[dict]:
    """The games a record file holds (none when there is no file)."""
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def append(path: Path | None, result: dict) -> None:
    """One game's figures, appended as it ends."""
    if path is not None:
        with path.open("a") as f:
            f.write(json.dumps(result) + "\n")


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank); NaN of no values."""
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q / 100 * len(values)) - 1))] if values else float("nan")


def level_cells(rows: list[dict], side: str) -> str:
    """One level row's shared cells, from the games `rows` of one pairing: games, wins of `side`, the win rate with its
    95% Wilson interval, and the decision CPU (p50 / p99 / max, seconds) of `side`'s player under test."""
    n, wins = len(rows), sum(r["winner"] == side for r in rows)
    lo, hi = wilson(wins, n)
    t = [x for r in rows for x in r["times"][side]]
    return f"{n} | {wins} | {wins / n:.0%} ({lo:.0%}-{hi:.0%}) | {pct(t, 50):.3f} / {pct(t, 99):.2f} / {max(t):.2f}"
