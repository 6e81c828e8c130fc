#!/usr/bin/env python3
"""Scripted HTTPS server for the tests of `deeplink aasa check --url` and `deeplink assetlinks check --url`.

Listens on 127.0.0.1 only, on an ephemeral port, over TLS with the certificate and key it is given, and
prints that port on the first line of stdout. Every request line is appended to the log file (one
"METHOD /path" per line, flushed at once), so a test can prove a URL was never requested. The process
exits when stdin closes, so a test that dies cannot leave it behind.

Arguments: --cert PEM --key PEM --log FILE --mode MODE [--body FILE] [--content-type TYPE]
           [--page PATH STATUS VALUE]...

Both /.well-known/apple-app-site-association and /.well-known/assetlinks.json answer by MODE, and so
does /a/v1/<host>, the path of Apple's CDN copy of a host's file (for a server standing in for the CDN):
  ok         200 with the bytes of --body and Content-Type --content-type (default application/json;
             an empty value sends no Content-Type header)
  redirect   301 to https://127.0.0.1:PORT/moved/<file name>, which would answer 200 with the body
  missing    404
  endless    200 with no Content-Length, then JSON-looking bytes until the client hangs up
  slow       waits 30 s before answering
  trickle    200 with Transfer-Encoding: chunked, then one 8-byte chunk every 50 ms (160 B/s, never the
             128 KB limit), for at most 60 s
  huge       200 announcing a 10 GB Content-Length, then streams it as fast as it can, for at most 10 s
  flood      200 chunked with no length, streamed as fast as it can, for at most 10 s and 10 GB
  gzip       200 with Content-Encoding: gzip, chunked: 1 MB on the wire that inflates to 1 GB of zeros
  hostile-redirect
             301 with a Location holding terminal controls: ESC [31m, an OSC 8 hyperlink ended by
             BEL, U+202E and the C1 CSI U+009B, sent as UTF-8
Each --page PATH STATUS VALUE answers PATH (the query aside) with STATUS whatever the mode: a 3xx with
Location: VALUE, anything else with the bytes of the file VALUE as text/html (a site's own pages).
Every other path answers 404. Every endless answer stops by itself (the limits above), even if the
client never hangs up. Header values (--content-type included) are sent as their UTF-8 bytes.
"""

import argparse
import ssl
import struct
import zlib
import threading
import time
from http.server import BaseHTTPRequestHandler

from local_server import Server, serve_until_stdin_closes

GZIP_BOMB = None
GZIP_BOMB_LOCK = threading.Lock()


def gzip_bomb():
    """1 GB of zeros as one gzip member of about 1 MB, made once in a fraction of a second: each 1 MB of
    zeros is compressed after a full flush, so every block but the first has the same bytes."""
    global GZIP_BOMB
    with GZIP_BOMB_LOCK:
        if GZIP_BOMB is None:
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            first = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
            repeated = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
            crc = 0
            for _ in range(1024):
                crc = zlib.crc32(zeros, crc)
            # An empty final block, then the gzip trailer: CRC-32 and length (mod 2^32) of the 1 GB.
            trailer = b"\x03\x00" + struct.pack("<II", crc, (1 << 30) & 0xFFFFFFFF)
            GZIP_BOMB = first + repeated * 1023 + trailer
        return GZIP_BOMB


def write_chunk(wfile, data):
    wfile.write(b"%x\r\n%s\r\n" % (len(data), data))


WELL_KNOWN = ("/.well-known/apple-app-site-association", "/.well-known/assetlinks.json")
APPLE_CDN_PREFIX = "/a/v1/"


HOSTILE = "\x1b[31mred\x1b]8;;https://attacker.example/\x07click\x1b]8;;\x07\u202egpj.exe\u009b2J"


