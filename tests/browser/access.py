"""axe-core on the kit's pages: ``assert_accessible(page, "where")`` fails on any serious or
critical violation, with a list a person can act on (rule, element, what to do).

axe-core comes inside the ``axe-playwright-python`` package (MIT; axe-core itself MPL-2.0) and
is injected into the page from there: nothing is fetched (the page fixtures block any other host).
A page that still has a known violation in another helper's area names exactly that rule in
``disable``, with a comment saying why, so every other rule keeps being checked there.

A test that checks many pages in turn on one page (every lesson page) calls ``keep_axe(page)``
first: axe is then in every document the page loads (an init script), instead of being sent
with each check (570 kB a time: 87 lesson pages in 26 s instead of 39 s).
"""
from __future__ import annotations

import weakref

from axe_playwright_python.sync_playwright import Axe

FAILING = ("serious", "critical")
_AXE = Axe()
_KEPT: weakref.WeakSet = weakref.WeakSet()  # the pages whose documents all have axe


def keep_axe(page) -> None:
    """Load axe into every document ``page`` opens from now on (its context's init script)."""
    page.context.add_init_script(_AXE.axe_script)
    _KEPT.add(page)


def violations(page, disable: tuple[str, ...] = ()) -> list[dict]:
    """axe's violations on the page as it is now, every impact, without the ``disable`` rules."""
    options = {"resultTypes": ["violations"], "rules": {rule: {"enabled": False} for rule in disable}}
    if not (page in _KEPT and page.evaluate("() => typeof axe === 'object'")):
        page.evaluate(_AXE.axe_script)
    return page.evaluate("options => axe.run(document, options)", options)["violations"]


def report(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {' '.join(map(str, node['target']))}  {node['html'][:160]}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    ... and {len(violation['nodes']) - 8} more")
    return "\n".join(lines)


def failures(page, where: str, disable: tuple[str, ...] = ()) -> str:
    """The serious and critical violations on ``page``, as a report headed by ``where`` ("" if none)."""
    found = [v for v in violations(page, disable) if v["impact"] in FAILING]
    return f"accessibility violations on {where}:\n{report(found)}" if found else ""


def assert_accessible(page, where: str, disable: tuple[str, ...] = ()) -> None:
    """No serious or critical axe-core violation on ``page`` (``where`` names it in the message)."""
    found = failures(page, where, disable)
    assert not found, found
