"""The log as a page shows it: the lines a role may read, folded by Game-Turn and by section of play, each line
marked with what it is about (combat, movement, intelligence, orders) so the page can filter it, and the "Your
orders are in" filler of a section folded into one short line."""
from __future__ import annotations

import functools
import hashlib
import re
import threading
from collections import OrderedDict
from typing import Any, Callable, Iterable

from app.engine.contract import UMPIRE

# What a log line is about, for the log's filter: words of its section of play, then of its text, in this order
# (a line in "Surface action" is combat even if it names a move). Lines that match nothing are "other".
LOG_KINDS = (
    ("intelligence", ("reveal", "intelligence", "intention", "sighted", "search", "spotted")),
    ("combat", ("attack", "combat", "surface action", "bombard", "cap ", " cap", "sunk", "crippled", "hits",
                "anti-aircraft", "battle", "fight")),
    ("movement", ("movement", "plot", "allocation", "reset", "land troops", "transfer", "moves", "enters",
                  "sortie", "reinforcement", "arrive", "advance", "retreat", "sails", "returns")),
)
KIND_LABELS = (("combat", "Combat"), ("movement", "Movement"), ("intelligence", "Intelligence"),
               ("orders", "Orders in"), ("other", "Other"))
ORDERS_LINE = re.compile(r"^Your orders are (in|revised)(?:: (.*?))?\.?$")


def line_kind(line: dict[str, Any]) -> str:
    return _kind(str(line.get("text", "")), str(line.get("at") or ""))


@functools.lru_cache(maxsize=16384)  # every push draws every watching role's whole log: the same lines each time
def _kind(text: str, at: str) -> str:
    if ORDERS_LINE.match(text):
        return "orders"
    for hay in (at.lower(), text.lower()):
        for kind, words in LOG_KINDS:
            if any(w in hay for w in words):
                return kind
    return "other"


def fold_orders(lines: list[dict[str, Any]], at: str | None, role: str | None, label) -> list[dict[str, Any]]:
    """The "Your orders are in" filler of one section as one short line: the section's heading already names
    the decision, and the umpire (or anyone after the end) gets one line naming every side rather than one
    "Your orders are in" per side."""
    out: list[dict[str, Any]] = []
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for line in lines:
        m = ORDERS_LINE.match(str(line.get("text", "")))
        if not m:
            out.append(line)
            continue
        word, what = m.group(1), (m.group(2) or "").strip()
        key = (word, "" if what.rstrip(".") == (at or "").rstrip(".") else what)
        if key not in merged:
            merged[key] = dict(line, who=[])
            out.append(merged[key])
        into = merged[key]
        into["n"] = max(into.get("n", 0), line.get("n", 0))
        to = line.get("to")
        who = "you" if to == role or label is None else ("the umpire" if to == UMPIRE else label(to))
        if who not in into["who"]:  # a side that revised twice in one section is named once
            into["who"].append(who)
    for (word, what), line in merged.items():
        who = line.pop("who")
        tail = f": {what}." if what else "."
        if who == ["you"]:
            line["text"] = f"Your orders are {word}{tail}"
        else:
            names = who[0] if len(who) == 1 else f"{', '.join(who[:-1])} and {who[-1]}"
            line["text"] = f"Orders {word} from {names}{tail}"
    return out


def log_groups(lines: list[dict[str, Any]], role: str | None = None, label=None,
               turn_heading: Callable[[dict[str, Any]], str | None] | None = None) -> list[dict[str, Any]]:
    """The log as Game-Turns of runs of lines written in one section of play (a game marks a line's section in
    "at"), newest turn and run first and each run in the order it happened, so a page can head each section,
    play a stretch in order, and fold a turn away. Each line carries its kind for the log's filter. A line starts
    a Game-Turn where the game's `turn_heading` names one (its declaration, app/engine/spec.py): each game words its
    turns its own way ("Game-Turn 2 begins.", "OCT 27, Turn 2. ...", "Turn 1: Sep I (§4).")."""
    turns: list[dict[str, Any]] = [{"turn": None, "runs": []}]
    for line in lines:
        heading = turn_heading(line) if turn_heading is not None else None
        if heading and turns[-1]["turn"] != heading:
            turns.append({"turn": heading, "runs": []})
        runs = turns[-1]["runs"]
        # The section a line was written in: top-level "at", or (Guadalcanal) the entry's data, named in words.
        data_at = (line.get("data") or {}).get("at") if isinstance(line.get("data"), dict) else None
        at = line.get("at", data_at if isinstance(data_at, str) else None)
        if not runs or runs[-1]["at"] != at or at is None:
            runs.append({"at": at, "lines": []})
        runs[-1]["lines"].append(dict(line, kind=line_kind(line)))
    for turn in turns:
        for run in turn["runs"]:
            run["lines"] = fold_orders(run["lines"], run["at"], role, label)
        turn["runs"].reverse()
    return [t for t in reversed(turns) if t["runs"]]


