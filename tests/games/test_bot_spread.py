"""The computer's secret orders vary between games (security audit, low: "the easy Japanese computer's first seven
secret orders were identical in all five games played").

Where more than one choice is sensible, a computer player draws its secret choices from its seat's own stream
(app/play/bots.py `bot_rng`: an HMAC of the game's secret seed), so an opponent who has played it once cannot read the
next game's set-up, plots and allocations off the last. Each test plays the opening of SEEDS games, computer against
computer, each game with its own dice and its own seats' streams, and counts the distinct orders of a seat's first
secret decisions; and the same game replayed (the same dice and streams) gives the same orders, since a bot is a
function of its view, its prompt and its stream.

Measured with this module's `opening` over 20 games, the distinct first orders of each seat before the change (the
report of the branch bot-spread has the whole table):
- Solomons easy Japan: the Preliminary Set-Up 1 (nothing moved), the first Movement Plot 1 (the Tokyo Express in M on
  segment 4); strong Japan the same, its set-up being the easy one's. The American's first transport run always
  sailed on segment 1.
- U.S.N.: the bots' tie-breaks named the carrier or target last in their keys, so no tie was ever left to the
  stream: Japan's hidden NAC at Coral Sea and the Eastern Solomons, and the first strikes where targets tie, were the
  same in every game.
- Guadalcanal: the first scout flew one path in every game of Scenario Four (each side).
"""
from __future__ import annotations

import json
from typing import Any

from app.engine.rng import SeededRng
from app.games import load
from app.play.bots import bot_rng
from app.play.deadlines import orders_in

GAMES = load()
SEEDS = 20


def kind_of(prompt: dict[str, Any]) -> str:
    info = prompt.get("info") if isinstance(prompt.get("info"), dict) else {}
    return info.get("kind") or ",".join(a.get("verb", "?") for a in prompt.get("actions", []))


def opening(game: str, scenario: str, seed: int, count: int, kinds: tuple[str, ...], bots=None,
            until=None) -> dict[str, list[tuple[str, Any]]]:
    """Each computer seat's first `count` decisions of `kinds` ((kind, order) pairs) in a game of `seed`: the dice
    are the seed's, each seat draws from its own stream as the platform's computer seats do (`bot_rng` of a secret
    seed of this game's own), and the seat the platform would run first (the first by name whose orders are owed)
    moves. `until(role, kind, order)` may end the opening early."""
    rules = GAMES[game]
    bots = bots or rules.bots[rules.levels[0]]
    dice = SeededRng(seed)
    state = rules.setup(scenario, dict(rules.meta.default_options()), dice)
    secret = f"spread {seed}".encode()
    made = {role: 0 for role in bots}
    seen: dict[str, list[tuple[str, Any]]] = {role: [] for role in bots}
    for _ in range(5000):
        if rules.outcome(state) is not None or all(len(s) >= count for s in seen.values()):
            break
        prompts = rules.prompts(state)
        owed = [r for r in sorted(prompts) if r in bots and not orders_in(prompts[r])]
        if not owed:
            break
        role = owed[0]
        order = bots[role](rules.view(state, role), prompts[role], bot_rng(secret, role, made[role]))
        made[role] += 1
        kind = kind_of(prompts[role])
        if kind in kinds:
            seen[role].append((kind, order))
            if until is not None and until(role, kind, order):
                break
        state = rules.apply(state, role, order, dice)
    return {role: s[:count] for role, s in seen.items()}


def distinct(orders) -> int:
    return len({json.dumps(o, sort_keys=True) for o in orders})


# ---------------------------------------------------------------- Solomons

SOLOMONS_SECRET = ("placement", "allocation", "movement_plot", "air")


def first(seq: list[tuple[str, Any]], kind: str) -> Any:
    return next((order for k, order in seq if k == kind), None)


def slot_runs(seq: list[tuple[str, Any]]) -> list[dict[str, str]]:
    return [p["hexes"] for k, order in seq if k == "movement_plot" for p in order["args"]["plots"].values()
            if p.get("slot")]


def test_the_easy_japanese_set_up_and_first_plot_vary_between_games():
    """5.15: which of Japan's cruisers (of one printed strength) make up Rabaul's squadron; 6.37: the Tokyo Express
    in M on night segment 4 or 6. The audit's case: the set-up and the first plot were the same in every game."""
    games = [opening("solomons", "campaign", seed, 3, SOLOMONS_SECRET)["japanese"] for seed in range(SEEDS)]
    assert [k for k, _ in games[0]] == ["placement", "allocation", "movement_plot"]
    assert distinct(first(g, "placement") for g in games) >= 8
    assert distinct(slot_runs(g)[0] for g in games if slot_runs(g)) == 2
    assert distinct(g for g in games) >= SEEDS // 2


