"""The Time Record (How To Use the Time Record and Reinforcement Chart): Game-Turn <-> week, proven on the dates
the rulebook prints."""
from datetime import date

import pytest

from app.games.usn import calendar, gamedata

PRINTED = {1: "12/2", 2: "12/3", 3: "12/4", 4: "1/1", 5: "1/2", 6: "1/3", 7: "1/4", 8: "1/5",
           10: "2/2", 17: "4/1", 19: "4/3"}


@pytest.mark.rule("Reinforcements")
@pytest.mark.parametrize("turn,label", sorted(PRINTED.items()))
def test_every_printed_game_turn_date(turn, label):
    assert calendar.label(turn) == label


def test_the_data_file_holds_the_same_printed_dates():
    assert {r["turn"]: r["date"] for r in gamedata.load("calendar")["printed"]} == PRINTED


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_12_2_is_the_second_week_of_december_1941():
    assert calendar.month_week(1) == (1941, 12, 2)
    assert calendar.week_begins(1) <= date(1941, 12, 7) <= calendar.week_ends(1)  # Pearl Harbor falls in turn 1
    assert calendar.long_label(1) == "Game-Turn 1, 2nd week of December 1941 (7-13 Dec)"


@pytest.mark.rule("USN Mini-Games")
@pytest.mark.parametrize("situation,day,turn,label", [
    ("coral_sea", date(1942, 5, 8), 22, "5/2"),
    ("midway", date(1942, 6, 4), 26, "6/1"),
    ("eastern_solomons", date(1942, 8, 25), 38, "8/5"),
    ("santa_cruz", date(1942, 10, 26), 47, "10/5"),
])
def test_the_mini_games_fall_in_the_week_of_their_printed_date(situation, day, turn, label):
    rec = {s["id"]: s for s in gamedata.load("calendar")["situation"]}[situation]
    assert date.fromisoformat(rec["printed_date"]) == day
    assert calendar.turn_of(day) == rec["calendar_turn"] == turn
    assert calendar.label(turn) == label


@pytest.mark.rule("How to Set-up and Play the Games")
def test_the_campaign_games_span_their_printed_months():
    # Game 2 "(May 1942-September 1942)", Game-Turns 21-40; Game 3 lasts 81 Game-Turns, to the end of June 1943.
    assert calendar.month_week(21)[:2] == (1942, 5) and calendar.month_week(40)[:2] == (1942, 9)
    assert calendar.month_week(1)[:2] == (1941, 12)
    assert calendar.label(81) == "6/4" and calendar.week_ends(81) == date(1943, 6, 26)


def test_turn_and_date_go_back_and_forth_for_every_turn():
    for t in range(1, 82):
        assert calendar.turn_of(calendar.week_begins(t)) == t == calendar.turn_of(calendar.week_ends(t))
        y = calendar.month_week(t)[0]
        assert calendar.turn_of_label(calendar.label(t), y) == t
    # months with five Saturdays have five weeks, the others four
    fifth = sorted({calendar.month_week(t)[:2] for t in range(1, 82) if calendar.month_week(t)[2] == 5})
    assert fifth == [(1942, 1), (1942, 5), (1942, 8), (1942, 10), (1943, 1), (1943, 5)]


@pytest.mark.parametrize("bad", [0, 82, -1])
def test_a_turn_off_the_record_is_refused(bad):
    with pytest.raises(calendar.NoSuchTurn, match="not on the Time Record"):
        calendar.label(bad)


def test_a_date_off_the_record_is_refused():
    with pytest.raises(calendar.NoSuchTurn, match="not on the Time Record"):
        calendar.turn_of(date(1941, 12, 6))
    with pytest.raises(calendar.NoSuchTurn, match="not on the Time Record"):
        calendar.turn_of(date(1943, 6, 27))
    with pytest.raises(calendar.NoSuchTurn, match="has no week 5"):
        calendar.turn_of_label("2/5", 1942)
    with pytest.raises(calendar.NoSuchTurn, match="not a chart date"):
        calendar.turn_of_label("May 2", 1942)


@pytest.mark.rule("Reinforcements")
def test_the_reinforcement_chart_dates_agree_with_the_calendar():
    doc = gamedata.load("reinforcements")
    dated = [r for r in doc["turn"] + doc["burma"] if "date" in r]
    assert len(dated) == 12
    for r in dated:
        assert calendar.label(r["turn"]) == r["date"], r["turn"]


@pytest.mark.rule("Errata: Reinforcement Table")
def test_the_errata_changes_the_printed_reinforcements():
    turns = {r["turn"]: r for r in gamedata.load("reinforcements")["turn"]}
    assert "DD-11" in turns[5]["allied"] and "DD-10" not in turns[5]["allied"]
    assert turns[31]["allied"] == ["CVE-1", "2 NAC"] and turns[48]["allied"] == ["BB-6"]
    assert turns[2]["allied"].count("CV-2 (1456)") == 1 and "17 NAC (1456)" in turns[2]["allied"]
