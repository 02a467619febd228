"""Research Programme in words: seats' names and badges, cards', fields' and hexes' names,
resources and gains, chances, and every log record as a sentence (the table, the log, the show
and the debrief say things alike). The renderer (``research.py``) and its teaching layer
(``research_teaching.py``) draw with these."""
from __future__ import annotations

from ...core.i18n import t, words_of
from ...research import board, cards
from ..app.renderer import badge, esc

# -- small pieces --------------------------------------------------------------------------------
say = words_of("research_ui")  # the app's words (catalogue section [research_ui])


def seat_name(p: int, variant: str = "full") -> str:
    """"Player 2", or "Team 2" in the school game."""
    return say("team" if variant == "school" else "player", n=p + 1)


def marker(p: int, variant: str = "full", short: str = "") -> str:
    """A seat's badge: colour, symbol and name ("● Team 1"), or the symbol and ``short`` ("●1a")."""
    return badge(p, seat_name(p, variant), short or None, f"rp-mark rp-seat-{p + 1}")


card_name = cards.name


field_name, hex_name = board.field_name, board.hex_name


def hex_short(hex_id: str) -> str:
    """"Grav 3": the label written in the hex."""
    return say("hex_short", field=say(f"field_short.{board.field_of(hex_id)}"), n=hex_id.rsplit("-", 1)[1])


def _gain_word(key: str) -> str:
    return t(f"research.resource.{key}") if key in cards.RESOURCES else say(f"gain.{key}")


def gains(table, signed: bool = True) -> str:
    """"+1 money (R), +1 VP" (``signed=False``: "1 money (R)"); nothing: "nothing". The catalogue
    orders each number and word (Finnish, as its source: "Raha (R) +1")."""
    amount = "amount_signed" if signed else "amount"
    return joined(say(amount, n=n, resource=_gain_word(k)) for k, n in table.items() if n) or say("none")


def joined(items) -> str:
    return say("joiner").join(items)


def chance_words(chance: float) -> str:
    n = round(chance * 6)
    return say("chance", percent=round(100 * chance), n=n)


def fill(key: str, marks: dict[str, str], **values) -> str:
    """A catalogue sentence, escaped, with some of its places filled by ready HTML (badges)."""
    holes = {k: f"\x00{i}\x00" for i, k in enumerate(marks)}
    text = esc(say(key, **holes, **values))
    for k, hole in holes.items():
        text = text.replace(hole, marks[k])
    return text


def area_box(title: str, body: str, css: str = "") -> str:
    return f'<div class="rp-area {css}"><h3>{esc(title)}</h3>{body}</div>'


