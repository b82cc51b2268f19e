"""Jinja2 set up once. Templates render view dicts only; they never see a game's state."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.templating import Jinja2Templates
from jinja2 import TemplateNotFound

from app.paths import ROOT
templates = Jinja2Templates(directory=str(ROOT / "templates"))
env = templates.env
env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)


def has_template(name: str) -> bool:
    try:
        env.get_template(name)
        return True
    except TemplateNotFound:
        return False


def render(name: str, **context: Any) -> str:
    return env.get_template(name).render(**context)
