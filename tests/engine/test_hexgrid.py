"""Hex grids, proven on the printed adjacencies and ranges of the coming games (design digests in
shared/design/games/: first-blood.md 2.1, guadalcanal.md 4.4)."""
import pytest

from app.engine.hexgrid import OffsetGrid, axial_distance, axial_neighbours, axial_range, axial_ring

# First Blood: "RRCC", pointy-top rows, odd rows half a hex east, columns numbered westward (digest 2.1).
FIRST_BLOOD = OffsetGrid("rows", "odd", -1, "RRCC", cols=(0, 20), rows=(2, 12))
# Guadalcanal searchboard: column letter then row, odd columns half a hex south, rows numbered southward (4.4).
GUADALCANAL = OffsetGrid("columns", "odd", +1, "A1")


def in_range(grid, gun, target, printed_range):
    """First Blood 7.5: the range counts the gun's own hex and the target hex, so range R reaches distance R - 1."""
    return grid.distance(gun, target) <= printed_range - 1


@pytest.mark.rule("First Blood 7.5")
def test_first_blood_artillery_range_reaches_the_western_henderson_hex_only():
    # Figure 8: the unit in 0311 has a range of 5; it can bombard the western Henderson strip (0709), not 0708.
    assert FIRST_BLOOD.distance("0311", "0709") == 4 and FIRST_BLOOD.distance("0311", "0708") == 5
    assert in_range(FIRST_BLOOD, "0311", "0709", 5)
    assert not in_range(FIRST_BLOOD, "0311", "0708", 5)


@pytest.mark.rule("First Blood 6")
def test_first_blood_neighbours_are_those_of_the_figures():
    # Figures 4 and 5 (6: moves into each adjacent hex), 6 and 7 (7: attacks on adjacent hexes).
    assert sorted(FIRST_BLOOD.neighbours("0710")) == sorted("0809 0709 0810 0711 0610 0609".split())
    assert sorted(FIRST_BLOOD.neighbours("0507")) == sorted("0406 0508 0506 0407 0607 0606".split())
    assert FIRST_BLOOD.adjacent("0705", "0604") and FIRST_BLOOD.adjacent("0705", "0605")
    assert FIRST_BLOOD.adjacent("0606", "0506") and FIRST_BLOOD.adjacent("0606", "0507")
    assert not FIRST_BLOOD.adjacent("0710", "0811")  # the other parity would make these touch


def test_first_blood_map_edge_clips_neighbours_and_range():
    # SE corner: rows from 02, columns from 00; row 02 is even, so it touches columns C and C+1 of row 03
    assert sorted(FIRST_BLOOD.neighbours("0200")) == ["0201", "0300", "0301"]
    assert not FIRST_BLOOD.is_hex("0121") and FIRST_BLOOD.is_hex("1220") and not FIRST_BLOOD.is_hex("07x9")
    assert len(FIRST_BLOOD.within("0710", 2)) == 19 and len(FIRST_BLOOD.within("0200", 1)) == 4


