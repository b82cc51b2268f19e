"""The Solomons HTMX fragments (GET, read only): a plotting-chart column redrawn after a choice and the provenance of a
printed or reconstructed value (the rules' verdict on a half-made board is the platform's live check, plugin.py).

`router` is the plug-in's: its paths are mounted under /games/{game_id}/solomons/, after a check that the game is a
Solomons game. `old_addresses` keeps the provenance links that boards drawn before the plug-in print
(/solomons/provenance/...), serving the same fragment."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from app.web.responses import HTMLResponse
from starlette.datastructures import MultiDict

from app.engine.orders import args_json
from app.games.solomons import board, tables
from app.games.solomons.decision import VERB
from app.games.solomons.plot import ARGS as PLOT_ARGS, ranked_orders
from app.play import lobby
from app.play.errors import BadRequest
from app.play.state import load_state, rules_for, view_for
from app.web.deps import ReadDBDep, User
from app.web.actions import action_from_form
from app.games.solomons.boards.plot_chart import plot_column
from app.web.templating import render

router = APIRouter(include_in_schema=False)
PLOT_SPEC = {"actions": [{"verb": VERB, "args": args_json(PLOT_ARGS)}]}  # the plot's orders over their whole domain
old_addresses = APIRouter(include_in_schema=False)


def provenance_of(kind: str, ident: str) -> str:
    try:
        return tables.provenance(kind, ident)
    except (KeyError, ValueError, StopIteration, IndexError):
        raise BadRequest("There is no such entry in the Solomons tables.") from None


def _role_view(db, game_id: str, user_id: int) -> tuple[Any, str, dict[str, Any], dict[str, Any] | None]:
    game = lobby.require_game(db, game_id)  # a Solomons game: the plug-in's mount checked it
    role = lobby.role_of(db, game, user_id)
    rules = rules_for(game)
    state = load_state(db, game)
    view = view_for(rules, state, role, game.status == "ended")
    prompt = rules.prompts(state).get(role) if game.status == "active" else None
    return game, role, view, prompt


@router.get("/plot/{tf_id}", response_class=HTMLResponse)
def plot_column_fragment(request: Request, game_id: str, tf_id: str, db: ReadDBDep, user: User):
    """One plotting-chart column again, after the player picked a hex: the later rows offer only what is legal
    from there. The column's fields read as a submission's (typed by the plot's orders); drawn from the player's
    own view; nothing is stored."""
    game, role, view, _ = _role_view(db, game_id, user.user_id)
    tf = (view.get("task_forces") or {}).get(tf_id)
    if tf is None or role not in board.SIDES:
        raise BadRequest("You have no such task force.")
    fields = MultiDict([("verb", VERB), *request.query_params.multi_items()])
    entry = (action_from_form(fields, PLOT_SPEC)["args"].get("plots") or {}).get(tf_id) or {}
    was = {k.split(".")[-1]: v for k, v in request.query_params.items() if k.startswith(f"was.{tf_id}.")}
    col = plot_column(view, tf, entry.get("hexes") or {},
                      ranked_orders(entry["orders"]) if isinstance(entry.get("orders"), dict) else tf.get("orders"),
                      slot_start=entry.get("slot_start"), was=was or None)
    col["anti_slot_on"] = bool(entry.get("anti_slot"))
    return HTMLResponse(render("games/solomons/_plot_column.html", col=col, game={"id": game.id}))


@router.get("/provenance/{kind}/{ident:path}", response_class=HTMLResponse)
def provenance_fragment(request: Request, kind: str, ident: str, user: User):
    """Where a printed or reconstructed value comes from (the rulebook section, or why it was reconstructed)."""
    return provenance_page(request, kind, ident, user)


@old_addresses.get("/solomons/provenance/{kind}/{ident:path}", response_class=HTMLResponse)
def provenance_page(request: Request, kind: str, ident: str, user: User):
    """The same, at the address boards printed before the plug-in (it names no game: the tables are public)."""
    text = provenance_of(kind, ident)
    label = board.unit_name(ident) if kind == "unit" else ident
    return HTMLResponse(render("games/solomons/provenance.html", kind=kind, ident=ident, label=label, text=text,
                               partial=bool(request.headers.get("hx-request"))))
