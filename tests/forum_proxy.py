"""A proxy on 127.0.0.1 in front of the local phpBB board that can spoil the forum's answers.

With `ignore_start`, every thread page asked for (viewtopic.php?...&start=N) is answered with the
thread's first page, as a forum or a proxy that ignores `start=` does.

Every request goes to the board unchanged; `spoil(answer, n)` makes the next n form submissions
(a POST carrying `post=Submit`: a reply or a PM, not a login) reach the board and be stored there,
while the proxy answers something else: "502" (a gateway's 502, as a busy forum's proxy gives
after the forum stored the post) or "other" (a 200 page that is neither phpBB's success page nor
its error box: a maintenance page, a captive portal).
"""

from __future__ import annotations

import http.client
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

ANSWERS = {
    "502": (502, b"<html><body><h1>502 Bad Gateway</h1></body></html>"),
    "other": (200, b"<html><head><title>Be right back</title></head><body><p>The site is busy.</p></body></html>"),
}


class Proxy:
    def __init__(self, board_url: str) -> None:
        target = urlsplit(board_url)
        self.host, self.port = target.hostname, target.port
        self.answer: str | None = None
        self.left = 0
        self.spoiled = 0
        self.bodies: list[bytes] = []  # every POST's body, as sent to the proxy
        self.ignore_start = False  # True: every thread page asked for is answered with the first
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def _forward(self, body: bytes | None) -> None:
                conn = http.client.HTTPConnection(proxy.host, proxy.port, timeout=60)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                headers["Host"] = f"{proxy.host}:{proxy.port}"
                conn.request(self.command, self.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                conn.close()
                if body and b"post=Submit" in body and proxy.left > 0:
                    proxy.left -= 1
                    proxy.spoiled += 1
                    status, data = ANSWERS[proxy.answer]
                    self.send_response(status)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
                self.send_response(resp.status)
                for k, v in resp.getheaders():
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if proxy.ignore_start and "viewtopic.php" in self.path:  # a forum or proxy that ignores start=
                    self.path = re.sub(r"[?&]start=\d+", "", self.path)
                self._forward(None)

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                proxy.bodies.append(body)
                self._forward(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def spoil(self, answer: str, n: int = 1) -> None:
        self.answer, self.left = answer, n

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