def test_first_blood_distance_is_the_digest_formula_everywhere():
    # d = dy + max(0, (dx - dy) / 2) with doubled x = 2C - (R mod 2) (digest 2.1), over every pair of a block.
    hexes = [FIRST_BLOOD.id(c, r) for r in range(4, 10) for c in range(5, 12)]
    for a in hexes:
        for b in hexes:
            (ca, ra), (cb, rb) = FIRST_BLOOD.parse(a), FIRST_BLOOD.parse(b)
            dy, dx = abs(ra - rb), abs((2 * ca - ra % 2) - (2 * cb - rb % 2))
            assert FIRST_BLOOD.distance(a, b) == dy + max(0, (dx - dy) // 2), (a, b)


@pytest.mark.rule("Guadalcanal 7a2.2")
def test_guadalcanal_hex_distances_between_the_printed_bases():
    # Bases printed in the scenarios: Rabaul F1, Buka I3, Shortland J4, Henderson N6, E. Santo T11, Port Moresby A6;
    # the hex counts match the real distances at about 63-70 nm a hex (digest 4.4).
    expected = {("F1", "N6"): 9, ("I3", "N6"): 6, ("J4", "N6"): 4, ("N6", "T11"): 8, ("A6", "F1"): 7}
    assert {pair: GUADALCANAL.distance(*pair) for pair in expected} == expected


@pytest.mark.rule("Guadalcanal 10a")
def test_guadalcanal_example_flights_and_moves_step_from_hex_to_touching_hex():
    # Example 10a: scout SS flies P3, P2, O2, N1, N2, M3; the strike P4, O4, N3, N2; TF 17 moves Q5 -> P4.
    for path in (["P3", "P2", "O2", "N1", "N2", "M3"], ["P4", "O4", "N3", "N2"], ["Q5", "P4"]):
        assert all(GUADALCANAL.adjacent(a, b) for a, b in zip(path, path[1:])), path
    # the other parity (even columns shifted) breaks these steps
    other = OffsetGrid("columns", "even", +1, "A1")
    assert not all(other.adjacent(a, b) for a, b in zip(["P3", "P2", "O2", "N1"], ["P2", "O2", "N1", "N2"]))


@pytest.mark.rule("Guadalcanal 7a2.2")
def test_guadalcanal_area_iii_is_contiguous():
    area = ["Q7", "Q8", "R6", "R7", "S7", "T6"]
    reach = GUADALCANAL.reachable("Q7", budget=10, allowed=area)
    assert set(reach) == set(area)


def test_ids_round_trip_and_axial_round_trip():
    grids = (FIRST_BLOOD, GUADALCANAL, OffsetGrid("rows", "even", 1, "CCRR"), OffsetGrid("columns", "even", -1, "A1"))
    for grid in grids:
        for c in range(0, 12):
            for r in range(1, 12):
                assert grid.parse(grid.id(c, r)) == (c, r)
                assert grid.from_axial(grid.to_axial(c, r)) == (c, r)
                if grid.cols is None and c > 0:  # unbounded: six neighbours, each touching it back
                    near = grid.neighbours(grid.id(c, r))
                    assert len(set(near)) == 6 and all(grid.id(c, r) in grid.neighbours(n) for n in near)
    assert FIRST_BLOOD.parse("0311") == (11, 3) and FIRST_BLOOD.id(9, 7) == "0709"
    assert GUADALCANAL.parse("N6") == (13, 6) and GUADALCANAL.id(0, 6) == "A6"
    for bad in ("311", "03-11", "N", "n6", 311):
        with pytest.raises(ValueError):
            (FIRST_BLOOD if bad != "n6" else GUADALCANAL).parse(bad)


def test_every_neighbour_is_at_distance_one_and_range_counts():
    assert all(axial_distance((0, 0), n) == 1 for n in axial_neighbours((0, 0)))
    assert [len(axial_range((2, -1), n)) for n in range(4)] == [1, 7, 19, 37]
    assert len(axial_ring((0, 0), 3)) == 18
    for h in GUADALCANAL.within("N6", 3):
        assert GUADALCANAL.distance("N6", h) <= 3
    assert len(GUADALCANAL.within("N6", 3)) == 37


@pytest.mark.rule("First Blood 6.1")
def test_movement_costs_of_figure_4():
    # Figure 4: from 0710, 0809 costs 4 MF (jungle and river), 0709 3 (river), 0810 2 (jungle), the rest 1.
    fig4 = {"0809": 4, "0709": 3, "0810": 2, "0711": 1, "0610": 1, "0609": 1}
    cost = lambda a, b: fig4[b] if a == "0710" else None  # noqa: E731  (only the figure's first steps are printed)
    assert FIRST_BLOOD.reachable("0710", cost, budget=2) == {"0710": 0, "0711": 1, "0610": 1, "0609": 1, "0810": 2}
    assert FIRST_BLOOD.reachable("0710", cost, budget=4) == {"0710": 0, **fig4}
    assert FIRST_BLOOD.path("0710", "0709", cost, budget=2) is None
    assert FIRST_BLOOD.path("0710", "0709", cost, budget=3) == (["0710", "0709"], 3)


def test_cheapest_path_goes_round_dear_hexes_and_never_enters_a_forbidden_one():
    dear = {"0709", "0609"}
    cost = lambda a, b: 3 if b in dear else 1  # noqa: E731
    path, spent = FIRST_BLOOD.path("0710", "0708", cost)
    # 0709 is the only hex touching both; round it is one step longer (3) but cheaper than paying 3 for it plus 1
    assert FIRST_BLOOD.path("0710", "0708") == (["0710", "0709", "0708"], 2)
    assert spent == 3 and len(path) == 4 and path[0] == "0710" and path[-1] == "0708" and not set(path) & dear
    assert FIRST_BLOOD.path("0710", "0708", cost, budget=2) is None
    blocked = lambda a, b: None if b in ("0709", "0809", "0609") else 1  # noqa: E731
    path, spent = FIRST_BLOOD.path("0710", "0708", blocked)
    assert not {"0709", "0809", "0609"} & set(path) and spent == len(path) - 1 > 2


def test_a_neighbour_list_a_caller_changes_does_not_change_the_grid():
    """The grids work out a hex's neighbours once (searches ask for them very often): each caller still gets its
    own list, so one that edits it (a path finder removing a blocked hex) leaves the map as printed."""
    mine = GUADALCANAL.neighbours("N6")
    printed = sorted(mine)
    mine.clear()
    assert sorted(GUADALCANAL.neighbours("N6")) == printed
    assert GUADALCANAL.axial("N6") == GUADALCANAL.to_axial(*GUADALCANAL.parse("N6"))
