"""The Time Record: Game-Turn <-> date (How To Use the Time Record and Reinforcement Chart).

A Game-Turn is one week. The chart dates turns "month/week" ("12/2", the second week of December); a week is known
by its Saturday, the n-th Saturday of its month (January 1942 has five, so 1/5 is Game-Turn 8). Game-Turn 1 is the
week ending Saturday 13 December 1941 and Game-Turn 81, the last of Campaign Game 3, the week ending 26 June 1943.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from app.games.usn import gamedata

_C = gamedata.load("calendar")["calendar"]
FIRST_TURN: int = _C["first_turn"]
LAST_TURN: int = _C["last_turn"]
FIRST_WEEK_ENDS = date.fromisoformat(_C["first_week_ends"])
_LABEL = re.compile(r"^(\d{1,2})/(\d)$")


class NoSuchTurn(ValueError):
    """A Game-Turn or a date outside the Time Record."""


def _check(turn: int) -> None:
    if not isinstance(turn, int) or not FIRST_TURN <= turn <= LAST_TURN:
        raise NoSuchTurn(f"Game-Turn {turn!r} is not on the Time Record (Game-Turns {FIRST_TURN} to {LAST_TURN})")


def week_ends(turn: int) -> date:
    """The Saturday that ends a Game-Turn's week."""
    _check(turn)
    return FIRST_WEEK_ENDS + timedelta(weeks=turn - FIRST_TURN)


def week_begins(turn: int) -> date:
    return week_ends(turn) - timedelta(days=6)


def month_week(turn: int) -> tuple[int, int, int]:
    """(year, month, week of the month) of a Game-Turn."""
    end = week_ends(turn)
    return end.year, end.month, (end.day - 1) // 7 + 1


def label(turn: int) -> str:
    """The chart's "month/week" of a Game-Turn, e.g. 1 -> "12/2"."""
    _, m, w = month_week(turn)
    return f"{m}/{w}"


def long_label(turn: int) -> str:
    """A label a player reads without the chart: "Game-Turn 22, 2nd week of May 1942 (3-9 May)"."""
    y, _, w = month_week(turn)
    b, e = week_begins(turn), week_ends(turn)
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(w, f"{w}th")
    span = f"{b.day} {b:%b}-{e.day} {e:%b}" if b.month != e.month else f"{b.day}-{e.day} {e:%b}"
    return f"Game-Turn {turn}, {nth} week of {e:%B} {y} ({span})"


def turn_of(day: date) -> int:
    """The Game-Turn whose week holds a day."""
    turn = FIRST_TURN + (day - week_begins(FIRST_TURN)).days // 7
    if not FIRST_TURN <= turn <= LAST_TURN:
        raise NoSuchTurn(f"{day.isoformat()} is not on the Time Record ({week_begins(FIRST_TURN).isoformat()} to "
                         f"{week_ends(LAST_TURN).isoformat()})")
    return turn


def turn_of_label(text: str, year: int) -> int:
    """The Game-Turn of a chart date "month/week" in a year (the chart spans two Decembers, so the year is needed)."""
    m = _LABEL.match(text.strip())
    if not m:
        raise NoSuchTurn(f"{text!r} is not a chart date (month/week, e.g. 12/2)")
    month, week = int(m.group(1)), int(m.group(2))
    if not 1 <= month <= 12 or week < 1:
        raise NoSuchTurn(f"{text!r} is not a chart date (month/week, e.g. 12/2)")
    try:
        saturday = date(year, month, 1) + timedelta(days=(5 - date(year, month, 1).weekday()) % 7 + 7 * (week - 1))
    except (ValueError, OverflowError):
        raise NoSuchTurn(f"{text} {year} is not on the Time Record") from None
    if saturday.month != month:
        raise NoSuchTurn(f"{month}/{year} has no week {week}")
    return turn_of(saturday)
