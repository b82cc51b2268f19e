"""16c as the set-up form offers it (issue 34, offered means legal): each ship is offered only the hexes on or behind
a setup line its side may take, free of enemy ships; Side A is offered only the facing 16b2 gives it; a ship the
player leaves unplaced sets up in line astern, the first one unplaced leading from the X hex."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import from_json
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.surface import battle, battleline, scenarios


def _offered(s, side):
    args = battle.prompt(s, side)["actions"][0]["args"]
    placement = from_json(args["placement"])
    return {k: from_json(v).values() for k, v in args.items() if k != "placement"}, \
        {u: f.values() for u, f in placement.fields.items()}


@pytest.mark.rule("16c")
def test_each_ship_is_offered_only_hexes_on_or_behind_a_line_its_side_may_take():
    s = battle.start(scenarios.begin("5"))  # the Japanese are Side B
    choices, hexes = _offered(s, "japanese")
    west, east = battleline.x_hexes(s["surface"]["night"])
    assert set(choices["line"]) == {west, east} and set(choices["facing"]) == {"N", "S"}
    for ship, offered in hexes.items():
        assert offered and all(battleline.behind(west, east, h) or battleline.behind(east, west, h) for h in offered)
        assert west in offered and east in offered  # the lead's X hex, on either line
    middle = next(h for h in battleline.hexes() if not battleline.behind(west, east, h)
                  and not battleline.behind(east, west, h))
    assert all(middle not in offered for offered in hexes.values())  # between the lines: never offered
    # Side B sets up on the western line; Side A is offered the other line, its 16b2 facing, and no hex B holds
    lead = sorted(hexes)[0]
    s = battle.apply(s, "japanese", {"verb": "surface_set_up", "args": {"line": west, "facing": "N",
                                                                        "placement": {lead: west}}}, ScriptedRng())
    choices, hexes = _offered(s, "allied")
    facing = battleline.facing_for_a("N", s["surface"]["relation"])
    assert choices == {"line": [east], "facing": [facing]}
    held = {p["at"] for p in s["surface"]["ships"].values()}
    assert all(not held & set(offered) and all(battleline.behind(east, west, h) for h in offered)
               for offered in hexes.values())


@pytest.mark.rule("16c")
def test_ships_left_unplaced_set_up_in_line_astern_behind_those_placed():
    s = battle.start(scenarios.begin("5"))
    west, east = battleline.x_hexes(s["surface"]["night"])
    ships = battle.fleet(s, "japanese")
    astern = list(battleline.astern(west, True))
    # the player places the second ship in the X hex itself: it leads, the others follow astern around it
    s = battle.apply(s, "japanese", {"verb": "surface_set_up", "args": {"line": west, "facing": "N",
                                                                        "placement": {ships[1]: west}}}, ScriptedRng())
    at = {u: p["at"] for u, p in s["surface"]["ships"].items()}
    assert at[ships[1]] == west
    assert [at[u] for u in ships if u != ships[1]] == astern[1:len(ships)]
    # placed one behind, the first unplaced ship still leads from the X hex
    s = battle.start(scenarios.begin("5"))
    s = battle.apply(s, "japanese", {"verb": "surface_set_up", "args": {"line": west, "facing": "N",
                                                                        "placement": {ships[1]: astern[3]}}},
                     ScriptedRng())
    at = {u: p["at"] for u, p in s["surface"]["ships"].items()}
    assert at[ships[0]] == west and at[ships[1]] == astern[3] and len(set(at.values())) == len(ships)


@pytest.mark.rule("16c")
def test_a_hex_in_front_of_the_line_chosen_is_still_refused_with_the_rule():
    s = battle.start(scenarios.begin("5"))
    west, east = battleline.x_hexes(s["surface"]["night"])
    ship = battle.fleet(s, "japanese")[0]
    with pytest.raises(IllegalAction, match="in front of your setup line") as e:  # behind the other line only
        battle.apply(s, "japanese", {"verb": "surface_set_up", "args": {"line": west, "facing": "N",
                                                                        "placement": {ship: east}}}, ScriptedRng())
    assert e.value.rule == "16c"


@pytest.mark.rule("16c")
def test_a_random_set_up_of_a_lone_ship_puts_it_in_the_x_hex_and_is_accepted():
    """The harness's and the random computer's set-up (surface/play.py) placed one ship at random behind the line; a
    side's only ship is its lead, which 16c puts in the X hex, so the rules refused the order (seed 22 of the
    all-options playouts)."""
    from app.engine.rng import SeededRng
    from app.games.guadalcanal.surface import play

    s = battle.start(scenarios.begin("5"))
    lone, *others = battle.fleet(s, "japanese")
    for u in others:
        del s["units"][u]
    placed = 0
    for seed in range(40):
        order = play.random(s, "japanese", SeededRng(seed))
        after = battle.apply(s, "japanese", order, ScriptedRng())  # accepted: no IllegalAction
        assert after["surface"]["ships"][lone]["at"] == order["args"]["line"]
        placed += bool(order["args"]["placement"])
    assert placed  # some orders placed the ship themselves, not only by line astern
