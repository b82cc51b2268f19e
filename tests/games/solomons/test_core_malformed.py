"""Malformed orders are refused with a message, never with a crash (every argument is checked on the server)."""
from app.engine.errors import Refused
from app.engine.rng import SeededRng
from app.games.solomons import rules
from test_core_harness import states_along_a_game

JUNK = [None, 1, "x", [], {}, [1], {"a": 1}, [[1]], True, -3, 10**9, ["tf-?1"]]
KEYS = ["task_forces", "plots", "submarines", "missions", "aborts", "mission_changes", "transfers", "attack",
        "points", "carriers", "placement", "defence", "doctrine"]
SHAPES = [lambda j: j, lambda j: [j], lambda j: {"x": j}, lambda j: {"x": {"hexes": j, "slot": j}}, lambda j: {"x": {"orders": j}},
          lambda j: {"jp-SS-1": j},
          lambda j: [{"units": ["jp-DD-1"], "mission": "bombardment", "cargo": j, "emergency_dd": j,
                      "emergency_cargo": j}],
          lambda j: [{"units": j, "mission": "attack", "source": j, "kind": "lac", "points": j, "target": j,
                      "from": j, "to": j, "unit": j, "nac": j, "hexes": j}]]


def test_junk_arguments_are_refused_cleanly():
    for s in states_along_a_game(2, marks=(3, 10, 40, 100, 420)):
        for role in rules.prompts(s):
            for key in KEYS:
                for junk in JUNK:
                    for shape in SHAPES:
                        try:
                            rules.apply(s, role, {"verb": "submit", "args": {key: shape(junk)}}, SeededRng(1))
                        except Refused as e:
                            assert e.message
    for bad in (None, "submit", {"verb": "fire"}, {"verb": "submit", "args": [1]}):
        s = states_along_a_game(2, marks=(3,))[0]
        try:
            rules.apply(s, "allied", bad, SeededRng(1))
        except Refused as e:
            assert e.message
        else:
            raise AssertionError(f"{bad!r} was accepted")
