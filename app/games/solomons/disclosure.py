"""What a Japanese plot discloses (8.6, 18.1-18.4): the eight questions the Americans ask, the answers a plot
implies, and the check that Japan plots no movement it did not disclose. Below the Movement Plot and the Intentions
records alike (plot.py checks a plot with it, intentions.py announces with it)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.solomons import board
from app.games.solomons.units import automatic, course, has_transports, phase_segments, side_tfs

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
