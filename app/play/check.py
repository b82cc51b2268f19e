"""Checking a half-made order without applying it: what a page asks while the player is still filling in a form.

The same guards as a submission (app/play/submit.py), in the same order, then the order's shape against the typed
arguments the role's prompt publishes (app/engine/orders.py), then the game's own `check(state, role, action)` if
its rules have one (contract v2). Read-only: nothing is stored, no die is rolled, no version moves. Every message
comes from the role's own prompt or from the rules, whose refusals may name only what that role may see.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session as DB

from app.engine import orders
from app.engine.errors import IllegalAction, Refused
from app.play.errors import BadRequest, Conflict, Illegal
from app.play.lobby import require_game
from app.play.state import load_state, rules_for
from app.play.submit import check_action_shape


def check_order(db: DB, game_id: str, role: str, action: Any) -> None:
    """Raise the PlayError a submission of `action` by `role` would get from its shape or the rules; return
    None if neither refuses it now."""
    action = check_action_shape(action)
    if action["verb"].startswith("_"):
        raise BadRequest("Orders starting with '_' are the platform's own (undo, claim); use their pages.")
    game = require_game(db, game_id)
    if game.status == "open":
        raise Conflict("The game has not started: a seat is still open.")
    if game.status == "ended":
        raise Conflict("The game is over.")
    rules = rules_for(game)
    state = load_state(db, game)
    prompt = rules.prompts(state).get(role)
    if prompt is None:
        raise Illegal("It is not your move: the game is waiting for the other side.")
    # The shape of the order as the rules will read it: a board's rows tidied by the game first (contract v2's
    # `tidy`), as a submission's are, so the live check never refuses what the submission would accept.
    try:
        shape(prompt, rules.tidied(state, role, action) if rules.tidied is not None else action)
        if rules.check is not None:
            rules.check(state, role, action)
    except Refused as e:  # MalformedAction too: a misshapen order cites no rule
        raise Illegal(e.message, e.rule) from None


def shape(prompt: dict[str, Any], action: dict[str, Any]) -> None:
    """The order against the prompt's typed arguments: one of the verbs offered now, each argument well shaped.
    A verb whose arguments are still prose (older games) is left to the rules' own check."""
    specs = {spec.get("verb"): spec for spec in prompt.get("actions", [])}
    spec = specs.get(action["verb"])
    if spec is None:
        offered = ", ".join(str(s.get("label") or v) for v, s in specs.items())
        raise IllegalAction(f"That order is not offered now. The orders offered: {offered}.", prompt.get("rule"))
    typed = orders.typed_args(spec)
    if typed is not None:
        orders.check_action({action["verb"]: typed}, action)
