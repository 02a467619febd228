"""axe-core on the kit's pages: ``assert_accessible(page, "where")`` fails on any serious or
critical violation, with a list a person can act on (rule, element, what to do).

axe-core comes inside the ``axe-playwright-python`` package (MIT; axe-core itself MPL-2.0) and
is injected into the page from there: nothing is fetched (the page fixtures block any other host).
A page that still has a known violation in another helper's area names exactly that rule in
``disable``, with a comment saying why, so every other rule keeps being checked there.

A test that checks many pages in turn on one page (every lesson page) calls ``keep_axe(page)``
first: axe is then in every document the page loads (an init script), instead of being sent
with each check (570 kB a time: on the lesson pages a third of the time went on sending it).
"""
from __future__ import annotations

import io
import weakref

from axe_playwright_python.sync_playwright import Axe
from PIL import Image  # matplotlib's dependency

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


# The focus ring, as drawn on the screen: the bands just outside and just inside the focused
# element, side by side (a region that scrolls draws its ring inside its edge, app.css).
RING_BAND = 14  # px: the ring is a black line 3-8 px out (in), amber 0-12 px out (in): app.css, table.js


def _amber(r, g, b) -> bool:
    return r > 215 and 160 < g < 220 and b < 70


def _black(r, g, b) -> bool:
    return r < 60 and g < 60 and b < 60


def ring_pixels(page) -> dict[str, tuple[int, int, int, int, int]]:
    """(amber and black pixels outside, amber and black pixels inside, the side's length) in the
    bands along each side of the focused element: what a person sees (a ring painted under the
    parts drawn after it, as a picture's shape's stroke is, or cut off by a box that scrolls,
    counts only where it shows)."""
    # the element's own box (a picture's part: its shape, without the stroke Playwright's box adds)
    left, top, right, bottom = (round(x) for x in page.evaluate(
        "() => { const e = document.activeElement; e.scrollIntoView({block: 'nearest'});"
        " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"))
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    b = RING_BAND
    bands = {"top": ((left, top - b, right, top), (left, top, right, top + b)),
             "bottom": ((left, bottom, right, bottom + b), (left, bottom - b, right, bottom)),
             "left": ((left - b, top, left, bottom), (left, top, left + b, bottom)),
             "right": ((right, top, right + b, bottom), (right - b, top, right, bottom))}

    def count(x0, y0, x1, y1) -> tuple[int, int]:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, image.width), min(y1, image.height)
        data = image.crop((x0, y0, x1, y1)).tobytes() if x1 > x0 and y1 > y0 else b""
        pixels = list(zip(data[0::3], data[1::3], data[2::3]))
        return sum(_amber(*p) for p in pixels), sum(_black(*p) for p in pixels)

    return {side: (*count(*outside), *count(*inside), right - left if side in ("top", "bottom") else bottom - top)
            for side, (outside, inside) in bands.items()}


def assert_focus_ring(page, where: str) -> None:
    """The focused element shows the kit's ring on every side, outside it or inside its edge: black
    and amber, each at least a line as long as the side (a faint glow or a sliver left by a box
    that cuts it off is not seen from the back of a classroom)."""
    found = ring_pixels(page)
    if any(min(amber, black) < length and min(amber_in, black_in) < length
           for amber, black, amber_in, black_in, length in found.values()):
        focused = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
        raise AssertionError(f"no black-and-amber focus ring on {where}, around {focused}\n"
                             f"(amber and black pixels outside, inside, the side's length: {found})")
