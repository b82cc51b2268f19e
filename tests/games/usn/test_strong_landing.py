"""Issue 36: the strong U.S.N. player's air allocation when its own land attack goes in at the situation's objective
(strong_bot.support_landing): what a player sees of it (the carriers' NAC over the landing at Port Moresby, where the
easy player keeps them over its carriers or sends them at the air base), its limits, and that it decides from the
side's view alone (the fog proof of this decision). The search's choice between courses (`chosen`) keeps the easy
order where the easy order wins in every believed state."""

import pytest

from app.engine import search
from app.engine.rng import SeededRng
from app.games.usn import airbase
from app.games.usn.rules import BOTS
from app.games.usn.rules import rules as R
from app.games.usn.strong_bot import SUPPORT_ODDS, STRONG_BOTS, Thought, chosen, support_landing
from tests.games.usn.test_bot_levels import play

PORT_MORESBY = "0659"


def _landings(scenario: str, seed: int, allied: str) -> list[tuple]:
    """The Japanese air allocations of a seeded game (easy Japanese) made while its land attack at the objective is
    announced: (state, prompt, easy order)."""
    record: list = []
    play(scenario, seed, {"japanese": "easy", "allied": allied}, record)
    return [(s, p, a) for s, role, p, a in record if role == "japanese" and a["verb"] == "allocate"
            and (R.view(s, role).get("land_attacks") or {}).get("side") == "japanese"]


@pytest.fixture(scope="module")
def coral_landings():
    return _landings("coral_sea", 1, "random") + _landings("coral_sea", 3, "random")


def _support(order: dict, h: str, carriers_only: bool = False) -> int:
    return sum(r["points"] for r in order["args"].get("ground_support", [])
               if r["target"] == h and not (carriers_only and r["from"].startswith("base:")))


def test_the_strong_japanese_flies_its_carriers_nac_in_support_of_the_landing_at_port_moresby(coral_landings):
    """Coral Sea, seed 1 against random play, Game-Turn 1: the regiment at Port Moresby stands entrenched (45) and
    the Japanese have landed. The easy player keeps its carriers' NAC on CAP or strikes the air base; the strong
    player sends them in ground support of the attack at 0659, and the rules accept the order."""
    state, prompt, easy = coral_landings[0]
    view = R.view(state, "japanese")
    assert view["turn"] == 1 and any(u["entrenched"] for u in view["land"] if u["side"] == "allied")
    strong = STRONG_BOTS["japanese"](view, prompt, SeededRng(7))
    R.check(state, "japanese", strong)
    assert _support(easy, PORT_MORESBY, carriers_only=True) == 0
    assert _support(strong, PORT_MORESBY, carriers_only=True) >= 9  # the NAC the easy order held back or sent away
    assert not strong["args"].get("base_strikes")


def test_the_landing_support_stops_at_ten_to_one_of_the_defence_shown(coral_landings):
    """Where the regiment is no longer entrenched (15) the support goes only as far as 10-1 of it; the points it
    does not need stay on the easy order's missions. Against the entrenched regiment (45) everything in reach goes
    and still falls short, so each allocation asks for at least as much support as the easy one."""
    checked = 0
    for state, prompt, easy in coral_landings:
        view = R.view(state, "japanese")
        order = support_landing(view, "japanese", prompt, easy)
        R.check(state, "japanese", order)
        defence = sum(u["defense"] * (3 if u["entrenched"] else 1) for u in view["land"]
                      if u["side"] == "allied" and u["hex"] == PORT_MORESBY)
        attack = sum(u["attack"] for u in view["land"] if u["side"] == "japanese" and u["hex"] == PORT_MORESBY) + sum(
            s["values"]["surface_attack"] for s in view["ships"]["japanese"]["units"]
            if s["hex"] == PORT_MORESBY and s["type"] in ("BB", "CA", "CL", "DD"))
        added = [r["points"] * airbase.bomb_per_point({"kind": r["kind"], "side": "japanese"})
                 for r in order["args"]["ground_support"] if r["target"] == PORT_MORESBY]
        assert _support(order, PORT_MORESBY) >= _support(easy, PORT_MORESBY)
        if attack + sum(added) > SUPPORT_ODDS * defence:  # no more than one flight's last point beyond the aim
            assert attack + sum(added) - max(airbase.bomb_per_point({"kind": k, "side": "japanese"})
                                             for k in ("nac", "lac")) < SUPPORT_ODDS * defence
            checked += 1
    assert checked >= 1


def test_no_land_attack_at_the_objective_leaves_the_easy_allocation_as_it_is():
    """Without a Japanese land attack announced at the objective the strong allocation is the easy one."""
    record: list = []
    play("coral_sea", 1, {"japanese": "easy", "allied": "random"}, record)
    asked = 0
    for state, role, prompt, action in record:
        view = R.view(state, role)
        if action["verb"] == "allocate" and not (view.get("land_attacks") or {}).get("hexes"):
            assert STRONG_BOTS[role](view, prompt, SeededRng(3)) == BOTS[role](view, prompt, SeededRng(3))
            asked += 1
    assert asked >= 2


def test_the_landing_support_decides_the_same_whatever_is_hidden_from_it(coral_landings):
    """The fog proof of this decision: the same view and stream give the same allocation whatever the state hides
    from the Japanese (rules.perturb moves the Allies' unexamined ships, their cargo and secret notes)."""
    for i, (state, prompt, _) in enumerate(coral_landings):
        view = R.view(state, "japanese")
        other = R.perturb(state, "japanese", SeededRng(i))
        assert R.view(other, "japanese") == view
        bot = STRONG_BOTS["japanese"]
        assert bot(R.view(other, "japanese"), R.prompts(other)["japanese"], SeededRng(40 + i)) == bot(
            view, prompt, SeededRng(40 + i))
    assert len(coral_landings) >= 3


def test_where_the_easy_order_wins_in_every_believed_state_the_strong_player_keeps_it():
    """A course found far better on the mean does not replace an easy order whose rollouts win the game in every
    believed state (it could only lose what the easy order has)."""
    easy, other = {"verb": "move", "args": {"moves": {}}}, {"verb": "move", "args": {"moves": {"x": {"to": "0101"}}}}
    winning = Thought(other, [105.0, 150.0], [easy, other], 4, per_state=[], settled=True)
    assert chosen(winning) == easy
    open_ = Thought(other, [5.0, 150.0], [easy, other], 4, per_state=[], settled=False)
    assert chosen(open_) == other
    assert chosen(search.Thought(other, [105.0, 150.0], [easy, other], 4)) == other  # no beliefs weighed: the mean