def para(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p{cls}>{esc(text)}</p>"


def note_box(html_text: str, *classes: str) -> str:
    return f'<div class="{" ".join(("rp-note", *classes))}">{html_text}</div>'


def pair(fields) -> str:
    """Two fields joined by a bridge or a wormhole, in words."""
    a, b = fields
    return say("fields_pair", a=field_name(a), b=field_name(b))


def tile_words(view, uid: str) -> str:
    tile = next((x for x in view["tiles"] if x["uid"] == uid), None)
    if tile is None:
        return say("preview_no_project")
    return say("preview_tile", tile=uid, name=card_name(tile["card"]), hex=hex_name(tile["hex"]))


# -- the log -------------------------------------------------------------------------------------
SEAT_KEYS = ("player", "owner", "attacker", "target", "start", "tester")
CARD_KEYS = ("theory", "card", "anomaly", "event", "project")
TEST_KINDS = ("predict", "test")  # their tile and method read "with project 1a", "no method"
WORD_TABLES = {"outcome": "outcome", "reason": "end", "token": "token", "how": "how",
               "type": "type", "sort": "kind", "card_kind": "kind", "variant": "variant",
               "deck": "main"}  # record key -> table


def _reward_choice(choice: str) -> str:
    if choice.startswith("pair:"):
        return say("choice.pair", resource=t(f"research.resource.{choice[5:]}"))
    if choice in ("technique", "vp"):
        return say(f"choice.{choice}")
    return say("choice.one", resource=t(f"research.resource.{choice}"))


def _words(kind: str, key: str, value, variant: str):
    """One value of an event record as words (seats counted from 1, cards by name)."""
    if value is None:
        return value
    if key in SEAT_KEYS:
        return seat_name(value, variant)
    if key in CARD_KEYS:
        return card_name(value)
    if key == "field":
        return field_name(value)
    if key in WORD_TABLES:  # a word from a table of the catalogue: "outcome" "null" -> "null result"
        return say(f"{WORD_TABLES[key]}.{value}")
    if kind in TEST_KINDS and key in ("method", "tile"):
        return _test_words(key, value)
    if key == "method":
        return card_name(value)
    if key in ("tracks", "vp", "winners") and isinstance(value, list):
        return _seats_words(key, value, variant)
    if key in ("production", "bonus") and isinstance(value, dict):
        return gains(value)
    if key in ("returned", "lost"):
        return gains(value, signed=False)
    if key == "extra" and kind == "replication":
        return say("extra_vp", n=value) if value else ""
    if key == "effect" and kind == "struck":
        return _strike(value)
    return _other_words(key, value)


def _test_words(key: str, value: str) -> str:
    """A prediction's or test's project and method: "with project 1a", "no method"."""
    if key == "tile":
        return say("with_tile", tile=value) if value else say("without_tile")
    return say("with_method", method=card_name(value)) if value else say("no_method")


def _seats_words(key: str, value: list, variant: str) -> str:
    """Per-seat lists: the VP of each seat at the round's end or the game's, or the winners."""
    if key == "winners":
        return joined(seat_name(p, variant) for p in value)
    vps = [row["vp"] if isinstance(row, dict) else row for row in value]
    return joined(say("seat_vp", who=seat_name(p, variant), vp=vp) for p, vp in enumerate(vps))


def _other_words(key: str, value):
    if key == "hex":
        return hex_name(value) if value else field_name(board.META)
    if key == "fields":
        return pair(value)
    if key == "resource":
        return t(f"research.resource.{value}")
    if key == "result":
        return value + 1
    if key == "choice":
        return _reward_choice(value)
    return value


def _event_key(record) -> str:
    kind = record["kind"]
    if kind in ("keep", "draw", "draw_interference") and ("theory" in record or "card" in record):
        return f"{kind}_secret"
    if kind == "next_event" and not record.get("event"):
        return "next_event_none"
    if kind == "test":
        return "test_success" if record["success"] else "test_null"
    if kind == "synthesis":
        return "synthesis_won" if record["won"] else "synthesis_failed"
    if kind == "hit":
        return f"hit_{record['how']}"
    if kind == "bridge":
        return "bridge_wormhole" if record["wormhole"] else "bridge"
    if kind == "replication":
        return "replication_own" if record["owner"] == record["player"] else "replication_other"
    if kind == "protected":
        return f"protected_{record['how']}"  # by a method, the preregistration die or skepticism
    return kind


def _event_change(record) -> str:
    """What an ordinary event did to one seat: "+1 data (D); 1 noise on Gravity 3"."""
    parts = []
    if record.get("gained"):
        parts.append(gains(record["gained"]))
    if record.get("lost"):
        parts.append(gains({k: -n for k, n in record["lost"].items()}))
    parts += [say("noise_on", hex=hex_name(h)) for h in record.get("noise") or []]
    parts += [say("noise_off", hex=hex_name(h)) for h in record.get("cleaned") or []]
    return "; ".join(parts) or say("none")


def _strike(effect: dict) -> str:
    """What a bias or influence event did to the seat it struck, in words."""
    parts = []
    for key, value in effect.items():
        if key == "lose":
            parts.append(gains({k: -n for k, n in value.items()}))
        elif key == "noise":
            parts.append(say("noise_on", hex=hex_name(value)))
        elif key == "kv":
            parts.append(say("strike_kv", theory=card_name(value["theory"]), n=value["n"]))
        elif key == "test_penalty":
            parts.append(say("strike_penalty", n=value))
        elif key in ("hype", "reputation"):
            parts.append(gains({key: value}))
    return joined(parts) or say("none")


def event(record, variant: str = "full") -> str:
    """One log line in plain words; a card the viewer may not see is not named."""
    return f'{say("log_round", round=record["turn"])}: ' + sentence(record, variant)


def sentence(record, variant: str = "full") -> str:
    """A log record's sentence, without its round (the show's lines)."""
    data = {k: _words(record["kind"], k, v, variant) for k, v in record.items() if k not in ("turn", "phase", "kind")}
    if record["kind"] == "event_effect":
        data["changes"] = _event_change(record)
    return say(f"event.{_event_key(record)}", **data)


def group(action) -> str:
    return say(f"group.{action.kind}")
