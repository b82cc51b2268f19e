"""The numbered hex grid (Game Equipment; digest §4.1), proven on every distance and adjacency the rulebook states."""
import pytest

from app.games.usn import gamedata, grid


def test_hex_numbers_are_written_as_the_text_writes_them():
    # The text drops the leading zero: "Rabaul (759)"; the errata writes "0692".
    assert grid.normalise("759") == grid.normalise(759) == grid.normalise("0759") == "0759"
    for bad in ("0000", "1553", "75a", "", "-12"):
        with pytest.raises(grid.NotAHex, match="not a hex of the U.S.N. map"):
            grid.normalise(bad)


def test_numbers_run_down_columns_of_34_from_west_to_east():
    # Haiphong 177, Indo-China 179, Saigon 181 run down one column; Palmyra 1394 and Christmas 1429 sit side by side
    assert grid.column_row("0177") == (4, 18) and grid.column_row("0181") == (4, 22)
    assert grid.column_row("0001") == (-1, 12) and grid.column_row("0023") == (0, 0)
    assert grid.column_row("0056") == (0, 33) and grid.column_row("0057") == (1, 0)
    assert grid.hex_at(42, 5) == "1456" and grid.hex_at(-1, 11) is None and grid.hex_at(0, 34) is None


@pytest.mark.parametrize("hex_id,expected", [
    # even column: n±1, n±34, n+35, n-33; odd column: n±1, n±34, n+33, n-35 (odd columns sit half a hex higher)
    ("0759", {"0758", "0760", "0725", "0793", "0792", "0724"}),  # column 21 (odd)
    ("0828", {"0827", "0829", "0794", "0862", "0861", "0793"}),  # column 23 (odd)
    ("0899", {"0898", "0900", "0865", "0933", "0932", "0864"}),  # column 25 (odd)
    ("0381", {"0380", "0382", "0347", "0415", "0416", "0348"}),  # column 10 (even)
])
def test_the_six_neighbours_of_a_hex(hex_id, expected):
    assert set(grid.neighbours(hex_id)) == expected
    assert all(grid.distance(hex_id, n) == 1 for n in expected)


def test_the_map_edges_have_fewer_neighbours():
    assert set(grid.neighbours("0023")) == {"0024", "0057", "0058"}  # top of column 0; 0022 ends column -1
    assert "0000" not in grid.neighbours("0001") and len(grid.neighbours("0001")) < 6


@pytest.mark.rule("Errata: Game Map")
def test_the_errata_hexside_0692_0693_joins_two_adjacent_hexes():
    side = gamedata.load("map")["hexside"][0]
    assert (side["a"], side["b"], side["land"], side["air"]) == ("0692", "0693", "mountain", "clear")
    assert grid.adjacent("0692", "0693")


@pytest.mark.rule("Midway: Simulation Version")
def test_the_midway_strike_force_reaches_midway_in_12_then_6_hexes():
    # "CV-1, CV-2, CV-5, CV-6, escorted by BB-1, must move full speed (12 hexes first Naval Movement Phase, and 6
    # hexes second Naval Movement Phase) to a position directly adjacent to Midway" - from Osaka (609).
    beside = grid.neighbours("1218")
    assert min(grid.distance("0609", h) for h in beside) == 12 + 6 - 1
    assert all(grid.distance("0609", h) > 12 for h in beside)  # the first phase alone does not get there
    assert grid.distance("0609", "1218") == 18


@pytest.mark.rule("Campaign Game 1: Shock Effect")
def test_japanese_home_bases_lie_beyond_five_hexes_of_every_allied_base():
    # Pre-game turn: "Japanese Naval units may not move within 5 hexes of an Allied Air or Naval Base" - so the
    # fleet's set-up (Any Naval Base in Japan 676; Osaka 609, Kure 576, Ominato 707) must start outside that range.
    allied = ["0684", "0985", "0381", "0311", "1456", "0116", "0220", "0115", "1218", "0659", "1066", "0972"]
    for home in ("0676", "0609", "0576", "0707"):
        assert min(grid.distance(home, b) for b in allied) > 5, home


@pytest.mark.rule("Eastern Solomons: Special Game Rules")
def test_the_japanese_set_up_lies_beyond_two_hexes_of_australia():
    # "Japanese Naval forces may not move within two hexes of Australia": Truk (754) and Rabaul (759), where the
    # Japanese ships start, are outside it (Brisbane 698, Sydney 668 and the Australia area hexes 463, 699).
    for start in ("0754", "0759"):
        assert min(grid.distance(start, a) for a in ("0463", "0668", "0698", "0699")) > 2


@pytest.mark.rule("Victory Point Schedule")
def test_places_named_as_one_area_of_two_hexes_are_neighbours():
    # "Vogelkop*(488&521)"; the Fijis (1066, 1099) are named together but two hexes apart, as the islands are.
    assert grid.adjacent("0488", "0521")
    assert grid.adjacent("0348", "0381")  # the Philippine Fortifications beside Manila (Campaign Game 1)


@pytest.mark.rule("Zones of Control")
def test_within_counts_the_hexes_at_most_n_away():
    # "All hexes within two hexes of any air base": 19 hexes around an inland hex of the main map
    around = grid.within("0759", 2)
    assert len(around) == 19 and "0759" in around and all(grid.distance("0759", h) <= 2 for h in around)
    assert "0828" in around  # Guadalcanal is two hexes from Rabaul


@pytest.mark.rule("How to Set-up and Play the Games")
def test_every_hex_the_text_numbers_is_on_the_grid():
    for hex_id in gamedata.places():
        c, r = grid.column_row(hex_id)
        assert grid.hex_at(c, r) == hex_id


class TestAleutianInset:
    @pytest.mark.rule("Campaign Game 1: Allied Order of Battle")
    def test_dutch_harbor_and_cold_bay_are_in_the_inset_and_nothing_else_named_is(self):
        inset = {h for h in gamedata.places() if grid.in_inset(h)}
        assert inset == {"1409", "1509"}

    def test_distances_are_measured_inside_the_inset(self):
        assert grid.distance("1409", "1509") == 4
        assert all(grid.in_inset(h) for h in grid.within("1409", 3))
        assert all(grid.in_inset(h) for h in grid.neighbours("1409"))

    @pytest.mark.rule("Off-Map Movement")
    def test_the_inset_joins_the_main_map_across_its_top_edge(self):
        # reading (digest ambiguity 3, data/optional.toml [inset]): to the main map's top row under the Aleutians,
        # one step across, then down from the inset's top row; never by the printed neighbours in the south-east corner
        assert grid.distance("1218", "1509") == grid.to_edge("1218") + 1 + grid.to_edge("1509") == 9
        assert grid.distance("1409", "1218") == 11 < grid.BEYOND
        assert "1509" in grid.within("1218", 9) and "1509" not in grid.within("1218", 8)
        edge = grid.hex_at(39, 21)
        assert grid.hex_at(38, 21) not in grid.neighbours(edge)
