"""A game's web parts, declared in one place and found from the registry (issue 13, item 6).

Each game names its plug-in in the registry (`app/games/__init__.py`); the plug-in module exposes `plugin`, a
`WebPlugin` that says everything the platform needs to draw and read the game's pages:

- `forms`: form parsers by decision form id (the record's `form`, published as the prompt's `info.form`, else the
  prompt's `info.kind`); any other decision uses the generic forms,
  which read `verb` and `arg.<name>` fields typed by the prompt's argument specs (app/web/actions.py);
- `templates`: the folder of its templates, served as `games/<id>/...`, and which of them draw the `board` and
  the `prompt` (None: the generic board or forms, chosen explicitly, never because a file was missing);
- `globals`: the helpers its templates call (Solomons' `sol`), installed when the plug-ins load, not by an import's
  side effect, and refused if two plug-ins (or a plug-in and the platform) claim the same name;
- `static`: the folder of its scripts and styles, served at `/static/<id>/`;
- `check`: the template (in `templates`) that draws the rules' verdict on a half-made board; the platform then serves
  `/games/{game_id}/<id>/check` (HTMX, GET): the plug-in's parser, then the rules' own `check(state, role,
  action)`, nothing stored;
- `router`: an APIRouter whose routes are mounted under `/games/{game_id}/<id>/...`; every route there first
  checks that the game is of this kind (400 otherwise), so a handler never meets another game's state;
  `old_addresses` keeps, at their old paths, routes that pages printed before the plug-in still link to.

Nothing falls back: a registered game without a plug-in, a plug-in whose declared template or folder is missing, or a
template name that cannot be found is a `PluginError` when the app is built, with a message naming the game and the
file.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from fastapi import APIRouter, Depends, Request
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader, TemplateNotFound

from app import games as registry
from app.engine.errors import Refused
from app.paths import ROOT
from app.play import lobby
from app.play.errors import BadRequest
from app.play.state import load_state, prompts_of, rules_for
from app.web.deps import ReadDBDep, User
from app.web.form_fields import action_from_form
from app.web.responses import HTMLResponse
from app.web.templating import env, render

FormParser = Callable[[Any, dict[str, Any] | None], dict[str, Any]]  # (form, prompt) -> action
GENERIC_BOARD = "games/_generic_board.html"
GENERIC_PROMPT = "game/_prompt.html"


class PluginError(RuntimeError):
    """A game's web parts are missing or inconsistent: the app refuses to start rather than draw the wrong page."""


@dataclass(frozen=True)
class WebPlugin:
    """One game's web parts. `id` is the game's id; a plug-in with no custom parts (`GENERIC`) may leave it None
    and serve any game that names it."""
    id: str | None
    forms: dict[str, FormParser] = field(default_factory=dict)
    templates: Path | None = None
    board: str | None = None    # relative to `templates`
    prompt: str | None = None   # relative to `templates`
    globals: dict[str, Any] = field(default_factory=dict)
    static: Path | None = None
    router: APIRouter | None = None
    old_addresses: APIRouter | None = None  # routes kept where pages printed before the plug-in point
    check: str | None = None    # relative to `templates`: the live check's verdict (the rules' `check`)

    @property
    def custom(self) -> bool:
        return bool(self.forms or self.templates or self.globals or self.static or self.router or self.old_addresses
                    or self.check)

    def template(self, name: str) -> str:
        """The loader name of one of this plug-in's templates."""
        return f"games/{self.id}/{name}"

    @property
    def board_template(self) -> str:
        return self.template(self.board) if self.board else GENERIC_BOARD

    @property
    def prompt_template(self) -> str:
        return self.template(self.prompt) if self.prompt else GENERIC_PROMPT

    def parse_form(self, form, prompt: dict[str, Any] | None) -> dict[str, Any]:
        """The action a submitted form stands for: the parser of the decision the form was drawn for, else the
        generic one. Legality stays the rules' business."""
        info = (prompt or {}).get("info") or {}
        for key in (form.get("form"), info.get("form"), form.get("kind"), info.get("kind")):
            if key and str(key) in self.forms:
                return self.forms[str(key)](form, prompt)
        return action_from_form(form, prompt)


