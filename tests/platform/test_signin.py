"""Signing in under attack (issue 10, items 5 and 6): the password is checked outside any write transaction, so
wrong-password attempts never hold up a player's move or chat; simultaneous sign-ups all succeed; an unknown
username costs the same argon2 check as a real one; and failed sign-ins slow the client that fails, per account
and over all accounts, with growing delays and a 429 that says how long to wait, never the account's owner signing
in from another client (issue 32 item 5: a stranger's ten wrong passwords locked a named account for 15 minutes)."""
from __future__ import annotations

import threading

import pytest

from app.play import accounts, throttle
from app.play.errors import TooMany
from tests.platform.conftest import PASSWORD, new_name, row_counts


@pytest.fixture(autouse=True)
def clean_slate():
    throttle.forget_all()
    yield
    throttle.forget_all()


class Hasher:
    """The real argon2 hasher with its verify replaced (PasswordHasher's own attributes are read-only)."""

    def __init__(self, real, verify):
        self.real, self.verify = real, verify

    def hash(self, password):
        return self.real.hash(password)


def test_a_write_goes_through_while_a_password_is_being_checked(anon, players, monkeypatch):
    from sqlalchemy import text

    from app.store.db import transaction

    someone = players()
    wrote = threading.Event()
    real_verify = accounts._hasher.verify

    def write_meanwhile():
        with transaction() as db:  # a player's write, e.g. a chat post: it needs SQLite's write lock
            db.execute(text("UPDATE users SET created_at = created_at WHERE username = :u"), {"u": someone.name})
        wrote.set()

    def slow_verify(hash_, password):
        t = threading.Thread(target=write_meanwhile)
        t.start()
        wrote.wait(5)  # if sign-in held the write lock, the write could not finish until it let go
        return real_verify(hash_, password)

    monkeypatch.setattr(accounts, "_hasher", Hasher(accounts._hasher, slow_verify))
    r = anon.post("/api/sessions", json={"username": someone.name, "password": "wrong password"})
    assert r.status_code == 401
    assert wrote.is_set(), "a write waited for a password check to finish"


def test_simultaneous_sign_ups_all_succeed(anon):
    names = [new_name("s") for _ in range(12)]
    codes: list[int] = []
    barrier = threading.Barrier(len(names))

    def go(name):
        barrier.wait()
        codes.append(anon.post("/api/users", json={"username": name, "password": PASSWORD}).status_code)
    threads = [threading.Thread(target=go, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert sorted(codes) == [201] * len(names)


def test_an_unknown_username_costs_the_same_password_check(anon, players, monkeypatch):
    real = players()
    checked: list[str] = []
    real_verify = accounts._hasher.verify

    def counting_verify(hash_, password):
        checked.append(hash_)
        return real_verify(hash_, password)

    monkeypatch.setattr(accounts, "_hasher", Hasher(accounts._hasher, counting_verify))
    for name in (real.name, new_name("ghost")):
        r = anon.post("/api/sessions", json={"username": name, "password": "wrong password"})
        assert r.status_code == 401 and r.json()["message"] == "Wrong username or password."
    assert len(checked) == 2 and all(h.startswith("$argon2id$") for h in checked)


def test_failed_sign_ins_are_limited_per_client_and_account(anon, players, monkeypatch):
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "signin_failures_per_account", 3)
    victim = players()
    for _ in range(3):
        assert anon.post("/api/sessions", json={"username": victim.name, "password": "guess"}).status_code == 401
    before = row_counts()
    r = anon.post("/api/sessions", json={"username": victim.name, "password": PASSWORD})  # even the right one
    assert r.status_code == 429
    assert "Try again in" in r.json()["message"] and int(r.headers["Retry-After"]) > 0
    assert row_counts() == before
    form = anon.get("/signin").text
    import re
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    r = anon.post("/signin", data={"csrf_token": csrf, "username": victim.name.upper(), "password": PASSWORD})
    assert r.status_code == 429 and "Try again in" in r.text
    other = players()  # another account from the same address is not locked out by this one
    assert anon.post("/api/sessions", json={"username": other.name, "password": PASSWORD}).status_code == 201


def test_a_strangers_failures_never_lock_the_owner_out(app, anon, players, monkeypatch):
    """Usernames are public: a stranger failing again and again from his client is slowed down, while the owner,
    from another client, signs in at once with the right password (before: 429 for 15 minutes, a missed deadline)."""
    from fastapi.testclient import TestClient

    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "signin_failures_per_account", 3)
    victim = players()
    for _ in range(12):
        anon.post("/api/sessions", json={"username": victim.name, "password": "guess"})
    assert anon.post("/api/sessions", json={"username": victim.name, "password": "guess"}).status_code == 429
    with TestClient(app, client=("198.51.100.7", 40000)) as owner:
        r = owner.post("/api/sessions", json={"username": victim.name, "password": PASSWORD})
    assert r.status_code == 201, r.text


