"""The live check of a half-made order (POST /api/games/{id}/check, app/play/check.py): the submission's guards, then
the order's shape against the prompt's typed arguments, then the game's own `check`; it never changes anything, and
the API shows each prompt's JSON Schema beside it (issue 13, item 1)."""
from __future__ import annotations

import dataclasses
import uuid

import pytest

from app.engine.errors import IllegalAction
from tests.fixtures.duel import Duel
from tests.platform.conftest import start_duel, table_digest
from tests.fixtures.spec import spec_of


class CheckedDuel(Duel):
    """The test game with a rule the shape cannot see, and the rules' `check` for it (contract v2): "duel 2", in
    the first round a side may not commit all three salvos. `apply` runs the same check first."""
    meta = dataclasses.replace(Duel.meta, id="duel_checked", title="Checked Duel (test copy)")

    def check(self, state, role, action):
        if state["round"] == 1 and (action.get("args") or {}).get("salvos") == 3:
            raise IllegalAction("In the first round no side may commit all three salvos.", "duel 2")

    def tidied(self, state, role, action):
        """What a board may post (the salvos as a word), as the rules read it: a record's `tidy`."""
        args = dict(action.get("args") or {})
        args["salvos"] = {"one": 1, "two": 2, "three": 3}.get(args.get("salvos"), args.get("salvos"))
        return {**action, "args": args}

    def apply(self, state, role, action, rng):
        action = self.tidied(state, role, action)
        self.check(state, role, action)
        return super().apply(state, role, action, rng)


@pytest.fixture
def checked():
    from app import games as registry

    rules = registry.register(spec_of(CheckedDuel()), web="app.web.plugin:GENERIC")
    yield rules
    registry._registry.pop("duel_checked", None)


def start_checked(players, umpire=None):
    red, blue = players(), players()
    body = {"game": "duel_checked", **({"umpired": True, "side": "umpire"} if umpire else {"side": "red"})}
    made = (umpire or red).post("/api/games", json=body).json()
    for who, role in ((red, "red"), (blue, "blue")):
        if role in made["invite_tokens"]:
            assert who.post(f"/api/invites/{made['invite_tokens'][role]}").status_code == 200
    return red, blue, made["id"]


def check(player, gid, verb="fire", args=None):
    return player.post(f"/api/games/{gid}/check", json={"action": {"verb": verb, "args": args or {}}})


def test_a_good_order_is_ok_and_a_bad_one_gets_the_submissions_own_refusal_and_nothing_changes(players, checked):
    red, blue, gid = start_checked(players)
    before = table_digest()
    r = check(red, gid, args={"salvos": 2})
    assert r.status_code == 200 and r.json() == {"ok": True}
    shape = check(red, gid, args={"salvos": 7})                 # the prompt offers 1 to 3
    assert shape.status_code == 422 and shape.json()["message"].startswith("Salvos: ") and "rule" not in shape.json()
    ruled = check(red, gid, args={"salvos": 3})                 # well shaped, but duel 2 forbids it now
    assert ruled.status_code == 422 and ruled.json()["rule"] == "duel 2"
    assert ruled.json()["message"] == "In the first round no side may commit all three salvos."
    unknown = check(red, gid, verb="retreat")
    assert unknown.status_code == 422 and "not offered now" in unknown.json()["message"] and "Fire" in unknown.json()["message"]
    assert check(red, gid, args={"salvos": "many"}).status_code == 422
    assert table_digest() == before                             # not a row, not a timestamp
    # The check agrees with what a submission of the same order gets.
    sent = red.act(gid, "fire", {"salvos": 3})
    assert (sent.status_code, sent.json()["message"], sent.json()["rule"]) == (422, ruled.json()["message"], "duel 2")
    assert red.act(gid, "fire", {"salvos": 2}).status_code == 200