GENERIC = WebPlugin(id=None)

_plugins: dict[tuple[str, str | None], WebPlugin] = {}
_installed: set[int] = set()   # plug-ins (by identity) whose templates and globals are in the environment
_folders: dict[str, FileSystemLoader] = {}  # "games/<id>/" -> the folder its plug-in declares
_MISSING = object()


def resolve(game_id: str) -> WebPlugin:
    """The plug-in the registry names for `game_id`, imported and checked; a PluginError if there is none."""
    rules = registry.get(game_id)
    if rules is None:
        raise PluginError(f"There is no registered game {game_id!r}.")
    ref = registry.web_plugin(game_id)
    if not ref:
        raise PluginError(f"{rules.meta.title} ({game_id!r}) has no web plug-in: name one beside it in "
                          "app/games/__init__.py (GAMES), or as WEB_PLUGIN in the module that registers it.")
    module_name, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        raise PluginError(f"{game_id!r} names the web plug-in {ref!r}, which cannot be imported ({e}).") from e
    plugin = getattr(module, attr or "plugin", None)
    if not isinstance(plugin, WebPlugin):
        raise PluginError(f"{game_id!r} names the web plug-in {ref!r}, which declares no WebPlugin "
                          f"({attr or 'plugin'}).")
    if plugin.id != game_id and (plugin.id is not None or plugin.custom):
        raise PluginError(f"{game_id!r} names the web plug-in {ref!r}, which is declared for {plugin.id!r}.")
    return plugin


def _install(plugin: WebPlugin) -> None:
    """Serve the plug-in's templates as games/<id>/... and give every template its globals; check that what it
    declares exists (a missing board is an error, not the generic board)."""
    if id(plugin) in _installed:
        return
    if (plugin.board or plugin.prompt or plugin.check) and plugin.templates is None:
        raise PluginError(f"The web plug-in of {plugin.id!r} names a board or prompt template but no template "
                          "folder.")
    if plugin.templates is not None:
        if not plugin.templates.is_dir():
            raise PluginError(f"The web plug-in of {plugin.id!r} declares the template folder {plugin.templates}, "
                              "which does not exist.")
        if not isinstance(env.loader, ChoiceLoader) or not isinstance(env.loader.loaders[0], _PluginLoader):
            env.loader = ChoiceLoader([_PluginLoader(_folders), env.loader])
        _folders[f"games/{plugin.id}/"] = FileSystemLoader(str(plugin.templates))
    for name, value in plugin.globals.items():
        owner = env.globals.get(name, _MISSING)
        if owner is not _MISSING and owner is not value:
            raise PluginError(f"The web plug-in of {plugin.id!r} declares the template global {name!r}, which "
                              "another plug-in or the platform already uses.")
        env.globals[name] = value
    for name in (plugin.board, plugin.prompt, plugin.check):
        if name is None:
            continue
        try:
            env.get_template(plugin.template(name))
        except TemplateNotFound:
            raise PluginError(f"The web plug-in of {plugin.id!r} declares the template {name!r}, which is not in "
                              f"{plugin.templates}.") from None
    if plugin.static is not None and not plugin.static.is_dir():
        raise PluginError(f"The web plug-in of {plugin.id!r} declares the static folder {plugin.static}, which "
                          "does not exist.")
    _installed.add(id(plugin))


class _PluginLoader(PrefixLoader):
    """Templates named `games/<id>/<file>` come from the folder that game's plug-in declares."""

    def get_loader(self, template: str):
        for prefix, loader in self.mapping.items():
            if template.startswith(prefix):
                return loader, template[len(prefix):]
        raise TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        return [p + name for p, loader in self.mapping.items() for name in loader.list_templates()]


