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
import math
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
    # An edge between two pixels (582.5) is painted on either: the bands take both (floor and ceil)
    edges = page.evaluate(
        "() => { const e = document.activeElement; e.scrollIntoView({block: 'nearest'});"
        " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
    (left, top, right, bottom), (left_, top_, right_, bottom_) = ([math.floor(x) for x in edges],
                                                                  [math.ceil(x) for x in edges])
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    b = RING_BAND
    bands = {"top": ((left, top - b, right_, top_), (left, top, right_, top_ + b)),
             "bottom": ((left, bottom, right_, bottom_ + b), (left, bottom - b, right_, bottom_)),
             "left": ((left - b, top, left_, bottom_), (left, top, left_ + b, bottom_)),
             "right": ((right, top, right_ + b, bottom_), (right - b, top, right_, bottom_))}

    def count(x0, y0, x1, y1) -> tuple[int, int]:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, image.width), min(y1, image.height)
        data = image.crop((x0, y0, x1, y1)).tobytes() if x1 > x0 and y1 > y0 else b""
        pixels = list(zip(data[0::3], data[1::3], data[2::3]))
        return sum(_amber(*p) for p in pixels), sum(_black(*p) for p in pixels)

    return {side: (*count(*outside), *count(*inside), right - left if side in ("top", "bottom") else bottom - top)
            for side, (outside, inside) in bands.items()}


# The ring is seen whole on a side when the band along it holds most of the ring's lines: of its 6
# amber and 4 black ones (app.css: black 3-7 px out, amber 0-10 px), 5 and 3 outside a box (a box
# that clips cuts its outer amber first: 4 lines left where 6 px of room were missing), 3 and 3
# inside a region's edge (what the region holds may cross it) and around a round or slanted shape
# (a slider's handle, a part of a picture whose ring table.js draws: the ring meets the band along
# its box only where it touches it).
WHOLE = {"outside": (5, 3), "inside": (3, 3), "shape": (3, 3)}
# whether the focused element is such a shape
ROUND = """() => { const e = document.activeElement; if (e instanceof SVGElement) return true;
  const r = e.getBoundingClientRect();
  return parseFloat(getComputedStyle(e).borderTopLeftRadius) >= Math.min(r.width, r.height) / 2 - 1; }"""


def cut_sides(found: dict[str, tuple[int, int, int, int, int]], shape: bool = False) -> list[str]:
    """The sides of ``ring_pixels``'s answer where the ring is not seen whole, outside or inside
    (``shape``: the focused element is round or a part of a picture, ``ROUND``)."""
    def whole(amber: int, black: int, length: int, where: str) -> bool:
        lines_amber, lines_black = WHOLE[where]
        return amber >= lines_amber * length and black >= lines_black * length

    return [side for side, (amber, black, amber_in, black_in, length) in found.items()
            if not (whole(amber, black, length, "shape" if shape else "outside")
                    or whole(amber_in, black_in, length, "inside"))]


def assert_focus_ring(page, where: str) -> None:
    """The focused element shows the kit's ring whole on every side, outside it or inside its edge:
    black and amber, most of the ring's lines along the whole side (a faint glow, a ring a box cuts
    off, even to a sliver of its outer band, or one painted over by what a region holds is not
    seen from the back of a classroom)."""
    found = ring_pixels(page)
    cut = cut_sides(found, page.evaluate(ROUND))
    if cut:
        focused = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
        raise AssertionError(f"no whole black-and-amber focus ring on {where} ({', '.join(cut)}), around "
                             f"{focused}\n(amber and black pixels outside, inside, the side's length: {found})")


# Tabbing through a page: what kind of control has the keyboard, and whether it is in an app, the
# boxes it is drawn in (a link broken over lines: more than one) and its name.
KIND = """() => { const e = document.activeElement;
  if (e.getAttribute('role') === 'slider') return 'slider';
  if (e.isContentEditable) return 'readout';
  const type = e.tagName === 'INPUT' ? e.type : '';
  return (e.tagName.toLowerCase() + (type ? ':' + type : '')); }"""
WHERE = """() => { const e = document.activeElement;
  return [e.closest('.btl-app') !== null, e.getClientRects().length,
          (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 40)]; }"""

FIRST_AGAIN = """() => { const e = document.activeElement;
  if (window.btlFirstStop === e) return true;
  window.btlFirstStop ??= e; return false; }"""


def ring_on_every_stop(page, where: str, stops: int = 120) -> dict[str, int]:
    """Tab through every control of the page once, checking the ring at every stop in an app
    (a link in the notebook's words too, unless it is broken over two lines: its ring is drawn
    line by line, which the bands along its joined box would miss). Returns how many stops of each
    kind of control were checked ("select", "input:checkbox", "slider", "a", ...)."""
    checked: dict[str, int] = {}
    page.evaluate("() => { window.btlFirstStop = null; }")
    for _ in range(stops):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement === document.body"):
            continue  # past the last control: the next Tab starts again at the top
        if page.evaluate(FIRST_AGAIN):
            return checked
        in_app, lines, name = page.evaluate(WHERE)
        kind = page.evaluate(KIND)
        if in_app or lines == 1:
            assert_focus_ring(page, f"{where}: {kind} {name!r}")
            checked[kind] = checked.get(kind, 0) + 1
    raise AssertionError(f"{stops} presses of Tab never came back to the first control of {where}")


# The characters a game app shows, by their size on the screen (an HTML character by its computed
# font size, an SVG one by its font size times the picture's scale): the smallest tenth, and the
# smallest of all.
TYPE_SIZES = """() => {
  const sizes = [], vw = innerWidth, vh = innerHeight;
  const walker = document.createTreeWalker(document.querySelector('.btl-game-app'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, '');
    const el = node.parentElement;
    if (!text || !el || el.closest('.btl-sr-only, style, script')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const seen = [...range.getClientRects()].some(r => r.width > 0 && r.height > 0 && r.bottom > 0
                                                     && r.right > 0 && r.top < vh && r.left < vw);
    if (!seen) continue;
    let px = parseFloat(style.fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    for (let i = 0; i < text.length; i++) sizes.push(px);
  }
  sizes.sort((a, b) => a - b);
  return {chars: sizes.length, tenth: sizes[Math.floor(0.1 * (sizes.length - 1))], smallest: sizes[0]};
}"""
