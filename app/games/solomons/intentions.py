"""American Intelligence (18.1-18.4) and the limit it puts on the Japanese plot (8.6).

4.1 and 4.4 put the Japanese Intentions announcement before Task Force Allocation: Japan answers the American
questions yes or no, the Americans form their task forces knowing the answers, and then "Japan may not plot a
movement it did not disclose under Section 18" (8.6), checked when the Japanese plot is given.

Japan answers eight yes/no questions (`QUESTIONS`); the server expands them into the printed answers of 18.1-18.4
(`expand`), which the Americans are told. A plot is checked by reading the same eight answers off it
(`from_plot`): every "yes" the plot implies must have been announced. An announced "yes" that the plot does not
carry out is not refused (8.6 forbids only the undisclosed; docs/games/solomons.md): so staying in port is always
a legal plot and the game can never stall on an announcement.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import Refused
from app.engine.log import entry
from app.engine.orders import Assignment
from app.games.solomons import bots
from app.games.solomons import standing as standing_orders
from app.games.solomons.decision import VERB, Kind, ask, fixed, later, plot_phase, randomly, store
from app.games.solomons.disclosure import (  # noqa: F401 (the questions and checks, read from here too)
    ASKED, KEYS, QUESTIONS, check, check_plot, expand, from_plot, no_to_all)
from app.games.solomons.plot import default_plot

State = dict[str, Any]


def text(a: dict[str, Any], phase: int) -> str:
    """The announcement as the Americans read it (18.1-18.4)."""
    yn = lambda v: "yes" if v else "no"  # noqa: E731
    where = {"rabaul": "Rabaul", "truk": "Truk", "slot": "the Slot"}
    capital = ", ".join(where[s] for s in a["capital_sorties"]) or "none"
    return (f"Japanese Intentions, Plot Phase {phase}: a Task Force down the Slot: {yn(a['slot'])} (with capital "
            f"ships: {yn(a['slot_capital'])}); a high-seas sortie: {yn(a['high_seas'])} (with capital ships: "
            f"{yn(a['high_seas_capital'])}); a sortie from Truk: {yn(a['truk_sortie'])} (with capital ships: "
            f"{yn(a['truk_capital'])}; with transports: {yn(a['truk_transports'])}); transports: "
            f"{yn(a['transports'])}"
            f"{' (from ' + ' and '.join(where[b] for b in a['transports_from']) + ')' if a['transports_from'] else ''}"
            f"; sorties with capital ships: {capital}.")


# ---------------------------------------------------------------- the decision (states table)

ARGS = {"answers": Assignment(KEYS, (True, False), required=False, labels=("yes", "no"), label="Answers",
                              names=tuple(q[2] for q in QUESTIONS))}  # each answer by its question (18)


def choices(state: State, side: str) -> dict[str, Any]:
    return {"questions": [{"key": k, "rule": r, "text": t, "qualifies": q} for k, r, t, q in QUESTIONS],
            "truk_released": bool((state["truk_sortie"] or {}).get("released"))}


def default_answers(state: State) -> dict[str, bool]:
    """18, missed: just the "yes" answers the missed-order plot needs (forces at sea)."""
    return from_plot(state, default_plot(state, "japanese")["plots"], plot_phase(state))


def conclude(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    """18.1-18.4: the answers Japan gives before Task Force Allocation (4.1, 4.4); 8.6 holds its plot to them."""
    japanese = orders.get("japanese") or {"answers": {}}
    phase = plot_phase(state)
    questions = no_to_all() | (japanese.get("answers") or {})
    answers = expand(questions)
    said = text(answers, phase)
    state["intentions"] = {"phase": phase, "answers": answers, "questions": questions, "text": said}
    kept = (state.get("standing") or {}).get("japanese") or {}
    if "intentions" in kept:  # the standing order keeps the answers Japan gave last (its first ones, in a new game)
        kept["intentions"] = dict(questions)
    state["log"].append(entry("allied", said))
    state["log"].append(entry("japanese", "Your intentions are announced: " + said))


def standing_answers(state: State, side: str, step: dict[str, Any]) -> dict[str, Any] | None:
    """Japan's `intentions` standing order (asking.py): its kept answers, if they are legal now (20: the Truk roll)
    and cover the forces already at sea, whose course the plot must disclose (8.6); else None, and Japan is asked."""
    answers = standing_orders.standing(state, side).get("intentions")
    if not isinstance(answers, dict):
        return None
    try:
        check(state, {"answers": answers})
    except Refused:
        return None
    needed = default_answers(state)
    if any(needed[k] and not answers.get(k) for k in needed):
        return None
    return {"answers": dict(answers)}


DECISION = Kind(
    id="intelligence", rule="18", verbs={VERB: ARGS}, deciders=lambda state: ["japanese"], prompt=ask,
    resolve=store, default=fixed(lambda state, side: {"answers": default_answers(state)}),
    random=randomly(later("players", "random_intentions")), check=lambda state, side, args: check(state, args),
    bot=bots.intentions_bot, form="intentions", offered=lambda state, side: ARGS, choices=choices, conclude=conclude,
    standing=standing_answers, order="intentions")