def test_the_easy_japanese_strength_stays_by_kind():
    """The squadron swaps ships of one kind (type and printed strengths) only: Rabaul holds as many of each kind as
    before the set-up, so the Tokyo Express the plan sails from it is as strong."""
    rules = GAMES["solomons"]
    state = rules.setup("campaign", {}, SeededRng(0))
    prompt = rules.prompts(state)["japanese"]
    view = rules.view(state, "japanese")

    def kinds_at_rabaul(moves):
        from app.games.solomons import board
        at = {u: c["at"] for u, c in prompt["info"]["choices"]["ships"].items()}
        at.update(moves)
        return sorted(repr((board.unit_type(u), sorted(board.strength(u).items()))) for u, b in at.items()
                      if b == "rabaul")
    before = kinds_at_rabaul({})
    orders = [rules.bot("japanese")(view, prompt, SeededRng(n))["args"]["placement"] for n in range(12)]
    assert distinct(orders) > 1
    assert all(kinds_at_rabaul(o) == before for o in orders)


def test_the_easy_american_transport_run_sails_on_a_segment_of_the_stream():
    """9.4: the first transport run from Espiritu Santo reaches M on segment 5 or 6 (two segments there either way,
    one by day); it always sailed on segment 1."""
    def runs_out(order) -> list[dict[str, str]]:
        return [p["hexes"] for p in order["args"]["plots"].values()
                if (p.get("hexes") or {}).get("1") in ("espiritu_santo", "O") and "M" in p["hexes"].values()]
    runs = []
    for seed in range(SEEDS):
        seq = opening("solomons", "campaign", seed, 40, ("movement_plot",),
                      until=lambda role, kind, order: role == "allied" and bool(runs_out(order)))["allied"]
        runs += runs_out(seq[-1][1])[:1]
    assert len(runs) >= SEEDS // 2  # the easy American sails one within its first Game-Turns in most games
    assert distinct(runs) == 2


def test_the_strong_japanese_set_up_and_first_plot_vary_between_games():
    """The strong Japanese player's set-up is the easy one's, its plot the search's choice among the easy plot's
    variants: both vary with the stream (a few games only: each plot is a search)."""
    strong = GAMES["solomons"].bots["strong"]
    bots = {"allied": GAMES["solomons"].bots["easy"]["allied"], "japanese": strong["japanese"]}
    games = [opening("solomons", "campaign", seed, 3, SOLOMONS_SECRET, bots=bots)["japanese"] for seed in range(6)]
    assert distinct(first(g, "placement") for g in games) >= 3
    assert distinct(tuple(json.dumps(r, sort_keys=True) for r in slot_runs(g)) for g in games) >= 2


def test_a_solomons_game_replayed_gives_the_same_secret_orders():
    """A bot is a function of its view, prompt and stream: the same game (dice and streams) gives the same orders."""
    for seed in (0, 1):
        assert opening("solomons", "campaign", seed, 6, SOLOMONS_SECRET) == opening("solomons", "campaign", seed, 6,
                                                                                   SOLOMONS_SECRET)


# ---------------------------------------------------------------- Guadalcanal

def test_the_guadalcanal_computers_first_scouts_fly_varied_paths():
    """A scout flies to one of the clusters of likely hexes within 10% of the best (bots.near_best): the first Turn's
    likelihood is the same every game, and the best alone flew each scenario's first scouts along one path (Scenario
    Four: one path for each side in 20 games), so an opponent could set up out of their way. Set-up areas already
    came from the stream."""
    from app.games.guadalcanal.bots import BOTS
    for scenario in ("1", "4"):
        games = [opening("guadalcanal", scenario, seed, 1, ("air",), bots=BOTS) for seed in range(SEEDS)]
        for role in ("allied", "japanese"):
            assert distinct(g[role] for g in games) >= 5, (scenario, role)


# ---------------------------------------------------------------- U.S.N. (the mini-games)

USN_SECRET = ("deploy", "allocation")  # the NAC aboard each carrier (hidden) and the written air allocation


def test_the_usn_computers_hidden_nac_and_first_strikes_vary_between_games():
    """Carriers of equal capacity take the hidden NAC in the stream's order, and strikes of equal worth go at a target
    the stream draws (once per allocation, so every station's strike still goes at one). Every tie-break key ended in
    the option's own name, so no tie was left to the stream and these were the same in every game."""
    games = {sc: [opening("usn", sc, seed, 2, USN_SECRET) for seed in range(SEEDS)]
             for sc in ("coral_sea", "eastern_solomons", "santa_cruz")}
    for sc in ("coral_sea", "eastern_solomons"):  # Japan's two fleet carriers of 10 NAC each
        assert distinct(g["japanese"][0] for g in games[sc]) == 2, sc
    for sc, role, least in (("coral_sea", "japanese", 2), ("eastern_solomons", "allied", 3),
                            ("santa_cruz", "allied", 2)):
        assert [k for k, _ in games[sc][0][role]] == ["deploy", "allocation"]
        assert distinct(g[role][1] for g in games[sc]) >= least, (sc, role)


def test_a_usn_game_replayed_gives_the_same_secret_orders():
    for seed in (0, 1):
        assert opening("usn", "coral_sea", seed, 6, USN_SECRET) == opening("usn", "coral_sea", seed, 6, USN_SECRET)
