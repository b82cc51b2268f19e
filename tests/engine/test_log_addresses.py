"""Who reads a log line (app/engine/log.py): everyone, one seat, a whole side (`to_side`), or the umpire; and the
contract's sides and seats (app/engine/contract.py) that the platform reads."""
from app.engine.contract import SPECTATOR, UMPIRE, ChatPolicy, GameMeta, Scenario, Side, to_side
from app.engine.log import entry, readable, visible
from tests.fixtures.teams import rules as teams

SIDES = teams.meta.seat_sides()
LOG = [entry("public", "Round 1."), entry("north.1", "You commit 2."), entry(to_side("north"), "North report."),
       entry(to_side("south"), "South report."), entry(UMPIRE, "Umpire note.")]


def texts(role, ended=False, sides=SIDES):
    return [line["text"] for line in visible(LOG, role, ended, sides)]


def test_a_side_s_line_reaches_every_seat_of_that_side_and_no_other_reader():
    assert texts("north.1") == ["Round 1.", "You commit 2.", "North report."]
    assert texts("north.2") == ["Round 1.", "North report."]
    assert texts("south.2") == ["Round 1.", "South report."]
    assert texts(SPECTATOR) == ["Round 1."]
    assert texts(UMPIRE) == [line["text"] for line in LOG]
    assert texts(SPECTATOR, ended=True) == [line["text"] for line in LOG]


def test_a_side_as_a_whole_reads_its_reports_but_no_seat_s_own_lines():
    assert texts(to_side("north")) == ["Round 1.", "North report."]


def test_lines_are_numbered_within_what_the_reader_sees():
    assert [line["n"] for line in visible(LOG, "north.2", sides=SIDES)] == [0, 1]
    assert all(readable(line, "north.2", sides=SIDES) for line in visible(LOG, "north.2", sides=SIDES))


def test_without_a_seat_map_a_seat_is_its_own_side_as_in_a_two_player_game():
    log = [entry(to_side("red"), "Red report."), entry("red", "Red only."), entry(to_side("blue"), "Blue report.")]
    assert [line["text"] for line in visible(log, "red")] == ["Red report.", "Red only."]
    assert [line["text"] for line in visible(log, "blue")] == ["Blue report."]
    # a seat the map does not know reads only its own lines
    assert not readable(entry(to_side("north"), "x"), "west.1", sides=SIDES)


def test_meta_names_seats_and_sides_and_defaults_to_one_seat_a_side():
    meta = teams.meta
    assert meta.seats() == ("north.1", "north.2", "south.1", "south.2")
    assert meta.side_of("south.2").label == "South" and meta.side_of(UMPIRE) is None
    assert (meta.label("north"), meta.label(to_side("south")), meta.label("north.2")) == ("North", "South",
                                                                                        "North second")
    assert meta.chat == ChatPolicy(teammates=False, opponents=True, rule="teams 3")
    two = GameMeta(id="x", title="X", publisher=None, year=None, roles=("red", "blue"),
                   scenarios=(Scenario("s", "S"),))
    assert two.sides_of() == (Side("red", "Red", ("red",)), Side("blue", "Blue", ("blue",)))
    assert two.seat_sides() == {"red": "red", "blue": "blue"} and two.label("allied.1") == "Allied 1"
