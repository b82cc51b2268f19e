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

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Assignment
from app.games.solomons import board, bots
from app.games.solomons.decision import VERB, Kind, ask, fixed, later, plot_phase, randomly, store
from app.games.solomons.plot import automatic, course, phase_segments
from app.games.solomons.units import has_transports, side_tfs

State = dict[str, Any]
# (key, rule, question as the American asks it, the sortie it qualifies or None)
QUESTIONS = (
    ("slot", "18.1", "Is a Task Force coming down the Slot?", None),
    ("slot_capital", "18.1", "Does the Slot force include capital ships?", "slot"),
    ("rabaul_sortie", "18.1", "Is there a high-seas sortie from Rabaul?", None),
    ("rabaul_capital", "18.4", "Does the Rabaul sortie include capital ships?", "rabaul_sortie"),
    ("rabaul_transports", "18.3", "Do transports depart from Rabaul?", "rabaul_sortie"),
    ("truk_sortie", "18.2", "Will Japan sortie from Truk?", None),
    ("truk_capital", "18.2", "Does the Truk sortie use capital ships?", "truk_sortie"),
    ("truk_transports", "18.2", "Does the Truk sortie use transports?", "truk_sortie"),
)
KEYS = tuple(q[0] for q in QUESTIONS)
ASKED = {q[0]: q[2] for q in QUESTIONS}


def no_to_all() -> dict[str, bool]:
    return {k: False for k in KEYS}


def from_plot(state: State, plots: dict[str, Any], phase: int) -> dict[str, bool]:
    """The answers a Japanese plot implies: each force that is or goes to sea is a Slot run (6.37) or a high-seas
    sortie from its base (Rabaul or Truk), with or without capital ships and transports."""
    out = no_to_all()
    segments = phase_segments(phase)
    for tf in side_tfs(state, "japanese"):
        entry = plots.get(tf["id"]) or {}
        places = course(tf, entry, segments) if not automatic(tf) else [tf["hex"]]
        if board.is_base(tf["hex"]) and all(board.is_base(p) for p in places):
            continue
        capital = any(board.is_capital(u) for u in tf["units"])
        if entry.get("slot") or tf.get("slot"):
            out["slot"] = True
            out["slot_capital"] |= capital
            continue
        origin = "truk" if tf["base"] == "truk" else "rabaul"
        out[f"{origin}_sortie"] = True
        out[f"{origin}_capital"] |= capital
        out[f"{origin}_transports"] |= has_transports(tf)
    return out


def expand(q: dict[str, bool]) -> dict[str, Any]:
    """The printed answers (18.1-18.4) the Americans are told, from the eight yes/no answers."""
    return {
        "slot": q["slot"], "slot_capital": q["slot_capital"],                                     # 18.1
        "high_seas": q["rabaul_sortie"] or q["truk_sortie"],                                        # 18.1
        "high_seas_capital": q["rabaul_capital"] or q["truk_capital"],
        "truk_sortie": q["truk_sortie"], "truk_capital": q["truk_capital"],                        # 18.2
        "truk_transports": q["truk_transports"],
        "transports": q["rabaul_transports"] or q["truk_transports"],                               # 18.3
        "transports_from": [b for b in ("rabaul", "truk") if q[f"{b}_transports"]],
        "capital_sorties": [s for s, k in (("slot", "slot_capital"), ("rabaul", "rabaul_capital"),   # 18.4
                                           ("truk", "truk_capital")) if q[k]],
    }


def check(state: State, args: dict[str, Any]) -> dict[str, bool]:
    """An announcement: eight yes/no answers, each qualifier only with its sortie; never a Truk sortie the roll
    forbids (8.6, 20). Returns the answers (a question left out is answered no)."""
    raw = args.get("answers")
    if not isinstance(raw, dict):
        raise IllegalAction("Answer the American questions: `answers` maps each question to yes (true) or no "
                            "(false).", "18")
    unknown = sorted(set(raw) - set(KEYS))
    if unknown:
        raise IllegalAction(f"There is no question {unknown[0]!r}; the questions are {', '.join(KEYS)}.", "18")
    if any(not isinstance(v, bool) for v in raw.values()):
        raise IllegalAction("Each answer is yes or no.", "18")
    q = no_to_all() | raw
    for key, rule, question, sortie in QUESTIONS:
        if sortie and q[key] and not q[sortie]:
            raise IllegalAction(f"“{question}” can be yes only if “{ASKED[sortie]}” is yes.", rule)
    if q["truk_sortie"] and not (state.get("truk_sortie") or {}).get("released"):
        raise IllegalAction("The Truk Sortie roll keeps every naval unit at Truk this Game-Turn: Japan cannot "
                            "announce a Truk sortie.", "20.3" if state["turn"] == 1 else "8.6")
    return q


def check_plot(state: State, plots: dict[str, Any], phase: int) -> None:
    """8.6: Japan may not plot a movement it did not disclose."""
    announced = (state.get("intentions") or {}).get("questions")
    if announced is None:
        return
    plotted = from_plot(state, plots, phase)
    for key, _, question, _ in QUESTIONS:
        if plotted[key] and not announced[key]:
            raise IllegalAction(f"This plot does not match the intentions you announced: you answered no to "
                                f"“{question}”", "8.6")


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

ARGS = {"answers": Assignment(KEYS, (True, False), required=False, labels=("yes", "no"), label="Answers")}


def choices(state: State, side: str) -> dict[str, Any]:
    return {"questions": [{"key": k, "rule": r, "text": t, "qualifies": q} for k, r, t, q in QUESTIONS],
            "truk_released": bool((state["truk_sortie"] or {}).get("released"))}


def default_answers(state: State) -> dict[str, bool]:
    """18, missed: just the "yes" answers the missed-order plot needs (forces at sea)."""
    from app.games.solomons.players import default_plot
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
    from app.games.solomons import asking
    answers = asking.standing(state, side).get("intentions")
    if not isinstance(answers, dict):
        return None
    try:
        check(state, {"answers": answers})
    except IllegalAction:
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
