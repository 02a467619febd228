"""axe-core on the kit's pages: ``assert_accessible(page, "where")`` fails on any serious or
critical violation, with a list a person can act on (rule, element, what to do).

axe-core comes inside the ``axe-playwright-python`` package (MIT; axe-core itself MPL-2.0) and
is injected into the page from there: nothing is fetched (the page fixtures block any other host).
A page that still has a known violation in another helper's area names exactly that rule in
``disable``, with a comment saying why, so every other rule keeps being checked there.
"""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

FAILING = ("serious", "critical")
_AXE = Axe()


def violations(page, disable: tuple[str, ...] = ()) -> list[dict]:
    """axe's violations on the page as it is now, every impact, without the ``disable`` rules."""
    options = {"resultTypes": ["violations"], "rules": {rule: {"enabled": False} for rule in disable}}
    return _AXE.run(page, options=options).response["violations"]


def report(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {' '.join(map(str, node['target']))}  {node['html'][:160]}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    ... and {len(violation['nodes']) - 8} more")
    return "\n".join(lines)


def assert_accessible(page, where: str, disable: tuple[str, ...] = ()) -> None:
    """No serious or critical axe-core violation on ``page`` (``where`` names it in the message)."""
    found = [v for v in violations(page, disable) if v["impact"] in FAILING]
    assert not found, f"accessibility violations on {where}:\n{report(found)}"
