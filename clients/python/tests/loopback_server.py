"""The test servers' common part: an HTTP server on a free loopback port, serving from a background thread until
close(), with handlers that keep the test output free of access logs."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class QuietHandler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class LoopbackServer:
    def __init__(self, handler: type[BaseHTTPRequestHandler], path: str = "") -> None:
        """Starts serving at once; `url` is the server's address followed by `path`."""
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}{path}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
