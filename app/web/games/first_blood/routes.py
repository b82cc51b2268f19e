"""First Blood's HTMX fragment (GET, read only): the odds of an attack as the player chooses it (§7.6), before it is
declared. The rules' own check runs first (the live check's, app/play/check.py), so a refusal reads as a
submission's would; then `combat.odds` on the role's view, the same numbers the roll will use. Nothing is stored."""
from __future__ import annotations

import json

from fastapi import APIRouter, Request
from app.web.responses import HTMLResponse

from app.engine.errors import IllegalAction
from app.games.first_blood import combat
from app.play import lobby
from app.play.state import load_state, rules_for, view_for
from app.web.deps import ReadDBDep, User
from app.web.templating import render

router = APIRouter(include_in_schema=False)


def _plain(value: str) -> str:
    """A choice as the generic forms post it (JSON, app/web/actions.py) or as plain text."""
    try:
        out = json.loads(value)
    except ValueError:
        return value
    return out if isinstance(out, str) else value


@router.get("/odds", response_class=HTMLResponse)
def odds_fragment(request: Request, game_id: str, db: ReadDBDep, user: User):
    game = lobby.require_game(db, game_id)  # a First Blood game: the plug-in's mount checked it
    role = lobby.role_of(db, game, user.user_id, request.query_params.get("seat"))
    state = load_state(db, game)
    rules = rules_for(game)
    prompt = rules.prompts(state).get(role) if game.status == "active" else None
    if prompt is None or not any(a["verb"] == "attack" for a in prompt["actions"]):
        return HTMLResponse("")
    q = request.query_params
    args = {k: [_plain(v) for v in q.getlist(f"arg.{k}")] for k in ("attackers", "targets", "support")}
    args["advance"] = False
    if not args["attackers"] or not args["targets"]:
        return HTMLResponse(render("games/first_blood/_odds.html", message="Choose at least one attacking unit "
                                   "and one defending hex.", rule="§7"))
    try:
        rules.check(state, role, {"verb": "attack", "args": args})
    except IllegalAction as e:  # MalformedAction too: a choice not offered
        return HTMLResponse(render("games/first_blood/_odds.html", message=e.message, rule=e.rule))
    # The numbers are read from the role's view (secrets never leave: First Blood hides nothing today, but the
    # fragment must not be where a later hidden value slips out); the check above runs on the state, as a
    # submission's does.
    view = view_for(rules, state, role, game.status == "ended")
    o = combat.odds(view, role, args["attackers"], sorted(args["targets"]), args["support"])
    return HTMLResponse(render("games/first_blood/_odds.html", o=o))
