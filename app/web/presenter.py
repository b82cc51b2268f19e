"""The page model of a game for one role: built from `view(state, role)` and public game facts only."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from sqlalchemy.orm import Session as DB

from app.engine import orders
from app.engine.contract import UMPIRE
from sqlalchemy import bindparam, inspect, select

from app import games as registry
from app.play import chat, rematch, rulebooks
from app.play.lobby import in_seat_order
from app.play.records import result_words
from app.play.clocks import CLAIM_AFTER
from app.play.columns import read
from app.play.deadlines import awaited
from app.play.notify import has_subscribers
from app.play.undo import UNREAD, can_take_back, last_standing
from app.play.state import load_state, prompts_of, rules_for, view_for
from app.play.versions import prompt_since, role_version
from app.store.models import ActionRow, Game, Seat, User
from app.web.log_view import KIND_LABELS, recent_groups
from app.web.plugin import plugin_for
from app.web.templating import action_key, render  # noqa: F401 (action_key: the pages import it from here)


def page_models(db: DB | None, game: Game, roles, facts: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The page models of several roles from one reading of what they share (a push draws every watching role);
    with `facts` already read for these roles, no database is read."""
    facts = facts or page_facts(db, game, roles)
    return {role: page_model(db, game, role, facts) for role in roles}


@dataclass(frozen=True)
class Followers:
    """What follows a commit besides its pushes, read with the drawing after it (each was a worker hop and a
    transaction of its own after every order): whether a computer seat owes a move, whether anyone seated takes
    e-mail or webhook notices."""
    bots_owed: bool
    subscribed: bool


def followers(db: DB, game: Game, models: dict[str, dict[str, Any]]) -> Followers | None:
    """From the page models just drawn (None when none was: nothing known)."""
    if not models:
        return None
    return followers_of(db, game, next(iter(models.values()))["thinking"])


def followers_of(db: DB, game: Game, thinking: list[str]) -> Followers:
    """From the computer seats thinking (page_facts' "thinking", what every page model shows)."""
    return Followers(bots_owed=bool(thinking), subscribed=has_subscribers(db, game.id))


# The drawing's queries, built once (building a statement and its cache key cost about as much as running it).
_SEATS = (select(Seat.role, Seat.user_id, Seat.bot, User.username).outerjoin(User, User.id == Seat.user_id)
          .where(Seat.game_id == bindparam("game_id")).order_by(Seat.id))
_NOTICES = (select(ActionRow.role, ActionRow.note)
            .where(ActionRow.game_id == bindparam("game_id"), ActionRow.note.is_not(None)).order_by(ActionRow.seq))


def page_facts(db: DB, game: Game, roles=(), state: Any = None, prompts: dict[str, Any] | None = None,
               last: Any = UNREAD) -> dict[str, Any]:
    """What every role's page of this position shares: the state, the prompts, the seats and who holds them, the
    platform's notices and the last move standing, and the chat of each of `roles` and whether it may take back
    its last move. Read once per drawing, not once per role (issue 18: the pushes of one order are drawn while
    every page waits). Everything read from the database is read here: `page_model` with these facts reads
    nothing, so it may draw while the order's commit runs. `state`, `prompts`, `last` (the last move standing):
    given by an order's own transaction, which has them in hand."""
    rules = rules_for(game)
    meta = rules.meta
    state = load_state(db, game) if state is None else state
    if prompts is None:
        prompts = prompts_of(rules, state) if game.status == "active" else {}
    rows = read(db, _SEATS, {"game_id": game.id}).all()
    seats = [{"role": role, "label": "Umpire" if role == UMPIRE else meta.label(role),
              "player": name if user_id else ("computer" if bot else None)} for role, user_id, bot, name in rows]
    # Issue 19: a computer seat whose orders are owed is thinking (it moves after the commit, off the request path).
    owed = awaited(prompts)
    standing = None
    if game.status == "active":
        standing = last_standing(db, game) if last is UNREAD else last
    return {"rules": rules, "state": state, "prompts": prompts, "seats": seats,
            "holders": [(role, user_id) for role, user_id, _, _ in rows],
            "thinking": [meta.label(role) for role, _, bot, _ in rows if bot and role in owed],
            "notices": notices(db, game, meta),
            "rematch": rematch.facts(db, game.id) if game.status == "ended" else None,  # pushed when offered, answered
            "chat": chat.messages_for(db, game, roles),  # the roles' chat in one query
            "take_back": {role: role != "spectator" and can_take_back(db, game, role, standing) for role in roles}}


