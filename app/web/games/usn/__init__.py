"""U.S.N. in the browser: its own board (the numbered hex grid over the Pacific's coastlines, bases, stacks that open
on demand, the open Victory Point record) and order forms that draw each decision's typed orders as fields (a ship's
movement, a row of the Air Mission Allocation Chart), a click on the map filling the hex field being filled in.

Everything drawn comes from `view(state, role)` (app/games/usn/board_view.describe) and the printed map data; the
unchanging drawing is the committed static/usn/map.svg (tools/usn_coastlines.py), loaded once by the browser and
cached, so a push carries only the counters. The forms post the generic fields (`arg.<name>.<id>.<part>`,
`arg.<name>.<row>.<part>`), so no form parser is declared.
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from app.games.usn import board_view, gamedata, grid, naming
from app.paths import ROOT
from app.web.board import register_layer
from app.web.plugin import WebPlugin

__all__ = ["plugin"]


def basemap(layer: dict[str, Any]) -> str:
    """The static drawing under the counters (the board's "usn-basemap" layer): one cached image, not 400 KiB of
    markup in every page and push."""
    return (f'<image href="/static/usn/map.svg" x="0" y="0" width="{board_view.WIDTH:g}" '
            f'height="{board_view.HEIGHT:g}" preserveAspectRatio="none"></image>')


register_layer("usn-basemap", basemap)


@cache
def names() -> dict[str, str]:
    return {h: p["name"] for h, p in gamedata.places().items()}


def is_hex_choice(arg: Any) -> bool:
    """A choice whose values are hexes of the map (a ship's destination, a strike's target): drawn as a hex field
    the map can fill."""
    if not isinstance(arg, dict) or arg.get("type") != "choice":
        return False
    return _read(arg.get("choices") or [])[0]


def off_map_places(arg: Any) -> list[str]:
    """The off-map places (Off-Map Movement) among a choice's values: offered beside the hex field as a list."""
    if not isinstance(arg, dict):
        return []
    return list(_read(arg.get("choices") or [])[1])


def _read(choices: list[Any]) -> tuple[bool, tuple[str, ...]]:
    """(a hex field?, its off-map places) of a choice's values, read once for each list of values: a naval
    movement form asks both of the same 1,500 hexes for every field of every ship."""
    try:
        return _read_values(tuple(choices))
    except TypeError:  # choices with labels ({"value": ..., "label": ...}) are not kept
        return _read_values.__wrapped__(tuple(choices))


@lru_cache(maxsize=256)
def _read_values(choices: tuple[Any, ...]) -> tuple[bool, tuple[str, ...]]:
    values = [c["value"] if isinstance(c, dict) else c for c in choices]
    hexes = [v for v in values if isinstance(v, str) and len(v) == 4 and v.isdigit()]
    places = tuple(v for v in values if v in grid.OFF_MAP)  # Off-Map Movement: the West Coast, the boxes, the west
    # "none" beside the hexes is still a hex field
    return bool(hexes) and len(hexes) + len(places) >= len(values) - 1, places


def choice_label(value: Any, view: dict[str, Any] | None = None) -> str:
    """Words for a choice: a base by its place's name, a hex as a hex ("Lae (0692)", "hex 0793": issue 34, a bare
    number does not read as a place), a land unit by its name."""
    v = str(value)
    if v.startswith("base:"):
        h = v[5:]
        if h in grid.OFF_MAP:  # the West Coast's base is named, never numbered
            return f"{naming.place(h)} base"
        return f"{names().get(h, 'hex ' + h)} base ({h})"
    if len(v) == 4 and v.isdigit():
        return naming.place(v)
    if v in grid.OFF_MAP:
        return board_view.OFF_MAP_NAMES.get(v) or naming.place(v)
    if view and isinstance(view.get("land"), list):
        u = _land_by_id(view["land"]).get(v)
        if u is not None:  # by its printed name and where it stands, never its id
            return f"{u['name']} at {naming.place(u['hex'])}"
    return {"lac": "LAC", "lbac": "LBAC", "nac": "NAC"}.get(v) or naming.name(v)  # a ship, a sub by its name


_indexed: list[Any] = [None, {}]  # the last view's land units by id, and that list (kept, so never another's)


def _land_by_id(land: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A view's land units by id (the first of an id, as a search of the list finds it), made once for the view a
    form is drawn from: its choices name a hundred units hundreds of times."""
    seen, index = _indexed
    if seen is not land:
        index = {}
        for u in land:
            index.setdefault(u.get("id"), u)
        _indexed[:] = [land, index]
    return index


def geometry() -> dict[str, Any]:
    """What usn.js needs to name the hex under a click (board_view.hex_at, in the same numbers)."""
    return {"size": board_view.SIZE, "margin": board_view.MARGIN, "first_column": board_view.COLUMNS[0],
            "per_column": grid.PER_COLUMN, "offset": grid.OFFSET, "first": grid.FIRST, "last": grid.LAST,
            "names": names()}


plugin = WebPlugin(
    id="usn",
    templates=ROOT / "templates" / "games" / "usn", board="board.html", prompt="prompt.html",
    static=ROOT / "static" / "usn",
    globals={"usn": {"board": board_view.describe, "is_hex": is_hex_choice, "label": choice_label,
                     "geometry": geometry, "names": names,
                     "off_map": off_map_places}},
)
