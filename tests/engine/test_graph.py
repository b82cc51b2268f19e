"""Routes and distances over named spaces, proven on Pacific War 1942's fronts (a line of locations to Japan)."""
import pytest

from app.engine import graph
from app.games.pacific_war_1942 import data

# The fronts as a map: each route is a line of locations, and every one reaches Japan.
FRONTS = graph.undirected((a, b) for f in data.FRONT_ORDER for a, b in zip(data.route(f), data.route(f)[1:]))
STEPS = graph.steps_from(FRONTS)


@pytest.mark.rule("Game Components and Set Up")
def test_breadth_first_distances_along_the_fronts():
    d = graph.distances("port_moresby", STEPS)
    assert d["port_moresby"] == 0 and d["guadalcanal"] == 1 and d["japan"] == 6
    assert d["burma"] == 6 + 6  # only through Japan: the fronts meet nowhere else
    assert graph.distances("port_moresby", STEPS, limit=2) == {"port_moresby": 0, "australia": 1, "guadalcanal": 1,
                                                               "new_guinea": 2}


def test_fewest_steps_route_and_no_route():
    r = graph.route("midway", "okinawa", STEPS)
    assert r[0] == "midway" and r[-1] == "okinawa" and "japan" in r and graph.is_route(r, STEPS)
    assert len(r) - 1 == graph.distances("midway", STEPS)["okinawa"]
    assert graph.route("midway", "atlantis", STEPS) is None
    assert graph.route("midway", "midway", STEPS) == ["midway"]
    assert not graph.is_route(["midway", "truk"], STEPS)


def test_weighted_route_prefers_the_cheaper_detour_and_honours_the_budget():
    edges = graph.undirected([("a", "b"), ("b", "c"), ("a", "d"), ("d", "e"), ("e", "c")])
    price = {("a", "b"): 1, ("b", "c"): 5, ("a", "d"): 1, ("d", "e"): 1, ("e", "c"): 1}
    cost = lambda x, y: price.get((x, y), price.get((y, x)))  # noqa: E731
    steps = graph.steps_from(edges)
    assert graph.cheapest_route("a", "c", steps, cost) == (["a", "d", "e", "c"], 3)
    assert graph.route("a", "c", steps) == ["a", "b", "c"]  # fewest steps ignores cost
    assert graph.cheapest_route("a", "c", steps, cost, budget=2) is None
    assert graph.costs("a", steps, cost, budget=2) == {"a": 0, "b": 1, "d": 1, "e": 2}
    closed = lambda x, y: None if {x, y} == {"e", "c"} else cost(x, y)  # noqa: E731
    assert graph.cheapest_route("a", "c", steps, closed) == (["a", "b", "c"], 6)
    assert graph.route_cost(["a", "d", "e", "c"], cost) == 3 and graph.route_cost(["a", "d", "e", "c"], closed) is None
    with pytest.raises(ValueError):
        graph.cheapest_route("a", "c", steps, lambda x, y: -1)


def test_ties_are_broken_the_same_way_every_time():
    edges = graph.undirected([("s", "x"), ("s", "y"), ("x", "t"), ("y", "t")])
    runs = {tuple(graph.cheapest_route("s", "t", graph.steps_from(edges), lambda a, b: 1)[0]) for _ in range(20)}
    assert runs == {("s", "x", "t")}
