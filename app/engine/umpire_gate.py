"""The umpire's stepping gate (Guadalcanal 18, made general): in an umpired game the umpire releases each gated step
of a game's Turn before it is carried out, one step at a time ("advance") or every step left in a span such as the
Turn ("run"). A missed umpire decision advances one step.

A game's sequence walker asks `must_release(state, key, span)` before carrying out a gated step (`key` names that step
uniquely in the game, `span` the stretch a "run" covers, e.g. the Turn) and, if so, calls `hold(...)` and stops;
its states table includes the record `decision(resume)`, whose resolution records the release and calls `resume` to
walk on. Everything lives in state["umpire_gate"] (plain JSON):
{"go": the step released last, "run": the span let run, "held": {"key", "span", "title"} or None}.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from app.engine.contract import UMPIRE, State
from app.engine.log import entry
from app.engine.states import Decision

VERBS: dict[str, dict[str, Any]] = {"advance": {}, "run": {}}
DEFAULT = {"verb": "advance", "args": {}}  # a missed umpire decision advances one step


def umpired(state: State) -> bool:
    """Whether the game was created with an umpire (option `umpired`, kept at the top or among the options)."""
    return bool(state.get("umpired") or (state.get("options") or {}).get("umpired"))


def gate(state: State) -> dict[str, Any]:
    return state.setdefault("umpire_gate", {"go": None, "run": None, "held": None})


def must_release(state: State, key: str, span: str) -> bool:
    """Must the umpire release step `key` before it is carried out? Only in an umpired game, and not if he already
    released it or let its `span` run."""
    if not umpired(state):
        return False
    g = state.get("umpire_gate") or {}
    return g.get("go") != key and g.get("run") != span


def hold(state: State, key: str, span: str, title: str) -> None:
    """Wait for the umpire at step `key`; `title` says what he releases ("the Combat Phase")."""
    gate(state)["held"] = {"key": key, "span": span, "title": title}


def held(state: State) -> dict[str, Any] | None:
    return (state.get("umpire_gate") or {}).get("held")


def release(state: State, run: bool) -> dict[str, Any]:
    """The umpire lets the held step go, and with `run` every later step of its span. Returns what was held."""
    g = gate(state)
    was = g["held"]
    g["go"], g["held"] = was["key"], None
    if run:
        g["run"] = was["span"]
    return was


def decision(resume: Callable[[State, Any], None], *, id: str = "umpire", rule: str = "18",
             span_label: str = "the Turn", clone: Callable[[State], State] = copy.deepcopy,
             labels: dict[str, str] | None = None, title: Callable[[State, dict], str] | None = None,
             info: Callable[[State, dict], dict] | None = None,
             told: Callable[[State, dict, bool], tuple[str, Any]] | None = None) -> Decision:
    """The states-table record of the umpire's release. `resume(state, rng)` is the game's walker going on from the
    step just released (it carries that step out). A game may word it its own way: the buttons (`labels`), the
    prompt's title and info from what is held, and the umpire's log line (`told`: its text and `at`)."""
    labels = labels or {"advance": "Release this step", "run": f"Run to the end of {span_label}"}

    def deciders(state: State) -> list[str]:
        return [UMPIRE] if held(state) else []

    def prompt(state: State, role: str) -> dict[str, Any]:
        h = held(state) or {"key": None, "span": None, "title": "the next step"}
        return {"title": title(state, h) if title else f"Release {h['title']}, or run to the end of {span_label}",
                "rule": rule,
                "info": {"kind": "umpire", "step": h["key"], "default": dict(DEFAULT),
                         **(info(state, h) if info else {})},
                "actions": [{"verb": v, "label": labels[v], "args": {}} for v in VERBS]}

    def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
        s = clone(state)
        run = action["verb"] == "run"
        was = release(s, run)
        if told:
            text, at = told(s, was, run)
        else:
            how = f"to the end of {span_label}" if run else "this step"
            text, at = f"You release {was['title']} ({how}).", was["key"]
        s["log"].append(entry(UMPIRE, text, at=at))
        resume(s, rng)
        return s

    return Decision(id, rule, VERBS, deciders, prompt, resolve, lambda state, role: dict(DEFAULT),
                    lambda state, role, rng: {"verb": rng.choice(sorted(VERBS)), "args": {}})
