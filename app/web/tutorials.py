"""Tutorial pages (issue 21): the list of the rulebooks' worked examples, and the guided game of one of them.

The guided page draws the game's own board and order forms (the plug-in's templates, as the game page does) beside
the step's explanation and rule. The forms post here instead of to the game page (the one address they carry is
rewritten), so that the platform can set the step's dice, compare the order with the example's, and play the other
side's example orders (app/play/tutorials.py).
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from app import games as registry
from app.play import lobby, rulebooks, tutorials
from app.play.errors import Forbidden, NotFound
from app.play.state import load_state, prompts_of, rules_for
from app.web import actions as game_actions
from app.web.deps import CSRF, MaybeUser, ReadDBDep, User
from app.web.pages import in_transaction, page
from app.web.presenter import action_key, page_model
from app.web.responses import HTMLResponse, RedirectResponse, Response
from app.web.templating import env, render

router = APIRouter(include_in_schema=False)

# The lobby and every game page list the tutorials (templates call `tutorial_list()` or `tutorial_list(game)`).
env.globals["tutorial_list"] = tutorials.listing


@router.get("/tutorials", response_class=HTMLResponse)
def tutorials_page(request: Request, user: MaybeUser, game: str | None = None):
    """Every tutorial, by game; one game's only with `game`."""
    if game is not None and registry.get(game) is None:
        raise NotFound("There is no such game.")
    return page(request, "tutorials/index.html", user, tutorials=tutorials.listing(game),
                game_title=registry.get(game).meta.title if game else None)


@router.post("/tutorials/{tutorial_id}/start", dependencies=[CSRF])
async def start(tutorial_id: str, user: User):
    game = await run_in_threadpool(in_transaction, lambda db: tutorials.start(db, user.user_id, tutorial_id).id)
    return RedirectResponse(f"/tutorials/play/{game}", status_code=303)


def _guide_rule(game_type: str, rule: str) -> dict[str, Any]:
    """The rule a step applies: its link on the rules page and, if this server has the rulebook, its text."""
    book_id, case = rulebooks.book_of(game_type, rule)
    book = rulebooks.load(book_id)
    ident = rulebooks.anchor(case)
    text = next((b["text"] for b in (book or {}).get("blocks", []) if b.get("id") == ident), None)
    return {"ref": rule, "href": rulebooks.href(game_type, rule), "text": text}


def _seat(prompts: dict[str, Any], held: list[str], step, asked: str | None) -> str:
    """The seat the page shows: the one asked for, else the seat the example's step is for, else one prompted."""
    if asked:
        return asked
    if step is not None and step.role in prompts and step.role in held:
        return step.role
    return next((r for r in held if r in prompts), held[0] if held else "spectator")


@router.get("/tutorials/play/{game_id}", response_class=HTMLResponse)
def play_page(request: Request, game_id: str, db: ReadDBDep, user: User, seat: str | None = None):
    game = lobby.require_game(db, game_id)
    guide = tutorials.progress(db, game)
    held = lobby.seats_held(db, game, user.user_id)
    if not held:
        raise Forbidden("A tutorial is its learner's own: start one from the lobby's list of tutorials.")
    prompts = prompts_of(rules_for(game), load_state(db, game)) if game.status == "active" else {}
    role = lobby.role_of(db, game, user.user_id, _seat(prompts, held, guide["step"], seat))
    m = page_model(db, game, role)
    prompt_html = render(m["prompt_template"], m=m, action_key=action_key, oob=False, user=user)
    # The forms post to the tutorial, which plays the step with the example's dice (module docstring).
    # The address names the seat too: a game's own forms may not carry one (Solomons' boards), and the learner holds
    # every seat.
    prompt_html = prompt_html.replace(f"/games/{game.id}/actions", f"/tutorials/play/{game.id}/actions?seat={role}")
    step = guide["step"]
    return page(request, "tutorials/play.html", user, m=m, guide=guide, prompt_html=prompt_html,
                rule=_guide_rule(game.game, step.rule) if step else None,
                example_order=tutorials.order_words(step.order) if step else None,
                seats=[{"role": r, "label": rules_for(game).meta.label(r)} for r in held])


def _back_to(request: Request, url: str) -> Response:
    """HTMX follows HX-Redirect; a plain form follows a 303."""
    if request.headers.get("hx-request"):
        return Response(status_code=204, headers={"HX-Redirect": url})
    return RedirectResponse(url, status_code=303)


@router.post("/tutorials/play/{game_id}/actions", dependencies=[CSRF])
async def submit(request: Request, game_id: str, user: User, seat: str | None = None):
    """An order from the guided page's forms: the step's dice, the comparison, then the other side's orders."""
    form = await request.form()

    order = await game_actions.order_from_form(form, game_id, user.user_id, str(form.get("seat") or seat or "") or None)
    await run_in_threadpool(in_transaction, tutorials.submit, game_id, order.role, order.action, order.expected,
                            str(form.get("key") or ""), user.user_id)
    await game_actions.after_commit(game_id)
    return _back_to(request, f"/tutorials/play/{game_id}")


@router.post("/tutorials/play/{game_id}/back", dependencies=[CSRF])
async def step_back(request: Request, game_id: str, user: User):
    await run_in_threadpool(in_transaction, tutorials.step_back, game_id, user.user_id)
    await game_actions.after_commit(game_id)
    return _back_to(request, f"/tutorials/play/{game_id}")


@router.post("/tutorials/play/{game_id}/free", dependencies=[CSRF])
async def free_play(request: Request, game_id: str, user: User):
    await run_in_threadpool(in_transaction, tutorials.free_play, game_id, user.user_id)
    return _back_to(request, f"/games/{game_id}")
