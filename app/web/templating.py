"""Jinja2 set up once. Templates render view dicts only; they never see a game's state."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections import OrderedDict
from typing import Any

from fastapi.templating import Jinja2Templates
from jinja2 import TemplateNotFound
from markupsafe import Markup

from app.config import get_settings
from app.engine.text import scrub
from app.paths import ROOT
from app.web.board import layout as board_layout
from app.web.forms_kept import board_digest, form_digest

templates = Jinja2Templates(directory=str(ROOT / "templates"))
env = templates.env
# A template read from disk once (issue 18: checking every template's mtime on every push was a stat per
# include); a developer editing templates keeps the reload.
env.auto_reload = get_settings().environment == "development"
env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)

_DICT_ATTRIBUTES = frozenset(dir(dict))
_jinja_getattr = env.getattr


def _getattr(obj: Any, attribute: str) -> Any:
    """Jinja's `obj.name`, the same answer found sooner for the page models' plain dicts (issue 37). Jinja asks for an
    attribute first and, a dict having no attribute of that name, catches the AttributeError before looking the key
    up: about 400 times a page, an exception each. A plain dict's only attributes are its class's, so for any other
    name the key is what Jinja would find, and a missing key the same undefined."""
    if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
        try:
            return obj[attribute]
        except KeyError:
            return env.undefined(obj=obj, name=attribute)
    return _jinja_getattr(obj, attribute)


env.getattr = _getattr  # type: ignore[method-assign]  (the compiled templates call environment.getattr)


def action_key(model: dict[str, Any], index: int) -> str:
    """A submission's idempotency key, fixed by what the page shows (its version, role and form), so a resent
    form is applied once and the rendered page stays the same for the same view; keyed with the server's secret
    so nobody can work out the key another page will carry (issue 10, item 1). Keys are looked up per game and
    side, so the same key in another game means nothing there. Here, beside the templates that draw it, so the
    presenter and the templates do not import each other."""
    text = f"{model['game']['version']}:{model['role']}:{index}"
    return hmac.new(get_settings().secret_key.encode(), text.encode(), hashlib.sha256).hexdigest()[:32]


env.globals["action_key"] = action_key  # imported macros (macros.html) see globals, not the render context
env.globals["board_layout"] = board_layout  # the one board renderer (templates/game/_board.html)
env.globals["form_digest"] = form_digest  # what a page's order forms ask, for the push that leaves them be
env.globals["board_digest"] = board_digest  # the board as drawn, likewise


# A Game-Turn of the log as drawn, by the grouped turn it is drawn from (app/web/log_view.py `_turn` hands every push
# the same object for a turn whose lines did not change): drawn once, not at every push of every watching role. Kept
# with the object itself, so an id is never taken for another turn's; the markup is all of the object's content and
# `first`, so whoever is handed that object may be handed its markup.
_TURN_HTML: "OrderedDict[tuple[int, bool], tuple[Any, Markup]]" = OrderedDict()
_TURN_HTML_SIZE = 512
_TURN_HTML_LOCK = threading.Lock()


def log_turn(turn: dict[str, Any], first: bool) -> Markup:
    """One Game-Turn of the log (templates/game/_log_turn.html); `first`: the newest, drawn open."""
    key = (id(turn), bool(first))
    kept = _TURN_HTML.get(key)
    if kept is not None and kept[0] is turn:
        return kept[1]
    html = Markup(env.get_template("game/_log_turn.html").render(t=turn, first=first))
    with _TURN_HTML_LOCK:
        _TURN_HTML[key] = (turn, html)
        _TURN_HTML.move_to_end(key)
        while len(_TURN_HTML) > _TURN_HTML_SIZE:
            _TURN_HTML.popitem(last=False)
    return html


env.globals["log_turn"] = log_turn


def has_template(name: str) -> bool:
    try:
        env.get_template(name)
        return True
    except TemplateNotFound:
        return False


def render(name: str, **context: Any) -> str:
    """A template drawn; text stored before the boundary refused what no page can show is drawn as "?" rather than
    failing the page or the push that carries it (app/engine/text.py)."""
    return scrub(env.get_template(name).render(**context))
