#!/usr/bin/env python3
"""Serves a directory written by `deeplink site` on 127.0.0.1, the way its nginx.conf does.

    Scripts/serve-site.py DIR [PORT]

- `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json` as application/json,
  never redirected;
- every path that one of the `location ~ "REGEX"` (or `~*`) blocks of DIR/nginx.conf matches, with
  the percent-decoded path as nginx matches it, answered with DIR/public/fallback.html when no real
  file has that path (nginx's `try_files $uri /fallback.html`), so the page's script sees the real path;
- other files of DIR/public (the web root) as they are; anything else is 404.

Listens on 127.0.0.1 only, on PORT or an ephemeral port, and prints the port on the first line of
stdout. Exits when stdin closes, so a test that dies cannot leave it behind; Ctrl-C also stops it.
"""

import os
import re
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

JSON_FILES = {"/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"}
LOCATION = re.compile(r'^\s*location\s+(~\*?)\s+"((?:[^"\\]|\\.)*)"')


def routed_path_patterns(root):
    """The compiled regexes of the routed-path locations of ROOT/nginx.conf."""
    patterns = []
    with open(os.path.join(root, "nginx.conf"), encoding="utf-8") as conf:
        for line in conf:
            found = LOCATION.match(line)
            if found:
                flags = re.IGNORECASE if found.group(1) == "~*" else 0
                patterns.append(re.compile(found.group(2).replace('\\"', '"'), flags))
    return patterns


def make_handler(root, patterns):
    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)

        def send_head(self):
            parts = urlsplit(self.path)
            path = unquote(parts.path)
            real = os.path.join(root, path.lstrip("/"))
            if path in JSON_FILES:
                return self.send_file(real, "application/json")
            if os.path.isfile(real):
                return super().send_head()
            if any(pattern.search(path) for pattern in patterns):
                return self.send_file(os.path.join(root, "fallback.html"), "text/html; charset=utf-8")
            self.send_error(404)
            return None

        def send_file(self, path, content_type):
            try:
                handle = open(path, "rb")
            except OSError:
                self.send_error(404)
                return None
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
            self.end_headers()
            return handle

        def log_message(self, format, *args):
            pass

    return Handler


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    site = os.path.abspath(sys.argv[1])
    port = int(sys.argv[2]) if len(sys.argv) == 3 else 0
    handler = make_handler(os.path.join(site, "public"), routed_path_patterns(site))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
