"""Accounts through the HTML forms: sign up, sign in, sign out, hashes, cookies, CSRF, and GETs that change nothing."""
from __future__ import annotations

from http.cookies import SimpleCookie

from fastapi.testclient import TestClient

from tests.platform.conftest import (PASSWORD, all_routes, csrf_of, fill, table_digest, fetch, html_sign_up, new_name, row_counts,
                                     start_duel)


def _set_cookie(response, name: str) -> str:
    for header in response.headers.get_list("set-cookie"):
        if header.startswith(name + "="):
            return header
    raise AssertionError(f"no Set-Cookie for {name}: {response.headers.get_list('set-cookie')}")


def test_sign_up_sign_out_sign_in_through_the_forms(app):
    name = new_name()
    with TestClient(app) as browser:
        r = html_sign_up(browser, name)
        assert r.status_code == 303 and r.headers["location"] == "/"
        cookie = _set_cookie(r, "ib_session")
        attrs = {p.strip().split("=")[0].lower(): p.strip() for p in cookie.split(";")}
        assert "httponly" in attrs
        assert attrs.get("samesite", "").lower() == "samesite=lax"

        lobby = browser.get("/")
        assert f"Signed in as <strong>{name}</strong>" in lobby.text
        sessions_before = fetch("SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id "
                                "WHERE u.username = :n", n=name)[0][0]
        assert sessions_before == 1

        r = browser.post("/signout", data={"csrf_token": csrf_of(lobby.text)}, follow_redirects=False)
        assert r.status_code == 303
        assert fetch("SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = :n",
                     n=name)[0][0] == 0
        browser.cookies.clear()
        assert "Signed in as" not in browser.get("/").text

        form = browser.get("/signin")
        r = browser.post("/signin", data={"csrf_token": csrf_of(form.text), "username": name,
                                          "password": PASSWORD, "next": "/"}, follow_redirects=False)
        assert r.status_code == 303
        assert f"Signed in as <strong>{name}</strong>" in browser.get("/").text


def test_password_is_stored_as_an_argon2id_hash(app):
    name = new_name()
    with TestClient(app) as browser:
        assert html_sign_up(browser, name).status_code == 303
    (stored,) = fetch("SELECT password_hash FROM users WHERE username = :n", n=name)[0]
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored


def test_outside_the_test_suite_a_password_hash_takes_argon2s_recommended_cost(monkeypatch):
    """The suite hashes with argon2id's cheapest parameters (environment "test"); a server that plays for real
    keeps the library's recommended ones."""
    from argon2 import PasswordHasher

    from app.config import Settings
    from app.play import accounts

    strong = PasswordHasher()
    for environment in ("development", "production"):
        settings = Settings(_env_file=None, environment=environment, secret_key="s" * 40)
        monkeypatch.setattr(accounts, "get_settings", lambda: settings)
        h = accounts._password_hasher()
        assert (h.time_cost, h.memory_cost, h.parallelism) == (strong.time_cost, strong.memory_cost, strong.parallelism)
    light = accounts._hasher
    assert (light.time_cost, light.memory_cost) < (strong.time_cost, strong.memory_cost)


def test_session_token_is_stored_hashed(app):
    name = new_name()
    with TestClient(app) as browser:
        r = html_sign_up(browser, name)
        token = SimpleCookie(_set_cookie(r, "ib_session"))["ib_session"].value
    stored = [row[0] for row in fetch("SELECT token_hash FROM sessions")]
    assert token not in stored


def test_wrong_password_gives_a_clear_4xx_and_changes_nothing(app):
    name = new_name()
    with TestClient(app) as browser:
        assert html_sign_up(browser, name).status_code == 303
        browser.cookies.clear()
        form = browser.get("/signin")
        before = row_counts()
        r = browser.post("/signin", data={"csrf_token": csrf_of(form.text), "username": name,
                                          "password": "not the password", "next": "/"}, follow_redirects=False)
        assert_only_the_failure_recorded(before, name)
        assert "ib_session" not in r.headers.get("set-cookie", "")
        # The player must be told why: a redirect back to an empty form says nothing.
        assert 400 <= r.status_code < 500, (r.status_code, r.headers.get("location"))
        assert "Wrong username or password." in r.text


def test_wrong_password_through_the_api_is_a_401_with_a_message(anon):
    name = new_name()
    assert anon.post("/api/users", json={"username": name, "password": PASSWORD}).status_code == 201
    before = row_counts()
    r = anon.post("/api/sessions", json={"username": name, "password": "nope nope nope"})
    assert r.status_code == 401 and r.json()["message"] == "Wrong username or password."
    assert_only_the_failure_recorded(before, name)


