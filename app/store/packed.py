"""JSON stored compressed. A position late in a Solomons game is about 240 KB of JSON and 13 KB packed (zlib), and a
game keeps dozens of them (issue 18: a finished game took 28 MB)."""
from __future__ import annotations

import json
import zlib
from typing import Any

from sqlalchemy import LargeBinary
from sqlalchemy.types import TypeDecorator


def pack(value: Any) -> bytes:
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 6)


def unpack(data: bytes) -> Any:
    return json.loads(zlib.decompress(data))


class PackedJSON(TypeDecorator):
    """A JSON value kept as zlib-compressed bytes; read back as a fresh object."""
    impl = LargeBinary
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return None if value is None else pack(value)

    def process_result_value(self, value, dialect):
        return None if value is None else unpack(bytes(value))
