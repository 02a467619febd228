"""What each seat may see, and the harness's check that nothing hidden leaks into it.

A part of ResearchState (rules.py), kept in its own module to keep modules small.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.events import ALL
from ..core.state import LazyView, lazy_views
from . import board, cards


def _mine(viewer, p) -> bool:
    return viewer == ALL or (viewer is not None and viewer == p)


_PLAYER_KEYS = ("rigor", "hype", "reputation", "debt", "vp", "ep", "methods", "tiles_left",
                "bridges", "programmes", "done", "penalty", "insight", "technique")


def _own(key: str):
    """A part of a seat's entry that only that seat (or ALL) sees."""
    return lambda s, vs: list(s.players_[vs[1]][key]) if _mine(*vs) else None


def _table(state, vs) -> list[str]:
    """The theories on the seat's table, in the order "theories" has them (a plain loop: most choices read it)."""
    seat = vs[1]
    out = []
    for theory, th in state.theories.items():
        if th["owner"] == seat:
            out.append(theory)
    return out


def _tiles(state, vs) -> list[dict]:
    """The seat's tiles, each copied, in the order "tiles" has them (a bot reads its own at most choices)."""
    seat = vs[1]
    out = []
    for tile in state.tiles:
        if tile["owner"] == seat:
            out.append(dict(tile))
    return out


# A seat's entry in "players_", part by part; each part reads (state, (viewer, seat)) as ``vs``.
_PLAYER_PARTS = {
    **{k: (lambda key: lambda s, vs: s.players_[vs[1]][key])(k) for k in _PLAYER_KEYS},
    "res": lambda s, vs: dict(s.players_[vs[1]]["res"]),
    "hand_size": lambda s, vs: len(s.players_[vs[1]]["hand"]),
    "interference_size": lambda s, vs: len(s.players_[vs[1]]["interference"]),
    "hand": _own("hand"), "interference": _own("interference"), "offer": _own("offer"),
    "scheduled": lambda s, vs: dict(s.players_[vs[1]]["scheduled"]) if s.players_[vs[1]]["scheduled"] else None,
    "replications": lambda s, vs: s.replications_of(vs[1]), "final": lambda s, vs: dict(s.players_[vs[1]]["final"]),
    "table": _table, "tiles": _tiles,
}


def _theories(state, viewer=None) -> dict:
    """The theories on the tables, each copied (most of a bot's choices read them: a plain loop, the
    quickest way found to copy them)."""
    out = {}
    for theory, th in state.theories.items():
        hits = []
        for hit in th["hits"]:
            hits.append(dict(hit))
        out[theory] = {"owner": th["owner"], "kv": th["kv"], "hits": hits, "replications": th.get("replications", 0)}
    return out


def _player_part(state, viewer, p: int) -> dict:
    return {key: part(state, (viewer, p)) for key, part in _PLAYER_PARTS.items()}


# The view's parts, in its order: view() builds them all, seat_view() each when a bot reads it.
_PARTS = {
    "variant": lambda s, v: s.variant, "players": lambda s, v: s.players, "round": lambda s, v: s.round,
    "rounds": lambda s, v: s.rounds, "phase": lambda s, v: s.phase, "start": lambda s, v: s.start,
    "player": lambda s, v: s.current_player(), "viewer": lambda s, v: v,
    "decision": lambda s, v: dict(s.queue[0]) if s.queue else None,
    "players_": lambda s, v: [_player_part(s, v, p) for p in range(len(s.players_))],
    "theories": _theories,
    "tiles": lambda s, v: list(map(dict, s.tiles)),
    "results": lambda s, v: list(map(dict, s.results)),
    "noise": lambda s, v: dict(s.noise), "noise_supply": lambda s, v: s.noise_supply,
    "hidden": lambda s, v: sorted(s.hidden), "anomalies": lambda s, v: dict(s.anomaly_at),
    "neutral": lambda s, v: list(s.neutral), "wormholes": lambda s, v: list(map(list, s.wormholes)),
    "market": lambda s, v: list(s.market), "next_event": lambda s, v: s.next_event, "event": lambda s, v: s.event,
    "event_slot": lambda s, v: s._event_slot(), "stories": lambda s, v: s.stories if s.school else "none",
    "decks": lambda s, v: {k: len(d) for k, d in s.decks.items()},
    "discards": lambda s, v: {k: list(d) for k, d in s.discards.items()},
    "counter": lambda s, v: s.counter, "counter_goal": lambda s, v: s.players + 2,
    "storage": lambda s, v: s.limit("storage"),  # the most resources a seat keeps at clean-up (K9)
    "end_reason": lambda s, v: s.end_reason, "winners": lambda s, v: s.winners(),
}
def _seat_entries(state, viewer) -> list:
    """A bot's view builds each seat's entry part by part when read too (most choices read the bot's
    own): a plain list of lazy entries, each cheap to make and read at a list's speed."""
    return lazy_views(state, _viewer_and_seats(viewer, len(state.players_)), _PLAYER_PARTS)


