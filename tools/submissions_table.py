"""The lines every tools/count_submissions*.py prints: a side's submissions a turn (mean, quiet, median, busy) and,
with --kinds, where they go. One place, so the five games' figures in docs/benchmarks.md read alike."""
from __future__ import annotations

import statistics
from collections import Counter


def print_turns(label: str, turns: list[int], kinds: Counter | None = None, unit: str = "a turn") -> None:
    """`turns`: the submissions of each turn counted; `kinds`: where they went (printed per turn when given)."""
    print(f"  {label}: {len(turns)} turns, mean {statistics.mean(turns):.2f}, quiet (min) {min(turns)}, "
          f"median {statistics.median(turns):.1f}, busy (max) {max(turns)}")
    for kind, n in (kinds or Counter()).most_common():
        print(f"      {kind:28} {n / len(turns):.2f} {unit}")
