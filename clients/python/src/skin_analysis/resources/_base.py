from __future__ import annotations

from typing import Optional

from .._transport import AsyncTransport, SyncTransport


class SyncResource:
    def __init__(self, transport: SyncTransport, webhook_secret: Optional[str] = None) -> None:
        self._transport = transport
        self._webhook_secret = webhook_secret


class AsyncResource:
    def __init__(self, transport: AsyncTransport, webhook_secret: Optional[str] = None) -> None:
        self._transport = transport
        self._webhook_secret = webhook_secret
