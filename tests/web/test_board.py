"""The one board renderer (issue 13, item 4): a board described in board units is drawn as one SVG in which every
hex and counter has an accessible name, counters at one place never cover each other, and each counter is a tab
stop with its details. Pacific War 1942 and Solomons draw through it; neither game's view holds a pixel."""
from __future__ import annotations

import itertools
import json
import math
import re

import pytest

from app.engine.hexgrid import OffsetGrid
from app.engine.rng import SeededRng
from app.web import board as renderer
from app.web.templating import env, render

FIRST_BLOOD = {"lines": "rows", "shifted": "odd", "toward": -1, "ids": "RRCC", "cols": [0, 4], "rows": [2, 4]}
GUADALCANAL = {"lines": "columns", "shifted": "odd", "toward": 1, "ids": "A1", "cols": [0, 3], "rows": [1, 3]}


def draw(board: dict) -> str:
    """The board as a page draws it: the renderer's macro, through the web app's templates."""
    return str(env.get_template("game/_board.html").module.board_svg(board))


def grown_box(c: dict) -> tuple[float, float]:
    """A counter's size at the largest the map draws it (zoomed out)."""
    return c["w"] * renderer.MAX_GROW, c["h"] * renderer.MAX_GROW


def overlap(a: dict, b: dict) -> bool:
    w, h = grown_box(a)
    return abs(a["x"] - b["x"]) < w and abs(a["y"] - b["y"]) < h


@pytest.mark.parametrize("spec, count", [(FIRST_BLOOD, 15), (GUADALCANAL, 12)])
def test_a_hex_grid_board_draws_every_hex_with_its_accessible_name(spec, count):
    grid = renderer.grid_of(spec)
    named = grid.all()[4]
    html = (draw({"id": "test-map", "label": "Test map", "grid": spec,
                     "spaces": [{"id": "wood", "label": "Wood", "at": named, "kind": "wood"}]}))
    hexes = re.findall(r'<g class="board-hex[^"]*" id="[^"]+" data-hex="([^"]+)"><title>([^<]+)</title>', html)
    assert len(hexes) == count == len(grid.all())
    assert {h for h, _ in hexes} == set(grid.all())
    assert all(name.startswith(f"Hex {h}") for h, name in hexes)
    assert (named, f"Hex {named}: Wood") in hexes
    assert html.count("<polygon points=") >= count


# How the board's template drew the hexes one by one before they were made once per grid (app/web/board.py
# `_hex_markup`, issue 37): the same bytes are still drawn.
_HEX_LOOP = env.from_string("""
      {%- for hx in L.hexes %}
      <g class="board-hex{% if hx.kind %} kind-{{ hx.kind }}{% endif %}" id="{{ hx.dom_id }}" data-hex="{{ hx.id }}"><title>{{ hx.label }}</title>
        <polygon points="{{ hx.points }}"></polygon>{% if hx.show_id %}<text class="board-hex-id" x="{{ hx.x }}" y="{{ hx.y }}">{{ hx.id }}</text>{% endif %}</g>
      {%- endfor %}""")


@pytest.mark.parametrize("spec", [FIRST_BLOOD, GUADALCANAL, dict(GUADALCANAL, show_ids=False)])
def test_the_hexes_made_once_per_grid_are_what_drawing_each_hex_gave(spec):
    board = {"id": "test-map", "label": "Test map", "grid": spec,
             "spaces": [{"id": "w&d", "label": "Wood <&> \"glade\"", "at": renderer.grid_of(spec).all()[4],
                         "kind": "wood"}]}
    layout = renderer.layout(board)
    assert str(layout["hexes_markup"]) == _HEX_LOOP.render(L=layout)
    assert f'<g class="board-hexes">{layout["hexes_markup"]}\n    </g>' in draw(board)


@pytest.mark.parametrize("spec", [FIRST_BLOOD, GUADALCANAL])
def test_neighbouring_hexes_are_drawn_touching_each_other(spec):
    """The drawing agrees with the grid's adjacency: each neighbour's centre is one hex width away (sqrt 3 sizes),
    every other hex at least that far, so a printed id is drawn where the rules think it is."""
    grid = renderer.grid_of(spec)
    centre = {h: renderer.hex_centre(grid, 1.0, h) for h in grid.all()}
    for h in grid.all():
        near = set(grid.neighbours(h))
        for other in grid.all():
            if other == h:
                continue
            d = math.dist(centre[h], centre[other])
            if other in near:
                assert d == pytest.approx(math.sqrt(3)), (h, other)
            else:
                assert d > math.sqrt(3) + 0.01, (h, other)


def stack_of(n: int) -> dict:
    return {"id": "test-map", "label": "Test map", "grid": FIRST_BLOOD, "piece_size": [1.2, 0.7],
            "pieces": [{"id": f"p{i}", "label": f"Infantry {i}", "at": "0302", "side": "blue", "kind": "unit",
                        "face": f"{i}", "details": f"strength {i}"} for i in range(1, n + 1)]}


def test_a_stack_of_three_pieces_gives_three_visible_pieces_none_covering_another():
    drawn = renderer.layout(stack_of(3))["counters"]
    assert len(drawn) == 3
    for a, b in itertools.combinations(drawn, 2):
        assert not overlap(a, b), (a["id"], b["id"])
    html = (draw(stack_of(3)))
    pieces = re.findall(r'<g class="board-counter board-piece[^"]*"\s+id="([^"]+)" transform="translate\(([-\d.]+),'
                        r'([-\d.]+)\)" tabindex="0" role="button" aria-label="([^"]+)" data-details="([^"]+)">', html)
    assert [(p[0], p[3], p[4]) for p in pieces] == [(f"piece-p{i}", f"Infantry {i}", f"strength {i}")
                                                   for i in (1, 2, 3)]
    assert len({(p[1], p[2]) for p in pieces}) == 3  # three places, not one on top of another


