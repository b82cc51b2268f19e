"""The end of a turn (How to Win): an instant Japanese victory, the Atomic Bomb or the last turn ends the game;
otherwise the turn marker advances (Sequence of Play Each Turn)."""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.pacific_war_1942 import attacks, board, data

State = dict[str, Any]


def end_of_turn(s: State, rng: Rng | None = None) -> None:
    """How to Win, checked at the end of a turn, in this order: the instant Japanese victory, the Atomic Bomb, the
    last game turn. Sets `s["outcome"]` when the game ends."""
    held = board.allied_locations_lost(s)
    if len(held) >= data.INSTANT["needed"]:
        names = " and ".join(data.name(x) for x in held)
        attacks.log(s, f"End of turn {s['turn']}: the Japanese occupy {names}: instant Japanese victory.")
        s["outcome"] = {"winner": "japanese", "level": "instant", "score": board.score(s),
                        "reason": f"The Japanese occupy {names} (How to Win)."}
        return
    front = data.BOMB["requires_front"]
    if s["turn"] >= data.BOMB["first_turn"] and \
            board.allied_index(s, front) >= data.route(front).index(data.BOMB["requires_location"]):
        s["bomb"] = True
        attacks.log(s, f"End of turn {s['turn']}: from the Marianas the Atomic Bomb is dropped on Japan. "
                       f"The war ends.")
        final(s, "The Atomic Bomb was dropped on Japan (How to Win).")
        return
    if s["turn"] >= s["turns"]:
        attacks.log(s, f"End of turn {s['turn']}: the last game turn has been played.")
        final(s, "The last game turn has been played (How to Win).")


def next_turn(s: State, rng: Rng | None = None) -> bool:
    """Advance the turn track 1 space and begin a new turn (False once the game is over: the walk stops)."""
    if s["outcome"] is not None:
        return False
    s["turn"] += 1
    s["ap"] = 0
    s["ap_roll"] = None
    s["at"] = None  # the line that opens the turn belongs to no section of it
    attacks.log(s, f"Turn {s['turn']} begins ({data.turn_date(s['turn'])}).")
    return True


def final(s: State, reason: str) -> None:
    sc = board.score(s)
    b = sc["band"]
    attacks.log(s, f"Final score: {sc['total']} VP. {b['text']}")
    s["outcome"] = {"winner": b["winner"], "level": b["level"], "score": sc, "reason": reason}
