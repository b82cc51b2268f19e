"""The board renderer's frame (issue 34 item 5): a board may name the part of its map the page opens on; the SVG
carries it in SVG units (data-frame) and static/map_zoom.js shows it first, the whole map a zoom out away."""
from app.web.board import layout
from app.web.templating import env


def test_a_board_frame_is_published_in_svg_units_and_drawn_on_the_map():
    board = {"id": "m", "label": "Map", "extent": [100, 50, 300, 250], "frame": [150, 100, 250, 200],
             "spaces": [], "pieces": []}
    L = layout(board)
    k = float(L["width"]) / 200
    assert L["frame"] == " ".join(str(round(v, 2)) for v in (50 * k, 50 * k, 100 * k, 100 * k))
    html = env.from_string('{% from "game/_board.html" import board_svg %}{% call board_svg(b) %}{% endcall %}').render(b=board)
    assert f'data-frame="{L["frame"]}"' in html
    assert layout(dict(board, frame=None))["frame"] is None  # no frame: the page opens on the whole map
