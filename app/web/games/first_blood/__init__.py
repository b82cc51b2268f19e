"""First Blood in the browser: the generic board (drawn from view["board"]) and the generic forms built from each
prompt's typed arguments; no custom parts."""
from __future__ import annotations

from app.web.plugin import WebPlugin

plugin = WebPlugin(id="first_blood")
