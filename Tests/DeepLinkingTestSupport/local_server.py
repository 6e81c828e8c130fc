"""What the test servers share: a threading HTTP server on 127.0.0.1 that takes clients hanging up as
expected, and the life of a child process that prints its port and serves until its parent closes its
standard input (or dies)."""

import sys
import threading
from http.server import ThreadingHTTPServer


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients hang up as soon as they have what they asked for, or mid-answer (a refused
        # certificate, a body cut short); that is expected, not an error.
        pass


def serve_until_stdin_closes(server):
    """Prints the server's port on a line of its own, then serves until standard input closes."""
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        sys.stdin.read()
    finally:
        server.shutdown()
