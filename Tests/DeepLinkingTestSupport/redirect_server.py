#!/usr/bin/env python3
"""Scripted redirect server for the tracking-link resolver tests.

Listens on 127.0.0.1 only, on an ephemeral port, and prints that port on the first line of stdout.
Every request is counted per path and method; with `--counts-file PATH` the counts are written to
PATH as JSON on every request (replaced whole, never half written). The process exits when stdin
closes, so a test that dies cannot leave it behind.

Routes (PORT is the server's own port):
  /hop/N?to=URL       N > 0: 302 to /hop/N-1?to=URL; N == 0: 302 to URL (default
                      https://shop.example.com/product/42)
  /loop/a, /loop/b    302 to each other
  /self               302 to itself
  /slow               sleeps 30 s, then 302 to https://shop.example.com/slow
  /delay/MS           sleeps MS milliseconds, then 302 to https://shop.example.com/delayed
  /foreign            302 to http://localhost:PORT/landing (another host, must never be fetched)
  /custom             302 to myapp://channel/video/1
  /relative/start     302 to "../relative/next" (relative), which 302s to "/hop/0" (absolute path)
  /ok                 200 with a small body
  /missing            404
  /broken             500
  /no-location        302 without a Location header
  /bad-location       302 with Location "http://[::1"
  /insecure           302 to http://localhost:PORT/hop/0 (http on a host configured https-only)
  /no-head            HEAD: 405; GET: 302 to https://shop.example.com/from-get
  /no-head-501        HEAD: 501; GET: 302 to https://shop.example.com/from-get-501
  /no-head-big        HEAD: 405; GET: 200 announcing 100 MB and trickling it out slowly
  /no-head-endless    HEAD: 405; GET: 302 to https://shop.example.com/from-endless with a chunked
                      body streamed as fast as it can, for at most 10 s and 10 GB
  /no-head-trickle    HEAD: 405; GET: 302 to https://shop.example.com/from-trickle with a chunked body
                      of one 8-byte chunk every 50 ms, for at most 60 s
  /long-click-through 302 to https://shop.example.com/ + 90,000 "a"s (a click-through too long to route)
  /landing            200 (the place /foreign points to)
Every endless answer stops by itself (the limits above), even if the client never hangs up.
"""

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from local_server import Server, serve_until_stdin_closes

COUNTS = {}
COUNTS_LOCK = threading.Lock()
COUNTS_FILE = None
DEFAULT_DESTINATION = "https://shop.example.com/product/42"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass

    def count(self, path):
        key = f"{self.command} {path}"
        with COUNTS_LOCK:
            COUNTS[key] = COUNTS.get(key, 0) + 1
            if COUNTS_FILE:
                with open(COUNTS_FILE + ".new", "w", encoding="utf-8") as file:
                    json.dump(COUNTS, file)
                os.replace(COUNTS_FILE + ".new", COUNTS_FILE)

    def send(self, status, headers=None, body=b""):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def redirect(self, location, status=302):
        self.send(status, {"Location": location}, b"<a href='moved'>moved</a>")

    def do_HEAD(self):
        self.handle_any()

    def do_GET(self):
        self.handle_any()

    def handle_any(self):
        parts = urlsplit(self.path)
        path = parts.path
        query = parse_qs(parts.query)
        port = self.server.server_address[1]
        self.count(path)
        if path.startswith("/hop/"):
            remaining = int(path[len("/hop/"):])
            to = query.get("to", [DEFAULT_DESTINATION])[0]
            if remaining > 0:
                self.redirect(f"/hop/{remaining - 1}?{parts.query}" if parts.query else f"/hop/{remaining - 1}")
            else:
                self.redirect(to)
        elif path == "/loop/a":
            self.redirect("/loop/b")
        elif path == "/loop/b":
            self.redirect("/loop/a")
        elif path == "/self":
            self.redirect("/self")
        elif path.startswith("/delay/"):
            time.sleep(int(path[len("/delay/"):]) / 1000)
            self.redirect("https://shop.example.com/delayed")
        elif path == "/slow":
            time.sleep(30)
            self.redirect("https://shop.example.com/slow")
        elif path == "/foreign":
            self.redirect(f"http://localhost:{port}/landing")
        elif path == "/custom":
            self.redirect("myapp://channel/video/1")
        elif path == "/relative/start":
            self.redirect("../relative/next")
        elif path == "/relative/next":
            self.redirect("/hop/0")
        elif path == "/ok" or path == "/landing":
            self.send(200, {"Content-Type": "text/plain"}, b"hello")
        elif path == "/missing":
            self.send(404, {}, b"not found")
        elif path == "/broken":
            self.send(500, {}, b"broken")
        elif path == "/no-location":
            self.send(302, {}, b"")
        elif path == "/bad-location":
            self.redirect("http://[::1")
        elif path == "/insecure":
            self.redirect(f"http://localhost:{port}/hop/0")
        elif path == "/no-head" or path == "/no-head-501":
            if self.command == "HEAD":
                self.send(405 if path == "/no-head" else 501, {"Allow": "GET"})
            else:
                self.redirect("https://shop.example.com/from-get" + ("-501" if path.endswith("501") else ""))
        elif path == "/no-head-endless" or path == "/no-head-trickle":
            if self.command == "HEAD":
                self.send(405, {"Allow": "GET"})
                return
            self.send_response(302)
            self.send_header("Location", "https://shop.example.com/from-" + path.rsplit("-", 1)[1])
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.close_connection = True
            started = time.monotonic()
            block = b" " * 65536 if path.endswith("endless") else b"tracking"
            try:
                for _ in range(160_000):  # at most 10 GB
                    if time.monotonic() - started > (10 if path.endswith("endless") else 60):
                        break
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                    if path.endswith("trickle"):
                        self.wfile.flush()
                        time.sleep(0.05)
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
        elif path == "/long-click-through":
            self.redirect("https://shop.example.com/" + "a" * 90_000)
        elif path == "/no-head-big":
            if self.command == "HEAD":
                self.send(405, {"Allow": "GET"})
                return
            self.send_response(200)
            self.send_header("Content-Length", str(100_000_000))
            self.end_headers()
            try:
                for _ in range(3000):
                    self.wfile.write(b"x" * 1024)
                    self.wfile.flush()
                    time.sleep(0.01)
            except OSError:
                pass
            self.close_connection = True
        else:
            self.send(404, {}, b"no such route")


def main():
    global COUNTS_FILE
    if sys.argv[1:2] == ["--counts-file"] and len(sys.argv) == 3:
        COUNTS_FILE = sys.argv[2]
    server = Server(("127.0.0.1", 0), Handler)
    serve_until_stdin_closes(server)


if __name__ == "__main__":
    main()
