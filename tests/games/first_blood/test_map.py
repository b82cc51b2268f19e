"""The map's terrain as data (§2.1, §6.1, Table 1, Table 6, Fig. 4, 5, 8): every printed example holds."""
import pytest

from app.engine import data
from app.games.first_blood.gamedata import (
    ENTRIES,
    FOLDER,
    GRID,
    LAND_SET,
    TABLES,
    jungle_hex,
    move_cost,
    river,
)


@pytest.mark.rule("§6.1")
@pytest.mark.parametrize("to,cost", [("0809", 4), ("0709", 3), ("0810", 2), ("0711", 1), ("0610", 1), ("0609", 1)])
def test_figure_4_movement_costs_from_0710(to, cost):
    assert move_cost("0710", to) == cost


@pytest.mark.rule("§6.1")
@pytest.mark.parametrize("frm,to,cost", [("0507", "0406", 1), ("0507", "0508", 3), ("0507", "0506", 3),
                                         ("0507", "0407", 3), ("0507", "0607", 2), ("0507", "0606", 2),
                                         ("0306", "0307", 2)])
def test_figure_5_bloody_ridge(frm, to, cost):
    assert move_cost(frm, to) == cost


@pytest.mark.rule("§6.1")
@pytest.mark.parametrize("a,b,cost", [("0200", "0301", 1), ("0200", "0201", 2), ("0400", "0500", 3),
                                      ("0400", "0501", 3), ("0503", "0603", 3)])
def test_table_6_costs_both_ways(a, b, cost):
    # 0503-0603 is printed as a river with a total of 1, impossible: read as a river (digest part 7 item 2).
    assert move_cost(a, b) == cost and move_cost(b, a) == cost


@pytest.mark.rule("§2.1")
def test_the_bridge_counts_as_clear_and_the_named_hexes_are_jungle_or_not():
    assert move_cost("0909", "0910") == 1 and not river("0909", "0910")
    assert [jungle_hex(h) for h in ("0908", "1008", "0618", "0619", "0620")] == [False, False, False, True, True]


@pytest.mark.rule("§7.5")
def test_figure_8_range_counts_both_end_hexes():
    assert GRID.distance("0311", "0709") + 1 <= 5 < GRID.distance("0311", "0708") + 1


@pytest.mark.rule("§5.3")
def test_every_entry_hex_is_land_and_the_us_points_lead_to_one_hex_each():
    for e, rec in ENTRIES.items():
        assert set(rec["hexes"]) <= LAND_SET, e
    assert {e: r["hexes"] for e, r in ENTRIES.items() if r["side"] == "us"} == {
        "us-east-1": ["0701"], "us-east-2": ["0702"], "us-west-1": ["0618"], "us-west-2": ["0619"]}


@pytest.mark.rule("§7.6")
def test_the_printed_rows_of_tables_9_and_10_and_every_file_carries_provenance():
    assert TABLES["ij"][5] == ["A1", "EX", "D1", "D1"] and TABLES["us"][5] == ["EX", "DR", "D1", "DE"]
    for name in ("map", "units", "crt", "turns"):
        data.load(FOLDER / f"{name}.toml")
    assert "reconstructed" in data.load(FOLDER / "crt.toml")["ij"]["6_provenance"]
