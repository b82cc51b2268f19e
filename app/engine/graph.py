"""Routes and distances over named spaces: one breadth-first search (every step costs 1) and one weighted search.

A map is given as a function from a space to the spaces one step away (`Steps`), so a hex grid, a table of
edges from a data file, or a rules module's own "where may this unit go" all work the same way. Results are
deterministic: ties are broken by the order `steps` lists the neighbours, so two servers replaying a game agree.
"""
from __future__ import annotations

import heapq
from collections import deque
from typing import Callable, Hashable, Iterable, Mapping, TypeVar

S = TypeVar("S", bound=Hashable)
Steps = Callable[[S], Iterable[S]]
Cost = Callable[[S, S], "float | None"]  # the cost of one step; None means the step may not be taken


def steps_from(edges: Mapping[S, Iterable[S]]) -> Callable[[S], list[S]]:
    """A `Steps` function from a table {space: [spaces one step away]}; unknown spaces lead nowhere."""
    table = {k: list(v) for k, v in edges.items()}
    return lambda s: table.get(s, [])


def undirected(pairs: Iterable[tuple[S, S]]) -> dict[S, list[S]]:
    """An edge table from pairs that may be walked both ways (a route printed as a line between two boxes)."""
    out: dict[S, list[S]] = {}
    for a, b in pairs:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return out


def distances(start: S, steps: Steps, limit: int | None = None) -> dict[S, int]:
    """Breadth-first: the number of steps from `start` to every space reachable (within `limit` steps if given)."""
    seen: dict[S, int] = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        d = seen[here]
        if limit is not None and d >= limit:
            continue
        for nxt in steps(here):
            if nxt not in seen:
                seen[nxt] = d + 1
                queue.append(nxt)
    return seen


def route(start: S, goal: S, steps: Steps) -> list[S] | None:
    """Breadth-first: a route with the fewest steps from `start` to `goal`, both included; None if none exists."""
    came: dict[S, S | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return _unwind(came, goal)
        for nxt in steps(here):
            if nxt not in came:
                came[nxt] = here
                queue.append(nxt)
    return None


def costs(start: S, steps: Steps, cost: Cost, budget: float | None = None) -> dict[S, float]:
    """Weighted (Dijkstra): the least total cost from `start` to every space reachable within `budget`."""
    best, _ = _dijkstra(start, None, steps, cost, budget)
    return best


def cheapest_route(start: S, goal: S, steps: Steps, cost: Cost, budget: float | None = None
                   ) -> tuple[list[S], float] | None:
    """Weighted (Dijkstra): the least-cost route from `start` to `goal`, both included, and its cost; None if the goal
    cannot be reached (within `budget`, e.g. a unit's movement factors)."""
    best, came = _dijkstra(start, goal, steps, cost, budget)
    if goal not in best:
        return None
    return _unwind(came, goal), best[goal]


def _dijkstra(start, goal, steps, cost, budget):
    best: dict = {start: 0}
    came: dict = {start: None}
    order = 0  # insertion counter: equal costs leave in the order they were found (deterministic, no comparing spaces)
    heap: list = [(0, order, start)]
    done: set = set()
    while heap:
        d, _, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        if here == goal:
            break
        for nxt in steps(here):
            c = cost(here, nxt)
            if c is None or nxt in done:
                continue
            if c < 0:
                raise ValueError("a step cannot cost less than nothing")
            nd = d + c
            if budget is not None and nd > budget:
                continue
            if nxt not in best or nd < best[nxt]:
                best[nxt] = nd
                came[nxt] = here
                order += 1
                heapq.heappush(heap, (nd, order, nxt))
    return best, came


def _unwind(came, goal):
    out = [goal]
    while came[out[-1]] is not None:
        out.append(came[out[-1]])
    return out[::-1]


def is_route(spaces: list[S], steps: Steps) -> bool:
    """Whether each space is one step from the one before."""
    return all(b in set(steps(a)) for a, b in zip(spaces, spaces[1:]))


def route_cost(spaces: list[S], cost: Cost) -> float | None:
    """The total cost of walking `spaces` in order; None if a step may not be taken."""
    total = 0.0
    for a, b in zip(spaces, spaces[1:]):
        c = cost(a, b)
        if c is None:
            return None
        total += c
    return total
