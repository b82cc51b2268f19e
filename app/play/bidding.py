"""Bidding for sides in victory points (issue 38): optional per game, off unless its host turns it on.

Before the seats are settled, each of the two players bids: the side they want and the VP they would give the other
side to have it. The host bids first, on the invitations page while nobody else has joined (the host's seat is held
for them meanwhile); the invited player bids on taking their seat, without seeing the host's bid. If both want the
same side, the higher bid takes it (a tie: the host, who bid first) and gives that many VP to the other side; if they
want different sides, each has theirs and no VP change hands. Until both bids are in they are secret: the game row
keeps them (`Game.bidding`), and no page or export shows them before the seats are settled.

The bid is applied where the game's result is decided: when the game ends by its rules (app/play/submit.py asks
`settled`), the platform adds the bid to the final VP score and asks the game's declared `vp_result` for the result
its victory rules give that score; the stored outcome is that result, saying the bid and the result before it, and
ratings, the archive and the balance read it like any other. A resignation or a claim decides the game without VP,
so the bid changes nothing then. A game is offered bidding only if it declares `vp_result` (its result is decided by
its VP score alone: the Solomons Campaign), has two sides of one seat each in the scenario, and is played by two
people (no computer, no hot seat, no solitaire); `why_not` says why otherwise, in a player's words.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play.errors import BadRequest, Conflict, Forbidden
from app.store.models import Game, Seat, User

MAX_BID = 1000  # VP: a bid is a whole number from 0 to this


def why_not_offered(rules) -> str | None:
    """Why a game never offers bidding (the lobby's create form says so); None if its games may."""
    meta = rules.meta
    if meta.solitaire:
        return f"{meta.title} is a solitaire game: there is no other player to bid against."
    if rules.vp_result is None:
        return (f"{meta.title} is not decided by its victory points alone, so a VP bid could not be applied to its "
                "result: only games whose result is their VP score (the Solomons Campaign) offer bidding.")
    return None


def why_not(rules, game: Game, seats: list[Seat]) -> str | None:
    """Why this game cannot have its sides bid for; None if it can."""
    meta = rules.meta
    reason = why_not_offered(rules)
    if reason:
        return reason
    players = [s for s in seats if s.role != UMPIRE]
    sides = {meta.side_of(s.role).id if meta.side_of(s.role) else s.role for s in players}
    if len(players) != 2 or len(sides) != 2:
        return "Bidding is for two players, one a side: this game's seats are laid out otherwise."
    if any(s.bot is not None for s in players):
        return "A game against the computer has no sides to bid for: you chose yours."
    if (game.options or {}).get("tutorial") or game.sandbox:
        return "A sandbox game has no bidding."
    return None


def _bid(meta, side: Any, vp: Any) -> dict[str, Any]:
    """A bid as the rules of bidding read it, or a 400 saying what is wrong with it."""
    sides = [s.id for s in meta.sides_of()]
    if side not in sides:
        raise BadRequest("Bid for a side: " + ", ".join(meta.label(s) for s in sides) + ".")
    if isinstance(vp, bool) or not isinstance(vp, int):
        try:
            vp = int(str(vp).strip())
        except ValueError:
            raise BadRequest("A bid is a whole number of victory points, 0 or more.") from None
    if not 0 <= vp <= MAX_BID:
        raise BadRequest(f"A bid is from 0 to {MAX_BID} victory points.")
    return {"side": side, "vp": vp}


def open_bidding(db: DB, rules, game: Game, seats: list[Seat], user_id: int, vp: Any) -> dict[str, Any]:
    """The host turns bidding on with their bid for the side of the seat they hold (bids may be changed until
    the other player bids)."""
    if game.created_by != user_id:
        raise Forbidden("Only the game's host can open the bidding for sides.")
    reason = why_not(rules, game, seats)
    if reason:
        raise Conflict(reason)
    if game.status != "open":
        raise Conflict("The seats are settled: the game has started, so its sides can no longer be bid for.")
    mine = [s for s in seats if s.user_id == user_id and s.role != UMPIRE]
    if not mine:
        raise Conflict("Take a side's seat to bid for it (an umpire does not bid).")
    if any(s.user_id not in (None, user_id) for s in seats if s.role != UMPIRE):
        raise Conflict("Your opponent has taken their seat already: bidding must be opened before anyone joins.")
    side = rules.meta.side_of(mine[0].role).id
    game.bidding = {"bids": {str(user_id): _bid(rules.meta, side, vp)}, "result": None}
    return game.bidding


def pending(game: Game) -> bool:
    """Is this game waiting for bids before its seats are settled?"""
    return bool(game.bidding) and game.bidding.get("result") is None


def place(db: DB, rules, game: Game, seats: list[Seat], seat: Seat, user_id: int, bid: dict[str, Any] | None) -> None:
    """The second player's bid as they take `seat`: settle who sits where and the VP given, in the caller's
    transaction (lobby.join_seat, before the game starts). A join without a bid is refused, saying so."""
    if not pending(game) or seat.role == UMPIRE:
        return
    meta = rules.meta
    if bid is None:
        raise Conflict("This game's sides are bid for: say which side you want and how many victory points you "
                       "would give the other side to have it (side, vp).", extra={"bidding": True})
    theirs = _bid(meta, bid.get("side"), bid.get("vp"))
    bids = dict(game.bidding["bids"])
    host_id = next(int(uid) for uid in bids)
    host = bids[str(host_id)]
    bids[str(user_id)] = theirs
    if theirs["side"] != host["side"]:
        winner, vp = None, 0  # each has the side they wanted
        sides = {host_id: host["side"], user_id: theirs["side"]}
    else:
        winner = user_id if theirs["vp"] > host["vp"] else host_id  # a tie goes to the host, who bid first
        vp = bids[str(winner)]["vp"]  # the side's taker gives what it bid
        other = next(s.id for s in meta.sides_of() if s.id != host["side"])
        sides = {winner: host["side"], (host_id if winner == user_id else user_id): other}
    by_side = {meta.side_of(s.role).id: s for s in seats if s.role != UMPIRE}
    for uid, side in sides.items():
        by_side[side].user_id = uid
        by_side[side].joined_at = by_side[side].joined_at or seat.joined_at
        by_side[side].invite_hash = None
    taken = sides.get(winner) if winner is not None else None
    game.bidding = {"bids": bids, "result": {
        "side": taken, "vp": vp, "to": next((s.id for s in meta.sides_of() if s.id != taken), None) if taken else None,
        "by": winner}}


def settled(rules, scenario: str, bidding: dict[str, Any] | None, outcome: dict[str, Any]) -> dict[str, Any]:
    """The outcome a game that ended by its rules stores (`bidding`: the game's, or an export's): with the bid's VP
    added to the other side's score and the result the game's victory rules give that score, saying the bid and
    the result before it."""
    result = (bidding or {}).get("result") or {}
    score = outcome.get("score")
    if not result.get("vp") or rules.vp_result is None or not isinstance(score, dict) or result["to"] not in score:
        return outcome
    meta = rules.meta
    adjusted = dict(score, **{result["to"]: score[result["to"]] + result["vp"]})
    winner, level = rules.vp_result(scenario, adjusted)
    bid = {"side": result["side"], "vp": result["vp"], "to": result["to"]}
    words = (f"With the bid, {meta.label(result['side'])} gave {result['vp']} VP to {meta.label(result['to'])}: "
             + ", ".join(f"{meta.label(s.id)} {adjusted[s.id]:g} VP" for s in meta.sides_of() if s.id in adjusted)
             + ".")
    return dict(outcome, winner=winner, level=level, score=adjusted, bid=bid,
                before_bid={k: outcome.get(k) for k in ("winner", "level", "score")},
                reason=f"{outcome.get('reason') or ''} {words}".strip())


def shown(db: DB, rules, game: Game, user_id: int | None) -> dict[str, Any] | None:
    """What a page says of a game's bidding, to this viewer: before the seats are settled only that the sides are
    bid for (and the viewer's own bid); after, every bid and the result."""
    if not game.bidding:
        return None
    meta = rules.meta
    bids = game.bidding.get("bids") or {}
    result = game.bidding.get("result")

    def name(uid: Any) -> str:
        user = db.get(User, int(uid)) if uid is not None else None
        return user.username if user else "?"
    mine = bids.get(str(user_id)) if user_id is not None else None
    out: dict[str, Any] = {"pending": result is None,
                           "mine": {"side": meta.label(mine["side"]), "vp": mine["vp"]} if mine else None}
    if result is not None:
        out["bids"] = [{"player": name(uid), "side": meta.label(b["side"]), "vp": b["vp"]} for uid, b in bids.items()]
        out["result"] = {"side": meta.label(result["side"]) if result.get("side") else None, "vp": result["vp"],
                         "to": meta.label(result["to"]) if result.get("to") else None, "by": name(result.get("by"))
                         if result.get("by") is not None else None}
    return out


def public(game: Game) -> dict[str, Any] | None:
    """The bidding as a finished game's export carries it (every bid and the result), None before the end or
    without bidding."""
    if not game.bidding or game.status != "ended":
        return None
    result = dict(game.bidding.get("result") or {})
    result.pop("by", None)  # a user's number: the bids say who bid what by side
    return {"bids": list((game.bidding.get("bids") or {}).values()), "result": result}