def test_a_crowded_place_and_its_neighbour_keep_every_counter_in_view():
    """Seven pieces and two markers in one hex, two more next door: rows of counters, none covering another."""
    board = stack_of(7)
    board["markers"] = [{"id": f"m{i}", "label": f"Marker {i}", "at": "0302", "face": "?"} for i in (1, 2)]
    board["pieces"] += [{"id": f"q{i}", "label": f"Tank {i}", "at": [20.0, 20.0], "face": "T"} for i in (1, 2)]
    drawn = renderer.layout(board)["counters"]
    assert len(drawn) == 11 and sum(c["marker"] for c in drawn) == 2
    for a, b in itertools.combinations(drawn, 2):
        assert not overlap(a, b), (a["id"], b["id"])


def test_a_game_layer_is_drawn_under_the_counters_and_a_push_leaves_a_preserved_layer_to_the_page():
    renderer.register_layer("test-coast", lambda layer: '<path class="coast" d="M0 0L10 10"/>')
    board = dict(stack_of(1), layers=[{"id": "test-coast", "draw": "test-coast", "preserve": True}])
    html = (draw(board))
    assert html.index('class="coast"') < html.index('id="test-map-counters"')
    again = renderer.layout(board, again=True)
    assert again["layers"][0]["markup"] == "" and again["layers"][0]["preserve"]


def test_a_board_names_a_place_the_renderer_does_not_know_and_is_refused():
    with pytest.raises(ValueError, match="'9999' is neither a space, a hex nor a point"):
        renderer.layout(dict(stack_of(1), pieces=[{"id": "p", "label": "P", "at": "9999"}]))


# --- the games draw through it --------------------------------------------------------------------------------

PIXEL_KEYS = {"x", "y", "px", "width", "height", "svg", "cx", "cy", "viewBox", "transform"}


def keys_of(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k, f"{path}.{k}"
            yield from keys_of(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from keys_of(v, f"{path}[{i}]")


def test_the_pacific_war_view_describes_its_board_in_board_units_without_a_pixel():
    from app.games.pacific_war_1942 import rules

    view = rules.view(rules.setup("campaign", {}, SeededRng(3)), "allied")
    found = [p for k, p in keys_of(view) if k in PIXEL_KEYS]
    assert found == []
    b = view["board"]
    assert json.loads(json.dumps(b)) == b
    # board units: a step between two locations is 1; nothing is placed hundreds of units out
    points = [s["at"] for s in b["spaces"]] + [p["at"] for p in b["pieces"] + b["markers"] if isinstance(p["at"], list)]
    assert all(-1 <= x <= 9 and -1 <= y <= 4 for x, y in points)
    assert {p["label"] for p in b["pieces"]} >= {"Allied India front marker", "Japanese China front marker"}


def test_the_pacific_war_board_is_drawn_by_the_one_renderer_with_every_marker_a_tab_stop():
    from app.games.pacific_war_1942 import rules

    view = rules.view(rules.setup("campaign", {}, SeededRng(3)), "allied")
    html = render("games/pacific_war_1942/board.html", view=view, role="allied", prompt=None,
                  game={"id": "g", "version": 1})
    assert '<svg data-zoomable id="pw-map" class="board-svg"' in html
    counters = re.findall(r'tabindex="0" role="button" aria-label="([^"]+)"', html)
    assert len(counters) == 8 + 3  # two front markers a front, a control marker in each sea area
    assert "Allied Southwest Pacific front marker" in counters
    assert 'data-details="Port Moresby"' in html  # where the marker stands, read on focus, hover or tap


def test_a_game_without_a_board_template_gets_its_described_board_drawn():
    html = render("games/_generic_board.html", view={"board": stack_of(2), "turn": 1})
    assert '<svg data-zoomable id="test-map"' in html and html.count('class="board-counter board-piece') == 2
    assert '<svg' not in render("games/_generic_board.html", view={"turn": 1})


def test_an_area_given_as_hexes_is_drawn_as_the_outlines_of_those_hexes_at_every_drawing():
    """Each hex's outline is worked out once per grid and scale (app/web/board.py `_hex_shapes`): still every hex's
    own six corners, scaled and moved as the rest of the board, at the first drawing and the next."""
    hexes = renderer.grid_of(GUADALCANAL).all()[:3]
    board = {"id": "test-map", "label": "Test map", "grid": GUADALCANAL,
             "areas": [{"id": "sea", "label": "Sea", "kind": "sea", "hexes": hexes}]}
    grid = renderer.grid_of(GUADALCANAL)
    first = renderer.layout(board)
    x0, y0, x1, _ = renderer._Board(board).extent()
    k = renderer.scale_of(x1 - x0)
    expected = [renderer._points(renderer.hex_corners(grid, 1.0, renderer.hex_centre(grid, 1.0, h)), k, (x0, y0))
                for h in hexes]
    assert first["areas"][0]["shapes"] == expected == renderer.layout(board)["areas"][0]["shapes"]
    assert all(f'<polygon points="{pts}"></polygon>' in draw(board) for pts in expected)
