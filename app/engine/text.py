"""What free text a player writes may hold: chat lines, radio notes (Guadalcanal 17c3), names and order values.

Not a lone UTF-16 surrogate ("\\ud800" is legal JSON but no UTF-8 page, database or socket can carry it: the one a
radio note held stopped a whole umpired team game) and not a control character (they draw nothing a reader can
see, and some terminals and logs act on them). Tab, line feed and carriage return stay: a note may have lines.

The web guard refuses such text at the boundary (400), and the typed `Text` order refuses it again, so a rules
module never stores it. `scrub` is the last line of defence for text stored before the boundary refused it: what a
page or push draws is encoded with it, so stored text can never fail a page.
"""
from __future__ import annotations

import re

# C0 controls but tab, line feed and carriage return; DEL; the C1 controls; every surrogate code point (a pair
# arrives from JSON already joined into one character, so any surrogate left is a lone one).
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def fault(text: str) -> str | None:
    """Why `text` cannot be taken, in words a player understands, or None when it can."""
    found = _FORBIDDEN.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if code == 0:
        return "a NUL character (\\u0000) cannot be part of any name, message, key or address"
    if 0xD800 <= code <= 0xDFFF:
        return (f"it holds a lone UTF-16 surrogate (\\u{code:04x}), half of a character that cannot be shown; "
                f"write the whole character, or leave it out")
    return f"it holds a control character (\\u{code:04x}), which cannot be shown; remove it"


def scrub(text: str) -> str:
    """`text` as UTF-8 can carry it: a lone surrogate becomes "?" (other characters are left as they are)."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
