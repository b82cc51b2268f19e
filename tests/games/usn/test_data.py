"""U.S.N.'s tables: they load through app.engine.data, and what is printed is transcribed as printed."""
import pytest

from app.engine import data
from app.games.usn import gamedata, grid


def _kinds(prov):
    return [p.split(" ")[0].rstrip(":") for p in (prov if isinstance(prov, list) else [prov])]


@pytest.mark.parametrize("name", gamedata.FILES)
def test_every_file_loads_with_provenance_on_every_value(name):
    doc = gamedata.load(name)
    assert doc and all(isinstance(place, str) for place, _ in data.walk(doc))


def test_a_value_without_provenance_is_refused(tmp_path):
    (tmp_path / "map.toml").write_text('[[place]]\nid = "0759"\nname = "Rabaul"\n')
    with pytest.raises(data.DataError, match="id has no provenance"):
        data.load(tmp_path / "map.toml")


# What the text prints beside each hex number (How to Set-up and Play the Games: "a place name and the specific
# number in parentheses"), a sample across the map.
NAMED = {"0044": "Rangoon", "0112": "Bangkok", "0116": "Singapore", "0311": "Hong Kong", "0381": "Manila",
         "0576": "Kure", "0609": "Osaka", "0659": "Port Moresby", "0668": "Sydney", "0684": "Guam", "0692": "Lae",
         "0707": "Ominato", "0717": "Saipan", "0754": "Truk", "0759": "Rabaul", "0760": "Bougainville",
         "0828": "Guadalcanal", "0899": "Noumea", "0921": "Eniwetok", "0930": "Espiritu Santo", "0985": "Wake",
         "1066": "Suva", "1218": "Midway", "1233": "Pago Pago", "1409": "Dutch Harbor", "1456": "Pearl Harbor",
         "1509": "Cold Bay"}


@pytest.mark.rule("How to Set-up and Play the Games")
def test_every_hex_number_in_the_text_is_recorded_with_its_place():
    places = gamedata.places()
    assert len(places) == 58
    for hex_id, name in NAMED.items():
        assert places[hex_id]["name"] == name
    assert all(_kinds(p["provenance"])[0] == "printed" for p in places.values())


@pytest.mark.rule("How to Set-up and Play the Games")
def test_ships_of_the_situations_start_in_naval_bases():
    # "naval units in naval bases": every hex where the text sets up ships holds a naval base, but 1068 (ambiguity 2)
    places = gamedata.places()
    for hex_id in ("0116", "0220", "0381", "0576", "0609", "0668", "0676", "0698", "0707", "0717", "0754", "0759",
                   "0899", "0929", "0930", "1409", "1456"):
        assert "naval" in places[hex_id]["bases"], hex_id
    assert places["1068"]["terrain"] == "unknown"


def _rows(table):
    return {r["roll"]: (r["cells"], r["provenance"]) for r in gamedata.load("crt")[table]["row"]}


def _printed(table):
    """{roll: the cells marked printed}"""
    return {roll: [c for c, p in zip(cells, prov) if p.startswith("printed")]
            for roll, (cells, prov) in _rows(table).items()}


@pytest.mark.rule("CRT 1")
def test_crt_1_printed_cells_and_the_shift():
    p = _printed("crt1")
    assert p[1] == ["Ax", "Ax", "Ax", "Ax", "D1", "D1", "D1", "D1", "D1", "D2", "D2"]
    assert p[2] == ["Ax", "Ax", "Ax", "D1", "D1", "D1", "D1"]
    assert all(not p[r] for r in range(3, 7))
    rows = _rows("crt1")
    order = ["Ax", "D1", "D2", "Dx"]
    for roll in range(1, 7):  # a higher roll and higher odds never favour the attacker less
        cells = rows[roll][0]
        assert [order.index(c) for c in cells] == sorted(order.index(c) for c in cells)
        if roll > 1:
            assert all(order.index(a) >= order.index(b) for a, b in zip(cells, rows[roll - 1][0]))
    assert "Dx" in rows[6][0]


@pytest.mark.rule("CRT 2")
def test_crt_2_printed_row():
    assert _printed("crt2")[1] == ["1/-", "1/1", "2/1", "2/2", "2/3", "4/2", "3/5", "5/5", "6/6", "8/8", "9/9"]
    assert len(gamedata.load("crt")["crt2"]["columns"]) == 17
    assert all(len(cells) == 17 for cells, _ in _rows("crt2").values())


@pytest.mark.rule("CRT 3")
def test_crt_3_and_4_printed_cells():
    p = _printed("crt34")
    assert p[1] == ["1", "1", "1", "2", "3", "5", "8", "8"]
    assert p[2] == ["-", "1", "1", "1", "2", "4", "7", "8"]
    assert p[3] == ["-", "-", "1"]
    t = gamedata.load("crt")["crt34"]
    assert t["columns_crt3"][0] == "1-5" and t["columns_crt3"][-1] == "36+" and t["columns"][-1] == "8+"


@pytest.mark.rule("CRT 5")
def test_crt_5_printed_cells():
    p = _printed("crt5")
    assert p[1] == ["10", "10", "15", "20", "30", "40", "X", "X"]
    assert p[2] == ["5", "10", "10", "15", "20", "30", "40", "X"]
    assert p[3] == ["5", "5", "10", "12"]


@pytest.mark.rule("Mission: Bombardment of Bases")
def test_base_bombardment_schedule():
    t = gamedata.load("crt")["base_bombardment"]
    assert {r: x["percent"] for x in t["loss"] for r in x["results"]} == {
        "10": 25, "12": 25, "15": 25, "20": 50, "30": 50, "35": 75, "40": 75, "X": 100}
    assert t["capacity_lost_on_x"] == 5


