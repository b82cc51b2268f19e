"""The notices settings page (opt in: e-mail address, webhook, which events) and the one-click unsubscribe link
that every notice carries (no sign-in: the signed token is the proof, and it can only turn notices off)."""
from __future__ import annotations

from fastapi import APIRouter, Request
from app.web.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from app.config import get_settings
from app.play import notify
from app.store.db import transaction
from app.web.deps import CSRF, MaybeUser, ReadDBDep, User
from app.web.pages import page, public_base

router = APIRouter(include_in_schema=False)


@router.get("/account/notifications", response_class=HTMLResponse)
def notifications_page(request: Request, db: ReadDBDep, user: User, saved: str = ""):
    """Your notices when the tab is closed: off until you choose an event."""
    return page(request, "account/notifications.html", user, s=notify.settings_of(db, user.user_id),
                events=notify.EVENTS, email_on=bool(get_settings().smtp_host), saved=saved == "1")


@router.post("/account/notifications", dependencies=[CSRF])
async def save_notifications(request: Request, user: User):
    form = await request.form()
    email, hook = str(form.get("email") or ""), str(form.get("webhook_url") or "")
    events = [str(e) for e in form.getlist("events")]
    base = public_base(request)

    def save():
        checked = notify.check_settings(email, hook, events)  # 400 before anything is written
        with transaction() as db:
            notify.save_settings(db, user.user_id, checked, base)
    await run_in_threadpool(save)
    return RedirectResponse("/account/notifications?saved=1", status_code=303)


def _unsubscribe(token: str) -> None:
    with transaction() as db:
        notify.unsubscribe(db, token)


@router.get("/notifications/unsubscribe/{token}", response_class=HTMLResponse)
def unsubscribe_link(request: Request, token: str, user: MaybeUser):
    """The link in a notice asks before it acts: a GET changes nothing, because mail scanners and link previews
    fetch every link in a message and would otherwise turn a player's notices off unseen."""
    notify.token_user(token)
    return page(request, "account/unsubscribe.html", user, token=token)


@router.post("/notifications/unsubscribe/{token}")
async def unsubscribe_one_click(request: Request, token: str, user: MaybeUser):
    """The page's button, and RFC 8058 one-click unsubscribe as a mail client sends it (List-Unsubscribe-Post):
    all notices off (idempotent; opting in again is on the settings page). The signed token is the proof."""
    await run_in_threadpool(_unsubscribe, token)
    if "List-Unsubscribe=One-Click" in (await request.body()).decode(errors="replace"):
        return Response(status_code=204)
    return page(request, "account/unsubscribed.html", user)
