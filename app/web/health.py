"""`GET /healthz`, for a load balancer or an orchestrator: 200 when this process can reach the database at the schema
its code needs, 503 otherwise. It says nothing about any game or user."""
from __future__ import annotations

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool
from sqlalchemy import text

from app.store.db import engine
from app.store.migrations import current_revision, head_revision
from app.web.responses import JSONResponse

router = APIRouter(include_in_schema=False)


def _check() -> tuple[int, dict]:
    try:
        with engine().connect() as conn:
            conn.execute(text("SELECT 1"))
        current, head = current_revision(), head_revision()
    except Exception:
        return 503, {"ok": False, "database": "unreachable"}
    if current != head:
        return 503, {"ok": False, "database": "reachable", "schema": current, "needs": head}
    return 200, {"ok": True, "database": "reachable", "schema": current}


@router.get("/healthz")
async def healthz() -> JSONResponse:
    status, body = await run_in_threadpool(_check)
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