def assert_only_the_failure_recorded(before: dict[str, int], name: str) -> None:
    """Nothing changes but the record of the failed attempt the sign-in limit counts (app/play/throttle.py). The
    attempt is looked for by its account, not by the table's size: recording it also drops failures older than the
    window, which a long run (PostgreSQL, a loaded machine) leaves behind."""
    after = row_counts()
    after.pop("signin_failures")
    assert fetch("SELECT count(*) FROM signin_failures WHERE key = :k", k=f"user:{name.lower()}@testclient")[0][0] == 1
    assert after == {k: v for k, v in before.items() if k != "signin_failures"}


def test_duplicate_username_is_refused_with_a_message_and_changes_nothing(app):
    name = new_name()
    with TestClient(app) as first:
        assert html_sign_up(first, name).status_code == 303
    with TestClient(app) as second:
        form = second.get("/signup")
        before = row_counts()
        r = second.post("/signup", data={"csrf_token": csrf_of(form.text), "username": name,
                                         "password": "another password", "next": "/"}, follow_redirects=False)
        assert r.status_code == 409
        assert "That username is taken" in r.text
        assert row_counts() == before
        assert "ib_session" not in r.headers.get("set-cookie", "")


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(app, players):
    with TestClient(app) as browser:
        browser.get("/signup")  # the CSRF cookie is set, but the form field is left out
        before = row_counts()
        r = browser.post("/signup", data={"username": new_name(), "password": PASSWORD}, follow_redirects=False)
        assert r.status_code == 403 and "expired" in r.text
        r = browser.post("/signup", data={"username": new_name(), "password": PASSWORD, "csrf_token": "forged"},
                         follow_redirects=False)
        assert r.status_code == 403
        assert row_counts() == before

    # A signed-in browser: its session cookie rides along, but without the token nothing happens.
    p = players()
    with TestClient(app) as browser:
        browser.cookies.set("ib_session", p.token)
        before = row_counts()
        r = browser.post("/games", data={"game": "duel", "side": "red"}, follow_redirects=False)
        assert r.status_code == 403
        r = browser.post("/api/games", json={"game": "duel", "side": "red"})
        assert r.status_code == 403
        r = browser.post("/signout", follow_redirects=False)
        assert r.status_code == 403
        assert row_counts() == before
        assert p.get("/api/games").status_code == 200  # still signed in


def _get_routes(app):
    return sorted(path for kind, method, path in all_routes(app) if method == "GET")


def test_no_get_changes_state(app, players):
    """Walk every GET route, as each kind of visitor, and compare every row of every table before and after."""
    red, blue, outsider = players(), players(), players()
    gid = start_duel(red, blue)
    red.act(gid, "fire", {"salvos": 2})
    r = red.post("/api/games", json={"game": "duel", "side": "red"})
    open_game, token = r.json()["id"], r.json()["invite_tokens"]["blue"]
    values = {"game_id": gid, "token": token}
    paths = _get_routes(app)
    assert "/games/{game_id}" in paths and "/invite/{token}" in paths and "/games/{game_id}/replay" in paths
    with TestClient(app) as anonymous:
        for who in (red, blue, outsider, anonymous):
            client = getattr(who, "client", who)
            for path in paths:
                url = fill(path, values)
                before = table_digest()
                r = client.get(url, follow_redirects=False)
                assert r.status_code < 500, (url, r.status_code)
                assert table_digest() == before, f"GET {url} changed the database"
    # The invite is still good after everyone has looked at it.
    assert outsider.post(f"/api/invites/{token}").status_code == 200


def test_sign_in_never_redirects_off_the_site(app):
    from urllib.parse import urljoin, urlsplit

    name = new_name()
    with TestClient(app) as browser:
        assert html_sign_up(browser, name).status_code == 303
        for target in ("//evil.example/", "/\\evil.example", "https://evil.example/", "/\t/evil.example",
                       "javascript:alert(1)"):
            browser.cookies.clear()
            form = browser.get("/signin")
            r = browser.post("/signin", data={"csrf_token": csrf_of(form.text), "username": name,
                                              "password": PASSWORD, "next": target}, follow_redirects=False)
            assert r.status_code == 303
            location = r.headers["location"]
            assert not location.startswith(("//", "/\\", "/\t")), location
            assert urlsplit(urljoin("http://testserver/signin", location)).netloc == "testserver", location
