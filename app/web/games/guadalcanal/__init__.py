"""Guadalcanal in the browser: for now the generic board and the generic forms built from each prompt's typed
arguments; it declares no custom parts yet (a board, form parsers or routes would be declared here)."""
from __future__ import annotations

from app.web.plugin import WebPlugin

plugin = WebPlugin(id="guadalcanal")
