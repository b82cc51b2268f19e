"""Values the server hands to a browser and must get back unaltered (the one-time invite display), signed
with the secret key, which is why production refuses the default key."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from app.config import get_settings


def _mac(payload: bytes) -> str:
    return hmac.new(get_settings().secret_key.encode(), payload, hashlib.sha256).hexdigest()


def sign(value: Any) -> str:
    payload = base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode())
    return f"{payload.decode()}.{_mac(payload)}"


def unsign(token: str | None) -> Any:
    """The signed value, or None if the token is missing or was altered."""
    if not token or "." not in token:
        return None
    payload, mac = token.rsplit(".", 1)
    if not hmac.compare_digest(mac, _mac(payload.encode())):
        return None
    try:
        return json.loads(base64.urlsafe_b64decode(payload.encode()))
    except ValueError:
        return None
