"""Guadalcanal's stylesheet as a phone user and a low-vision reader meet it (issue 34): text of the Operations Card's
empty boxes readable against the card (WCAG AA, 4.5:1, what axe-core's colour-contrast rule checks), and no grid whose
columns are wider than a 390 px screen."""
import re
from pathlib import Path

CSS = (Path(__file__).parents[3] / "static" / "guadalcanal" / "guadalcanal.css").read_text()


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)] if len(hex_colour) == 7 else \
        [int(c * 2, 16) / 255 for c in hex_colour[1:4]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colour(selector: str, prop: str = "color") -> str:
    rule = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS).group(1)
    return re.search(rf"(?<![-\w]){prop}:\s*(#[0-9a-fA-F]{{3,6}})", rule).group(1)


def test_the_empty_box_text_reads_against_the_card_and_its_areas():
    text = colour(".gc-empty")
    for background in (colour(".gc-card", "background"), "#ffffff"):  # the card, and an area (white) on it
        assert contrast(text, background) >= 4.5, (text, background)


def test_no_grid_column_is_wider_than_a_phone():
    """A 24rem (384 px) column with the page's padding made the page 2 px wider than a 390 px screen."""
    columns = re.findall(r"minmax\((.*?), 1fr\)", CSS)
    assert columns
    for m in columns:
        assert m.startswith("min(") and m.endswith(", 100%)"), m


def test_a_check_box_sits_beside_its_label_in_the_order_forms():
    assert re.search(r'#prompt \.order-part input\[type="checkbox"\] \+ label \{[^}]*display: inline-block', CSS)
