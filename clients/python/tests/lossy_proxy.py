"""A proxy in front of the running service that forwards every request but loses the answer to the first
`lose` requests of a path (the connection closes without a response), like a network that fails after the
service has done the work."""

from __future__ import annotations

import threading

import httpx

from loopback_server import LoopbackServer, QuietHandler


class LossyProxy(LoopbackServer):
    def __init__(self, upstream: str, path: str, lose: int) -> None:
        self.forwarded: list[tuple[str, str, int]] = []
        proxy = self
        remaining = {"lose": lose}
        lock = threading.Lock()

        class Handler(QuietHandler):
            protocol_version = "HTTP/1.1"

            def forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")}
                answer = httpx.request(self.command, upstream + self.path, headers=headers, content=body, timeout=60)
                key = self.headers.get("idempotency-key", "")
                with lock:
                    proxy.forwarded.append((self.command + " " + self.path, key, answer.status_code))
                    lost = self.path.split("?")[0] == path and remaining["lose"] > 0
                    if lost:
                        remaining["lose"] -= 1
                if lost:
                    self.close_connection = True
                    return
                self.send_response(answer.status_code)
                for name, value in answer.headers.items():
                    if name.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding"):
                        self.send_header(name, value)
                self.send_header("content-length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            do_GET = do_POST = do_DELETE = forward  # noqa: N815 (http.server dispatches on these names)

        super().__init__(Handler)