def test_each_further_failure_doubles_the_wait(anon, players, monkeypatch):
    """After the free attempts, a client waits 1 s after its failure, then 2 s, then 4 s: a guesser's pace halves
    with each miss, a player who mistyped a few times hardly notices."""
    from datetime import timedelta

    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "signin_failures_per_account", 2)
    victim = players()
    clock = [throttle.now()]
    monkeypatch.setattr(throttle, "now", lambda: clock[0])
    waits = []
    for _ in range(5):
        r = anon.post("/api/sessions", json={"username": victim.name, "password": "guess"})
        assert r.status_code == 401, r.text
        waits.append(throttle.wait_for(victim.name, "testclient"))
        if waits[-1]:
            refused = anon.post("/api/sessions", json={"username": victim.name, "password": "guess"})
            assert refused.status_code == 429 and refused.headers["Retry-After"] == str(int(waits[-1]))
        clock[0] += timedelta(seconds=waits[-1])
    assert waits == [0, 1, 2, 4, 8]


def test_failed_sign_ins_are_limited_per_address(anon, players, monkeypatch):
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "signin_failures_per_address", 4)
    for _ in range(4):
        assert anon.post("/api/sessions", json={"username": new_name("g"), "password": "guess"}).status_code == 401
    r = anon.post("/api/sessions", json={"username": new_name("g"), "password": "guess"})
    assert r.status_code == 429 and "Try again in" in r.json()["message"]


def test_the_limit_is_kept_in_the_database_so_every_process_counts_the_same_failures(anon, players, monkeypatch):
    """Several server processes (docs/deploy.md) share one count: a process that has seen none of the failures
    (here the module loaded afresh, with nothing in its memory) still refuses, until the window has passed."""
    import importlib
    from datetime import timedelta

    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "signin_failures_per_account", 2)
    victim = players()
    for _ in range(2):
        assert anon.post("/api/sessions", json={"username": victim.name, "password": "guess"}).status_code == 401
    fresh = importlib.reload(throttle)
    with pytest.raises(TooMany, match="Try again in"):
        fresh.check(victim.name, "testclient")
    later = fresh.now() + timedelta(seconds=get_settings().signin_window_seconds + 1)
    monkeypatch.setattr(fresh, "now", lambda: later)
    fresh.check(victim.name, "testclient")  # the window has passed: allowed again


def test_a_storm_of_sign_ins_never_fills_the_threadpool_a_players_write_needs(anon, players, monkeypatch):
    """45 sign-ins stuck in their password check (more than the threadpool's 40 threads): a player's chat post
    still goes through at once, because sign-ins wait for a password slot on the event loop, not in a thread."""
    import time

    red, blue = players(), players()
    from tests.platform.conftest import start_duel

    gid = start_duel(red, blue)
    release = threading.Event()
    real_verify = accounts._hasher.verify

    def stuck_verify(hash_, password):
        release.wait(30)
        return real_verify(hash_, password)

    monkeypatch.setattr(accounts, "_hasher", Hasher(accounts._hasher, stuck_verify))
    storm = [threading.Thread(target=lambda: anon.post("/api/sessions", json={"username": new_name("g"),
                                                                              "password": "guess"}))
             for _ in range(45)]
    for t in storm:
        t.start()
    time.sleep(1.0)
    done = threading.Event()

    def write():
        # through the same client (one event loop, one threadpool) as the storm
        r = anon.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "still here"},
                      headers={"authorization": f"Bearer {red.token}"})
        if r.status_code == 201:
            done.set()
    writer = threading.Thread(target=write)
    writer.start()
    got_through = done.wait(8)
    release.set()
    for t in storm + [writer]:
        t.join(60)
    assert got_through, "a player's write waited behind sign-ins"
