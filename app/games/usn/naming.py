"""Printed names for what the state keys by id (issue 34 item 1): a ship by its side and counter ("J-CV-3" is the
Japanese CV-3, "A-TR-1" the Allied Transport-1, a campaign's second counter of one name "J-DD-1.2" the Japanese DD-1
(2)), a Japanese sub by its Order of Battle name ("J-Sub-1" is Sub-1), an air station "base:0659" by its place.

Ids stay in the state, the orders and attribute values; `named` turns the ids in a text a player reads (a log line,
a title, a refusal) into these names, so every line written with an id reads with the name; a bare hex number in such
a text reads as a hex ("to 0793" is "to hex 0793", issue 34)."""
from __future__ import annotations

import re
from functools import cache, lru_cache

from app.games.usn import gamedata, grid

SIDE = {"J": "Japanese", "A": "Allied"}
PRINTED = {"TR": "Transport", "OL": "Oiler", "OIL": "Oiler", "AT": "Assault Transport", "JCV": "CV"}
_SHIP = re.compile(r"(?<![\w:.-])([JA])-(CVL|CVE|JCV|CV|BB|CA|CL|DD|TR|AT|OIL|OL)-(\d+)(?:\.(\d+))?(?![\w-])")
_SUB = re.compile(r"(?<![\w:.-])J-(Sub(?:-Flot)?-\d+)(?![\w-])")
_STATION = re.compile(r"(?<![\w:.-])base:(\d{4})(?![\w-])")
# a hex number, or a list of them ("0793, 0794 and 0795"), that no "hex"/"hexes" introduces; never one in a place's
# parentheses ("Lae (0692)": the number closes them), an id ("base:0659", "hex-0793"), a hexside ("0692|0693") or a
# count of points or weeks. The run is matched first and a "hex "/"hexes " before it looked at after (`_introduced`):
# a pattern that opens with an optional word is tried at every character of the text, three times as slow.
_HEXES = re.compile(r"(?<![\w:./#|+-])(?P<run>\d{4}(?:(?:, |,? and |,? or )\d{4})*)"
                    r"(?![\w)/:|-])(?! ?(?:VP|Victory|points?|weeks?|hexes|Game))")
_WORD = re.compile(r"\w")
_FOUR = re.compile(r"\d{4}")  # what every hex number has: a text without it is left as it is, unsearched
_TWICE = re.compile(r"\b(Japanese|Allied) \1 ")
NAMED_KEPT = 1 << 15  # texts whose names are kept (a late Campaign Game's log is some 4,500 lines, 2,000 unlike)


@cache
def _places() -> dict[str, str]:
    return {h: p["name"] for h, p in gamedata.places().items()}


@cache
def _off_map() -> dict[str, str]:
    """Off-Map Movement's places by their names (data/offmap.toml): the U.S. West Coast, the boxes, off the west."""
    d = gamedata.load("offmap")
    return {d["west_coast"]["id"]: d["west_coast"]["name"], **{b["id"]: b["name"] for b in d["box"]},
            d["west"]["allied"]: d["west"]["allied_name"], d["west"]["japanese"]: d["west"]["japanese_name"]}


def _ship(m: re.Match) -> str:
    side, kind, n, copy = m.groups()
    return f"{SIDE[side]} {PRINTED.get(kind, kind)}-{n}" + (f" ({copy})" if copy else "")


def place(h: str) -> str:
    """A hex by its printed place name and number ("Lae (0692)"), or "hex 0897"; an off-map place by its name."""
    if h in _off_map():
        return _off_map()[h]
    return f"{_places()[h]} ({h})" if h in _places() else f"hex {h}"


def station(h: str) -> str:
    return f"the air base at {place(h)}"


def _introduced(text: str, at: int) -> bool:
    """Whether the word "hex" or "hexes" (a word of its own) and a space stand just before `at`."""
    for word in ("hex ", "Hex ", "hexes ", "Hexes "):
        start = at - len(word)
        if start >= 0 and text.startswith(word, start):
            return start == 0 or not _WORD.match(text, start - 1)
    return False


def _hexes(m: re.Match) -> str:
    numbers = _FOUR.findall(m.group("run"))
    if _introduced(m.string, m.start()) or not all(grid.FIRST <= int(n) <= grid.LAST for n in numbers):
        return m.group(0)
    return ("hex " if len(numbers) == 1 else "hexes ") + m.group("run")


def hexes(text: str) -> str:
    """The text with every bare hex number introduced as a hex: "moves 0692 -> 0693" reads "moves hex 0692 -> hex
    0693" (issue 34: a player reads "0793" as a number, not a place)."""
    return _HEXES.sub(_hexes, text) if _FOUR.search(text) else text


@lru_cache(maxsize=NAMED_KEPT)
def named(text: str) -> str:
    """The text with every ship, sub and air station id replaced by its printed name, and its hexes read as hexes.
    Kept by text: every view names its role's whole log, and a log's lines are mostly the same from one view (and
    one role) to the next. Each pattern is searched only where the text holds what it needs ("-", "J-Sub",
    "base:", a side written twice)."""
    if "-" not in text and "base:" not in text:
        return hexes(text)
    if "-" in text:
        text = _SHIP.sub(_ship, text)
    if "J-Sub" in text:
        text = _SUB.sub(lambda m: m.group(1), text)
    for k, v in _off_map().items():  # "at west-coast" -> "at U.S. West Coast ..."
        if k in text:
            text = re.sub(r"(?:hex )?(?<![\w:.-])" + re.escape(k) + r"(?![\w-])", v, text)
    if "base:" in text:
        text = _STATION.sub(lambda m: station(m.group(1)), text)
    if "Japanese Japanese " in text or "Allied Allied " in text:
        text = _TWICE.sub(r"\1 ", text)  # "Japanese J-CV-3" written with its side
    return hexes(text)


def name(ident: str) -> str:
    """One id's name (an id it does not know is returned as it is)."""
    return named(str(ident))


_LAND = re.compile(r"(?<![\w:.-])([JA]-L\d+(?:\.\d+)?)(?![\w-])")


def named_in(text: str, land: dict) -> str:
    """`named`, and the land units of a position (`state["land"]`) by their printed names ("6-12 Regiment"): what a
    refusal the acting role reads says."""
    text = named(text)
    return _LAND.sub(lambda m: land[m.group(1)]["name"] if m.group(1) in land else m.group(1), text)