@pytest.mark.rule("Mission Capability Chart")
def test_mission_charts_name_their_tables_and_units():
    m = gamedata.load("missions")
    naval = {x["id"]: x for x in m["naval"]}
    air = {x["id"]: x for x in m["air"]}
    assert len(naval) == 9 and len(air) == 9
    assert naval["emergency_transport"]["japanese"] == ["DD", "CL"] and naval["emergency_transport"]["allied"] == ["DD"]
    assert naval["normal_transport"]["allied"] == ["TR", "AT"]
    assert naval["surface_engagement"]["crt"] == [4, 5] and air["strafing"]["crt"] == [2]
    assert air["bomb_naval"]["type_order"] == ["LBAC", "LAC", "NAC"]
    assert all(set(x["crt"]) <= {1, 2, 3, 4, 5} for x in list(naval.values()) + list(air.values()))
    tp = m["transport_points"]
    assert tp["both"]["division"] == 12 and tp["japanese"]["snlf"] == 2 and tp["allied"]["air_point"] == 1


def _capacity():
    return {c["id"]: c["capacity"] for c in gamedata.load("units")["carrier"]}


@pytest.mark.rule("Situations & Orders of Battle")
def test_allied_carrier_capacities_are_exactly_the_printed_deployments():
    cap = _capacity()
    assert cap["A-CV-5"] + cap["A-CV-6"] + cap["A-CV-7"] == 23  # Midway: CV-5, CV-6, CV-7 with 23 NAC
    assert cap["A-CV-6"] + cap["A-CV-8"] == 17  # Santa Cruz
    assert cap["A-CV-2"] + cap["A-CV-6"] == 17  # Reinforcements GT2 "CV-2, CV-6 and 17 NAC"
    assert cap["A-CV-5"] == 10  # GT5 "CV-5 and 10 NAC"
    assert cap["A-CV-7"] == 5  # the printed counter example
    assert cap["A-CVE-1"] == 2  # errata GT31


@pytest.mark.rule("Situations & Orders of Battle")
def test_japanese_carrier_capacities_hold_every_printed_deployment():
    cap = _capacity()
    decks = {"coral_sea": (["CV-3", "CV-4", "CVL-2"], 15), "midway": (
        ["CV-8", "CVL-1", "CV-1", "CV-2", "CV-5", "CV-6", "CVL-3", "CVL-4"], 38),
        "eastern_solomons": (["CV-3", "CV-4", "CVL-1"], 17), "santa_cruz": (["CV-3", "CV-4", "CVL-3", "CV-8"], 21)}
    for game, (ships, nac) in decks.items():
        assert sum(cap[f"J-{s}"] for s in ships) >= nac, game
    names = {c["id"]: c["name"] for c in gamedata.load("units")["carrier"]}
    assert names["J-CV-1"] == "Akagi" and names["A-CV-7"] == "Wasp" and names["J-CVL-2"] == "Shoho"


@pytest.mark.rule("Game Equipment")
def test_the_printed_counter_examples():
    c = {x["id"]: x for x in gamedata.load("units")["counter"]}
    assert (c["BB-3"]["defense"], c["BB-3"]["anti_aircraft"], c["BB-3"]["surface_attack"], c["BB-3"]["movement"]) \
        == (15, 25, 34, 5)
    assert c["CV-7"]["air_capacity"] == 5 and c["TR-1"]["transport_points"] == 12 and c["TR-1"]["movement"] == 3
    nac = gamedata.load("units")["nac_strength"]
    assert nac["japanese_bombardment_per_point"] * 10 == 70 and nac["allied_bombardment_per_point"] * 10 == 110


@pytest.mark.rule("Coral Sea")
def test_the_coral_sea_order_of_battle_as_printed():
    cs = gamedata.load("coral_sea")
    places = gamedata.places()
    assert cs["game"]["turns"] == 2 and cs["game"]["first_player"] == "japanese"
    j, a = cs["japanese"], cs["allied"]
    assert [(u["unit"], u["hex"]) for u in j["land"]] == [
        ("6-12 Regiment", "0692"), ("6-12 Regiment", "0759"), ("5-10 SNLF", "0759"),
        ("1-(10) Engineer Regiment", "0759")]
    assert [(s["units"], s["hex"]) for s in j["naval"]] == [
        (["CV-3", "CV-4", "CA-1", "CA-2"], "0754"), (["CVL-2", "CL-1", "TR-1", "TR-2"], "0759")]
    assert (j["air"]["nac"], j["air"]["lac"]) == (15, 15)
    assert [(u["unit"], u["hex"], u["entrenched"]) for u in a["land"]] == [("8-15 Regiment", "0659", True)]
    assert [(s["units"], s["hex"]) for s in a["naval"]] == [(["CV-5", "CV-2", "CA-1", "DD-1"], "0899"),
                                                           (["CA-2"], "0668")]
    assert (a["air"]["nac"], a["air"]["lac"], a["air"]["lbac"]) == (14, 20, 5)
    # every hex is a recorded place of that name; the Allies' 14 NAC fit CV-5 and CV-2
    for rec in j["land"] + j["naval"] + a["land"] + a["naval"]:
        assert places[grid.normalise(rec["hex"])]["name"] == rec["place"]
    assert _capacity()["A-CV-5"] + _capacity()["A-CV-2"] >= 14
    assert {v["id"]: v["points"] for v in cs["victory"]} == {"port_moresby": 100, "engineer_on_guadalcanal": 10}
    assert "supply from a base" in cs["victory"][1]["needs"]  # errata
