"""A class session's code and address: plain Python, read by the server's starter before Voilà loads.

The code is the server's token (jupyter_server's identity machinery checks it: ``class_gate.py``),
new at every start, so yesterday's code and yesterday's login cookies open nothing. It is typed
by students, so it has no letters that read alike (0/O, 1/I/L, 5/S, 2/Z, 8/B) and is shown in two
halves; what is typed is read in any case, with or without spaces and hyphens.
"""
from __future__ import annotations

import ipaddress
import secrets
import socket

#: Letters and digits no student mistakes for one another.
ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
LENGTH = 8  # 25**8, about 1.5e11 codes: nothing a classroom network could try through


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def typed_code(text: str | None) -> str:
    """The code as a student typed it (or a link carried it), as the server compares it."""
    return "".join((text or "").split()).replace("-", "").upper()


def shown(code: str) -> str:
    """The code as the teacher reads it out: ``ABCD-EFGH``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def check_class_ip(ip: str) -> str:
    """The address a class session listens on: one of this computer's, or "" for all of them."""
    if ip in ("", "0.0.0.0", "::"):
        return ""
    try:
        ipaddress.ip_address(ip)
    except ValueError:
        raise ValueError(f"--ip takes an address such as 192.168.1.20 (or nothing: every address "
                         f"of this computer), not {ip!r}") from None
    return ip


def students_host(ip: str) -> str:
    """The address students type: the one listened on, or this computer's address on its network."""
    if ip:
        return f"[{ip}]" if ":" in ip else ip
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:  # a UDP "connection" sends nothing: it only asks which address would be used
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:  # no route out (a closed classroom network): the name's own address
            pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:  # no network at all: the teacher's own computer still reaches itself
        return "127.0.0.1"


def address(ip: str, port: int, code: str | None = None) -> str:
    base = f"http://{students_host(ip)}:{int(port)}/"
    return f"{base}?code={shown(code)}" if code else base