def test_the_check_refuses_other_seats_exactly_as_a_submission_does(players, checked, client):
    umpire, spectator = players(), players()
    red, blue, gid = start_checked(players, umpire=umpire)
    assert red.act(gid, "fire", {"salvos": 1}).status_code == 200   # red's orders are in: not red's move now
    before = table_digest()
    for who in (red, umpire, spectator):
        got = check(who, gid, args={"salvos": 1})
        sent = who.act(gid, "fire", {"salvos": 1}, key=uuid.uuid4().hex)
        assert got.status_code == sent.status_code and got.status_code in (403, 422), got.text
        assert got.json()["message"] == sent.json()["message"]
    anon = client.post(f"/api/games/{gid}/check", json={"action": {"verb": "fire", "args": {"salvos": 1}}})
    assert anon.status_code == 401
    assert check(red, "nosuchgame", args={"salvos": 1}).status_code == 404
    assert table_digest() == before


def test_the_other_sides_secret_orders_never_change_a_checks_answer(players, checked):
    red, blue, gid = start_checked(players)
    answers = [check(blue, gid, args=a).text for a in ({"salvos": 1}, {"salvos": 3}, {"salvos": 9})]
    for salvos in (1, 2):                                       # red's secret orders in, with different salvos
        red2, blue2, gid2 = start_checked(players)
        assert red2.act(gid2, "fire", {"salvos": salvos}).status_code == 200
        assert [check(blue2, gid2, args=a).text for a in ({"salvos": 1}, {"salvos": 3}, {"salvos": 9})] == answers


def test_the_api_shows_each_prompts_json_schema_beside_it(players, checked):
    red, blue, gid = start_checked(players)
    got = red.game(gid)
    schema = got["prompt_schema"]
    assert schema["anyOf"][0]["properties"]["args"]["properties"]["salvos"] == {
        "type": "integer", "minimum": 1, "maximum": 3}
    assert schema["anyOf"][0]["properties"]["verb"] == {"const": "fire"}
    assert red.act(gid, "fire", {"salvos": 1}).status_code == 200
    assert red.game(gid)["prompt"] is None and red.game(gid)["prompt_schema"] is None  # nothing to decide


def test_solomons_publishes_its_prompts_schema_and_the_live_check_reads_the_shape(players):
    """Solomons is on typed orders now: the API shows the prompt's schema, and a misshapen placement is refused by the
    live check, naming the argument, before any rule."""
    us, jp = players(), players()
    body = us.post("/api/games", json={"game": "solomons", "side": "allied"}).json()
    assert jp.post(f"/api/invites/{body['invite_tokens']['japanese']}").status_code == 200
    got = jp.game(body["id"])
    assert got["prompt"]["info"]["kind"] == "placement"
    submit = next(a for a in got["prompt_schema"]["anyOf"] if a["properties"]["verb"]["const"] == "submit")
    assert "placement" in submit["properties"]["args"]["properties"]
    r = jp.post(f"/api/games/{body['id']}/check", json={"action": {"verb": "submit", "args": {"placement": 7}}})
    assert r.status_code == 422 and r.json()["message"].startswith("Placement:"), r.text


def test_a_duel_in_progress_with_plain_rules_is_checked_by_shape_alone(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    assert check(red, gid, args={"salvos": 3}).json() == {"ok": True}   # no rules check: only the shape


def test_the_check_reads_an_order_tidied_as_a_submission_is(players, checked):
    """A board posts what its rows hold (Solomons: blank rows, a Slot run); the rules tidy it before reading it. The
    live check must judge the order the submission will apply, not refuse the board's shape."""
    red, blue, gid = start_checked(players)
    assert check(red, gid, args={"salvos": "two"}).json() == {"ok": True}
    refused = check(red, gid, args={"salvos": "seven"})
    assert refused.status_code == 422 and "salvos" in refused.json()["message"].lower(), refused.text
    assert red.act(gid, "fire", {"salvos": "two"}).status_code == 200  # the submission takes it alike