# A page (and every push of it) carries the newest Game-Turns of the log up to about this many lines; the rest is on
# the whole-log page. A late U.S.N. campaign's log passes 3,000 lines, and every push carried all of it (700 KiB).
RECENT_LINES = 400


def recent_groups(lines: list[dict[str, Any]], role: str | None = None, label=None,
                  turn_heading: Callable[[dict[str, Any]], str | None] | None = None,
                  limit: int = RECENT_LINES) -> tuple[list[dict[str, Any]], int]:
    """`recent(log_groups(...))` without grouping the Game-Turns it leaves out: the log is cut where log_groups
    starts a Game-Turn, and only the newest Game-Turns are grouped, until `limit` is reached (a late U.S.N. campaign
    grouped its 4,400 lines for every page and push to show 400)."""
    starts, current = [0], None  # the first Game-Turn holds the lines before any heading (often none)
    for i, line in enumerate(lines):
        heading = turn_heading(line) if turn_heading is not None else None
        if heading and current != heading:
            starts.append(i)
            current = heading
    turns = [(a, b) for a, b in zip(starts, [*starts[1:], len(lines)]) if b > a]
    # grouped lazily, newest first: the Game-Turns past the limit are never grouped
    kept = _newest((_turn(lines[a:b], role, label, turn_heading) for a, b in reversed(turns)), limit)
    return kept, len(turns) - len(kept)


# One Game-Turn of a role's log as grouped, by what it is grouped from (issue 37): every push draws every watching
# role's recent log, and only the newest Game-Turn has changed since the last push; the earlier ones were grouped
# exactly so before. Keyed by the role, the game's wording and the turn's lines themselves (their repr: every
# value's type and content), so a role is only ever served what its own lines grouped for it make, and a turn whose
# lines changed is grouped afresh. The groups are shared: callers must not mutate them (the templates only read).
_TURNS: "OrderedDict[tuple, dict[str, Any]]" = OrderedDict()
_TURNS_SIZE = 512
_TURNS_LOCK = threading.Lock()  # the drawing's worker threads share it


def _turn(lines: list[dict[str, Any]], role: str | None, label, turn_heading) -> dict[str, Any]:
    """`log_groups(lines, ...)[0]` for the lines of one Game-Turn, grouped once per distinct input."""
    # the lines' digest, not their text: a late turn's repr is tens of KiB, and the memo keeps hundreds of keys
    key = (role, label, turn_heading, hashlib.blake2b(repr(lines).encode(), digest_size=16).digest())
    try:
        kept = _TURNS.get(key)
    except TypeError:  # a wording that cannot be a key: grouped each time
        return log_groups(lines, role, label, turn_heading)[0]
    if kept is None:
        kept = log_groups(lines, role, label, turn_heading)[0]
    with _TURNS_LOCK:
        _TURNS[key] = kept
        _TURNS.move_to_end(key)
        while len(_TURNS) > _TURNS_SIZE:
            _TURNS.popitem(last=False)
    return kept


def recent(groups: list[dict[str, Any]], lines: int = RECENT_LINES) -> tuple[list[dict[str, Any]], int]:
    """The newest Game-Turns of `groups` (log_groups) holding about `lines` lines (always the newest one), and how
    many earlier Game-Turns are left out."""
    kept = _newest(groups, lines)
    return kept, len(groups) - len(kept)


def _newest(turns: Iterable[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """Grouped Game-Turns, newest first, until about `limit` lines are kept (always the newest one)."""
    kept: list[dict[str, Any]] = []
    count = 0
    for turn in turns:
        n = sum(len(run["lines"]) for run in turn["runs"])
        if kept and count + n > limit:
            break
        kept.append(turn)
        count += n
    return kept
