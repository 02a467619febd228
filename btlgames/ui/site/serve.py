"""``btlgames site --serve DIR``: hand a built site to a class with a plain static file server.

No code of the kit runs on the server (every app runs in the student's browser), so unlike
``btlgames app`` it may listen on the school network: by default on every address of this
computer, and it prints the address to give students.
"""
from __future__ import annotations

import functools
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

DEFAULT_PORT = 8000


class SiteHandler(SimpleHTTPRequestHandler):
    """Files as they are, with the types the browser insists on (WebAssembly, modules)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/octet-stream", ".ipynb": "application/json"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # 30 students make thousands of requests: say nothing per file


def check_site(folder: Path | str) -> Path:
    folder = Path(folder).resolve()
    if not (folder / "index.html").is_file() or not (folder / "SOURCES.txt").is_file():
        raise FileNotFoundError(f"{folder} is not a site built by `btlgames site --out {folder}`")
    return folder


def make_server(folder: Path | str, port: int = DEFAULT_PORT, ip: str = "") -> ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(check_site(folder)))
    ThreadingHTTPServer.daemon_threads = True
    return ThreadingHTTPServer((ip, port), handler)


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
