"""Pages about a game's record (dice verification, the replay, the after-action report) and the rulebooks."""
from __future__ import annotations

from fastapi import APIRouter, Query, Request

from app.play import fork, lobby, records, rulebooks
from app.play.errors import NotFound
from app.play.state import rules_for
from app.web import study
from app.web.deps import MaybeUser, ReadDBDep, User
from app.web.log_view import KIND_LABELS, log_groups
from app.web.pages import page
from app.web.presenter import board_template, rules_book
from app.web.responses import HTMLResponse, JSONResponse

router = APIRouter(include_in_schema=False)


@router.get("/games/{game_id}/verify", response_class=HTMLResponse)
def verify_page(request: Request, game_id: str, db: ReadDBDep, user: User):
    game = lobby.require_game(db, game_id)
    return page(request, "records/verify.html", user, game_id=game_id, report=records.verify(db, game))


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
def replay_page(request: Request, game_id: str, db: ReadDBDep, user: User, seq: int | None = None,
                eyes: str | None = None):
    game = lobby.require_game(db, game_id)
    role = lobby.role_of(db, game, user.user_id)
    at = game.version if seq is None else seq
    moment = records.replay_view(db, game, role, at, eyes)
    return page(request, "records/replay.html", user, game_id=game_id, moment=moment,
                board_template=board_template(game.game), game={"id": game.id, "version": game.version},
                steps=records.steps(db, game, at), eyes_choices=records.eyes_choices(game), log_groups=log_groups,
                label=rules_for(game).meta.label, log_kinds=KIND_LABELS, rules_book=rules_book(game.game),
                play_on=study.play_on_form(db, game, at), origin=fork.origin(db, game))


@router.get("/games/{game_id}/report", response_class=HTMLResponse)
def report_page(request: Request, game_id: str, db: ReadDBDep, user: User):
    game = lobby.require_game(db, game_id)
    role = lobby.role_of(db, game, user.user_id)
    return page(request, "records/report.html", user, game_id=game_id, report=records.after_action(db, game, role))


@router.get("/rules/{book_id}", response_class=HTMLResponse)
def rules_page(request: Request, book_id: str, user: MaybeUser, as_format: str | None = Query(None, alias="format")):
    """A rulebook's text with an anchor per case, so every "rule 6.35" on a page opens the case it cites; with
    ?format=json, its anchors (rulebooks.index), for the script that links the citations in a game's log."""
    book = rulebooks.load(book_id)
    if book is None:
        raise NotFound(f"There is no rulebook called {book_id!r} here. The rulebooks are: "
                       + ", ".join(b.title for b in rulebooks.books().values()) + ".")
    if as_format == "json":
        return JSONResponse(rulebooks.index(book_id), headers={"Cache-Control": "public, max-age=300"})
    return page(request, "rules/book.html", user, book=book,
                books=[{"id": b.id, "title": b.title} for b in rulebooks.books().values()])