def reply_json(m: dict[str, Any], my_seats: list[str]) -> dict[str, Any]:
    """A role's page model as the JSON API answers it; beside the prompt, the JSON Schema of every order it allows
    (None while a game's specs are still prose)."""
    schema = orders.prompt_schema(m["prompt"]) if m["prompt"] else None
    return {"game": m["game"], "role": m["role"], "view": m["view"], "prompt": m["prompt"], "prompt_schema": schema,
            "waiting": m["waiting"], "seats": m["seats"], "my_seats": my_seats}


def seats_held(game: Game, facts: dict[str, Any], user_id: int | None) -> list[str]:
    """lobby.seats_held, from the seats the facts read."""
    if user_id is None:
        return []
    return in_seat_order(game, {role for role, holder in facts["holders"] if holder == user_id})


def detached(game: Game) -> SimpleNamespace:
    """The game row's columns as they stand, in a plain object: what `page_model` reads of the game while another
    thread commits the session it belongs to (an ORM object is never shared across threads)."""
    return SimpleNamespace(**{attr.key: getattr(game, attr.key) for attr in inspect(Game).column_attrs})


def page_model(db: DB | None, game: Game, role: str, facts: dict[str, Any] | None = None) -> dict[str, Any]:
    """One role's page model; from `facts` (page_facts, read for this role among others) it reads no database."""
    facts = facts or page_facts(db, game, (role,))
    rules = facts["rules"]
    meta = rules.meta
    ended = game.status == "ended"
    view = view_for(rules, facts["state"], role, ended)
    prompts = facts["prompts"]
    prompt = prompts.get(role)
    # Who is being waited for is public (the other side learns "submitted" or "not yet", nothing more).
    waiting = [("Umpire" if r == UMPIRE else meta.label(r)) for r in sorted(prompts)]
    return {
        # The role's own version, never the game's: the game's counts the other side's secret revisions.
        "game": {"id": game.id, "version": role_version(game, role), "prompt_since": prompt_since(game, role),
                 "status": game.status, "title": game.title or meta.title,
                 "type": meta.id, "type_title": meta.title, "scenario": game.scenario,
                 "scenario_title": meta.scenario_title(game.scenario),
                 "umpired": game.umpired,
                 "sandbox": game.sandbox, "rated": game.rated, "commitment": game.commitment, "options": game.options,
                 "seed": game.seed.hex() if ended else None, "outcome": game.outcome if ended else None,
                 "result": result_words(meta.label, game.outcome) if ended else "",
                 "clock": {"setting": game.clock.get("setting", "none")}},
        "role": role,
        "role_label": "Umpire" if role == UMPIRE else ("Spectator" if role == "spectator" else meta.label(role)),
        "view": view,
        **_log(view, role, meta.label, rules.turn_heading),
        "log_kinds": KIND_LABELS,
        "rules_book": rules_book(meta.id),
        "prompt": prompt,
        "your_move": prompt is not None,
        "waiting": waiting,
        "thinking": facts["thinking"],
        "seats": facts["seats"],
        "board_template": board_template(meta.id),
        "prompt_template": prompt_template(meta.id),
        "chat": facts["chat"][role],
        "chat_channels": [{"id": c, "label": "All players" if c == chat.ALL else
                           ("Umpire" if c == UMPIRE else meta.label(c) + " team")}
                          for c in chat.writable_channels(game, role)],
        "clock": clock_model(game, role, meta),
        "notices": facts["notices"],
        "undo": undo_model(game, role, meta),
        "take_back": facts["take_back"][role],  # app/play/undo.py
        "rematch": rematch_model(game, role, facts),
    }


