"""Compressed websocket frames made once per distinct page, not once per socket (issue 18, item 2).

With permessage-deflate as uvicorn sets it up, every socket keeps its own compression window, so the same page
sent to 1,000 spectators was compressed 1,000 times, on the event loop (59% of a spectator storm's samples were
zlib). Here the server offers permessage-deflate without context takeover on its own side: each message is then
compressed on its own, so the bytes of one page are the same on every socket. `prepare` compresses a pushed page
once, in the worker thread that rendered it; the sockets' encoders look the result up instead of compressing
(`SharedDeflate.encode`). A page nobody prepared (a small reply, a control frame) is compressed as before.

Run uvicorn with `--ws app.realtime.frames:Protocol` (Makefile, Dockerfile, `python -m app run` do). Without it
everything still works, compressed per socket as uvicorn does by default.
"""
from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

WINDOW_BITS = 12  # as uvicorn's own settings: a 4 KiB window, memLevel 5 (little memory per socket)
COMPRESS = {"memLevel": 5}
SMALLEST = 1024  # smaller messages are cheaper to compress than to look up
KEEP = 64  # distinct pages kept (a few commits' worth of every role's page)

_cache: OrderedDict[bytes, bytes] = OrderedDict()
_lock = threading.Lock()
stats = {"compressed": 0, "reused": 0}  # for tests and the bench: how often zlib ran, how often it was spared


def compress(data: bytes) -> bytes:
    """One message's permessage-deflate payload, without context takeover (RFC 7692 7.2.1: the trailing
    0x00 0x00 0xff 0xff of the sync flush removed)."""
    encoder = zlib.compressobj(wbits=-WINDOW_BITS, **COMPRESS)
    out = encoder.compress(data) + encoder.flush(zlib.Z_SYNC_FLUSH)
    return out[:-4]


def prepare(text: str) -> None:
    """Compress a page about to be pushed, once, off the event loop; sockets sending it reuse the result."""
    data = text.encode()
    if len(data) < SMALLEST:
        return
    with _lock:
        if data in _cache:
            _cache.move_to_end(data)
            return
    packed = compress(data)
    with _lock:
        stats["compressed"] += 1
        _cache[data] = packed
        while len(_cache) > KEEP:
            _cache.popitem(last=False)


def _lookup(data: bytes) -> bytes | None:
    with _lock:
        packed = _cache.get(data)
        if packed is not None:
            stats["reused"] += 1
        return packed


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate whose outgoing whole messages come from the shared cache when they are there."""

    def encode(self, frame: Frame) -> Frame:
        shareable = (self.local_no_context_takeover and frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
                     and self.local_max_window_bits == WINDOW_BITS and self.compress_settings == COMPRESS)
        if shareable and len(frame.data) >= SMALLEST:
            packed = _lookup(bytes(frame.data))
            if packed is not None:
                return Frame(frame.opcode, packed, True, True, frame.rsv2, frame.rsv3)
        return super().encode(frame)


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    def __init__(self) -> None:
        super().__init__(server_no_context_takeover=True, server_max_window_bits=WINDOW_BITS,
                         client_max_window_bits=WINDOW_BITS, compress_settings=dict(COMPRESS))

    def process_request_params(self, params: Any, accepted_extensions: Any) -> Any:
        response, ext = super().process_request_params(params, accepted_extensions)
        return response, SharedDeflate(ext.remote_no_context_takeover, ext.local_no_context_takeover,
                                       ext.remote_max_window_bits, ext.local_max_window_bits, ext.compress_settings)


class Protocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with the shared-frame permessage-deflate above."""

    def __init__(self, config: Any, server_state: Any, app_state: Any, _loop: Any = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(extensions=[SharedDeflateFactory()], max_size=self.config.ws_max_size,
                                       logger=self.logger)