@lru_cache(maxsize=None)  # a pure table: a few viewers and player counts
def _viewer_and_seats(viewer, players: int) -> tuple[tuple, ...]:
    """What each seat's entry reads as ``vs``: (viewer, seat) for every seat."""
    return tuple((viewer, p) for p in range(players))


_SEAT_PARTS = {**_PARTS, "players_": _seat_entries}


class Views:
    def view(self, player):
        """The table as ``player`` sees it (None: the projector). Hidden: other players' hands and
        offers (their sizes are public), hidden hexes' tokens, deck orders. ``"all"`` is the one
        projector that teams share (Kit rule K32): every hand and offer open, the rest hidden."""
        return {key: part(self, player) for key, part in _PARTS.items()}

    def seat_view(self, player):
        """``view(player)``, each part built when first read (a bot's choice reads few of them)."""
        if type(player) is not int or not 0 <= player < len(self.players_):  # not a seat: check it there
            self.check_viewer(player)
        view = LazyView(self, player, _SEAT_PARTS)
        # every bot reads the decision first: built at once (the part "decision", without its call)
        view["decision"] = dict(self.queue[0]) if self.queue else None
        return view

    def _event_slot(self) -> str:
        """The "next event" slot: "queued" (a card lies there), "pending" (empty until this round's
        event step turns one up: the full game's set-up) or "last" (no event comes any more)."""
        if self.next_event:
            return "queued"
        return "pending" if self.phase == "setup" else "last"

    def hidden_variation(self, player, rng):
        other = self.clone()
        for deck in ("theory", "method", "interference"):
            slots = [("deck", None, i) for i in range(len(other.decks[deck]))]
            for q, pl in enumerate(other.players_):
                if q != player:
                    slots += [("hand", q, i) for i, c in enumerate(pl["interference" if deck == "interference" else "hand"])
                              if _deck_of(c) == deck]
                    slots += [("offer", q, i) for i, c in enumerate(pl["offer"]) if _deck_of(c) == deck]
            values = [other._slot(s, deck) for s in slots]
            rng.shuffle(values)
            for s, v in zip(slots, values):
                other._set_slot(s, deck, v)
        for deck in ("event", "project", "anomaly"):
            rng.shuffle(other.decks[deck])
        for f in board.FIELDS:
            hexes = [h for h in board.HEXES if h in other.hidden and board.field_of(h) == f]
            values = [other.hidden[h] for h in hexes] + [other.boxed.get(f, "")]
            rng.shuffle(values)
            for h, v in zip(hexes, values):
                other.hidden[h] = v
            other.boxed[f] = values[-1]
        return other

    def _slot(self, slot, deck):
        where, q, i = slot
        if where == "deck":
            return self.decks[deck][i]
        pl = self.players_[q]
        return (pl["interference"] if where == "hand" and deck == "interference" else pl[where if where == "offer" else "hand"])[i]

    def _set_slot(self, slot, deck, value):
        where, q, i = slot
        if where == "deck":
            self.decks[deck][i] = value
            return
        pl = self.players_[q]
        (pl["interference"] if where == "hand" and deck == "interference" else pl[where if where == "offer" else "hand"])[i] = value


def _deck_of(card: str) -> str:
    if card in cards.theories():
        return "theory"
    if card in cards.methods():
        return "method"
    return "interference"