def rematch_model(game: Game, role: str, facts: dict[str, Any]) -> dict[str, Any] | None:
    """The rematch card of an ended game's page, for a role: the offer and its answer (app/play/rematch.py), or the
    button to offer one to a player of a game that has none."""
    if game.status != "ended" or (game.options or {}).get("tutorial"):
        return None
    users = {uid for r, uid in facts["holders"] if r == role and uid is not None}
    found = facts.get("rematch")
    if found is None:
        return {"may_offer": True} if users and role not in (UMPIRE, "spectator") else None
    return rematch.shown_to(found, users)


def _log(view: Any, role: str, label, turn_heading) -> dict[str, Any]:
    """The log's newest Game-Turns for the page and its pushes (`log_earlier`: how many more the whole-log page has,
    GET /games/{id}/log)."""
    groups, earlier = recent_groups(view.get("log", []) if isinstance(view, dict) else [], role, label, turn_heading)
    return {"log_groups": groups, "log_earlier": earlier}


def rules_book(game_type: str) -> dict[str, Any] | None:
    """Where the page's rule numbers link to: the game's own rulebook, and the books it borrows rules from
    ("Guadalcanal 18" in Solomons: the umpired game), for the page's script that turns "rule 6.35" into a link."""
    spec = registry.get(game_type)
    book = spec.rulebook if spec is not None else None
    if book is None:
        return None
    shelf = rulebooks.books()
    return {"id": book.id, "borrowed": {name: {"id": lent, "title": shelf[lent].title}
                                         for name, lent in book.borrows.items() if lent in shelf}}


def clock_model(game: Game, role: str, meta) -> dict[str, Any]:
    """Deadlines are public (the other side learns only who is being waited for and until when)."""
    label = lambda r: "Umpire" if r == UMPIRE else meta.label(r)  # noqa: E731
    missed = game.missed or {}
    return {"setting": (game.clock or {}).get("setting", "none"), "paused": bool((game.clock or {}).get("paused")),
            "deadlines": [{"role": label(r), "due": d[:16].replace("T", " ") + " UTC"}
                          for r, d in sorted((game.deadlines or {}).items())],
            "missed": [{"role": label(r), "count": n} for r, n in sorted(missed.items()) if n],
            # A side that has missed as many orders itself may not claim (the server refuses it too).
            "can_claim": game.status == "active" and role in meta.roles and missed.get(role, 0) < CLAIM_AFTER
            and any(n >= CLAIM_AFTER for r, n in missed.items() if r != role),
            "claim_after": CLAIM_AFTER, "umpire": role == UMPIRE}


def notices(db: DB, game: Game, meta) -> list[str]:
    """Public records the platform itself writes: missed orders, undos, claims. Numbered in the order they were
    written, not by the game's action count, which would tell a side how many commits it could not see."""
    rows = read(db, _NOTICES, {"game_id": game.id}).all()
    label = lambda r: "The umpire" if r == UMPIRE else meta.label(r)  # noqa: E731
    text = {"missed order": "{who} missed an order; the default was taken.",
            "undo": "Both sides agreed: the last resolution was undone.",
            "claim": "{who} claimed the game.", "take back": "{who} took back a move."}
    return [f"{i}. " + text.get(r.note, r.note).format(who=label(r.role)) for i, r in enumerate(rows, 1)]


def undo_model(game: Game, role: str, meta) -> dict[str, Any] | None:
    pending = game.pending_undo
    if not pending and role != UMPIRE:
        return None
    return {"pending": bool(pending), "to": pending["to"] if pending else None,
            "agreed": [meta.label(r) for r in (pending or {}).get("consents", [])],
            "can_answer": bool(pending) and role in meta.roles and role not in pending.get("consents", []),
            "can_propose": role == UMPIRE and game.status == "active" and not pending}


def board_template(game_type: str) -> str:
    """The board the game's web plug-in declares (app/web/plugin.py); no plug-in is an error, not a fallback."""
    return plugin_for(game_type).board_template


def prompt_template(game_type: str) -> str:
    """The order forms the game's web plug-in declares, or the generic ones if it declares none."""
    return plugin_for(game_type).prompt_template


def render_fragments(model: dict[str, Any]) -> str:
    """The out-of-band fragments a push sends: board, prompt, log, status."""
    return render("game/_live.html", m=model, action_key=action_key, oob=True)
