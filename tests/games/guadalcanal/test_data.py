"""The searchboard grid and the data files (every value with its provenance)."""
import pytest

from app.games.guadalcanal import gamedata, searchboard
from app.games.guadalcanal.gamedata import AREAS, GRID


@pytest.mark.rule("7a2.2")
def test_the_grid_fits_the_printed_adjacencies_and_area_iii_is_contiguous():
    path = ["P4", "P3", "P2", "O2", "N1", "N2", "M3"]  # 10a: scout SS from TF 17 at P4
    assert all(GRID.adjacent(a, b) for a, b in zip(path, path[1:]))
    assert GRID.adjacent("Q5", "P4") and GRID.distance("M3", "P4") == 3 and GRID.distance("N2", "P4") == 3
    assert [GRID.distance(a, "N6") for a in ("F1", "I3", "J4")] == [9, 6, 4] and GRID.distance("N6", "T11") == 8
    area = set(AREAS["III"])
    assert area == {"Q7", "Q8", "R6", "R7", "S7", "T6"}
    reached, todo = {"Q7"}, ["Q7"]
    while todo:
        for n in GRID.neighbours(todo.pop()):
            if n in area and n not in reached:
                reached.add(n)
                todo.append(n)
    assert reached == area


def test_every_named_hex_is_on_the_board_and_every_scenario_unit_has_its_values():
    for hexes in AREAS.values():
        assert all(searchboard.is_hex(h) for h in hexes)
    assert all(searchboard.is_hex(b["hex"]) for b in gamedata.BASE_HEX.values())
    for sc in gamedata.SCENARIOS.values():
        for tf in sc["task_force"]:
            assert all(u in gamedata.SHIPS for u in tf["ships"])
            assert all(u in gamedata.AIR for units in tf["air"].values() for u in units)
            assert all(c in tf["ships"] and gamedata.SHIPS[c]["capacity"] for c in tf["air"])
        for b in sc["base"]:
            assert b["id"] in gamedata.BASES and all(u in gamedata.AIR for u in b["air"])
        for x in sc.get("spread", []):
            assert all(b in gamedata.BASES for b in x["bases"]) and all(u in gamedata.AIR for u in x["air"])
        assert all(tf["area"] in AREAS or all(searchboard.is_hex(h) for h in tf["hexes"]) for tf in sc["task_force"])


@pytest.mark.rule("3c")
def test_the_green_hexsides_block_only_between_hexes_of_one_island():
    for pair in gamedata.BLOCKED:
        a, b = sorted(pair)
        assert GRID.adjacent(a, b) and gamedata.LAND[a] == gamedata.LAND[b]
    assert "N6" not in searchboard.sea_steps("M6") and "N5" in searchboard.sea_steps("N6")
