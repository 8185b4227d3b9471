"""A webhook receiver on a loopback port: records every delivery (headers and raw body) and answers 200."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional

from loopback_server import LoopbackServer, QuietHandler


@dataclass(frozen=True)
class Delivery:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver(LoopbackServer):
    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []
        self._arrived = threading.Condition()
        receiver = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server dispatches on this name)
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver._arrived:
                    receiver.deliveries.append(Delivery(self.path, dict(self.headers.items()), body))
                    receiver._arrived.notify_all()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(b'{"received":true}')

        super().__init__(Handler, "/hooks")

    def wait_for(self, matches: Callable[[Delivery], bool], timeout: float = 60.0) -> Optional[Delivery]:
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = next((d for d in self.deliveries if matches(d)), None)
                remaining = deadline - time.monotonic()
                if found is not None or remaining <= 0:
                    return found
                self._arrived.wait(remaining)
