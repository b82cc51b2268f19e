"""`/healthz` (docs/deploy.md): a load balancer sends traffic only to a process that reaches its database at the
schema its code needs."""
from __future__ import annotations


def test_a_healthy_process_says_so(anon):
    r = anon.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True and r.headers["cache-control"] == "no-store"


def test_a_process_behind_on_migrations_or_without_its_database_is_unhealthy(anon, monkeypatch):
    from app.web import health

    monkeypatch.setattr(health, "head_revision", lambda: "9999")
    r = anon.get("/healthz")
    assert r.status_code == 503 and r.json()["needs"] == "9999"

    def unreachable():
        raise OSError("connection refused")
    monkeypatch.setattr(health, "engine", unreachable)
    r = anon.get("/healthz")
    assert r.status_code == 503 and r.json() == {"ok": False, "database": "unreachable"}
