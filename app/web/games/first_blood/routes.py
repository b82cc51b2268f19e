"""First Blood's HTMX fragment (GET, read only): the odds of an attack as the player chooses it (§7.6), before it is
declared. The attack form's fields are read as a submission's are (app/web/actions.py: the units ticked under each
defending hex), the rules' own check runs first (the live check's, app/play/check.py), so a refusal reads as a
submission's would; then `combat.odds` on the role's view, the same numbers the roll will use. Nothing is stored."""
from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.datastructures import ImmutableMultiDict

from app.engine.errors import Refused
from app.games.first_blood import combat
from app.play import lobby
from app.play.errors import BadRequest
from app.play.state import load_state, rules_for, view_for
from app.web.actions import action_from_form
from app.web.deps import ReadDBDep, User
from app.web.responses import HTMLResponse
from app.web.templating import render

router = APIRouter(include_in_schema=False)


@router.get("/odds", response_class=HTMLResponse)
def odds_fragment(request: Request, game_id: str, db: ReadDBDep, user: User):
    game = lobby.require_game(db, game_id)  # a First Blood game: the plug-in's mount checked it
    role = lobby.role_of(db, game, user.user_id, request.query_params.get("seat"))
    state = load_state(db, game)
    rules = rules_for(game)
    prompt = rules.prompts(state).get(role) if game.status == "active" else None
    if prompt is None or not any(a["verb"] == "attack" for a in prompt["actions"]):
        return HTMLResponse("")
    fields = ImmutableMultiDict([*request.query_params.multi_items(), ("verb", "attack")])  # the form's own fields
    try:
        action = action_from_form(fields, prompt)
    except BadRequest as e:
        return HTMLResponse(render("games/first_blood/_odds.html", message=str(e), rule=None))
    action = {"verb": "attack", "args": {"units": action["args"].get("units") or {}, "advance": False}}
    attackers, targets, support = combat.parts(state, action["args"]["units"])
    if not attackers or not targets:
        return HTMLResponse(render("games/first_blood/_odds.html", message="Tick at least one attacking unit under "
                                   "the hex it attacks.", rule="§7"))
    try:
        rules.check(state, role, action)
    except Refused as e:  # MalformedAction too: a choice not offered
        return HTMLResponse(render("games/first_blood/_odds.html", message=e.message, rule=e.rule))
    # The numbers are read from the role's view (secrets never leave: First Blood hides nothing today, but the
    # fragment must not be where a later hidden value slips out); the check above runs on the state, as a
    # submission's does.
    view = view_for(rules, state, role, game.status == "ended")
    o = combat.odds(view, role, attackers, targets, support)
    return HTMLResponse(render("games/first_blood/_odds.html", o=o))
