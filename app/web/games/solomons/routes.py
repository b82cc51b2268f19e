"""The Solomons HTMX fragments (GET, read only): a plotting-chart column redrawn after a choice and the provenance of a
printed or reconstructed value (the rules' verdict on a half-made board is the platform's live check, plugin.py).

`router` is the plug-in's: its paths are mounted under /games/{game_id}/solomons/, after a check that the game is a
Solomons game. `old_addresses` keeps the provenance links that boards drawn before the plug-in print
(/solomons/provenance/...), serving the same fragment."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.games.solomons import board, tables
from app.play import lobby
from app.play.errors import BadRequest
from app.play.state import load_state, rules_for, view_for
from app.web.deps import ReadDBDep, User
from app.web.games.solomons.form_parser import parse_surface_orders
from app.games.solomons.boards.plot_chart import plot_column
from app.web.templating import render

router = APIRouter(include_in_schema=False)
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
    from there. Drawn from the player's own view; nothing is stored."""
    game, role, view, _ = _role_view(db, game_id, user.user_id)
    tf = (view.get("task_forces") or {}).get(tf_id)
    if tf is None or role not in board.SIDES:
        raise BadRequest("You have no such task force.")
    hexes = {k.split(".")[-1]: v for k, v in request.query_params.items() if k.startswith(f"plot.{tf_id}.")}
    orders = parse_surface_orders(request.query_params, tf_id)
    start = str(request.query_params.get(f"slot_start.{tf_id}") or "").strip()
    if start and not start.isdigit():
        raise BadRequest("Slot run: choose the segment to leave Rabaul in.")
    was = {k.split(".")[-1]: v for k, v in request.query_params.items() if k.startswith(f"was.{tf_id}.")}
    col = plot_column(view, tf, hexes, tf.get("orders") if orders is None else orders,
                      slot_start=int(start) if start else None, was=was or None)
    col["anti_slot_on"] = bool(request.query_params.get(f"anti_slot.{tf_id}"))
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
