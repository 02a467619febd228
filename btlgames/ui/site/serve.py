"""``btlgames site --serve DIR``: hand a built site to a class with a plain static file server.

No code of the kit runs on the server (every app runs in the student's browser), so unlike
``btlgames app`` it may listen on the school network: by default on every address of this
computer, and it prints the address to give students.
"""
from __future__ import annotations

import email.utils
import functools
import os
import re
import socket
import sys
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

DEFAULT_PORT = 8000

#: Files whose address changes whenever their content does: webpack's chunks
#: (``592.dfd0b9431bfb4edbbcd2.js``) and the site's other files named by a hash (the kernel's start,
#: the site's lock), Voici's files in their folder named by a hash, Pyodide's own files in the
#: folder named by its version, and wheels (a version in the name; the wheels the build makes
#: carry their content's hash). A browser keeps these for a year without asking again; anything
#: else (the pages) it asks about each time (``no-cache``: a 304 when unchanged), so that a site
#: built anew is seen at once and whole.
FOREVER = re.compile(r"(\.[0-9a-f]{16,}\.[a-z]+|\.whl|/build-[0-9a-f]{20}/.+"
                     r"|/pyodide-\d[^/]*/(pyodide\.m?js|pyodide\.asm\.(js|wasm)|python_stdlib\.zip|package\.json))$")


class SiteHandler(SimpleHTTPRequestHandler):
    """Files with the types the browser insists on (WebAssembly, modules), the build's
    ``NAME.gz`` sent compressed to a browser that takes gzip, a Cache-Control for each, over
    HTTP/1.1 connections kept open (a page loads about a hundred files)."""

    protocol_version = "HTTP/1.1"
    timeout = 120  # seconds an idle connection is kept open
    _caching = _packed = None
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/octet-stream", ".ipynb": "application/json"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # 30 students make thousands of requests: say nothing per file

    def end_headers(self):
        if self._caching:
            self.send_header("Cache-Control", self._caching)
        if self._packed:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        self._caching = self._packed = None
        if self.path.split("?")[0].endswith("/") and os.path.isfile(os.path.join(path, "index.html")):
            path = os.path.join(path, "index.html")  # a folder's page, as the base class would send it
        if not os.path.isfile(path):
            return super().send_head()  # a folder's index or listing, a redirect, a 404
        address = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        self._caching = "public, max-age=31536000, immutable" if FOREVER.search(address) else "no-cache"
        self._packed = path + ".gz" if os.path.isfile(path + ".gz") else None
        if not (self._packed and self._takes_gzip()):
            return super().send_head()
        return self._send_packed(path, self._packed)

    def _takes_gzip(self) -> bool:
        codings = [part.split(";")[0].strip().lower() for part in self.headers.get("Accept-Encoding", "").split(",")]
        return "gzip" in codings

    def _send_packed(self, path: str, packed: str):
        """``packed`` (``path``'s gzip) as ``path``, or a 304 when the browser's copy is current."""
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        file = open(packed, "rb")  # noqa: SIM115 - closed by the base class once copied
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return file


def check_site(folder: Path | str) -> Path:
    folder = Path(folder).resolve()
    if not (folder / "index.html").is_file() or not (folder / "SOURCES.txt").is_file():
        raise FileNotFoundError(f"{folder} is not a site built by `btlgames site --out {folder}`")
    return folder


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    # A class opens some 200 connections at once (six a browser): with the standard queue of 5
    # waiting connections the rest were refused and tried again after 1, 3, 7 ... 60 s.
    request_queue_size = socket.SOMAXCONN

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that left: nothing to say
            super().handle_error(request, client_address)


def make_server(folder: Path | str, port: int = DEFAULT_PORT, ip: str = "") -> ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(check_site(folder)))
    return SiteServer((ip, port), handler)


def addresses(ip: str, port: int) -> list[str]:
    """The addresses to give students: this computer's address on the network it would use."""
    if ip and ip not in ("0.0.0.0", "::"):
        return [f"http://{ip}:{port}/"]
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # picks the outgoing interface; sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    return [f"http://{address}:{port}/" for address in found if not address.startswith("127.")]


def serve(folder: Path | str, port: int = DEFAULT_PORT, ip: str = "", say=print) -> None:
    server = make_server(folder, port, ip)
    port = server.server_address[1]
    network = addresses(ip, port)
    say(f"Serving {check_site(folder)} (static files only: the apps run in each browser).")
    if network:
        say("Give students this address: " + " or ".join(network))
    elif not ip:
        say("This computer has no network address now: only it can open the site.")
    say(f"On this computer: http://127.0.0.1:{port}/   Stop with Ctrl-C.")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
