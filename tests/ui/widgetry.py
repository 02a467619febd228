"""Helpers for the concept widgets' tests: find widgets in an app and read what it shows.

The test modules import it as ``from widgetry import ...``: tests/ui is not a package, so pytest
puts this folder on ``sys.path`` (its default ``prepend`` import mode).
"""
import html
import re

import ipywidgets as w

from btlgames.core.i18n import catalogue

MESSAGE = re.compile(r'<div class="btl-message[^"]*"[^>]*>.*?</div>', re.S)


def texts(prefix: str) -> dict[str, str]:
    """The English catalogue's texts under ``prefix.``, keyed without it.

    A ``something.label`` text is also there as ``something`` (a button's or a control's words).
    """
    out = {}
    for key, value in catalogue("en").items():
        if key.startswith(prefix + "."):
            short = key.removeprefix(prefix + ".")
            out[short] = value
            out.setdefault(short.removesuffix(".label"), value)
    return out


def walk(widget):
    """The widget and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find(app, kind, description=None):
    """The first widget of this kind (and with this description, if given); fails if there is none."""
    found = [x for x in walk(app) if isinstance(x, kind)
             and (description is None or getattr(x, "description", None) == description)]
    assert found, f"no {kind.__name__} {description!r}"
    return found[0]


def all_html(app) -> str:
    """The values of all the app's HTML widgets, one after the other (style sheets included)."""
    return "".join(x.value for x in walk(app) if isinstance(x, w.HTML))


def text(fragment: str) -> str:
    """The visible text of an HTML fragment, white space folded.

    A quark badge is a span with no space of its own: u(R) stays one word.
    """
    inline = re.sub(r"</?span[^>]*>", "", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def app_text(app) -> str:
    """Everything the app's HTML widgets show, as plain words (the style sheets left out)."""
    return text(re.sub(r"<style>.*?</style>", "", all_html(app), flags=re.S))


def messages(app) -> list[str]:
    """The text of each message box the app shows (an error starts with ⚠)."""
    return [text(m) for m in MESSAGE.findall(all_html(app))]


def message(app) -> str:
    """The text of all the app's message boxes together ("" when there is none)."""
    return text("".join(MESSAGE.findall(all_html(app))))


def check_app(make) -> None:
    """What every concept app must do: the CSS classes the browser tests rely on (``btl-app``
    outside, ``btl-action`` on every button, and every button says what it does), and a new set
    of widgets on every call (nothing is shared between viewers)."""
    app = make()
    assert "btl-app" in app._dom_classes
    buttons = [x for x in walk(app) if isinstance(x, w.Button)]
    assert all("btl-action" in b._dom_classes for b in buttons)
    assert all(b.description for b in buttons)
    assert not {x.model_id for x in walk(app)} & {x.model_id for x in walk(make())}


def nothing_drawn(app) -> bool:
    """Whether every output area of the app (where plots go) is empty."""
    return all(x.outputs == () for x in walk(app) if isinstance(x, w.Output))


def check_nothing_ran(app, calls, said: str) -> None:
    """No simulation was called (``calls`` is empty), no plot is drawn, and the message is ``said``."""
    assert calls == [] and nothing_drawn(app)
    assert message(app) == said


def check_failed_run(app, run, why: str) -> None:
    """After a run that stopped with an error: the message says ``why`` (marked ⚠), the run button
    is back, and no plot is drawn."""
    assert message(app) == "⚠ " + why
    assert not run.disabled and nothing_drawn(app)


def raising(why: str):
    """A stand-in for a simulation: it stops with ``RuntimeError(why)``."""
    def broken(*args, **kwargs):
        raise RuntimeError(why)
    return broken


def move_buttons(app):
    """A game app's move buttons in the side panel."""
    return [b for b in walk(app.moves) if isinstance(b, w.Button) and "btl-action" in b._dom_classes]
