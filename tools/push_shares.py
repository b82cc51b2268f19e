"""Issue 37's push goal read over many orders: "on the median order a push's bytes are at most 15% of the page it
updates". From a late position, `orders` seeded orders are given (each mover's computer player, or a random legal
order for a game without one), and after each one every seat's page is drawn in this process as a live server draws
it (tests/conformance/render.py): the push is the patch of the page the seat held (app/realtime/patch.py), deflated
alone as a socket sends it (app/realtime/frames.py); its baseline is the gzip of the whole page it updates
(app/web/guards.py). A seat whose page did not change is sent nothing and counts no push."""
from __future__ import annotations

from app import games as registry
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.play.lobby import seats_offered
from app.realtime import frames
from app.realtime import patch as patches
from app.web.guards import gzip
from tests.conformance.render import pages
from tools.bench_records import pct

GOAL = 0.15  # a push's bytes on the wire, of its page's gzip


def order(rules, state: dict, players: SeededRng) -> tuple[str, dict]:
    """(role, order): a seeded mover among those prompted, and its computer player's order from its own view."""
    prompts = rules.prompts(state)
    role = players.choice(sorted(prompts))
    bots = getattr(rules, "bots", {}) or {}
    if role in bots:
        return role, bots[role](rules.view(state, role), prompts[role], players)
    return role, random_action(rules, state, role, players)


def shares(game: str, scenario: str, state: dict, orders: int = 20, seed: int = 0,
           options: dict | None = None) -> list[dict]:
    """Every push the next `orders` orders from `state` send to the seats' pages: {"order", "mover", "verb",
    "seat", "raw", "wire", "page"} (bytes; "wire" the push deflated, "page" its page's gzip)."""
    rules = registry.get(game)
    options = options if options is not None else rules.meta.default_options()  # as tools.bench_pushes sets it up
    dice, players = SeededRng(5000 + seed), SeededRng(6000 + seed)
    readers = seats_offered(rules, scenario, options)
    held = {seat: patches.stamped(pages(rules, scenario, options, state, seat)["push"]) for seat in readers}
    out = []
    for n in range(orders):
        if rules.outcome(state) is not None or not rules.prompts(state):
            break
        mover, action = order(rules, state, players)
        state = rules.apply(state, mover, action, dice)
        for seat in readers:
            drawn = pages(rules, scenario, options, state, seat)
            new = patches.stamped(drawn["push"])
            if new == held[seat]:
                continue
            message = patches.patch(held[seat], new).encode()
            out.append({"order": n, "mover": mover, "verb": action.get("verb"), "seat": seat, "raw": len(message),
                        "wire": len(frames.compress(message)), "page": len(gzip(drawn["page"].encode()))})
            held[seat] = new
    return out


def summary(pushes: list[dict]) -> dict:
    """The pushes' shares of their pages: count, median, 90th percentile, largest, and how many exceed GOAL."""
    ratios = [p["wire"] / p["page"] for p in pushes]
    return {"pushes": len(ratios), "median": pct(ratios, 50), "p90": pct(ratios, 90),
            "max": max(ratios, default=float("nan")), "over": sum(r > GOAL for r in ratios)}


def by_seat(pushes: list[dict]) -> dict[str, dict]:
    """`summary` of each seat's pushes, in the order the seats were first pushed to."""
    return {seat: summary([p for p in pushes if p["seat"] == seat]) for seat in dict.fromkeys(p["seat"] for p in pushes)}
