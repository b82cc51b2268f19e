"""What each role sees (digest §5 from the rulebook), and non-interference and canaries at the positions where
something is hidden: an unexamined enemy stack, transport cargo, an allocation written but not yet revealed."""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader

from .helpers import R, act, at, deployed
from .test_air import J_HEX, carriers_in_range


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (D)")
def test_enemy_naval_stacks_show_their_count_only_until_examined():
    s = deployed()
    allied = R.view(s, "allied")
    truk = next(x for x in allied["ships"]["japanese"]["stacks"] if x["hex"] == "0754")
    assert truk == {"hex": "0754", "side": "japanese", "count": 4}
    assert "J-CV-3" not in json.dumps(allied["ships"]) and "units" not in allied["ships"]["japanese"]
    assert [x["id"] for x in R.view(s, "japanese")["ships"]["japanese"]["units"]][:2] == ["J-CV-3", "J-CV-4"]
    s = carriers_in_range()
    stack = next(x for x in R.view(s, "allied")["ships"]["japanese"]["stacks"] if x["hex"] == J_HEX)
    assert [[g["id"] for g in grp] for grp in stack["groups"]] == [["J-CV-3", "J-CV-4"], ["J-CA-1", "J-CA-2"]]
    spectator = R.view(s, SPECTATOR)
    assert all("groups" not in x for x in spectator["ships"]["japanese"]["stacks"])


@pytest.mark.rule("Mission Capability Chart: Naval Units, Normal Transport")
def test_transport_cargo_is_face_down_until_landed():
    s = act(deployed(), "japanese", "move", moves={"J-TR-1": {"embark": ["J-L3"]}})
    mine = next(u for u in R.view(s, "japanese")["ships"]["japanese"]["units"] if u["id"] == "J-TR-1")
    assert mine["cargo"] == ["5-10 SNLF"]
    allied = json.dumps(R.view(s, "allied"))
    assert "5-10 SNLF" not in allied and "J-L3" not in allied
    assert "5-10 SNLF" in json.dumps(R.view(s, UMPIRE))


@pytest.mark.rule("Necessary Equipment Not Provided in USN")
def test_fuel_and_victory_point_records_are_open():
    s = deployed()
    s["ships"]["J-CA-1"]["at_sea"] = 2
    s["vp"]["japanese"] = 12.5
    v = R.view(s, "allied")
    assert v["fuel"]["J-CA-1"] == 2 and v["vp"]["japanese"] == 12.5


def _hidden_positions():
    out = [deployed()]
    out.append(act(deployed(), "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2", "J-L3"]}}))
    s = carriers_in_range()
    out.append(act(s, "japanese", "allocate", missions=[], cap=[{"from": "J-CV-4", "kind": "nac", "points": 3}]))
    out.append(act(s, "allied", "allocate", missions=[], cap=[{"from": "A-CV-5", "kind": "nac", "points": 3}]))
    return out


@pytest.mark.rule("Detailed Sequence of Play, Step 5 (E)")
def test_non_interference_and_canaries_for_every_reader_where_things_are_hidden():
    for i, s in enumerate(_hidden_positions()):
        checked = check_every_reader(R, s, SeededRng(i))
        assert {"japanese", "allied", UMPIRE, SPECTATOR} <= set(checked)


def test_the_perturbation_really_changes_the_hidden_things():
    """The harness proves nothing unless perturb moves what is hidden: cargo, the allocation, stack members."""
    s = _hidden_positions()[1]
    changed = R.perturb(s, "allied", SeededRng(1))
    assert changed["ships"]["J-TR-1"]["cargo"] != s["ships"]["J-TR-1"]["cargo"]
    s = _hidden_positions()[2]
    changed = R.perturb(s, "allied", SeededRng(1))
    assert changed["step"]["in"]["japanese"] != s["step"]["in"]["japanese"]  # kept by the walk until both are in
    s = _hidden_positions()[0]  # no stack examined: ships of two Japanese stacks may trade places
    changed = R.perturb(s, "allied", SeededRng(1))
    hexes = lambda st: {k: v["hex"] for k, v in st["ships"].items() if v["side"] == "japanese"}
    assert hexes(changed) != hexes(s)


def test_a_view_built_while_the_allocation_is_pending_leaves_no_trace_of_who_waits_for_what():
    s = _hidden_positions()[2]  # Japan has written; the Allies have not
    v = R.view(s, "allied")
    assert v["waiting_for"] == ["allied"] and "my_allocation" not in v
    at(s, "allocation", n=6)  # the helper copies: nothing changed


@pytest.mark.rule("Game Equipment")
def test_pages_name_ships_and_air_stations_as_printed_never_by_id():
    """Issue 34: a strike's line read "(Your strike from base:0659.)" and stacks listed "J-CV-3"; the printed names
    are the side and counter (Japanese CV-3, Japanese Transport-1) and the air base's place."""
    from app.engine.log import entry
    from app.games.usn import board_view
    s = deployed()
    s["log"].append(entry("allied", "(Your strike from base:0659.)"))
    s["log"].append(entry("japanese", "Japanese J-CV-3 and J-TR-1 sail."))
    assert "(Your strike from the air base at Port Moresby (0659).)" in [x["text"] for x in R.view(s, "allied")["log"]]
    assert "Japanese CV-3 and Japanese Transport-1 sail." in [x["text"] for x in R.view(s, "japanese")["log"]]
    stacks = " ".join(p["details"] for p in board_view.describe(R.view(s, "japanese"), "japanese")["pieces"])
    assert "Japanese CV-3 (NAC" in stacks and "J-CV-3" not in stacks


@pytest.mark.rule("Game Equipment")
def test_a_hex_reads_as_a_hex_in_the_log_and_the_refusals():
    """Issue 34: "Your naval units: Japanese CV-3 to 0793" read as a number where a player expects "hex 0793"; a
    place's number in its parentheses, a count of points and a year stay as written."""
    from app.engine.errors import IllegalAction
    from app.engine.log import entry
    s = deployed()
    s["log"].append(entry("japanese", "Your naval units: J-CV-3 to 0793; J-CV-4 to 0793."))
    s["log"].append(entry("japanese", "6-12 Regiment moves 0692 -> 0693, beside 0694 and 0695; Lae (0692), 1000 VP."))
    lines = [x["text"] for x in R.view(s, "japanese")["log"]][-2:]
    assert lines == ["Your naval units: Japanese CV-3 to hex 0793; Japanese CV-4 to hex 0793.",
                     "6-12 Regiment moves hex 0692 -> hex 0693, beside hexes 0694 and 0695; Lae (0692), 1000 VP."]
    with pytest.raises(IllegalAction, match=r"must enter hex 0793 from a hex next to it \(hex 0700 is not one\)"):
        R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-CV-3": {"stop": "0793", "via": "0700"}}}})


@pytest.mark.rule("How to Set-up and Play the Games")
def test_the_deployment_line_reads_as_words_not_a_dictionary():
    """Issue 34 item 6: "Deployed: NAC {'A-CV-5': 10, 'A-CV-2': 4}, LAC {'0659': 10, ...}" was a Python dict."""
    lines = [x["text"] for x in R.view(deployed(), "allied")["log"] if x["text"].startswith("Deployed")]
    assert lines == ["Deployed: NAC 10 at Allied CV-5, 4 at Allied CV-2; LAC 10 at hex 0659, 10 at hex 0698; "
                     "LBAC 5 at hex 0659."]
