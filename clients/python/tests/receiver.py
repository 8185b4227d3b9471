"""A webhook receiver on a loopback port: records every delivery (headers and raw body) and answers 200."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Optional


@dataclass(frozen=True)
class Delivery:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []
        self._arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver._arrived:
                    receiver.deliveries.append(Delivery(self.path, dict(self.headers.items()), body))
                    receiver._arrived.notify_all()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(b'{"received":true}')

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hooks"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def wait_for(self, matches: Callable[[Delivery], bool], timeout: float = 60.0) -> Optional[Delivery]:
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = next((d for d in self.deliveries if matches(d)), None)
                remaining = deadline - time.monotonic()
                if found is not None or remaining <= 0:
                    return found
                self._arrived.wait(remaining)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
