"""Where the kit's server listens: this computer only (a class session names its own address)."""
from __future__ import annotations

import ipaddress

DEFAULT_PORT = 8866
DEFAULT_IP = "127.0.0.1"


def check_localhost(ip: str) -> str:
    """The kit serves this computer only: refuse any address but a loopback one."""
    if ip == "localhost":
        return ip
    try:
        if ipaddress.ip_address(ip).is_loopback:
            return ip
    except ValueError:
        pass
    raise ValueError(f"the kit serves on this computer only (127.0.0.1 or localhost), not on {ip!r}")
