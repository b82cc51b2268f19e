"""Which pushes may redraw the order forms a player is filling in.

Every commit that changes anything a role may see is pushed to that role's pages whole: board, prompt, log. If the
prompt were redrawn each time, a player writing a plot or a radio message would see it emptied whenever another
seat sent an order, and a click landing while the form is replaced would be lost (a button swapped between the
press and the release gets no click). So the prompt section carries a digest of what it asks: the page's script
(static/app.js) leaves the section as the player has it when a push brings the same digest.

The digest leaves out the two hidden fields that follow the role's version (expected_version and the order's key,
templates/macros.html `order_fields`): a form drawn at an earlier version of the same prompt is still accepted
(app/play/submit.py `check_fresh`, from the version at which the role's prompt last changed), and its key was never
used. It includes that version, `prompt_since`, so a prompt the rules renewed is always redrawn, even if it reads
the same.

The board is kept the same way when a push leaves it alike (`data-board`)."""
from __future__ import annotations

import hashlib
import re
from typing import Any

# The macro writes these two exactly so; tests/web/test_forms_kept.py checks a page's digest ignores only them.
_VERSIONED = re.compile(r'<input type="hidden" name="(?:expected_version|key)" value="[^"]*">')


def form_digest(html: str, model: dict[str, Any]) -> str:
    """A fingerprint of the prompt section as a player sees and fills it in, less what only the version changes."""
    return _digest(html, model, f"prompt since {model['game'].get('prompt_since')}")


def board_digest(html: str, model: dict[str, Any]) -> str:
    """A fingerprint of the board as drawn: a push that leaves it alike (a chat line, a clock, the other side's
    orders where the board does not show them) does not redraw it, so a click on the map, a counter with the
    keyboard's focus and the map's zoom are not lost to it."""
    return _digest(html, model, "board")


def _digest(html: str, model: dict[str, Any], section: str) -> str:
    # Without the game's id (in every form's address): two pages alike but for the game show alike digests, as the
    # non-interference tests compare them (tests/platform/test_secrets.py).
    shown = _VERSIONED.sub("", str(html)).replace(str(model["game"].get("id", "")), "")
    return hashlib.sha256(f"{model['role']}:{section}:{shown}".encode("utf-8", "surrogatepass")).hexdigest()[:20]