def plugin_for(game_id: str) -> WebPlugin:
    """The checked, installed plug-in of a registered game."""
    key = (game_id, registry.web_plugin(game_id))  # a game registered again may name another plug-in
    plugin = _plugins.get(key)
    if plugin is None:
        plugin = resolve(game_id)
        _install(plugin)
        _plugins[key] = plugin
    return plugin


def load_all() -> dict[str, WebPlugin]:
    """Every registered game's plug-in, or a PluginError naming the first game whose web parts are missing."""
    return {game_id: plugin_for(game_id) for game_id in registry.all_games()}


def game_of_kind(plugin: WebPlugin):
    """A dependency for a plug-in's routes: the signed-in user asks about a game of this plug-in's kind."""
    title = registry.get(plugin.id).meta.title if registry.get(plugin.id) else plugin.id

    def check(game_id: str, db: ReadDBDep, user: User) -> None:
        if lobby.require_game(db, game_id).game != plugin.id:
            raise BadRequest(f"That game is not a game of {title}.")
    return Depends(check)


def check_router(plugin: WebPlugin) -> APIRouter:
    """The live check of a half-made board, while the player is still filling it in: the form read as a submission
    would be, then the rules' own `check(state, role, action)` (contract v2), so its message names nothing the role
    may not know; drawn by the plug-in's `check` template. Nothing is stored."""
    router = APIRouter(include_in_schema=False)

    @router.get("/check", response_class=HTMLResponse)
    def check_fragment(request: Request, game_id: str, db: ReadDBDep, user: User):
        game = lobby.require_game(db, game_id)  # a game of this kind: the mount checked it
        role = lobby.role_of(db, game, user.user_id, request.query_params.get("seat"))
        rules, state = rules_for(game), load_state(db, game)
        prompt = prompts_of(rules, state).get(role) if game.status == "active" else None
        if prompt is None:
            return HTMLResponse("")
        action = plugin.parse_form(request.query_params, prompt)
        try:
            rules.check(state, role, action)
        except Refused as e:
            return HTMLResponse(render(plugin.template(plugin.check), ok=False, message=e.message, rule=e.rule))
        return HTMLResponse(render(plugin.template(plugin.check), ok=True))
    return router


def mount(app, plugins: dict[str, WebPlugin]) -> None:
    """Each plug-in's routes under /games/{game_id}/<id>/ and its static folder at /static/<id>/ (the app's own
    /static mount serves it already when the folder is static/<id>). A path the platform already serves is an
    error."""
    from fastapi.staticfiles import StaticFiles

    taken = set(_served_paths(app.routes))
    for plugin in {id(p): p for p in plugins.values()}.values():
        prefix = f"/games/{{game_id}}/{plugin.id}"
        for router in (plugin.router, check_router(plugin) if plugin.check else None):
            if router is None:
                continue
            clash = [prefix + r.path for r in router.routes if prefix + r.path in taken]
            if clash:
                raise PluginError(f"The web plug-in of {plugin.id!r} declares routes the platform serves: {clash}.")
            app.include_router(router, prefix=prefix, dependencies=[game_of_kind(plugin)])
            taken.update(prefix + r.path for r in router.routes)
        if plugin.old_addresses is not None:
            app.include_router(plugin.old_addresses)
        if plugin.static is not None and plugin.static.resolve() != (ROOT / "static" / plugin.id).resolve():
            app.routes.insert(0, _static_mount(plugin, StaticFiles))


def _served_paths(routes, prefix: str = ""):
    """Every path the app serves, walking included routers (kept whole by this FastAPI, with their prefix)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _served_paths(inner.routes, prefix + (getattr(route.include_context, "prefix", "") or ""))
        elif getattr(route, "path", None) is not None:
            yield prefix + route.path


def _static_mount(plugin: WebPlugin, StaticFiles):
    from starlette.routing import Mount

    return Mount(f"/static/{plugin.id}", app=StaticFiles(directory=str(plugin.static)), name=f"static-{plugin.id}")