def header_text(value):
    """The value as http.server sends it (Latin-1), so that its UTF-8 bytes go out unchanged."""
    return value.encode("utf-8").decode("latin-1")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass

    def send(self, status, headers=None, body=b""):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def do_GET(self):
        options = self.server.options
        with self.server.log_lock:
            self.server.log.write(f"{self.command} {self.path}\n")
            self.server.log.flush()
        port = self.server.server_address[1]
        page = self.server.pages.get(self.path.split("?", 1)[0])
        if page is not None:
            status, value = page
            if 300 <= status < 400:
                self.send(status, {"Location": header_text(value)}, b"moved")
            else:
                with open(value, "rb") as handle:
                    self.send(status, {"Content-Type": "text/html; charset=utf-8"}, handle.read())
            return
        if self.path.startswith("/moved/"):
            self.send(200, {"Content-Type": "application/json"}, self.server.body)
            return
        if self.path not in WELL_KNOWN and not self.path.startswith(APPLE_CDN_PREFIX):
            self.send(404, {}, b"no such file")
            return
        mode = options.mode
        if mode == "ok":
            headers = {"Content-Type": header_text(options.content_type)} if options.content_type else {}
            self.send(200, headers, self.server.body)
        elif mode == "redirect":
            name = self.path.rsplit("/", 1)[1]
            self.send(301, {"Location": f"https://127.0.0.1:{port}/moved/{name}"}, b"moved")
        elif mode == "hostile-redirect":
            self.send(301, {"Location": header_text(f"https://127.0.0.1:{port}/{HOSTILE}")}, b"moved")
        elif mode == "missing":
            self.send(404, {"Content-Type": "text/html"}, b"<h1>Not Found</h1>")
        elif mode == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                self.wfile.write(b'{"applinks": {"details": [')
                while True:
                    self.wfile.write(b'{"appIDs": ["ABCDE12345.com.example.app"]},' * 64)
                    self.wfile.flush()
                    time.sleep(0.001)
            except OSError:
                pass
        elif mode in ("trickle", "flood", "gzip"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            if mode == "gzip":
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            self.close_connection = True
            started = time.monotonic()
            try:
                if mode == "trickle":
                    while time.monotonic() - started < 60:
                        write_chunk(self.wfile, b'{"a": 1,')
                        self.wfile.flush()
                        time.sleep(0.05)
                elif mode == "flood":
                    block = b" " * 65536
                    for _ in range(160_000):  # 10 GB
                        if time.monotonic() - started > 10:
                            break
                        write_chunk(self.wfile, block)
                else:
                    body = gzip_bomb()
                    for offset in range(0, len(body), 16384):
                        write_chunk(self.wfile, body[offset:offset + 16384])
                write_chunk(self.wfile, b"")
                self.wfile.flush()
            except OSError:
                pass
        elif mode == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(10 * 1024 ** 3))
            self.end_headers()
            self.close_connection = True
            started = time.monotonic()
            block = b" " * 65536
            try:
                for _ in range(160_000):  # 10 GB
                    if time.monotonic() - started > 10:
                        break
                    self.wfile.write(block)
            except OSError:
                pass
        elif mode == "slow":
            time.sleep(30)
            self.send(200, {"Content-Type": "application/json"}, self.server.body)
        else:
            self.send(500, {}, f"unknown mode {mode}".encode())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--mode", required=True)
    parser.add_argument("--body")
    parser.add_argument("--content-type", default="application/json")
    parser.add_argument("--page", nargs=3, action="append", default=[], metavar=("PATH", "STATUS", "VALUE"))
    options = parser.parse_args()

    server = Server(("127.0.0.1", 0), Handler)
    server.options = options
    server.log = open(options.log, "a", encoding="utf-8")
    server.log_lock = threading.Lock()
    server.body = b""
    server.pages = {path: (int(status), value) for path, status, value in options.page}
    if options.body:
        with open(options.body, "rb") as body:
            server.body = body.read()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.cert, options.key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    serve_until_stdin_closes(server)


if __name__ == "__main__":
    main()
